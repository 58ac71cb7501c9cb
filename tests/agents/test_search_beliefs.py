"""The search agent imagines a heuristic player's hand as such hands are: few properties."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent
from monopoly_widgets.agents.deal.hand_odds import card_class, has_ended_a_turn, lean_hands
from monopoly_widgets.agents.search import SearchAgent
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal.cards import PACK_SIZE


def heuristic_game_at_turn(turn: int, seed: int = 4) -> Game:
    game = mw.new_game("deal", players=2, seed=seed)
    agent, rng = HeuristicAgent(), random.Random(seed)
    while game.state.turn < turn:
        game.apply(agent(game.observation(game.current_player), game.legal_actions(), rng))
    return game


def test_leaning_keeps_every_card_and_every_hand_size() -> None:
    game = heuristic_game_at_turn(6)
    seat = game.current_player
    rules = game.rules
    for index in range(20):
        dealer = make_rng(index, "world")
        fair = rules.determinize(game.state, seat, dealer)
        before = (
            sorted(rules.card_census(fair)),
            [len(hand) for hand in fair.hands],
            fair.hands[seat],
        )
        leaned = lean_hands(rules.clone(fair), seat, dealer)
        after = (
            sorted(rules.card_census(leaned)),
            [len(hand) for hand in leaned.hands],
            leaned.hands[seat],
        )
        assert after == before
        assert rules.observation(leaned, seat) == game.observation(seat)


def test_a_heuristic_players_hand_is_imagined_with_fewer_properties() -> None:
    """Over 200 worlds, the other hand holds property cards far less often once leaned,
    and Just Say No more often (the heuristic keeps it; it lays properties at once)."""
    game = heuristic_game_at_turn(6)
    seat = game.current_player
    other = 1 - seat
    rules = game.rules
    fair: Counter[str] = Counter()
    leaned: Counter[str] = Counter()
    for index in range(200):
        world = rules.determinize(game.state, seat, make_rng(index, "fair"))
        fair.update(card_class(card % PACK_SIZE) for card in world.hands[other])
        dealer = make_rng(index, "leaned")
        world = lean_hands(rules.determinize(game.state, seat, dealer), seat, dealer)
        leaned.update(card_class(card % PACK_SIZE) for card in world.hands[other])
    assert leaned["property"] < fair["property"] / 2
    assert leaned["Just Say No"] > fair["Just Say No"]


def test_a_player_yet_to_end_a_turn_holds_a_fair_deal() -> None:
    game = mw.new_game("deal", players=2, seed=3)
    assert game.state.turn == 1 and not has_ended_a_turn(game.state, 1)
    world = game.rules.determinize(game.state, 0, make_rng(1, "world"))
    hands = [list(hand) for hand in world.hands]
    assert lean_hands(world, 0, make_rng(2, "lean")).hands == hands
    later = heuristic_game_at_turn(3)
    assert has_ended_a_turn(later.state, 0) and has_ended_a_turn(later.state, 1)


def test_unknown_beliefs_are_refused() -> None:
    with pytest.raises(ValueError, match="beliefs must be 'heuristic' or None"):
        SearchAgent(beliefs="psychic")

"""The Bid heuristic and the budget-aware bidder."""

from __future__ import annotations

import random

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, RandomAgent, play_out
from monopoly_widgets.agents.bid.bidders import budget_bid, property_worth
from monopoly_widgets.agents.bid.heuristic import choose


def _bidding(hand: list[str], mine: list[dict], theirs: list[dict], prop: str) -> mw.Game:
    return mw.from_position(
        "bid",
        {
            "hands": [[], hand],
            "properties": [theirs, mine],
            "phase": "bid",
            "auction": {"property": prop, "bids": [None, None]},
        },
    )


def _bid_amount(g: mw.Game) -> int:
    seat = g.current_player
    action = budget_bid(g.observation(seat), g.legal_actions(), random.Random(0))
    return 0 if action.id == "bid:none" else int(action.id.split(":")[1])


MONEY = ["$5M", "$5M", "$4M", "$3M", "$2M", "$1M"]  # $20M


def test_budget_bidder_pays_more_for_a_card_that_completes_a_set() -> None:
    """Rule: Bid rulebook "Tips for Bidding": "Bid and buy wisely!" (worth = progress to a set)."""
    completes = _bidding(MONEY, [{"colour": "Dark Blue", "cards": ["Park Place"]}], [], "Boardwalk")
    starts = _bidding(MONEY, [], [], "Boardwalk")
    assert _bid_amount(completes) > _bid_amount(starts) > 0
    assert _bid_amount(completes) <= 20


def test_budget_bidder_blocks_an_opponents_set() -> None:
    """Rule: Bid rulebook Tips: "two players might have property sets in the same colour"."""
    blocking = _bidding(MONEY, [], [{"colour": "Dark Blue", "cards": ["Park Place"]}], "Boardwalk")
    plain = _bidding(MONEY, [], [], "Boardwalk")
    obs = blocking.observation(1)
    assert property_worth(obs, 1, "Dark Blue") > property_worth(
        plain.observation(1), 1, "Dark Blue"
    )
    assert _bid_amount(blocking) > _bid_amount(plain)


def test_budget_bidder_goes_all_in_for_the_winning_set() -> None:
    """Rule: Bid rulebook "How to Win": the third complete set wins, so it is worth everything."""
    mine = [
        {"colour": "Brown", "cards": ["Mediterranean Avenue", "Baltic Avenue"]},
        {"colour": "Utility", "cards": ["Electric Company", "Water Works"]},
        {"colour": "Dark Blue", "cards": ["Park Place"]},
    ]
    g = _bidding(["$5M", "$4M", "$1M"], mine, [], "Boardwalk")
    assert _bid_amount(g) == 10


def test_heuristic_nopes_a_steal_against_itself() -> None:
    """Rule: Bid rulebook "Nope!": cancel an action card played against you."""
    g = mw.from_position(
        "bid",
        {
            "hands": [["Steal!"], ["Nope!"]],
            "properties": [[], [{"colour": "Red", "cards": ["Kentucky Avenue"]}]],
        },
    )
    g.apply("steal:1:0:Kentucky Avenue")
    action = choose(g.observation(1), g.legal_actions(), random.Random(0))
    assert action.id == "nope"


def test_heuristic_beats_random_in_two_player_games() -> None:
    """Rule: the heuristic plays by the rules and wins more than chance over 100 seeded games."""
    heuristic_wins = random_wins = 0
    for seed in range(100):
        g = mw.new_game("bid", players=2, seed=seed)
        seat = seed % 2  # alternate who hosts first
        agents = [RandomAgent(), RandomAgent()]
        agents[seat] = HeuristicAgent()
        play_out(g, agents, seed=seed)
        if g.winner == seat:
            heuristic_wins += 1
        elif g.winner is not None:
            random_wins += 1
    assert heuristic_wins >= 65, (heuristic_wins, random_wins)
    assert heuristic_wins > 2 * random_wins


def test_heuristic_self_play_always_finishes() -> None:
    """Rule: option max_action_cards_per_round and Draw 2! discarded after use: no endless round
    (seed 0 with five heuristic players once replayed Draw 2! from an empty pile forever)."""
    for players in (2, 5):
        g = mw.new_game("bid", players=players, seed=0)
        play_out(g, [HeuristicAgent()] * players, seed=0, max_steps=20_000)
        assert g.is_over

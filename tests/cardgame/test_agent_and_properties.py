"""The heuristic agent against random play, and property tests of score_hand."""

from __future__ import annotations

from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, RandomAgent, play_out
from monopoly_widgets.agents.cardgame.heuristic import choose
from monopoly_widgets.cardgame import score_hand
from monopoly_widgets.cardgame.cards import CHANCE, COLOURS, GO, HOUSES, PROPERTIES, build_deck
from monopoly_widgets.core.rng import make_rng

from .helpers import HOUSES3, YELLOW, game

DECK_NAMES = [card.name for card in build_deck()]


CAPPED = {"max_hands": 2, "cap_result": "leader"}


def test_heuristic_beats_random_in_three_player_games() -> None:
    """The heuristic (seat 0) wins most of 100 seeded 3-player matches of 2 hands against two
    random players, and earns far more money than either (option cap_result = "leader": the
    leader of a match the 2-hand cap stops counts as its winner)."""
    money = [0, 0, 0]
    wins = [0, 0, 0]
    for seed in range(100):
        game = mw.new_game("cardgame", players=3, seed=seed, options=CAPPED)
        play_out(game, [HeuristicAgent(), RandomAgent(), RandomAgent()], seed=seed)
        assert game.is_over
        for seat in range(3):
            money[seat] += game.state.scores[seat]
        if game.winner is not None:
            wins[game.winner] += 1
    assert wins[0] >= 60, wins
    assert money[0] > 3 * max(money[1], money[2]), money


def test_heuristic_throws_chance_away_late_in_a_hand() -> None:
    """Agent: a Chance scores zero if someone else goes out, so late in a hand it goes first."""
    hand = ["Atlantic Avenue", "Ventnor Avenue", "Boardwalk", "Chance", "GO", "Token"]
    g = game(hands=[hand], draw_pile=["Hotel", "Water Works", "Short Line"])
    g.apply("draw")
    choice = choose(g.observation(0), g.legal_actions(), make_rng(0, "t"))
    assert choice.id == "discard:Chance"
    early = game(hands=[hand])
    early.apply("draw")
    choice = choose(early.observation(0), early.legal_actions(), make_rng(0, "t"))
    assert choice.id != "discard:Chance"


def test_heuristic_lays_down_a_valuable_hand() -> None:
    """Agent: lays down at once when the hand is worth $800 or more."""
    g = game(hands=[YELLOW + HOUSES3 + ["Token"]])
    choice = choose(g.observation(0), g.legal_actions(), make_rng(0, "t"))
    assert choice.id == "lay_down"


def test_heuristic_plays_every_player_count_to_the_end() -> None:
    """The heuristic only ever chooses legal actions, for 2 to 6 players."""
    for players in range(2, 7):
        game = mw.new_game("cardgame", players=players, seed=players, options={"max_hands": 2})
        play_out(game, [HeuristicAgent()] * players, seed=1)
        assert game.is_over


hands = st.lists(st.sampled_from(range(len(DECK_NAMES))), max_size=15, unique=True).map(
    lambda ids: [DECK_NAMES[i] for i in ids]
)


@settings(max_examples=300, deadline=None)
@given(hands, st.booleans())
def test_score_is_never_negative(cards: list[str], laid_down: bool) -> None:
    """Scoring only adds money (rulebook "Scoring": the Banker pays all winnings)."""
    assert score_hand(cards, laid_down).total >= 0


@settings(max_examples=300, deadline=None)
@given(hands, st.booleans())
def test_adding_a_go_adds_exactly_200(cards: list[str], laid_down: bool) -> None:
    """Rule: rulebook "Scoring" 2: a GO pays $200, unless a Chance zeroes the hand."""
    if Counter(cards)[GO] >= 4:
        return
    before = score_hand(cards, laid_down)
    after = score_hand([*cards, GO], laid_down)
    if before.zeroed_by_chance:
        assert after.total == 0
    else:
        assert after.total == before.total + 200


@st.composite
def legal_hands(draw: st.DrawFn) -> list[str]:
    """Hands that can be laid down: 1-3 complete groups, houses in sequence, bonus cards."""
    colours = draw(st.lists(st.sampled_from(COLOURS), min_size=1, max_size=3, unique=True))
    cards = [name for colour in colours for name in PROPERTIES[colour]]
    buildable = [c for c in colours if c not in ("Railroad", "Utility")]
    if buildable:
        cards += list(HOUSES[: draw(st.integers(0, 4))])
        if len(cards) and HOUSES[3] in cards:
            cards += ["Hotel"] * draw(st.integers(0, 1))
    for bonus, most in (("Token", 3), ("GO", 3), ("Mr. Monopoly", 2), (CHANCE, 1)):
        cards += [bonus] * draw(st.integers(0, most))
    return cards


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands, legal_hands()))
def test_a_chance_never_lowers_the_value_of_a_legal_lay_down(cards: list[str]) -> None:
    """Rule: rulebook "Lay Down" 3: the player who lays down may use a Chance as he likes, so
    the best use of an extra Chance is never worse than not having it."""
    if Counter(cards)[CHANCE] >= 2:
        return
    without = score_hand(cards, True)
    assume(without.legal_lay_down)
    with_chance = score_hand([*cards, CHANCE], True)
    assert with_chance.legal_lay_down
    assert with_chance.total >= without.total


@settings(max_examples=200, deadline=None)
@given(st.one_of(hands, legal_hands()))
def test_the_player_who_lays_down_scores_at_least_an_opponent_would(cards: list[str]) -> None:
    """A legal lay-down uses every card an opponent's lay-down could score."""
    laid = score_hand(cards, True)
    if laid.legal_lay_down:
        assert laid.total >= score_hand(cards, False).total

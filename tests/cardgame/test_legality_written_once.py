"""Legality written once: ``why_illegal`` agrees with ``legal_actions`` (cardgame/checks.py).

The same rule checks list the legal actions and explain the illegal ones, so an
offered id gets no reason and every other id gets a true, specific one.
"""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent, play_out
from monopoly_widgets.core.citations import CITATION
from monopoly_widgets.testing import check_legality_explained
from tests.cardgame.helpers import BROWN, DARK_BLUE, game, ids

TEN = ["GO"] * 4 + ["Token"] * 6


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_legal_id_has_no_reason_and_every_other_id_has_one(players: int, seed: int) -> None:
    """Rules "Play", "Trade", the rules for Two, Three, Five or Six Players: at every step
    of a random match, the explanation agrees with the list of legal actions."""
    assert check_legality_explained("cardgame", players, seed) > 0


@pytest.mark.parametrize(
    "options",
    [
        {"trade_pile_adds": "excess_and_one"},
        {"empty_draw_pile": "end_hand"},
        {"max_turns_per_hand": 6, "unfinished_hand": "score_all"},
    ],
    ids=lambda options: ",".join(options),
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_options_that_change_legality_are_explained_too(players: int, options: dict) -> None:
    """Option trade_pile_adds (rulebook "Trade" read literally or not), empty_draw_pile and
    the per-hand cap change what is legal; the explanation follows them."""
    assert check_legality_explained("cardgame", players, 7, options) > 0


def _reason(g: mw.Game, action_id: str) -> str | None:
    return g.rules.why_illegal(g.state, action_id)


def test_the_first_draw_of_a_match_is_legal_and_gets_no_reason() -> None:
    """Rule: "Draw": the first player may draw. The old explainer called it already done."""
    g = mw.new_game("cardgame", 4, seed=1)
    assert "draw" in ids(g)
    assert all(_reason(g, action_id) is None for action_id in ids(g))


def test_a_stale_draw_after_drawing_says_the_phase() -> None:
    """Rule: "Play": one of draw, trade or lay down per turn, then discard."""
    g = game(hands=[TEN], trade_piles=[["Hotel"], ["Mr. Monopoly"], [], []])
    g.apply("draw")
    assert "not possible in the 'discard' phase" in _reason(g, "draw")


def test_trading_more_cards_than_the_smaller_pile_says_how_many() -> None:
    """Rule: "Trade": you trade a like number of cards from the top of both piles."""
    g = game(hands=[TEN], trade_piles=[["Hotel", "Mr. Monopoly"], ["1st House"], [], []])
    assert "trade:1:1" in ids(g) and _reason(g, "trade:1:1") is None
    reason = _reason(g, "trade:1:2")
    assert reason is not None and "1 to 1 cards with player 1, not 2" in reason
    assert "trade pile is empty" in _reason(g, "trade:2:1")
    assert "not an opponent" in _reason(g, "trade:0:1")
    assert "trade:<seat>:<number of cards>" in _reason(g, "trade:01:1")


def test_swap2_needs_two_trade_cards_and_says_so() -> None:
    """Rule: "Rules for Three Players": take the 4th pile's card and the top draw card by
    replacing them with the top TWO cards of your own trading pile."""
    g = game(players=3, hands=[TEN], trade_piles=[["Hotel"], [], []], extra_piles=[["Boardwalk"]])
    assert "swap:4" in ids(g) and _reason(g, "swap:4") is None
    assert "top two trade cards" in _reason(g, "swap2:4")
    assert "not an extra trading pile" in _reason(g, "swap:3")


def test_the_suggested_declaration_written_out_is_refused_with_its_id() -> None:
    """Rule: "Lay Down" 3: the suggested Chance role is the plain ``lay_down`` id."""
    g = game(hands=[[*DARK_BLUE, "1st House", "Chance"]])
    assert [a for a in ids(g) if a.startswith("lay_down")] == ["lay_down", "lay_down:2nd House"]
    assert _reason(g, "lay_down") is None and _reason(g, "lay_down:2nd House") is None
    assert "written 'lay_down'" in _reason(g, "lay_down:Token")
    assert "not a role a Chance can take" in _reason(g, "lay_down:3rd House")


def test_five_players_exchange_only_with_someone_who_has_a_trade_card() -> None:
    """Rule: "Rules for Five or Six Players": exchange your trade card for another player's."""
    hands = [["GO"], BROWN, DARK_BLUE, ["Short Line"], ["Mr. Monopoly"]]
    piles = [["Chance"], ["4th House"], [], [], []]
    g = game(players=5, hands=hands, trade_piles=piles)
    assert ids(g) == ["exchange:1"]
    assert "player 2 has no trade card" in _reason(g, "exchange:2")
    assert "no draw pile" in _reason(g, "draw")
    assert "already have a trade card" in _reason(g, "put:GO")
    assert "player 1 has a trade card" in _reason(g, "no_exchange")


def test_bare_actions_take_nothing_after_them() -> None:
    """Ids are exact: ``draw:9`` is not ``draw``."""
    g = game(hands=[TEN], trade_piles=[["Hotel"], ["Mr. Monopoly"], [], []])
    assert "written alone" in _reason(g, "draw:9")
    assert "can still act" in _reason(g, "end_turn")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_event_of_a_random_match_cites_its_rule_in_the_common_format(players: int) -> None:
    """Every event cites a rulebook section or a named option (cardgame/rulebook.py), in
    the format core/citations.py gives every game."""
    g = mw.new_game("cardgame", players, seed=players)
    play_out(g, [RandomAgent()] * players, seed=players)
    assert g.is_over
    for event in g.events:
        assert CITATION.match(event.rule), event.rule


def test_a_match_from_a_position_cites_its_start_in_the_common_format() -> None:
    """A hand-written position announces where the match starts, with a citation too."""
    g = game(hands=[TEN], trade_piles=[["Hotel"], ["Mr. Monopoly"], [], []], hand_turns=3)
    (start,) = g.events
    assert "starts from a position" in start.text and CITATION.match(start.rule), start.rule

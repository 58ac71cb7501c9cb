"""The Chance card's role is the player's declared choice at lay-down.

Rulebook "Lay Down" 3: "A Chance card may be substituted for a missing Property card or a
House or Hotel card ... Chance can also represent a token." Rulebook "Ending the Hand" 1:
"(You may not otherwise 'move' a Chance card after the hand is laid down.)"
"""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.core.errors import IllegalActionError
from tests.cardgame.helpers import DARK_BLUE, event_texts, game, ids

#: The issue's example: 4 players, the draw pile's top card is last.
EXAMPLE_HAND = [*DARK_BLUE, "1st House", "Chance"]
EXAMPLE_DRAW = ["Baltic Avenue", "Hotel", "4th House", "3rd House"]


def example() -> mw.Game:
    return game(hands=[EXAMPLE_HAND], draw_pile=EXAMPLE_DRAW)


def test_the_lay_down_offers_every_legal_chance_role_and_no_other() -> None:
    """Rule: "Lay Down" 3: a Chance stands for a missing Property, House or Hotel, or a
    Token; only roles that keep the lay-down legal are offered (no 3rd House without a
    2nd, no Hotel without four houses, no half colour group)."""
    g = example()
    lay_downs = [a for a in g.legal_actions() if a.kind == "lay_down"]
    assert [a.id for a in lay_downs] == ["lay_down", "lay_down:2nd House"]
    assert "Chance as Token" in lay_downs[0].text
    assert lay_downs[0].text.endswith("now (the most now, before the reward)")  # not "suggested"
    assert "Chance as 2nd House" in lay_downs[1].text
    with pytest.raises(IllegalActionError, match="not a role a Chance can take"):
        g.apply("lay_down:3rd House")


def test_declaring_the_2nd_house_scores_2500_in_the_issue_example() -> None:
    """Rule: "Lay Down" 3 and "Ending the Hand" 1 (Reward): declared as the 2nd House, the
    Chance lets the reward's 3rd and 4th House and Hotel join Dark Blue: $400 + 4 houses
    $1,600 + hotel $500 = $2,500."""
    g = example()
    g.apply("lay_down:2nd House")
    assert g.position()["chance_roles"] == ["2nd House"]
    assert "reward:3rd House+4th House+Hotel" in ids(g)
    g.apply("reward:3rd House+4th House+Hotel")
    assert g.state.last_hand is not None and g.state.last_hand[0] == 2500
    assert "declares each Chance: Chance as 2nd House" in event_texts(g)


def test_the_suggested_token_role_is_fixed_and_scores_1600() -> None:
    """Rule: "Ending the Hand" 1: "(You may not otherwise 'move' a Chance card after the hand
    is laid down.)": declared a Token, the Chance cannot become the 2nd House later, so the
    reward's houses and Hotel are unusable and the hand scores $1,600 (group $800 + Token)."""
    g = example()
    g.apply("lay_down")
    assert g.state.last_hand is not None and g.state.last_hand[0] == 1600
    lay_down = next(e for e in g.events if e.kind == "lay_down")
    assert "Chance as Token" in lay_down.text and '"Lay Down": 3' in lay_down.rule
    assert "not otherwise 'move' a Chance" in lay_down.rule


def test_two_chances_are_declared_together() -> None:
    """Rule: "Lay Down" 3: each Chance is declared; two Chances with Park Place may be
    Boardwalk and a Token, Boardwalk and the 1st House, ... (never two Tokens: Park Place
    alone is not a complete group)."""
    g = game(hands=[["Park Place", "Chance", "Chance"]], draw_pile=["GO"])
    lay_downs = [a.id for a in g.legal_actions() if a.kind == "lay_down"]
    assert "lay_down" in lay_downs
    assert "lay_down:Boardwalk+1st House" in lay_downs
    assert "lay_down:Token+Token" not in lay_downs  # Park Place alone is not a group
    g.apply("lay_down:Boardwalk+1st House")
    assert sorted(g.position()["chance_roles"]) == ["1st House", "Boardwalk"]


def test_a_saved_game_with_the_plain_lay_down_id_still_loads() -> None:
    """Saved games keep loading: plain ``lay_down`` declares the suggested roles, as the
    engine's only lay-down did before roles were declared (rulebook "Lay Down" 3)."""
    g = example()
    g.apply("lay_down")
    again = mw.load_game(g.to_json())
    assert again.position() == g.position()

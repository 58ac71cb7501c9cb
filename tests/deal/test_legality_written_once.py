"""Legality written once: ``why_illegal`` says nothing about a legal id and names the rule
that refuses every other one (``checks.py`` serves both ``legal.py`` and ``illegal.py``)."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.testing import check_legality_explained

from .helpers import game, position, table

#: The options that change which actions are legal, each with a non-default value.
OPTIONS = [
    None,
    {"wild_moves": "once_between_plays"},
    {"just_say_no_uses_play_on_own_turn": False},
    {"forced_deal_give_from_full_set": True},
    {"double_rent_stack": True},
    {"multicolour_wild_moves_to": "any_colour"},
    {"building_payment": "not_allowed"},
    {"building_payment": "set_or_bank"},
]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_default_options(players, seed):
    """Every legal id gets no reason, every stale or mutated id a real one, at every step."""
    assert check_legality_explained("deal", players, seed) > 0


@pytest.mark.parametrize(
    "options", OPTIONS[1:], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_with_options(options, players):
    """The same, under each option that changes what is legal."""
    assert check_legality_explained("deal", players, 3, options) > 0


def _reason(g: mw.Game, action_id: str) -> str | None:
    return g.rules.why_illegal(g.state, action_id)


def test_legal_ids_get_no_reason_in_a_built_position():
    """Rule: rulebook "Playing Cards": each listed action passes every check."""
    g = game(
        position(
            hands=[["Sly Deal", "Multicolour wild", "Any-colour rent", "Double the Rent"], []],
            properties=[
                table(("Green", ["Pacific Avenue", "Dark Blue/Green wild"])),
                table(("Red", ["Kentucky Avenue"])),
            ],
        )
    )
    for action in g.legal_actions():
        assert _reason(g, action.id) is None, action.id


def test_stale_sly_deal_after_the_set_is_completed():
    """Rule: rulebook "Sly Deal": "Cannot be part of a full set". The id was legal before
    player 1 completed the set; now it names that rule."""
    g = game(
        position(
            hands=[["Sly Deal"], ["Illinois Avenue"]],
            properties=[[], table(("Red", ["Kentucky Avenue", "Indiana Avenue"]))],
        )
    )
    stale = "sly:1:Red:Kentucky Avenue"
    assert stale in [a.id for a in g.legal_actions()]
    g.apply("end_turn")
    g.apply("lay:Illinois Avenue")
    g.apply("end_turn")
    assert "cannot take a card from a full set" in _reason(g, stale)


def test_stale_wild_move_names_the_wild_moves_option():
    """Rule: option wild_moves = once_between_plays: a wild just moved waits for another play."""
    g = game(
        position(hands=[["$1M"], []], properties=[table(("Red", ["Red/Yellow wild"])), []]),
        wild_moves="once_between_plays",
    )
    g.apply("wild:Red:Red/Yellow wild:Yellow")
    assert "option: wild_moves" in _reason(g, "wild:Yellow:Red/Yellow wild:Red")


def test_forced_deal_give_from_full_set_depends_on_the_option():
    """Rule: option forced_deal_give_from_full_set: the id is refused by default, legal with it."""
    pos = position(
        hands=[["Forced Deal"], []],
        properties=[
            table(("Dark Blue", ["Park Place", "Boardwalk"])),
            table(("Red", ["Kentucky Avenue"])),
        ],
    )
    action_id = "forced:1:Red:Kentucky Avenue:Dark Blue:Boardwalk"
    assert "option: forced_deal_give_from_full_set" in _reason(game(pos), action_id)
    assert _reason(game(pos, forced_deal_give_from_full_set=True), action_id) is None


def test_just_say_no_on_own_turn_needs_a_play():
    """Rule: option just_say_no_uses_play_on_own_turn: with no play left, the turn player
    cannot answer a Just Say No with their own, so nobody waits for their answer."""
    pos = position(
        plays_used=2,
        hands=[["Debt Collector", "Just Say No"], ["Just Say No"]],
        banks=[[], ["$5M"]],
    )
    g = game(pos)
    g.apply("debt:1")
    g.apply("jsn")
    assert "nothing is waiting for a Just Say No answer" in _reason(g, "jsn")
    g = game(pos, just_say_no_uses_play_on_own_turn=False)
    g.apply("debt:1")
    g.apply("jsn")
    assert _reason(g, "jsn") is None


@pytest.mark.parametrize(
    ("action_id", "reason"),
    [
        ("end_turn:9", "they look like 'end_turn'"),
        ("lay:Boardwalk:Dark Blue", "lay it as 'lay:Boardwalk'"),
        ("debt:01", "there is no player '01'"),
        ("rent:Any-colour rent:Dark Blue:x2:1", "ONE player"),
        ("rent:Any-colour rent:Dark Blue:1:x2:x2", "they look like"),
        ("play:Sly Deal", "played with its own id"),
    ],
)
def test_mutated_ids_get_a_reason(action_id, reason):
    """Rule: the id forms of ``legal.py``: a near miss of a legal id is refused, not guessed."""
    g = game(
        position(
            hands=[["Boardwalk", "Debt Collector", "Any-colour rent", "Sly Deal"], []],
            properties=[table(("Dark Blue", ["Park Place"])), []],
        )
    )
    assert reason in _reason(g, action_id)

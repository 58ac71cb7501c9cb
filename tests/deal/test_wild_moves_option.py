"""Option ``wild_moves``: "unlimited" (default) or "once_between_plays".

Rulebook, Wild Property Cards: "You can flip the card to change the color of the Property any
time on your turn!" With "once_between_plays" a wild that was moved cannot be moved again until
its owner does something else; every arrangement of wild colours stays reachable.
"""

from __future__ import annotations

from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.errors import PositionError
from monopoly_widgets.core.rng import make_rng

from .helpers import game, ids, names, position, sets, table

ONCE = {"wild_moves": "once_between_plays"}


def wild_ids(g: mw.Game) -> list[str]:
    return [i for i in ids(g) if i.startswith("wild:")]


def test_default_is_unlimited():
    """Option wild_moves: the default follows the rulebook ("any time on your turn")."""
    g = game(position())
    assert g.options["wild_moves"] == "unlimited"


def test_moved_wild_cannot_be_moved_again_straight_away():
    """Option wild_moves = once_between_plays: a moved wild is not offered again, and applying
    the move anyway says why (rulebook Wild Property Cards, flipped once)."""
    g = game(position(hands=[["$1M"], []], properties=[table(("Red", ["Red/Yellow wild"])), []]))
    g = mw.from_position("deal", g.position(), options=ONCE, seed=1)
    g.apply("wild:Red:Red/Yellow wild:Yellow")
    assert sets(g, 0) == [("Yellow", ["Red/Yellow wild"])]
    assert wild_ids(g) == []
    with pytest.raises(mw.IllegalActionError, match="option: wild_moves"):
        g.apply("wild:Yellow:Red/Yellow wild:Red")
    assert sets(g, 0) == [("Yellow", ["Red/Yellow wild"])]


def test_moved_wild_can_move_again_after_a_play():
    """Option wild_moves = once_between_plays: playing (here banking) a card frees it."""
    g = game(
        position(hands=[["$1M"], []], properties=[table(("Red", ["Red/Yellow wild"])), []]),
        **ONCE,
    )
    g.apply("wild:Red:Red/Yellow wild:Yellow")
    g.apply("bank:$1M")
    assert wild_ids(g) == ["wild:Yellow:Red/Yellow wild:Red"]
    g.apply("wild:Yellow:Red/Yellow wild:Red")
    assert sets(g, 0) == [("Red", ["Red/Yellow wild"])]


def test_moved_wild_is_free_again_on_the_owners_next_turn():
    """Option wild_moves = once_between_plays: ending the turn is "something else"."""
    g = game(position(properties=[table(("Red", ["Red/Yellow wild"])), []]), **ONCE)
    g.apply("wild:Red:Red/Yellow wild:Yellow")
    g.apply("end_turn")
    g.apply("end_turn")
    assert wild_ids(g) == ["wild:Yellow:Red/Yellow wild:Red"]


def test_other_wilds_stay_movable_and_an_identical_unmoved_wild_too():
    """Option wild_moves = once_between_plays limits the moved CARD only: an identical wild
    that has not moved still offers its move (ids name cards, not copies)."""
    g = game(
        position(properties=[table(("Red", ["Red/Yellow wild", "Red/Yellow wild"])), []]),
        **ONCE,
    )
    g.apply("wild:Red:Red/Yellow wild:Yellow")
    assert wild_ids(g) == ["wild:Red:Red/Yellow wild:Yellow"]
    g.apply("wild:Red:Red/Yellow wild:Yellow")
    assert sets(g, 0) == [("Yellow", ["Red/Yellow wild", "Red/Yellow wild"])]
    assert wild_ids(g) == []


def test_unlimited_keeps_moving_back_and_forth():
    """Option wild_moves = unlimited: the rulebook's "any time on your turn", no limit."""
    g = game(position(properties=[table(("Red", ["Red/Yellow wild"])), []]))
    for _ in range(3):
        g.apply("wild:Red:Red/Yellow wild:Yellow")
        g.apply("wild:Yellow:Red/Yellow wild:Red")
    assert sets(g, 0) == [("Red", ["Red/Yellow wild"])]
    assert g.observation()["plays_left"] == 3


def _wild_arrangements(g: mw.Game) -> set[tuple[Any, ...]]:
    """Every property arrangement reachable from ``g`` by wild moves alone (breadth first)."""

    def arrangement(game: mw.Game) -> tuple[Any, ...]:
        return tuple(
            (pile["colour"], tuple(sorted(pile["cards"])))
            for pile in game.position()["properties"][0]
        )

    def key(game: mw.Game) -> tuple[Any, ...]:  # the arrangement and which wilds just moved
        return tuple(map(str, game.position()["properties"][0]))

    seen = {key(g)}
    found = {arrangement(g)}
    frontier = [g]
    while frontier:
        nxt = []
        for here in frontier:
            for action_id in wild_ids(here):
                there = here.copy()
                there.apply(action_id)
                if key(there) not in seen:
                    seen.add(key(there))
                    found.add(arrangement(there))
                    nxt.append(there)
        frontier = nxt
    return found


REACH_POSITION = position(
    properties=[
        table(
            ("Light Blue", ["Oriental Avenue", "Light Blue/Brown wild"]),
            ("Red", ["Kentucky Avenue", "Red/Yellow wild", "Multicolour wild"]),
            ("Railroad", ["Reading Railroad", "Railroad/Utility wild"]),
        ),
        [],
    ]
)


def test_every_arrangement_stays_reachable():
    """Option wild_moves = once_between_plays removes no arrangement of wild colours: moving
    each wild at most once reaches every arrangement "unlimited" reaches (here with option
    multicolour_wild_moves_to = any_colour, so no wild needs another as a stepping stone)."""
    free = {"multicolour_wild_moves_to": "any_colour"}
    unlimited = _wild_arrangements(game(REACH_POSITION, **free))
    once = _wild_arrangements(game(REACH_POSITION, **free, **ONCE))
    assert len(unlimited) > 50
    assert once == unlimited


def test_side_effect_multicolour_stepping_stone():
    """Option wild_moves = once_between_plays, side effect documented in docs/rules/deal.md:
    with multicolour_wild_moves_to = own_sets, "unlimited" can flip a two-colour wild into a
    colour, follow it with a Multicolour wild, and flip it back, leaving the Multicolour wild
    alone there. Those arrangements (a pile of Multicolour wilds only: not complete, no rent)
    are the only ones lost."""
    unlimited = _wild_arrangements(game(REACH_POSITION))
    once = _wild_arrangements(game(REACH_POSITION, **ONCE))
    lost = unlimited - once
    assert once < unlimited and lost
    for arrangement in lost:
        assert any(set(cards) == {"Multicolour wild"} for _colour, cards in arrangement)


def test_side_effect_house_to_bank_needs_a_play_in_between():
    """Option wild_moves = once_between_plays, the side effect documented in docs/rules/deal.md:
    with "unlimited", moving a wild out of a built set and back drops the House to the bank
    (option broken_set_buildings_to) and rebuilds the set at once; with "once_between_plays"
    that takes a play in between, so with no play left it cannot happen this turn."""
    pos = position(
        plays_used=3,
        properties=[table(("Red", ["Kentucky Avenue", "Indiana Avenue", "Red/Yellow wild"], True))]
        + [[]],
    )
    g = game(pos)
    g.apply("wild:Red:Red/Yellow wild:Yellow")
    g.apply("wild:Yellow:Red/Yellow wild:Red")
    assert names(g, 0, "banks") == ["House"]
    assert ("Red", ["Kentucky Avenue", "Indiana Avenue", "Red/Yellow wild"]) in sets(g, 0)

    g = game(pos, **ONCE)
    g.apply("wild:Red:Red/Yellow wild:Yellow")
    assert names(g, 0, "banks") == ["House"]
    assert wild_ids(g) == []
    assert ids(g) == ["end_turn"]


def test_position_writes_and_reads_moved_wilds():
    """Option wild_moves = once_between_plays: a position names the just-moved wilds of a set
    under "moved", so from_position rebuilds the same position and the same legal actions."""
    g = game(
        position(properties=[table(("Red", ["Red/Yellow wild", "Red/Yellow wild"])), []]),
        **ONCE,
    )
    g.apply("wild:Red:Red/Yellow wild:Yellow")
    pos = g.position()
    assert pos["properties"][0][1] == {
        "colour": "Yellow",
        "cards": ["Red/Yellow wild"],
        "house": False,
        "hotel": False,
        "moved": ["Red/Yellow wild"],
    }
    rebuilt = mw.from_position("deal", pos, options=ONCE, seed=3)
    assert rebuilt.position() == pos
    assert ids(rebuilt) == ids(g)


def test_position_moved_wilds_checked():
    """Option wild_moves: "moved" must name wilds of that set, of the turn player, and needs
    "once_between_plays"."""
    red = {"colour": "Red", "cards": ["Kentucky Avenue", "Red/Yellow wild"], "moved": []}
    with pytest.raises(PositionError, match=r"properties\[0\]\[0\]\.moved\[0\]"):
        game(position(properties=[[dict(red, moved=["Kentucky Avenue"])], []]), **ONCE)
    with pytest.raises(PositionError, match="only the turn player"):
        game(position(properties=[[], [dict(red, moved=["Red/Yellow wild"])]]), **ONCE)
    with pytest.raises(PositionError, match="once_between_plays"):
        game(position(properties=[[dict(red, moved=["Red/Yellow wild"])], []]))


@pytest.mark.parametrize("players", [2, 3])
def test_random_games_round_trip_positions_with_the_option(players: int):
    """Option wild_moves = once_between_plays: positions at every step of random games rebuild
    equal positions and equal legal action ids, and no wild moves twice in a row."""
    agent = RandomAgent()
    for seed in range(3):
        g = mw.new_game("deal", players=players, seed=seed, options=ONCE)
        rng = make_rng(seed, "wild-moves-test")
        last_moved = None
        while not g.is_over and g.step < 400:
            pos = g.position()
            rebuilt = mw.from_position("deal", pos, options=ONCE, seed=seed)
            assert rebuilt.position() == pos
            assert ids(rebuilt) == ids(g)
            action = agent(None, g.legal_actions(), rng)
            if action.kind == "move_wild":
                assert action.card != last_moved
                last_moved = action.card
            else:
                last_moved = None
            g.apply(action)

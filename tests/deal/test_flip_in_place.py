"""A wild flipped in place (``speed.flip_in_place``) gives what the plain path gives.

Engine convention (``speed.py``): ``properties.move_card`` first tries to change both
ends of a flip in place, and lays the colours out again (``_lay_out_again``) only when that
does not apply. ``test_speed.play_side_by_side`` plays random games with and without the
speed module and compares states, events and legal actions at every step; here it is shown to
pass through every case of the flip, and to catch a flip that is wrong in each of them.
"""

from __future__ import annotations

from collections import Counter

import pytest

from monopoly_widgets.deal import properties, speed
from monopoly_widgets.deal.cards import NATURAL_IDS, SET_SIZE
from monopoly_widgets.deal.state import PropertySet
from tests.deal.test_speed import play_side_by_side


def _case(table: list[PropertySet], index: int, colour: int) -> str:
    """Which case of ``flip_in_place`` a flip is, seen before it happens."""
    pile = table[index]
    breaks = len(pile.cards) >= SET_SIZE[pile.colour] and not NATURAL_IDS.isdisjoint(pile.cards)
    joins = any(p.colour == colour and len(p.cards) < SET_SIZE[colour] for p in table)
    return ("breaks a set" if breaks else "leaves a loose pile") + (
        ", joins a pile" if joins else ", starts a pile"
    )


def test_every_case_of_a_flip_is_compared_with_the_plain_path(monkeypatch):
    """Over random 2- and 3-player games, flips of each kind are done in place, and the games
    agree step by step with the plain rules."""
    done: Counter[str] = Counter()
    right = speed.flip_in_place

    def counted(table, index, wild, colour):
        case = _case(table, index, colour)
        completed = right(table, index, wild, colour)
        if completed is not None:
            done[case] += 1
        return completed

    monkeypatch.setattr(properties, "flip_in_place", counted)
    assert play_side_by_side(2, {}, range(6)) > 500
    assert play_side_by_side(3, {"wild_moves": "once_between_plays"}, range(4)) > 500
    for case in (
        "leaves a loose pile, joins a pile",
        "leaves a loose pile, starts a pile",
        "breaks a set, joins a pile",
        "breaks a set, starts a pile",
    ):
        assert done[case] > 10, (case, done)


def _wild_first(table, index, wild, colour):
    """A wrong flip: the wild goes in front of the natural cards of the pile it joins."""
    completed = speed.flip_in_place(table, index, wild, colour)
    if completed is not None and speed.enabled():
        for pile in table:
            if wild in pile.cards and len(pile.cards) > 1:
                pile.cards.remove(wild)
                pile.cards.insert(0, wild)
    return completed


def _keeps_buildings(table, index, wild, colour):
    """A wrong flip: a set with a House keeps it when the wild leaves and breaks it."""
    pile = table[index]
    house = pile.house
    if speed.enabled() and house >= 0 and pile.hotel < 0:
        pile.house = -1
        completed = speed.flip_in_place(table, index, wild, colour)
        if completed is not None:
            pile.house = house  # the broken set keeps its House
            return completed
        pile.house = house
    return speed.flip_in_place(table, index, wild, colour)


@pytest.mark.parametrize("wrong", [_wild_first, _keeps_buildings])
def test_a_wrong_flip_is_caught(monkeypatch, wrong):
    """The comparison can fail: each wrong flip above is caught within a few random games."""
    monkeypatch.setattr(properties, "flip_in_place", wrong)
    with pytest.raises(AssertionError):
        play_side_by_side(2, {}, range(20))

"""The fast paths (``deal/fast_paths.py``) must change nothing but the speed.

Engine convention: every fast path stands in for a plain rule function (``tidy_colour``
laying a colour out again, the legal actions worked out from the hand and the tables).
Two copies of each random game are played side by side, one with the fast paths and one
with ``fast_paths.ENABLED = False``; after every step their states, events and legal
actions must be the same. The options listed change which plain paths run (buildings
dropped from broken sets, wilds moved once, multicolour moves, several seats).
"""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal import fast_paths

OPTIONS = [
    {},
    {"wild_moves": "once_between_plays", "broken_set_buildings_to": "discard_pile"},
    {"multicolour_wild_moves_to": "any_colour", "forced_deal_give_from_full_set": True},
]


def _plain(call, *args):
    """``call(*args)`` with the fast paths turned off."""
    fast_paths.ENABLED = False
    try:
        return call(*args)
    finally:
        fast_paths.ENABLED = True


def play_side_by_side(players: int, options: dict[str, object], seeds: range) -> int:
    """Play random games with and without the fast paths; return the steps compared."""
    agent = RandomAgent()
    steps = 0
    for seed in seeds:
        fast = mw.new_game("deal", players=players, seed=seed, options=options)
        plain = mw.new_game("deal", players=players, seed=seed, options=options)
        rng = make_rng(seed, "fast paths")
        while not fast.is_over:
            offered = fast.legal_actions()
            plain_offered = _plain(plain.legal_actions)
            assert offered == plain_offered, (seed, fast.step)
            action = agent(None, offered, rng)
            events = fast.apply(action)
            plain_events = _plain(plain.apply, action.id)
            assert events == plain_events, (seed, fast.step)
            assert fast.state == plain.state, (seed, fast.step)
            steps += 1
        assert plain.is_over
    return steps


@pytest.mark.parametrize("options", OPTIONS, ids=["default", "once_discard", "any_colour"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_fast_paths_agree_with_the_plain_rules(players, options):
    """Engine convention (fast_paths.py): 8 random games per case, compared at every step."""
    assert play_side_by_side(players, options, range(8)) > 500


def test_a_broken_fast_path_is_caught(monkeypatch):
    """The comparison can fail: a fast path that puts a natural card after the wilds (the
    plain rule lays natural property cards first) is caught within a few games."""
    right = fast_paths.tidy_in_place

    def natural_last(table, colour, new_card, removed, removed_from):
        completed = right(table, colour, new_card, removed, removed_from)
        if completed is not None and fast_paths.ENABLED and new_card >= 0:
            for pile in table:
                if new_card in pile.cards and len(pile.cards) > 1:
                    pile.cards.remove(new_card)
                    pile.cards.append(new_card)
        return completed

    monkeypatch.setattr("monopoly_widgets.deal.properties.tidy_in_place", natural_last)
    with pytest.raises(AssertionError):
        play_side_by_side(2, {}, range(8))


def test_a_stale_hand_summary_is_caught(monkeypatch):
    """The comparison can fail for the remembered hand too: one that is reused whenever the
    seat is the same (not only when the hand is) offers plays of cards no longer held."""
    last: dict[int, object] = {}

    def same_seat(player, hand, work_out):
        if fast_paths.ENABLED and player in last:
            return last[player]
        last[player] = work_out(player, hand)
        return last[player]

    monkeypatch.setattr("monopoly_widgets.deal.legal.same_hand", same_seat)
    with pytest.raises(AssertionError):
        play_side_by_side(2, {}, range(3))

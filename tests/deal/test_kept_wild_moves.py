"""A table change that touches no wild keeps the remembered wild moves (speed.py).

Engine convention (``speed.table_changed(wilds=False)``): a property card put into or
taken out of a pile that stays changes no pile's wilds, label or colour, so the wild moves
listed before it are still the legal ones (rulebook, Property Wild Cards: a wild may be
flipped "any time on your turn"). At every step of random games the list the engine offers
must equal one worked out from scratch on a clone (which remembers nothing), and a seam that
kept the list after a wild moved is caught.
"""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal import properties, speed
from monopoly_widgets.deal.wild_moves import wild_moves


def compare_with_fresh(players: int, seeds: range) -> int:
    """Play random games; at each step compare every seat's remembered wild moves with fresh
    ones. Returns how many times a seat's remembered list was kept across a change to its
    table."""
    agent = RandomAgent()
    kept = 0
    for seed in seeds:
        g = mw.new_game("deal", players=players, seed=seed)
        rng = make_rng(seed, "kept wild moves")
        while not g.is_over:
            state = g.state
            before = {p: state.wild_moves_memo.get(p) for p in range(players)}
            tables = [[pile.copy() for pile in table] for table in state.tables]
            fresh = state.clone()
            for player in range(players):
                remembered = [a.id for a in speed.wild_moves(state, player, wild_moves)]
                assert remembered == [a.id for a in wild_moves(fresh, player)], (seed, g.step)
            g.apply(agent(None, g.legal_actions(), rng))
            kept += sum(  # seats whose table changed, and whose list was kept all the same
                1
                for p, moves in before.items()
                if moves is not None
                and g.state.tables[p] != tables[p]
                and g.state.wild_moves_memo.get(p) is moves
            )
    return kept


def test_kept_wild_moves_equal_fresh_ones():
    """Engine convention (speed.table_changed): 12 random 2- and 3-player games, and the
    remembered list really is kept across some table changes."""
    assert compare_with_fresh(2, range(6)) + compare_with_fresh(3, range(6)) > 0


def test_keeping_them_after_a_wild_moved_is_caught(monkeypatch):
    """The comparison can fail: a seam that never drops the wild moves (as if every change
    touched no wild) offers moves of wilds that are no longer where the list says."""
    plain = speed.table_changed

    def never_drop(state, player, completed=False, wilds=True, renamed=()):
        plain(state, player, completed, wilds=False, renamed=renamed)

    monkeypatch.setattr(properties, "table_changed", never_drop)
    with pytest.raises(AssertionError):
        compare_with_fresh(2, range(6))

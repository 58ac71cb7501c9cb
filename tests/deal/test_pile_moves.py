"""A flip's wild moves, worked out from the moves before it, equal fresh ones (pile_moves.py).

Rulebook, Property Wild Cards: a wild may be flipped "any time on your turn", so the moves of
every wild are listed before each decision. When a flip takes a wild out of one pile and puts
it into another, each keeping its set label, ``speed.tidy_in_place`` gives those piles
their new moves from their old ones (``speed.after_change``) instead of dropping them.
At every step of random games, every pile's remembered moves must be the ones its owner,
colour, label and wilds give from scratch, and the legal actions the game offers must equal
those of a clone that remembers nothing. A seam that kept a pile's old moves after a wild
moved must be caught.
"""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal import pile_moves, speed
from monopoly_widgets.deal.cards import WILD_IDS
from monopoly_widgets.deal.labels import pile_label
from monopoly_widgets.deal.legal import legal_actions


def _ids(moves: pile_moves.PileMoves) -> tuple[list[str], list[str] | None]:
    multicolour = moves.multicolour
    return (
        [a.id for a in moves.fixed],
        None if multicolour is None else [a.id if a else "" for a in multicolour],
    )


def compare_with_fresh(players: int, seeds: range, options: dict[str, object]) -> int:
    """Play random games; at every step compare each pile's remembered moves, and the legal
    actions, with ones worked out from scratch. Returns how many flips were played."""
    agent = RandomAgent()
    flips = 0
    for seed in seeds:
        g = mw.new_game("deal", players=players, seed=seed, options=options)
        rng = make_rng(seed, "pile moves")
        while not g.is_over:
            state = g.state
            for player, table in enumerate(state.tables):
                for index, pile in enumerate(table):
                    known = pile.wild_moves
                    if known is None:
                        continue  # nothing remembered: worked out when next listed
                    wilds = tuple(card for card in pile.cards if card in WILD_IDS)
                    label = pile_label(table, index)
                    fresh = speed.pile_moves(player, pile.colour, label, wilds)
                    assert known.key == fresh.key, (seed, g.step, player, label)
                    assert _ids(known) == _ids(fresh), (seed, g.step, player, label)
            offered = [a.id for a in g.legal_actions()]
            assert [a.id for a in legal_actions(state.clone())] == offered, (seed, g.step)
            action = agent(None, g.legal_actions(), rng)
            flips += action.kind == "move_wild"
            g.apply(action)
    return flips


@pytest.mark.parametrize(
    "options",
    [{}, {"multicolour_wild_moves_to": "any_colour"}, {"wild_moves": "once_between_plays"}],
)
def test_moves_after_a_flip_equal_fresh_ones(options: dict[str, object]) -> None:
    """Engine convention (speed.after_change): 8 random 2-player and 4 random 3-player
    games, with the options that change which moves exist, and many flips among them."""
    flips = compare_with_fresh(2, range(8), options) + compare_with_fresh(3, range(4), options)
    assert flips > 100


def test_keeping_the_old_moves_after_a_flip_is_caught(monkeypatch):
    """The comparison can fail: a seam that leaves a pile's moves as they were when a wild
    left or joined it offers moves of a wild that is no longer there (or misses one)."""
    monkeypatch.setattr(speed, "after_change", lambda known, wild: known)
    monkeypatch.setattr(speed, "CHANGES", {})  # nothing remembered: always ask the seam
    with pytest.raises(AssertionError):
        compare_with_fresh(2, range(4), {})

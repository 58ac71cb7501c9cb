"""``core.rng.shuffle`` must shuffle exactly as ``random.Random.shuffle`` does.

Every saved game and golden transcript of Deal depends on the order of its shuffles (the
deal, each reshuffle of the discard pile), so the faster shuffle must give the standard
library's order, and leave the generator where the standard library leaves it.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from monopoly_widgets.core.rng import make_rng, shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 64, 65, 106, 212])
def test_shuffle_gives_the_standard_librarys_order(size):
    for seed in range(300):
        ours, theirs = make_rng(seed, "deal"), make_rng(seed, "deal")
        mine, reference = list(range(size)), list(range(size))
        shuffle(ours, mine)
        theirs.shuffle(reference)
        assert mine == reference, (seed, size)
        assert ours.getstate() == theirs.getstate(), (seed, size)


@given(st.lists(st.integers()), st.integers(min_value=0))
def test_shuffle_agrees_on_any_list_and_seed(cards, seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, reference = list(cards), list(cards)
    shuffle(ours, mine)
    theirs.shuffle(reference)
    assert mine == reference
    assert ours.random() == theirs.random()  # the same draws were used up

"""core/memo.py: the one bounded memo every speed cache uses."""

from __future__ import annotations

import pytest

from monopoly_widgets.core.memo import Memo


def test_keep_remembers_and_returns_the_value():
    memo: Memo[str, int] = Memo(limit=3)
    assert memo.keep("a", 1) == 1
    assert memo.get("a") == 1 and memo.get("b") is None


def test_a_full_memo_is_emptied_before_the_next_value():
    """One clear policy: when full, everything goes, so memory stays bounded."""
    memo: Memo[int, int] = Memo(limit=3)
    for key in range(3):
        memo.keep(key, key)
    assert len(memo) == 3
    memo.keep(99, 99)
    assert dict(memo) == {99: 99}


def test_the_limit_must_be_positive():
    with pytest.raises(ValueError, match="limit must be 1 or more"):
        Memo(limit=0)

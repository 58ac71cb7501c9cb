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


def test_remembered_builds_each_value_once_and_refuses_keywords():
    from monopoly_widgets.core.memo import remembered

    calls: list[int] = []

    @remembered(limit=2)
    def square(n: int) -> int:
        calls.append(n)
        return n * n

    assert [square(3), square(3), square(4)] == [9, 9, 16]
    assert calls == [3, 4]
    with pytest.raises(TypeError, match="takes no keyword arguments"):
        square(n=3)


def test_the_switch_empties_every_memo_and_keeps_it_empty():
    """core.memo.set_enabled(False): nothing is remembered (the values are still returned),
    and every memo, named ones too, is emptied on the way; on again, they fill again."""
    from monopoly_widgets.core import memo as memos

    memo: Memo[str, int] = Memo(name="test.memo")
    memo.keep("a", 1)
    assert "test.memo" in memos.filled()
    memos.set_enabled(False)
    try:
        assert memo.keep("b", 2) == 2
        assert not memo and memos.filled() == []
    finally:
        memos.set_enabled(True)
    memo.keep("c", 3)
    assert dict(memo) == {"c": 3}

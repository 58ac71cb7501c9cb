"""Remembering what was worked out before: the one memo every speed cache uses.

Engines list legal actions before every decision, and most of them were built
before (the same card, seat and colour give the same immutable ``Action``).
Rather than each cache writing its own "clear when full" code, each is a
:class:`Memo`: a dict (so a hit is a plain ``memo.get(key)``, with no extra
call on the busiest path) that is emptied when it reaches its limit, so memory
stays bounded in long simulations. Emptying everything at once is the simplest
policy that is never wrong: a memo only ever holds values that can be built
again from their key.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

#: Entries a memo holds before it is emptied (a few MB of small objects at most).
DEFAULT_LIMIT = 50_000


class Memo(dict[K, V]):
    """A bounded dict of remembered values. Read with ``get``; add with :meth:`keep`::

    found = MEMO.get(key)
    if found is None:
        found = MEMO.keep(key, build(key))
    """

    __slots__ = ("limit",)

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        super().__init__()
        if limit < 1:
            raise ValueError(f"a memo's limit must be 1 or more, not {limit}")
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        """Remember ``value`` under ``key`` (emptying the memo first if it is full); return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

"""Remembering what was worked out before: the one memo every speed cache uses.

Engines list legal actions before every decision, and most of them were built
before (the same card, seat and colour give the same immutable ``Action``).
Rather than each cache writing its own "clear when full" code, each is a
:class:`Memo`: a dict (so a hit is a plain ``memo.get(key)``, with no extra
call on the busiest path) that is emptied when it reaches its limit, so memory
stays bounded in long simulations. Emptying everything at once is the simplest
policy that is never wrong: a memo only ever holds values that can be built
again from their key. A cached function is a :func:`remembered` one, whose
values live in a :class:`Memo` too: one cache type in every game.

One switch turns every memo off (:func:`set_enabled`): each is emptied and
remembers nothing until the switch is turned on again, so the rules run as
plainly written. Tests play games both ways and compare them (a cache must
change nothing but the speed); ``deal/speed.py`` reads the same switch for the
Deal engine's other remembered results and fast paths.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar
from weakref import ref

K = TypeVar("K")
V = TypeVar("V")
P = ParamSpec("P")

#: Entries a memo holds before it is emptied (a few MB of small objects at most).
DEFAULT_LIMIT = 50_000

#: False: no memo remembers anything (see :func:`set_enabled`).
ENABLED = True

#: Every memo made (weakly held: a test's own memo goes when the test does), for the switch.
_MEMOS: list[ref[Memo]] = []


class Memo(dict[K, V]):
    """A bounded dict of remembered values. Read with ``get``; add with :meth:`keep`::

    found = MEMO.get(key)
    if found is None:
        found = MEMO.keep(key, build(key))

    ``name`` says what it remembers, in :func:`filled` (the switch's test reads it).
    """

    __slots__ = ("limit", "name", "__weakref__")

    def __init__(self, limit: int = DEFAULT_LIMIT, name: str = "") -> None:
        super().__init__()
        if limit < 1:
            raise ValueError(f"a memo's limit must be 1 or more, not {limit}")
        self.limit = limit
        self.name = name
        _MEMOS.append(ref(self))

    def keep(self, key: K, value: V) -> V:
        """Remember ``value`` under ``key`` (emptying the memo first if it is full); return it.
        With the switch off, nothing is remembered."""
        if not ENABLED:
            return value
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


def remembered(limit: int = DEFAULT_LIMIT) -> Callable[[Callable[P, V]], Callable[P, V]]:
    """A decorator: the function's results are kept in a :class:`Memo` (named after it), keyed
    by its positional arguments (which must be hashable; keyword arguments are not allowed).
    For pure functions only: a result is built again whenever the memo was emptied."""

    def decorate(function: Callable[P, V]) -> Callable[P, V]:
        memo: Memo[tuple, V] = Memo(limit, f"{function.__module__}.{function.__qualname__}")

        @wraps(function)
        def cached(*args: P.args, **kwargs: P.kwargs) -> V:
            if kwargs:
                raise TypeError(f"{function.__qualname__} (remembered) takes no keyword arguments")
            found = memo.get(args, _MISSING)
            if found is _MISSING:
                found = memo.keep(args, function(*args))
            return found  # type: ignore[return-value]

        cached.memo = memo  # type: ignore[attr-defined]
        return cached

    return decorate


_MISSING = object()


def set_enabled(on: bool) -> None:
    """Turn every memo on or off. Either way each is emptied first, so nothing remembered with
    the switch in one position is used in the other."""
    global ENABLED
    ENABLED = bool(on)
    for memo in _memos():
        memo.clear()


def filled() -> list[str]:
    """The names of the memos that hold something (none, while the switch is off)."""
    return [memo.name or "(unnamed)" for memo in _memos() if memo]


def _memos() -> list[Memo]:
    """Every memo still in use (and the list of them pruned of the others)."""
    alive = [memo for memo in (known() for known in _MEMOS) if memo is not None]
    _MEMOS[:] = [ref(memo) for memo in alive]
    return alive

"""Small pieces of wording every game's events and tables share.

One place, so "1 card" and "2 cards", and lists like "players 0, 1 and 2", read the
same in every game.
"""

from __future__ import annotations

from collections.abc import Iterable


def plural(count: int, word: str) -> str:
    """``"1 card"``, ``"0 cards"``, ``"2 cards"``: the count and the word, in agreement."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def and_list(items: Iterable[object]) -> str:
    """``"0"``, ``"0 and 2"``, ``"0, 1 and 2"``: a readable list, in the order given."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"

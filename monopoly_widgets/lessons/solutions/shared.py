"""Helpers the lessons' model answers share."""

from __future__ import annotations

from typing import Any


def owner_of(game: Any, has: Any) -> int | None:
    """The seat with a property set for which ``has(set)`` is true, or None."""
    for seat, sets in enumerate(game.position()["properties"]):
        if any(has(card_set) for card_set in sets):
            return seat
    return None

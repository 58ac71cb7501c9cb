"""A fallback view for a game without its own adapter.

It walks the observation: per seat, lists of card dicts become rows of cards,
``None`` with a matching ``<name>_count`` becomes a face-down row, and numbers
become stats. Crude but honest: it shows only what the observation holds, so
hidden cards stay hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monopoly_widgets.widgets.views.common import (
    NEUTRAL_BAND,
    face,
    seat_header,
    status_line,
)

TITLE = "Game"


def card_face(card: dict[str, Any]) -> dict[str, Any]:
    """A face from any card dict with at least a ``name``."""
    value = card.get("value")
    corner = str(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else ""
    colour = card.get("colour_hex") or card.get("hex") or NEUTRAL_BAND
    return face(
        card.get("id"), str(card.get("name", "?")), str(card.get("kind", "")), corner, [colour]
    )


def _is_card_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(c, dict) and "name" in c for c in value)


def _label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def seat_rows(seat_obs: dict[str, Any]) -> tuple[list[list[str]], list[dict[str, Any]]]:
    """Stats and card rows from one seat's part of an observation."""
    stats: list[list[str]] = []
    rows: list[dict[str, Any]] = []
    for key, value in seat_obs.items():
        if key == "seat":
            continue
        if isinstance(value, bool):
            stats.append([_label(key), "yes" if value else "no"])
        elif isinstance(value, (int, float)):
            if key.endswith("_count") and seat_obs.get(key[: -len("_count")]) is None:
                rows.append({"label": _label(key[: -len("_count")]), "hidden": value})
            else:
                stats.append([_label(key), str(value)])
        elif isinstance(value, str):
            stats.append([_label(key), value])
        elif _is_card_list(value) and value:
            rows.append({"label": _label(key), "cards": [card_face(c) for c in value]})
    return stats, rows


def table_model(
    observation: dict[str, Any], roles: Sequence[str], title: str = TITLE
) -> dict[str, Any]:
    """The table model for any observation with a ``seats`` list."""
    seats = []
    for index, seat_obs in enumerate(observation.get("seats", [])):
        panel = seat_header(index, roles, observation)
        panel["stats"], panel["rows"] = seat_rows(seat_obs)
        seats.append(panel)
    piles = []
    for key, value in observation.items():
        if key.endswith("pile") or key.endswith("deck"):
            if isinstance(value, int) and not isinstance(value, bool):
                piles.append({"label": _label(key), "count": value, "top": None, "back": True})
            elif _is_card_list(value):
                top = card_face(value[-1]) if value else None
                piles.append({"label": _label(key), "count": len(value), "top": top, "back": False})
    pending = observation.get("pending")
    return {
        "game": observation.get("game", ""),
        "title": title,
        "viewer": observation.get("viewer"),
        "status": status_line(observation),
        "decision": observation.get("decision", ""),
        "pending": pending.get("text") if isinstance(pending, dict) else None,
        "over": bool(observation.get("is_over")),
        "piles": piles,
        "seats": seats,
    }

"""The table view of a game that has none of its own (see ``views/common.py``).

A new game's descriptor may leave ``table_view`` out: the explorer then draws each
seat's header, its plain facts from the observation (numbers and words, named by their
keys) and its hand, face up or counted, and the draw and discard piles if the
observation has them. A game gets its own view (``views/<game>.py``) when its cards
need bands, sets or piles of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monopoly_widgets.widgets.views.common import (
    NEUTRAL_BAND,
    card_words,
    face,
    hand_row,
    seat_header,
    status_line,
)

#: Every chart metric counts as worked out from hidden cards: a seat's view shows only its
#: own line of each, until a game's own view says which are public.
PRIVATE_METRICS = frozenset({"money", "properties", "sets"})
#: A seat's fields shown as facts: plain numbers and short words, not the hand itself.
HIDDEN_KEYS = frozenset({"seat", "hand"})


def card_face(card: Any) -> dict[str, Any]:
    """A card as its name: a dict with ``id`` and ``name``, or any value read as text."""
    if isinstance(card, dict):
        name = str(card.get("name", card.get("id", "")))
        return face(card.get("id", name), name, str(card.get("kind", "")), "", [NEUTRAL_BAND])
    return face(str(card), str(card), "", "", [NEUTRAL_BAND], "", card_words(str(card), "card"))


def seat_panel(
    seat_obs: dict[str, Any], observation: dict[str, Any], roles: Sequence[str]
) -> dict[str, Any]:
    """One seat: its header, its plain facts, its hand."""
    panel = seat_header(seat_obs["seat"], roles, observation)
    panel["stats"] = [
        [key.replace("_", " ").capitalize(), str(value)]
        for key, value in seat_obs.items()
        if key not in HIDDEN_KEYS and isinstance(value, (int, float, str)) and value is not None
    ]
    panel["rows"] = [hand_row(seat_obs, card_face)]
    return panel


def table_model(observation: dict[str, Any], roles: Sequence[str]) -> dict[str, Any]:
    """The whole table as one seat (or the teacher) sees it."""
    piles = []
    if isinstance(observation.get("draw_pile"), int):
        piles.append(
            {"label": "Draw pile", "count": observation["draw_pile"], "top": None, "back": True}
        )
    return {
        "game": observation.get("game", ""),
        "title": str(observation.get("title", observation.get("game", ""))),
        "viewer": observation.get("viewer"),
        "status": status_line(observation),
        "decision": observation.get("decision", ""),
        "pending": None,
        "over": bool(observation.get("is_over")),
        "piles": piles,
        "seats": [seat_panel(s, observation, roles) for s in observation.get("seats", [])],
    }

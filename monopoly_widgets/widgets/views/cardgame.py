"""Monopoly: The Card Game: observation -> table model (see ``views/common.py``).

Each seat shows its match score, its face-up trade pile (top card last) and
its hand (face down unless visible). The middle shows the draw pile, the extra
trade piles of a 2-3 player game, and the reward cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.board import COLOUR_HEX
from monopoly_widgets.core.registry import describe
from monopoly_widgets.widgets.views.common import (
    NEUTRAL_BAND,
    card_words,
    face,
    hand_row,
    seat_header,
    status_line,
)

TITLE = describe("cardgame").title
#: Chart metrics that come from hidden hands: a seat view shows only its own.
PRIVATE_METRICS = frozenset({"properties", "sets"})
KIND_HEX = {
    "house": "#2e7d32",
    "hotel": "#c62828",
    "token": "#6d4c41",
    "chance": "#ef6c00",
    "go": "#c62828",
    "mr_monopoly": "#37474f",
}
KIND_TAG = {
    "house": "HOUSE",
    "hotel": "HOTEL",
    "token": "TOKEN",
    "chance": "CHANCE",
    "go": "GO",
    "mr_monopoly": "BONUS",
}


def card_face(card: dict[str, Any]) -> dict[str, Any]:
    """One Card Game card: properties by colour, houses with their level."""
    kind, name = card.get("kind", ""), card.get("name", "")
    if kind == "property":
        colour = card.get("colour") or ""
        band = COLOUR_HEX.get(colour, NEUTRAL_BAND)
        return face(card["id"], name, kind, "", [band], "", card_words(name, f"{colour} property"))
    level = card.get("level")
    corner = str(level) if level else ""
    what = f"{kind.replace('_', ' ')} card" if kind else "card"
    return face(
        card["id"],
        name,
        "action",
        corner,
        [KIND_HEX.get(kind, NEUTRAL_BAND)],
        KIND_TAG.get(kind, ""),
        card_words(name, what, f"level {level}" if level else ""),
    )


def seat_panel(seat_obs: dict[str, Any], observation: dict[str, Any], roles: Sequence[str]):
    """Score, trade pile and hand of one seat."""
    index = seat_obs["seat"]
    panel = seat_header(index, roles, observation)
    panel["stats"] = [
        ["Score", f"${seat_obs.get('score', 0):,}"],
        ["Cards in hand", str(seat_obs.get("hand_count", 0))],
    ]
    if seat_obs.get("last_hand") is not None:
        panel["stats"].append(["Last hand", f"${seat_obs['last_hand']:,}"])
    if seat_obs.get("passing"):
        panel["stats"].append(["Passing", "a card set aside"])
    rows: list[dict[str, Any]] = [
        {"label": "Trade pile", "cards": [card_face(c) for c in seat_obs.get("trade_pile", [])]}
    ]
    rows.append(hand_row(seat_obs, card_face))
    panel["rows"] = rows
    return panel


def table_model(observation: dict[str, Any], roles: Sequence[str]) -> dict[str, Any]:
    """The whole Card Game table as one seat (or the teacher) sees it."""
    piles: list[dict[str, Any]] = [
        {"label": "Draw pile", "count": observation.get("draw_pile", 0), "top": None, "back": True}
    ]
    for extra in observation.get("extra_piles") or []:
        cards = extra.get("cards", [])
        piles.append(
            {
                "label": f"Trade pile {extra.get('label')}",
                "count": len(cards),
                "top": card_face(cards[-1]) if cards else None,
                "back": False,
            }
        )
    reward = observation.get("reward") or []
    if reward:
        piles.append(
            {"label": "Reward", "count": len(reward), "top": card_face(reward[-1]), "back": False}
        )
    status = status_line(observation)
    if observation.get("hand_number"):
        status += (
            f" · hand {observation['hand_number']} · first to ${observation.get('target', 0):,}"
        )
    return {
        "game": "cardgame",
        "title": TITLE,
        "viewer": observation.get("viewer"),
        "status": status,
        "decision": observation.get("decision", ""),
        "pending": None,
        "over": bool(observation.get("is_over")),
        "piles": piles,
        "seats": [seat_panel(s, observation, roles) for s in observation.get("seats", [])],
    }

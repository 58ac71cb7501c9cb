"""Monopoly Deal: observation -> table model (see ``views/common.py``).

Cards are drawn as on the printed pack: properties with their colour band,
two-colour wilds and rents with both bands, the multicolour wild and the
any-colour rent with a rainbow, money with the printed denomination colours,
and the value in the corner ($M).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.board import COLOUR_HEX
from monopoly_widgets.core.registry import describe
from monopoly_widgets.widgets.views.common import (
    NEUTRAL_BAND,
    card_words,
    colour_words,
    discard_pile,
    draw_pile,
    face,
    seat_header,
    status_line,
)

TITLE = describe("deal").title
#: Every chart metric of Deal is public (banks and properties lie on the table).
PRIVATE_METRICS: frozenset[str] = frozenset()

#: The printed colour of each money denomination ($M), roughly.
MONEY_HEX = {
    1: "#d8cfa8",
    2: "#f1a79b",
    3: "#a8d5a0",
    4: "#9cc8ea",
    5: "#c3a5dd",
    10: "#f5b562",
}
ACTION_HEX = "#2f4a73"
BUILDING_HEX = {"House": "#2e7d32", "Hotel": "#c62828"}
#: More colours than this on one card means "any colour": drawn as a rainbow.
RAINBOW_AT = 5


def bands_for(card: dict[str, Any]) -> list[str]:
    """The colour bands of one card: its assigned colour first, for wilds on the table."""
    kind = card.get("kind", "")
    name = card.get("name", "")
    if kind == "money":
        return [MONEY_HEX.get(card.get("value", 0), NEUTRAL_BAND)]
    if name in BUILDING_HEX:
        return [BUILDING_HEX[name]]
    colours = list(card.get("colours") or [])
    if kind == "action" or not colours:
        return [ACTION_HEX]
    if len(colours) >= RAINBOW_AT:
        return [COLOUR_HEX.get(c, NEUTRAL_BAND) for c in colours]
    assigned = card.get("colour")
    if assigned in colours:
        colours.remove(assigned)
        colours.insert(0, assigned)
    return [COLOUR_HEX.get(c, NEUTRAL_BAND) for c in colours]


TAGS = {"wild": "WILD", "rent": "RENT", "action": "ACTION", "money": "", "property": ""}


def card_says(card: dict[str, Any]) -> str:
    """A Deal card in words: "Boardwalk, Dark Blue property, $4M"; a wild says its colours."""
    kind, name = card.get("kind", ""), card.get("name", "")
    colours = list(card.get("colours") or [])
    value = f"${card.get('value', 0)}M"
    if kind == "money":
        return card_words(name, "money", "" if name == value else value)
    if name in BUILDING_HEX:
        what = "building card"
    elif kind == "property" and colours:
        what = f"{colours[0]} property"
    elif kind == "wild":
        what = f"{colour_words(colours)} property wild card"
        if card.get("colour"):
            what += f", used as {card['colour']}"
    elif kind == "rent":
        what = f"{colour_words(colours)} rent card"
    else:
        what = "action card"
    return card_words(name, what, value)


def card_face(card: dict[str, Any]) -> dict[str, Any]:
    """One Deal card as the browser draws it."""
    kind = card.get("kind", "")
    tag = TAGS.get(kind, "")
    if card.get("name") in BUILDING_HEX:
        tag = "BUILDING"
    value = f"${card.get('value', 0)}M"
    return face(card["id"], card["name"], kind, value, bands_for(card), tag, card_says(card))


def set_group(prop_set: dict[str, Any]) -> dict[str, Any]:
    """One colour set on the table, buildings last."""
    cards = [card_face(c) for c in prop_set.get("cards", [])]
    for building in ("house", "hotel"):
        if prop_set.get(building):
            cards.append(card_face(prop_set[building]))
    held = len(prop_set.get("cards", []))
    note = f"{held} of {prop_set.get('size', '?')}"
    if prop_set.get("rent"):
        note += f" · rent ${prop_set['rent']}M"
    return {
        "label": prop_set.get("label") or prop_set.get("colour", ""),
        "band": COLOUR_HEX.get(prop_set.get("colour", ""), NEUTRAL_BAND),
        "note": note,
        "complete": bool(prop_set.get("complete")),
        "cards": cards,
    }


def seat_panel(
    seat_obs: dict[str, Any], observation: dict[str, Any], roles: Sequence[str]
) -> dict[str, Any]:
    """Bank, property sets and hand of one seat."""
    index = seat_obs["seat"]
    panel = seat_header(index, roles, observation)
    panel["stats"] = [
        ["Bank", f"${seat_obs.get('bank_total', 0)}M"],
        ["Complete sets", f"{seat_obs.get('complete_sets', 0)} of 3"],
        ["Cards in hand", str(seat_obs.get("hand_count", 0))],
    ]
    hand = seat_obs.get("hand")
    hand_row: dict[str, Any] = {"label": "Hand"}
    if hand is None:
        hand_row["hidden"] = seat_obs.get("hand_count", 0)
    else:
        hand_row["cards"] = [card_face(c) for c in hand]
    panel["rows"] = [
        {"label": "Properties", "groups": [set_group(s) for s in seat_obs.get("sets", [])]},
        {"label": "Bank", "cards": [card_face(c) for c in seat_obs.get("bank", [])]},
        hand_row,
    ]
    return panel


def table_model(observation: dict[str, Any], roles: Sequence[str]) -> dict[str, Any]:
    """The whole Deal table as one seat (or the teacher) sees it."""
    discard = observation.get("discard_pile") or []
    decision = observation.get("decision", "")
    pending = observation.get("pending")
    return {
        "game": "deal",
        "title": TITLE,
        "viewer": observation.get("viewer"),
        "status": status_line(observation),
        "decision": decision,
        "pending": pending.get("text") if isinstance(pending, dict) else None,
        "over": bool(observation.get("is_over")),
        "piles": [
            draw_pile(observation.get("draw_pile", 0)),
            discard_pile(discard, card_face),
        ],
        "seats": [seat_panel(s, observation, roles) for s in observation.get("seats", [])],
    }


def choice_detail(action: Any) -> str | None:
    """A Forced Deal's middle step: which card to take (then which of yours to give).

    Its id is ``forced:<seat>:<colour>:<their card>:<your colour>:<your card>``.
    """
    parts = action.id.split(":")
    if parts[0] == "forced" and len(parts) == 6:
        return f"take {parts[3]} ({parts[2]})"
    return None

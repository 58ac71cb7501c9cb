"""Monopoly Bid: observation -> table model (see ``views/common.py``).

Each seat shows its money in hand (when visible), its property sets, its bid
or raise (face down while sealed, face up once revealed), and its hand. The
middle of the table shows the property up for auction and the piles.
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
    hand_row,
    seat_header,
    status_line,
)

TITLE = describe("bid").title
#: Chart metrics that come from hidden cards (money in hand): a seat view shows only its own.
PRIVATE_METRICS = frozenset({"money"})
MONEY_HEX = {1: "#d8cfa8", 2: "#f1a79b", 3: "#a8d5a0", 4: "#9cc8ea", 5: "#c3a5dd"}
ACTION_HEX = "#2f4a73"
RAINBOW_AT = 5


def card_face(card: dict[str, Any]) -> dict[str, Any]:
    """One Bid card: money with its denomination colour, properties with their band."""
    kind, name = card.get("kind", ""), card.get("name", "")
    value = card.get("value", 0)
    if kind == "money":
        says = card_words(name, "money", "" if name == f"${value}M" else f"${value}M")
        return face(card["id"], name, kind, f"${value}M", [MONEY_HEX.get(value, "#ccc")], "", says)
    colours = list(card.get("colours") or [])
    if kind == "property" and colours:
        band = [COLOUR_HEX.get(colours[0], NEUTRAL_BAND)]
        return face(
            card["id"], name, kind, "", band, "", card_words(name, f"{colours[0]} property")
        )
    if len(colours) >= RAINBOW_AT:
        bands = [COLOUR_HEX.get(c, NEUTRAL_BAND) for c in colours]
        what = f"{colour_words(colours)} wild card"
        if card.get("colour"):
            bands.insert(0, COLOUR_HEX.get(card["colour"], NEUTRAL_BAND))
            what += f", used as {card['colour']}"
        return face(card["id"], name, "action", "", bands, "WILD", card_words(name, what))
    says = card_words(name, "action card")
    return face(card["id"], name, "action", "", [ACTION_HEX], "ACTION", says)


def _sealed_row(label: str, shown: list | None, committed: bool) -> dict[str, Any] | None:
    if shown is not None:
        return {"label": label, "cards": [card_face(c) for c in shown]}
    if committed:
        return {"label": label, "sealed": True}
    return None


def seat_panel(seat_obs: dict[str, Any], observation: dict[str, Any], roles: Sequence[str]):
    """Money, sets, bid or raise, and hand of one seat."""
    index = seat_obs["seat"]
    panel = seat_header(index, roles, observation)
    money = seat_obs.get("money_in_hand")
    panel["stats"] = [
        ["Money in hand", "hidden" if money is None else f"${money}M"],
        [
            "Complete sets",
            f"{seat_obs.get('complete_sets', 0)} of {observation.get('sets_to_win', 3)}",
        ],
        ["Cards in hand", str(seat_obs.get("hand_count", 0))],
    ]
    groups = [
        {
            "label": s.get("colour", ""),
            "band": COLOUR_HEX.get(s.get("colour", ""), NEUTRAL_BAND),
            "note": f"{len(s.get('cards', []))} of {s.get('size', '?')}",
            "complete": bool(s.get("complete")),
            "cards": [card_face(c) for c in s.get("cards", [])],
        }
        for s in seat_obs.get("sets", [])
    ]
    rows: list[dict[str, Any]] = [{"label": "Properties", "groups": groups}]
    for label, key, flag in (("Bid", "bid", "has_bid"), ("Raise", "raise", "has_raised")):
        row = _sealed_row(label, seat_obs.get(key), bool(seat_obs.get(flag)))
        if row is not None:
            rows.append(row)
    # Cards set aside while choosing a bid one value at a time: only their owner sees them.
    row = _sealed_row("Choosing", seat_obs.get("choosing"), False)
    if row is not None:
        rows.append(row)
    rows.append(hand_row(seat_obs, card_face))
    panel["rows"] = rows
    return panel


def choice_detail(action: Any) -> str | None:
    """The middle step of a long bid menu: every ``bid:<total>`` (fewest cards) together,
    beside 'no bid' and 'choose the cards yourself' (``bid/card_choice.py``)."""
    head, _, rest = action.id.partition(":")
    if head in ("bid", "raise") and rest.isdigit():
        return "An amount (fewest cards)"
    return None


def table_model(observation: dict[str, Any], roles: Sequence[str]) -> dict[str, Any]:
    """The whole Bid table as one seat (or the teacher) sees it."""
    auction = observation.get("auction") or {}
    up = auction.get("property")
    discard = observation.get("discard_pile") or []
    # An action card waiting for Nope! answers, a trade offer or a proposed deal (public);
    # a deal being built shows only to its proposer.
    pending = (
        observation.get("pending")
        or observation.get("offer")
        or observation.get("deal")
        or observation.get("draft")
    )
    status = status_line(observation).replace("Turn", "Round", 1)
    return {
        "game": "bid",
        "title": TITLE,
        "viewer": observation.get("viewer"),
        "status": status,
        "decision": observation.get("decision", ""),
        "pending": pending.get("text") if isinstance(pending, dict) else None,
        "over": bool(observation.get("is_over")),
        "piles": [
            {
                "label": "Up for auction",
                "count": 1 if up else 0,
                "top": card_face(up) if up else None,
                "back": False,
            },
            {
                "label": "Property pile",
                "count": observation.get("property_pile", 0),
                "top": None,
                "back": True,
            },
            draw_pile(observation.get("draw_pile", 0)),
            discard_pile(discard, card_face),
        ],
        "seats": [seat_panel(s, observation, roles) for s in observation.get("seats", [])],
    }

"""The generic *table model* that ``static/table.js`` draws, and helpers to build it.

Each game has a small adapter (``views/deal.py``, ``views/bid.py``,
``views/cardgame.py``) that turns an observation into this model. The browser
never sees an observation or a rules object: only this compact, JSON-safe
description of what is on the table, so a seat's view can never leak a hidden
card (the adapter only sees that seat's observation) and each step sends a few
kilobytes, not HTML.

The model::

    {"game": "deal", "title": "Monopoly Deal", "viewer": 0 | None,
     "status": "Turn 4 · Player 2's turn", "decision": "Player 2: ...",
     "pending": "text" | None, "over": bool,
     "piles": [{"label": "Draw pile", "count": 40, "top": face | None, "back": bool}],
     "seats": [{"seat": 0, "name": "Player 1", "role": "you", "turn": bool,
                "deciding": bool, "winner": bool,
                "stats": [["Bank", "$7M"], ...],
                "rows": [{"label": "Bank", "cards": [face, ...]},
                         {"label": "Properties", "groups": [group, ...]},
                         {"label": "Hand", "hidden": 7}]}]}
    face  = {"id": 12, "name": "Boardwalk", "kind": "property", "corner": "$4M",
             "bands": ["#0072bb"], "tag": "WILD" | "",
             "says": "Boardwalk, Dark Blue property, $4M"}
    group = {"label": "Red", "band": "#ed1b24", "note": "2 of 3 · rent $3M",
             "complete": bool, "cards": [face, ...]}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Face = dict[str, Any]

#: One colour per seat, shared by the table's seat headers and the charts' lines.
#: The first three are Okabe and Ito's blue, vermillion and bluish green, told apart
#: in the common colour-vision deficiencies; each has at least 3:1 against a white and
#: a JupyterLab Dark (#212121) background (WCAG 1.4.11, tests/widgets/test_contrast.py).
#: The charts also give each seat its own dash and marker, so colour is never needed.
SEAT_COLOURS = (
    "#0072b2",
    "#d55e00",
    "#009e73",
    "#cc79a7",
    "#b8860b",
    "#3d85c6",
    "#7e57c2",
    "#d1495b",
)

NEUTRAL_BAND = "#9e9e9e"


def seat_colour(seat: int) -> str:
    """The colour that marks ``seat`` on the table and in the charts."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_name(seat: int) -> str:
    """ "Player 0", "Player 1", ...: the engines' events and decisions number seats from 0,
    and the table must use the same names as the narration."""
    return f"Player {seat}"


def face(
    card_id: Any,
    name: str,
    kind: str,
    corner: str,
    bands: Sequence[str],
    tag: str = "",
    says: str = "",
) -> Face:
    """One face-up card as the browser draws it.

    ``says`` is the card in words, as a screen reader reads it (see :func:`card_words`);
    the colour bands alone would leave a student who does not see colour guessing.
    """
    return {
        "id": card_id,
        "name": name,
        "kind": kind,
        "corner": corner,
        "bands": list(bands),
        "tag": tag,
        "says": says or name,
    }


#: More colours than this on one card are read as "any colour" (a ten-colour wild).
MANY_COLOURS = 3


def colour_words(colours: Sequence[str]) -> str:
    """ "Dark Blue", "Red or Yellow", or "any colour" for a card of many colours."""
    if len(colours) > MANY_COLOURS:
        return "any colour"
    return " or ".join(colours)


def card_words(name: str, what: str, value: str = "") -> str:
    """A card as a screen reader says it: "Boardwalk, Dark Blue property, $4M".

    The name as printed, then what the card is in words (its colour named, as the
    table's text always names colours), then its value; empty parts are left out.
    """
    return ", ".join(part for part in (name, what, value) if part)


def seat_header(seat: int, roles: Sequence[str], observation: dict[str, Any]) -> dict[str, Any]:
    """The fields every seat panel has, whatever the game.

    Whose turn it is, who is deciding and who won come from the observation's
    shared keys (a game without ``turn_player`` counts the decider's turn).
    """
    current = observation.get("current_player")
    turn_player = observation.get("turn_player", current)
    winner = observation.get("winner")
    return {
        "seat": seat,
        "name": seat_name(seat),
        "role": roles[seat] if seat < len(roles) else "",
        "colour": seat_colour(seat),
        "turn": seat == turn_player,
        "deciding": seat == current,
        "winner": seat == winner,
    }


def status_line(observation: dict[str, Any]) -> str:
    """ "Turn 4 · Player 2's turn", or who won."""
    if observation.get("is_over"):
        winner = observation.get("winner")
        if winner is None:
            reason = observation.get("draw_reason")
            return "Game over: a draw" + (f" ({reason})" if reason else "")
        return f"Game over: {seat_name(winner)} wins"
    turn_player = observation.get("turn_player", observation.get("current_player"))
    text = f"Turn {observation.get('turn', '?')}"
    if isinstance(turn_player, int):
        text += f" · {seat_name(turn_player)}'s turn"
    return text


CardFace = Callable[[dict[str, Any]], dict[str, Any]]


def hand_row(seat_obs: dict[str, Any], card_face: CardFace) -> dict[str, Any]:
    """A seat's hand: its cards, or only their number when the viewer may not see them."""
    hand = seat_obs.get("hand")
    if hand is None:
        return {"label": "Hand", "hidden": seat_obs.get("hand_count", 0)}
    return {"label": "Hand", "cards": [card_face(c) for c in hand]}


def draw_pile(count: int) -> dict[str, Any]:
    """The draw pile, face down, with its count."""
    return {"label": "Draw pile", "count": count, "top": None, "back": True}


def discard_pile(discard: Sequence[dict[str, Any]], card_face: CardFace) -> dict[str, Any]:
    """The discard pile, face up, showing its top card."""
    top = card_face(discard[-1]) if discard else None
    return {"label": "Discard pile", "count": len(discard), "top": top, "back": False}

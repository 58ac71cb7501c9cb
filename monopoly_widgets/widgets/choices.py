"""A person's legal moves, arranged for a two-step choice.

Forced Deal can offer a person some 120 (take, give) pairs and The Card Game
22 moves at once: too many buttons to read. Each choice gets a ``path`` of
short labels, most general first: the card ("Forced Deal"), then whom it is
aimed at ("Player 2"), then a game's own detail ("take Boardwalk"), and last
the action's full text. ``table.js`` shows the whole list when it is short,
and otherwise one level at a time (pick the card, then the target, then the
move). Only the way they are shown changes: the ids sent back are the legal
actions' own ids, so saved games and replays are untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from monopoly_widgets.core import Action
from monopoly_widgets.widgets.views.common import seat_name

#: What a group of card-less actions is called, by the action's ``kind``.
KIND_LABELS = {
    "draw": "Draw",
    "trade": "Trade",
    "bid": "Bid",
    "pay": "Pay",
    "respond": "Respond",
    "end_turn": "End turn",
    "discard": "Discard",
    "bank": "Bank",
    "play": "Play",
    "add": "Add to trade pile",
    "excess": "Discard (over 10 cards)",
}

Detail = Callable[[Action], "str | None"]


def card_names(table_model: dict[str, Any]) -> dict[str, str]:
    """Card id (as text) -> name, for every face-up card the table model shows."""
    names: dict[str, str] = {}

    for faces in face_groups(table_model):
        for face in faces:
            names[str(face["id"])] = face["name"]
    return names


def card_copies(table_model: dict[str, Any]) -> dict[str, list[Any]]:
    """Card id (as text) -> the ids of the identical cards lying with it, in table order.

    Identical cards (two ``Wild!`` in one hand) are interchangeable: the engine
    offers a move once, naming the first copy, but a student sees two equal
    cards and may click either. Copies are cards of the same name in the same
    row or group only (a ``Wild!`` already in a set is not a playable copy).
    """
    copies: dict[str, list[Any]] = {}

    for faces in face_groups(table_model):
        by_name: dict[str, list[Any]] = {}
        for face in faces:
            by_name.setdefault(face["name"], []).append(face["id"])
        for ids in by_name.values():
            for card_id in ids:
                copies[str(card_id)] = ids
    return copies


def face_groups(table_model: dict[str, Any]) -> Iterator[list[dict[str, Any]]]:
    """Every face-up card the table model shows, lying together: each pile's top card,
    then each seat's rows and the groups (sets) within them."""
    for pile in table_model.get("piles", []):
        if pile.get("top"):
            yield [pile["top"]]
    for seat in table_model.get("seats", []):
        for row in seat.get("rows", []):
            yield list(row.get("cards", []))
            for group in row.get("groups", []):
                yield list(group.get("cards", []))


def kind_label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


def choice_path(action: Action, names: dict[str, str], detail: Detail | None = None) -> list[str]:
    """The labels that lead to ``action``: card or kind, target, detail, then its text."""
    if action.card is not None:
        path = [names.get(str(action.card), f"Card {action.card}")]
    else:
        path = [kind_label(action.kind)]
    if action.target is not None:
        path.append(seat_name(action.target))
    extra = detail(action) if detail else None
    if extra:
        path.append(extra)
    path.append(action.text)
    return path


def choice_list(
    actions: Iterable[Action],
    names: dict[str, str],
    detail: Detail | None = None,
    copies: dict[str, list[Any]] | None = None,
) -> list[dict[str, Any]]:
    """The ``choices`` trait: one entry per legal action, in the engine's order.

    ``cards`` are the cards a student may click for the move: its own card and
    the identical copies beside it (see :func:`card_copies`), so every copy is
    highlighted and leads to the same moves.
    """
    copies = copies or {}
    return [
        {
            "id": a.id,
            "text": a.text,
            "kind": a.kind,
            "card": a.card,
            "cards": [] if a.card is None else copies.get(str(a.card), [a.card]),
            "path": choice_path(a, names, detail),
            # Its card is face up on the table: clicking that card is the first step.
            "on_table": a.card is not None and str(a.card) in names,
        }
        for a in actions
    ]

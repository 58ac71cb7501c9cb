"""What the browser may send, checked before the explorer acts on it.

The table's JavaScript (``static/table.js``) sends small custom messages such
as ``{"type": "step", "by": 1}``. Anything can arrive on a comm, though (an old
front end, a hand-made message, a hostile page), so each message is checked
like any other input: its type, its fields and their types. A message that
does not pass raises :class:`~monopoly_widgets.core.errors.MessageError`, the
explorer shows the reason on the table, and nothing changes.

The traits of the table are Python's: the browser only reads them. A trait
update from the browser (``model.set(...)`` then ``save_changes()``) is
refused: the browser's copy is put back to Python's values and the table
shows why (:func:`refuse_trait_update`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from monopoly_widgets.core.errors import MessageError
from monopoly_widgets.core.validation import excerpt

#: Longest error text put into the ``error`` trait (it is sent to the browser).
MAX_ERROR_CHARS = 300
#: Longest action id accepted from the browser (real ids are well under 100 characters).
MAX_ID_CHARS = 200


def _whole(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MessageError(f"{field} must be a whole number, not {excerpt(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        allowed = f"{low} or more" if high is None else f"from {low} to {high}"
        raise MessageError(f"{field} must be {allowed}, not {excerpt(value)}")
    return value


def _by(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (1, -1):
        raise MessageError(f"{field} must be 1 or -1, not {excerpt(value)}")
    return value


def _step(value: Any, field: str) -> int:
    return _whole(value, field, 0)


def _seat(value: Any, field: str) -> int | None:
    if value is None:
        return None
    return _whole(value, field, 0)


def _seed(value: Any, field: str) -> int | None:
    if value is None:
        return None
    return _whole(value, field, 0)


#: Largest number accepted in a number field (a JSON number can be any length).
MAX_NUMBER = 1e9


def _number(value: Any, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise MessageError(f"{field} must be a number, not {excerpt(value)}")
    # Compared before float(): a 400-digit int would overflow it.
    if (isinstance(value, float) and not math.isfinite(value)) or abs(value) > MAX_NUMBER:
        raise MessageError(
            f"{field} must be a number from {-MAX_NUMBER:g} to {MAX_NUMBER:g}, not {excerpt(value)}"
        )
    return float(value)


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise MessageError(f"{field} must be true or false, not {excerpt(value)}")
    return value


def _action_id(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise MessageError(f"{field} must be an action id (text), not {excerpt(value)}")
    if len(value) > MAX_ID_CHARS:
        raise MessageError(
            f"{field} is {len(value):,} characters long ({excerpt(value)}); "
            f"action ids are at most {MAX_ID_CHARS}"
        )
    return value


Check = Callable[[Any, str], Any]

#: Every message type and its fields: name -> (check, required).
MESSAGES: dict[str, dict[str, tuple[Check, bool]]] = {
    "step": {"by": (_by, True)},
    "seek": {"step": (_step, True)},
    "tick": {},
    "play": {},
    "pause": {},
    "speed": {"value": (_number, True)},
    "reset": {},
    "perspective": {"seat": (_seat, True)},
    "new_game": {"seed": (_seed, False)},
    "save": {},
    # The step the move was chosen at: a click that arrives after the table moved on
    # (a double-click, a second tab) is refused instead of played at another step.
    "action": {"id": (_action_id, True), "seat": (_seat, False), "step": (_step, True)},
    "coach": {"on": (_flag, True)},
}


def check_message(content: Any) -> dict[str, Any]:
    """The message with its fields checked, or :class:`MessageError` saying what is wrong.

    Ranges that depend on the game (the last step, the number of seats, the
    speed limits) are checked by the explorer itself.
    """
    if not isinstance(content, Mapping):
        raise MessageError(f"a message from the browser must be an object, not {excerpt(content)}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in MESSAGES:
        raise MessageError(
            f"unknown message type {excerpt(kind)}; the types are {sorted(MESSAGES)}"
        )
    fields = MESSAGES[kind]
    for key in content:
        if key != "type" and key not in fields:
            allowed = ", ".join(repr(name) for name in fields) or "none"
            raise MessageError(
                f"a {kind!r} message has no field {excerpt(key, 30)} (its fields: {allowed})"
            )
    checked: dict[str, Any] = {"type": kind}
    for name, (check, required) in fields.items():
        if name in content:
            checked[name] = check(content[name], f"{kind}.{name}")
        elif required:
            raise MessageError(f"a {kind!r} message needs the field {name!r}")
        else:
            checked[name] = None
    return checked


def refuse_trait_update(widget: Any, sync_data: Any) -> str:
    """Undo a trait update sent by the browser and say why, in words.

    Sends Python's values of the traits named back to the browser, so its copy
    matches again; Python's values never changed.
    """
    names = sorted(str(n) for n in sync_data) if isinstance(sync_data, Mapping) else []
    known = [n for n in names if n in widget.keys]
    if known:
        widget.send_state(known)
    shown = ", ".join(excerpt(n, 30) for n in names[:5]) or "nothing"
    return (
        f"the browser may not set {shown} directly (the table's state belongs to Python; "
        "use the controls); the change was undone"
    )


def clip_error(text: str) -> str:
    """``text`` cut to :data:`MAX_ERROR_CHARS` for the ``error`` trait."""
    if len(text) <= MAX_ERROR_CHARS:
        return text
    return text[: MAX_ERROR_CHARS - 1] + "…"

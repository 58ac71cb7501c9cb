"""Verdicts on a student's answer, and reading any object a student hands in without raising.

A lesson must keep going whatever a student types: a numpy number, a 5,000-digit
integer, a string pasted from a PDF, or an object whose ``repr`` raises. So every
kind of answer reads the student's object through the helpers here, which turn
anything unreadable into a verdict ("we wanted a number"), never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monopoly_widgets.core.validation import excerpt

#: Verdicts, from best to worst. ``close`` means right but not precise enough.
CORRECT, CLOSE, WRONG, INVALID = "correct", "close", "wrong", "invalid"

#: A typed answer longer than this is not an answer to a lesson's question.
LONGEST_TEXT = 60

#: Characters of a student's answer quoted back in a message.
QUOTED_CHARS = 30


@dataclass(frozen=True)
class Verdict:
    """What a kind of answer makes of one student answer."""

    status: str
    message: str


def right_or_wrong(right: bool) -> Verdict:
    return Verdict(CORRECT, "correct!") if right else Verdict(WRONG, "not quite: try again.")


def quote(value: Any) -> str:
    """A short excerpt of any object, for a message; never raises.

    Python refuses to print an int of more than 4,300 digits, and a student's own
    class may raise in ``__repr__``, so both get a description instead.
    """
    try:
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 100:
            return f"a whole number with about {int(value.bit_length() * 0.30103) + 1} digits"
        text = excerpt(value, QUOTED_CHARS)
    except Exception:  # noqa: BLE001 - the student's object may raise anything
        return f"an object of type {type_name(value)}"
    # A default repr, or one that raised (reprlib then shows a memory address), says
    # nothing a student can use: name the type instead.
    if not isinstance(value, str) and text.startswith("<"):
        return f"an object of type {type_name(value)}"
    return text


def type_name(value: Any) -> str:
    """The name of an object's type, as a student would recognise it."""
    try:
        return str(type(value).__name__)[:QUOTED_CHARS]
    except Exception:  # noqa: BLE001
        return "unknown"


def from_numpy(value: Any) -> bool:
    """Is ``value`` a numpy scalar (its own bool, integer and float types)?"""
    try:
        return type(value).__module__ == "numpy"
    except Exception:  # noqa: BLE001
        return False


def is_numpy_bool(value: Any) -> bool:
    return from_numpy(value) and type_name(value) in ("bool_", "bool")


def too_long(text: str) -> Verdict | None:
    """A verdict for text too long to be an answer, or None if its length is fine."""
    if len(text) <= LONGEST_TEXT:
        return None
    return Verdict(
        INVALID,
        f"that answer has {len(text):,} characters, too long to be an answer here "
        f"(it starts {quote(text)}).",
    )

"""Errors a teacher or student can read.

Every error says *what* was wrong and, where a file or dict is involved, *which
field*: a lesson set up by hand should fail loudly and precisely, never half-load.
"""

from __future__ import annotations

#: Longest error message: a safety net behind the short excerpts (``core/validation.py``),
#: so that no error ever carries a megabyte of someone's input.
MAX_MESSAGE_CHARS = 600


class MonopolyWidgetsError(Exception):
    """Base class for every error this package raises on purpose.

    Every subclass is also a ``ValueError``. Messages longer than
    :data:`MAX_MESSAGE_CHARS` are cut, ending in "…".
    """

    def __init__(self, *args: object) -> None:
        if args and isinstance(args[0], str) and len(args[0]) > MAX_MESSAGE_CHARS:
            args = (args[0][: MAX_MESSAGE_CHARS - 1] + "…", *args[1:])
        super().__init__(*args)


class IllegalActionError(MonopolyWidgetsError, ValueError):
    """An action that the rules do not allow right now.

    The message always says why, for example "you have already used your 3 plays
    this turn (rulebook: On Your Turn)". The game is left unchanged.
    """


class OptionError(MonopolyWidgetsError, ValueError):
    """An unknown rule option, or a value it does not accept."""


class InputError(MonopolyWidgetsError, ValueError):
    """An argument of the wrong type or out of range: a step, a seat, a speed, a file name.

    The message names the argument and the values it accepts, for example
    "step must be a whole number from 0 to 12, not '3'". Nothing was changed.
    """


class MessageError(InputError):
    """A message or trait update from the browser that the widget refuses (and reverts)."""


class PositionError(MonopolyWidgetsError, ValueError):
    """A hand-written position that cannot be set up; the message names the field."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = _clip(field, 120)
        self.problem = _clip(problem, MAX_MESSAGE_CHARS)
        super().__init__(f"{self.field}: {self.problem}")


class SavedGameError(MonopolyWidgetsError, ValueError):
    """A saved game (JSON) that is malformed or tampered with; names the field."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = _clip(field, 120)
        self.problem = _clip(problem, MAX_MESSAGE_CHARS)
        super().__init__(f"{self.field}: {self.problem}")


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"

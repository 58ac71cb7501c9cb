"""Errors a teacher or student can read.

Every error says *what* was wrong and, where a file or dict is involved, *which
field*: a lesson set up by hand should fail loudly and precisely, never half-load.
"""

from __future__ import annotations


class MonopolyWidgetsError(Exception):
    """Base class for every error this package raises on purpose."""


class IllegalActionError(MonopolyWidgetsError, ValueError):
    """An action that the rules do not allow right now.

    The message always says why, for example "you have already used your 3 plays
    this turn (rulebook: On Your Turn)". The game is left unchanged.
    """


class OptionError(MonopolyWidgetsError, ValueError):
    """An unknown rule option, or a value it does not accept."""


class PositionError(MonopolyWidgetsError, ValueError):
    """A hand-written position that cannot be set up; the message names the field."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


class SavedGameError(MonopolyWidgetsError, ValueError):
    """A saved game (JSON) that is malformed or tampered with; names the field."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")

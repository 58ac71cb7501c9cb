"""An exercise: a question, the kind of answer it wants, and how to work out the answer."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from monopoly_widgets.core.errors import MonopolyWidgetsError
from monopoly_widgets.lessons.answers import AnswerKind


class LessonError(MonopolyWidgetsError, ValueError):
    """A check called wrongly by the lesson's author (an unknown exercise, a missing input).

    This is the author's mistake, not the student's, so it is raised; a student's
    answer never raises.
    """


@dataclass(frozen=True)
class Exercise:
    """One exercise. ``solve`` computes the model answer from the inputs the check is given.

    ``solve`` takes keyword arguments (for example ``summary``, the tournament the
    notebook just ran), so the answer always agrees with what the notebook computed.
    """

    key: str
    question: str
    expects: AnswerKind
    solve: Callable[..., Any]
    hint: str = ""
    needs: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.needs:
            names = tuple(inspect.signature(self.solve).parameters)
            object.__setattr__(self, "needs", names)

    def context(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The inputs ``solve`` needs, from ``given``; names what is missing or extra."""
        missing = [name for name in self.needs if name not in given]
        extra = [name for name in given if name not in self.needs]
        if missing or extra:
            wanted = ", ".join(f"{name}=..." for name in self.needs) or "nothing more"
            raise LessonError(
                f"check({self.key!r}, answer, ...) needs {wanted}"
                + (f"; missing {', '.join(missing)}" if missing else "")
                + (f"; not used: {', '.join(extra)}" if extra else "")
            )
        return dict(given)

"""An exercise: a question, the kind of answer it wants, and how to work out the answer.

Everything an exercise says about its answer is *computed* from the same inputs
(``solve`` for the model answer, each :class:`Mistake` for a common wrong answer,
``working`` for the worked solution), so the answer, the coaching and the working
always agree with the numbers the notebook (or the student's variant) produced.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from monopoly_widgets.core.errors import MonopolyWidgetsError
from monopoly_widgets.lessons.answers import AnswerKind

#: Keyword names ``check`` keeps for itself, so no ``solve`` may take them as inputs.
RESERVED_INPUTS = ("student", "attempt")


class LessonError(MonopolyWidgetsError, ValueError):
    """A check called wrongly by the lesson's author (an unknown exercise, a missing input).

    This is the author's mistake, not the student's, so it is raised; a student's
    answer never raises.
    """


@dataclass(frozen=True)
class Mistake:
    """A common wrong answer, worked out from the exercise's inputs, with its own message.

    ``solve`` takes the same inputs as the exercise's ``solve`` and returns the value
    a student gets by making this mistake (P(none) instead of P(at least one), drawing
    with replacement, forgetting the cards in your own hand...). A student whose answer
    matches it (by the exercise's own rules for "correct") reads ``message``, which
    says what went wrong without giving the right answer.
    """

    name: str
    solve: Callable[..., Any]
    message: str


@dataclass(frozen=True)
class Exercise:
    """One exercise. ``solve`` computes the model answer from the inputs the check is given.

    ``solve`` takes keyword arguments (for example ``summary``, the tournament the
    notebook just ran), so the answer always agrees with what the notebook computed.

    - ``hints`` are graded: a wrong first try reads the first (a nudge), later tries
      the next ones, so the formula (the last hint) comes only late. ``hint="..."``
      is kept as a one-hint ``hints``.
    - ``mistakes`` name common wrong answers, each with its own message.
    - ``working(**inputs)`` returns the worked solution as text, with the computed
      numbers in it; ``show_me`` and the answer key print it.
    - ``variant(rng)`` returns other inputs (another hand, another number of
      cards) for one student, from a ``random.Random`` seeded by the student's name;
      see :func:`monopoly_widgets.lessons.variant`.
    """

    key: str
    question: str
    expects: AnswerKind
    solve: Callable[..., Any]
    hint: str = ""
    needs: tuple[str, ...] = field(default=())
    hints: tuple[str, ...] = ()
    mistakes: tuple[Mistake, ...] = ()
    working: Callable[..., str] | None = None
    variant: Callable[[random.Random], Mapping[str, Any]] | None = None

    def __post_init__(self) -> None:
        if not self.needs:
            names = tuple(inspect.signature(self.solve).parameters)
            object.__setattr__(self, "needs", names)
        taken = [name for name in self.needs if name in RESERVED_INPUTS]
        if taken:
            raise LessonError(
                f"exercise {self.key!r}: solve may not take {', '.join(taken)} "
                f"(check keeps {', '.join(RESERVED_INPUTS)} for itself)"
            )
        if self.hint and not self.hints:
            object.__setattr__(self, "hints", (self.hint,))
        elif self.hints and not self.hint:
            object.__setattr__(self, "hint", self.hints[0])
        object.__setattr__(self, "hints", tuple(self.hints))
        object.__setattr__(self, "mistakes", tuple(self.mistakes))

    def hint_for(self, attempt: int) -> str:
        """The hint for a wrong answer on try number ``attempt`` (1 is the first)."""
        if not self.hints:
            return ""
        return self.hints[min(max(attempt, 1), len(self.hints)) - 1]

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

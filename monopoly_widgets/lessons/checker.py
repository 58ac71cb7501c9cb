"""Checking a student's answer to an exercise, with feedback a student can act on.

In a lesson notebook an exercise cell looks like::

    e1_answer = ...   # your answer: a whole number of dollars
    check("03-E1", e1_answer)

``check`` prints one line: "not answered yet", "correct!", "close: you rounded to
0.97, we wanted 3 decimal places", or "not quite" with a hint. It never raises on
the student's answer, so "Run All" (and CI, which runs every lesson) goes through
an unanswered exercise. The model answers live in :mod:`monopoly_widgets.lessons.solutions`,
out of the student's view; they are *computed* (from the rules engine, or from the
simulation the notebook just ran, passed in as keyword arguments), never typed.

Teachers write their own exercises with :class:`~monopoly_widgets.lessons.exercise.Exercise`::

    mine = Exercise("my-1", "Chance of two heads", Number(decimals=2), solve=lambda: 0.25)
    check(mine, 0.25)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monopoly_widgets.lessons.answers import CORRECT, WRONG, Verdict
from monopoly_widgets.lessons.exercise import Exercise, LessonError

#: The placeholder a student replaces: ``e1_answer = ...``.
PLACEHOLDER = Ellipsis


@dataclass(frozen=True)
class Feedback:
    """The outcome of one check: ``status`` is correct, close, wrong, invalid or unanswered."""

    key: str
    status: str
    message: str

    @property
    def correct(self) -> bool:
        return self.status == CORRECT

    def __str__(self) -> str:
        return f"{self.key}: {self.message}"


def _exercise(exercise: str | Exercise) -> Exercise:
    if isinstance(exercise, Exercise):
        return exercise
    from monopoly_widgets.lessons.solutions import EXERCISES

    try:
        return EXERCISES[str(exercise).strip().upper()]
    except KeyError:
        known = ", ".join(EXERCISES)
        raise LessonError(
            f"there is no exercise {str(exercise)[:20]!r}; the lessons' exercises are {known}"
        ) from None


def model_answer(exercise: str | Exercise, **context: Any) -> Any:
    """The model answer of ``exercise``, computed from ``context`` (for teachers and tests)."""
    found = _exercise(exercise)
    return found.solve(**found.context(context))


def grade(exercise: str | Exercise, answer: Any, **context: Any) -> Feedback:
    """Judge ``answer`` and return the :class:`Feedback` (``check`` prints it instead)."""
    found = _exercise(exercise)
    if answer is PLACEHOLDER:
        return Feedback(
            found.key,
            "unanswered",
            f"not answered yet. Replace the ... with {found.expects.describe()}, "
            "then run this cell again.",
        )
    verdict: Verdict = found.expects.judge(answer, model_answer(found, **context))
    message = verdict.message
    if verdict.status == WRONG and found.hint:
        message += f" Hint: {found.hint}"
    return Feedback(found.key, verdict.status, message)


def check(exercise: str | Exercise, answer: Any, **context: Any) -> None:
    """Print friendly feedback on ``answer`` to ``exercise`` (never raises on the answer)."""
    print(grade(exercise, answer, **context))


def reveal(exercise: str | Exercise, **context: Any) -> None:
    """Print the model answer, for the teacher's copy (same arguments as ``check``)."""
    found = _exercise(exercise)
    print(f"{found.key} ({found.question}): {model_answer(found, **context)!r}")

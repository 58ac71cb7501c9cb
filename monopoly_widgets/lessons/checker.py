"""Checking a student's answer to an exercise, with feedback a student can act on.

In a lesson notebook an exercise cell looks like::

    e1_answer = ...   # your answer: a whole number of dollars
    check("03-E1", e1_answer, hand=green_hand)

``check`` prints one line: "not answered yet", "correct!", "close: you rounded to
0.97, we wanted 3 decimal places", a message about a common mistake, or "not
quite" with a hint that gets more specific with each try. It never raises on the
student's answer, so "Run All" (and CI, which runs every lesson) goes through an
unanswered exercise. The answer is never printed before the student has tried:
after a correct answer ``check`` shows the exact value, and ``show_me`` shows the
answer with its working when the student chooses to see it.

The model answers live in :mod:`monopoly_widgets.lessons.solutions`, out of the
student's view; they are *computed* (from the rules engine, or from the simulation
the notebook just ran, passed in as keyword arguments), never typed.

Teachers write their own exercises with :class:`~monopoly_widgets.lessons.exercise.Exercise`::

    mine = Exercise("my-1", "Chance of two heads", Number(decimals=2), solve=lambda: 0.25)
    check(mine, 0.25)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.lessons.answers import CLOSE, CORRECT, INVALID, WRONG, Number, Verdict
from monopoly_widgets.lessons.exercise import Exercise, LessonError, Mistake
from monopoly_widgets.lessons.record import record_for
from monopoly_widgets.lessons.say import say
from monopoly_widgets.lessons.students import student_name, student_seed
from monopoly_widgets.lessons.verdict import quote, type_name

#: The placeholder a student replaces: ``e1_answer = ...``.
PLACEHOLDER = Ellipsis

#: From this try on, a wrong answer also says how to see the worked answer.
OFFER_SHOW_ME_FROM_TRY = 3


@dataclass(frozen=True)
class Feedback:
    """The outcome of one check: ``status`` is correct, close, wrong, invalid or unanswered.

    ``attempt`` is the try it answers (1 is the first); ``mistake`` names the common
    mistake the answer matched, if any.
    """

    key: str
    status: str
    message: str
    attempt: int = 1
    mistake: str | None = None

    @property
    def correct(self) -> bool:
        return self.status == CORRECT

    def __str__(self) -> str:
        return f"{self.key}: {self.message}"


def find_exercise(exercise: str | Exercise) -> Exercise:
    """The exercise itself, or the lessons' exercise with that key (any capitals)."""
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


def variant(exercise: str | Exercise, student: str | None = None) -> dict[str, Any]:
    """The inputs of ``student``'s own version of ``exercise`` (another hand, another count).

    The same name always gives the same variant (SHA-256 of the name seeds
    ``core.rng.make_rng``); different names almost always give different ones.
    With no name (and none set by ``set_student``) it is the class's shared
    variant, the same for everyone. An exercise without variants raises
    :class:`LessonError`.
    """
    found = find_exercise(exercise)
    name = student_name(student)
    if found.variant is None:
        raise LessonError(f"exercise {found.key} has no variants; it is the same for everyone")
    seed = student_seed(name if name is not None else "")
    chosen = dict(found.variant(make_rng(seed, "variant", found.key)))
    unknown = [input_name for input_name in chosen if input_name not in found.needs]
    if unknown:
        raise LessonError(
            f"exercise {found.key}: its variant gives {', '.join(unknown)}, "
            "which solve does not take"
        )
    return chosen


def inputs(exercise: str | Exercise, student: str | None = None, **context: Any) -> dict[str, Any]:
    """The inputs ``solve`` gets: ``context``, and the student's variant for the rest.

    Inputs passed by name win over the variant's, so a notebook may pass
    ``**variant(key, student)`` (the numbers it showed the student) or nothing.
    """
    found = find_exercise(exercise)
    if found.variant is not None and any(name not in context for name in found.needs):
        context = {**variant(found, student), **context}
    return found.context(context)


def model_answer(exercise: str | Exercise, /, *, student: str | None = None, **context: Any) -> Any:
    """The model answer of ``exercise``, computed from ``context`` (for teachers and tests).

    For a named ``student``, the answer to their own version: the version's inputs win
    over the same inputs in ``context``, which a teacher copies from the lesson or the
    answer key and so are the shared version's (``check`` is different: there the inputs
    given are the ones the student was shown).
    """
    found = find_exercise(exercise)
    if found.variant is not None and student is not None:
        context = {**context, **variant(found, student)}
    return found.solve(**inputs(found, student, **context))


def grade(
    exercise: str | Exercise,
    answer: Any,
    /,
    *,
    student: str | None = None,
    attempt: int = 1,
    **context: Any,
) -> Feedback:
    """Judge ``answer`` as try number ``attempt``; returns the :class:`Feedback`.

    Pure: nothing is counted or recorded (``check`` counts the tries and prints).
    """
    found = find_exercise(exercise)
    if answer is PLACEHOLDER:
        return Feedback(
            found.key,
            "unanswered",
            f"not answered yet. Replace the ... with {found.expects.describe()}, "
            "then run this cell again.",
            attempt,
        )
    given = inputs(found, student, **context)
    model = found.solve(**given)
    verdict = _judged(found, answer, model)
    if verdict.status == CORRECT:
        return Feedback(
            found.key, CORRECT, verdict.message + _exactly(found, answer, model), attempt
        )
    if verdict.status == CLOSE:
        # "Close" is for a right answer rounded too far. An answer that *is* a mistake's
        # value (0.3 for 1/3 is 3/10, one over three written as 0.3) is that mistake.
        mistake = _mistake_made(found, answer, model, given, (CORRECT,))
        if mistake is not None:
            return Feedback(found.key, WRONG, mistake.message, attempt, mistake.name)
    if verdict.status != WRONG:
        return Feedback(found.key, verdict.status, verdict.message, attempt)
    mistake = _mistake_made(found, answer, model, given, (CORRECT, CLOSE))
    if mistake is not None:
        return Feedback(found.key, WRONG, mistake.message, attempt, mistake.name)
    message = verdict.message
    hint = found.hint_for(attempt)
    if hint:
        message += f" Hint: {hint}"
    if attempt >= OFFER_SHOW_ME_FROM_TRY:
        message += (
            f' (Stuck? show_me("{found.key}", ...) with the same inputs'
            " shows the answer and its working.)"
        )
    return Feedback(found.key, WRONG, message, attempt)


def _mistake_made(
    found: Exercise, answer: Any, model: Any, given: dict[str, Any], matches: tuple[str, ...]
) -> Mistake | None:
    """The first of the exercise's common mistakes whose value ``answer`` matches, if any."""
    for mistake in found.mistakes:
        wrong_value = mistake.solve(**given)
        if _same(found, wrong_value, model):
            continue  # for these inputs the mistake gives the right answer: nothing to say
        if _judged(found, answer, wrong_value).status in matches:
            return mistake
    return None


def _judged(found: Exercise, answer: Any, model: Any) -> Verdict:
    """The kind's verdict; an answer whose own methods raise is invalid, never a traceback."""
    try:
        return found.expects.judge(answer, model)
    except Exception:  # noqa: BLE001 - a student's object may raise anything
        return Verdict(
            INVALID,
            f"we could not read that {type_name(answer)}: we wanted {found.expects.describe()}.",
        )


def _same(found: Exercise, value: Any, model: Any) -> bool:
    try:
        return found.expects.judge(value, model).status == CORRECT
    except Exception:  # noqa: BLE001
        return False


def _exactly(found: Exercise, answer: Any, model: Any) -> str:
    """After a right answer, the exact value, when the student's was a rounding of it."""
    if not isinstance(found.expects, Number) or not isinstance(model, Fraction):
        return ""
    if model.denominator == 1 or answer == model:
        return ""
    return f" Exactly: {found.expects.show(model)}."


def check(
    exercise: str | Exercise, answer: Any, /, *, student: str | None = None, **context: Any
) -> None:
    """Print friendly feedback on ``answer`` to ``exercise`` (never raises on the answer).

    Each checked answer is a try, counted per exercise and per student in this
    kernel and kept in the student's attempt record (:mod:`~monopoly_widgets.lessons.record`).
    The same answer as last time (the cell run again, "Run All") is not a new try.
    """
    say(submit(exercise, answer, student=student, **context))


def submit(
    exercise: str | Exercise, answer: Any, /, *, student: str | None = None, **context: Any
) -> Feedback:
    """Grade ``answer`` as the student's next try, record it, and return the feedback.

    ``check`` prints this; the question widget shows it.
    """
    found = find_exercise(exercise)
    name = student_name(student)
    if answer is PLACEHOLDER:
        return grade(found, answer, student=name, **context)
    record = record_for(name)
    said = quote(answer)
    if record.same_as_last(found.key, said):  # the same cell run again: the same try
        return grade(found, answer, student=name, attempt=record.tries(found.key), **context)
    feedback = grade(found, answer, student=name, attempt=record.tries(found.key) + 1, **context)
    record.note_try(found.key, feedback.status, said)
    if record.student:  # a class joined with mw.join gets the record as it grows
        from monopoly_widgets.classroom.hand_in import hand_in_if_joined

        hand_in_if_joined("record", record.to_json())
    return feedback


def worked_solution(
    exercise: str | Exercise, /, *, student: str | None = None, heading: bool = True, **context: Any
) -> str:
    """The model answer, written out for a reader, with the exercise's working if it has one.

    The first line names the exercise (``heading=False``: just "Answer: ..." for a
    widget that already shows its question).
    """
    found = find_exercise(exercise)
    given = inputs(found, student, **context)
    model = found.solve(**given)
    shown = found.expects.show(model)
    lines = [f"{found.key} ({found.question}): {shown}" if heading else f"Answer: {shown}"]
    if found.working is not None:
        lines.append(str(found.working(**given)).strip())
    return "\n".join(lines)


def show_me(exercise: str | Exercise, /, *, student: str | None = None, **context: Any) -> None:
    """Print the answer with its working, because the student chose to see it.

    The choice is kept in the student's record ("shown"), so a teacher can tell a
    worked answer from a looked-up one.
    """
    found = find_exercise(exercise)
    name = student_name(student)
    text = worked_solution(found, student=name, **context)
    record_for(name).note_shown(found.key)
    say(text)


def reveal(exercise: str | Exercise, /, *, student: str | None = None, **context: Any) -> None:
    """Print the model answer and its working, for the teacher's copy (nothing is recorded)."""
    say(worked_solution(exercise, student=student, **context))

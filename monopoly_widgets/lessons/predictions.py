"""Predict, then check: a student's guess is kept before the result, then set beside it.

A guess made *before* seeing the simulation is what makes the result surprising,
and the surprise is what teaches (issue 25 §2.2). So ``predict`` answers without
revealing anything, a guess cannot be changed once it has been compared, and the
guess goes in the student's attempt record for the teacher to see.

Run All runs every cell, so a result printed below an unmade guess would spoil it
(issue 43). A lesson therefore shows a predicted result only inside
``if predicted(name):``, the way 05-E3 shows its games only once ``e3_answer`` is
given, and ``compare_prediction`` holds the result back while there is no guess.
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.lessons.checker import PLACEHOLDER
from monopoly_widgets.lessons.exercise import LessonError
from monopoly_widgets.lessons.numbers import Number, Unreadable
from monopoly_widgets.lessons.record import PredictionRecord, record_for
from monopoly_widgets.lessons.say import say
from monopoly_widgets.lessons.students import student_name
from monopoly_widgets.lessons.verdict import quote

#: Reads a guess in any of the forms a student types: 0.4, "40%", "2/5", "0,4".
_GUESS = Number(decimals=0, percent=True)


def _checked_name(name: Any) -> str:
    if not isinstance(name, str) or not 0 < len(name.strip()) <= 40:
        raise LessonError(
            f'a prediction needs a short name in quotes, like "jsn", not {quote(name)}'
        )
    return name.strip()


def _read_guess(value: Any) -> PredictionRecord:
    try:
        reading = _GUESS.read(value)
    except Unreadable:
        return PredictionRecord(quote(value), None, False)
    if abs(reading.value) > 10**15:
        return PredictionRecord(quote(value), None, False)
    text = value.strip() if isinstance(value, str) else f"{float(reading.value):.6g}"
    return PredictionRecord(text[:60], float(reading.value), reading.percent)


def _shown(value: float, percent: bool) -> str:
    return f"{value * 100:.3g}%" if percent else f"{value:.3g}"


def predict(name: str, value: Any, /, *, student: str | None = None) -> None:
    """Keep the student's guess for ``name`` (say, "jsn"); prints a note, reveals nothing.

    The guess may be changed until it has been compared with the result; after that
    it stays, so the record shows what the student really expected.
    """
    key = _checked_name(name)
    if value is PLACEHOLDER:
        say(f"{key}: not predicted yet. Replace the ... with your guess, then run this cell.")
        return
    record = record_for(student_name(student))
    before = record.predictions.get(key)
    if before is not None and before.actual is not None:
        say(f"{key}: you already compared your guess of {before.text} with the result; it stays.")
        return
    guess = _read_guess(value)
    record.predictions[key] = guess
    record.save()
    changed = f" (it was {before.text})" if before is not None and before.text != guess.text else ""
    say(
        f"{key}: noted, you predict {guess.text}{changed}. "
        f'Run the experiment, then compare_prediction("{key}", result).'
    )


def predicted(name: str, /, *, student: str | None = None, quiet: bool = False) -> bool:
    """Has the student predicted ``name``? If not, say that the result waits for the guess.

    ``quiet=True`` only answers (for a second cell of the same result, such as its chart).
    """
    key = _checked_name(name)
    if key in record_for(student_name(student)).predictions:
        return True
    if not quiet:
        say(
            f"{key}: the result is held until you predict. Type your guess in the predict "
            "cell above, run it, then run this cell again."
        )
    return False


def compare_prediction(
    name: str, actual: Any, /, *, student: str | None = None, source: str = "the result"
) -> None:
    """Print the guess beside the result: "you said 40%; the simulation says 61%".

    ``actual`` is the computed result; ``source`` names where it comes from ("the
    simulation", "the exact odds"). With no guess yet, it says so kindly and
    holds the result back: shown before the guess, it would spoil it.
    """
    key = _checked_name(name)
    record = record_for(student_name(student))
    guess = record.predictions.get(key)
    says = f"{source} is" if source == "the result" else f"{source} says"
    try:
        result = float(actual)
    except (TypeError, ValueError, OverflowError):
        raise LessonError(
            f"compare_prediction needs the result as a number, not {quote(actual)}"
        ) from None
    if guess is None:
        say(
            f"{key}: you have not predicted yet, so {source} is held back. Guess first "
            "with predict(...), then run this cell again: the surprise is what teaches."
        )
        return
    if guess.actual is None:
        guess.actual = result
        record.save()
    if guess.value is None:
        say(f"{key}: you said {guess.text}; {says} {_shown(result, guess.percent)}.")
        return
    gap = result - guess.value
    unit = " percentage points" if guess.percent else ""
    size = _shown(abs(gap), False) if not guess.percent else f"{abs(gap) * 100:.3g}"
    how = (
        "spot on"
        if abs(gap) < 0.005 * max(1.0, abs(result))
        else (f"{size}{unit} {'low' if gap > 0 else 'high'}")
    )
    say(f"{key}: you said {guess.text}; {says} {_shown(result, guess.percent)} ({how}).")

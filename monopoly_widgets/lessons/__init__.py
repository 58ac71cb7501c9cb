"""Exercises in the lessons: friendly checks, coaching, variants, and a record to hand in.

In a notebook::

    from monopoly_widgets.lessons import check, show_me

    e1_answer = ...           # the student replaces ... with an answer
    check("03-E1", e1_answer, hand=green_hand)

prints "not answered yet", "correct!", "close: you rounded to 0.97, we wanted 3
decimal places", a message naming a common mistake, or "not quite" with a hint
that gets more specific each try; it never raises on the answer. ``show_me``
prints the answer with its working when the student chooses; ``predict`` and
``compare_prediction`` keep a prediction and set it beside the result;
``Question`` asks without a code cell; ``say`` prints a long line broken at spaces, so
it reads on a projector (JupyterLab cuts long output lines inside words). The model answers are in
:mod:`monopoly_widgets.lessons.solutions`; ``reveal`` and ``write_answer_key``
are for the teacher. See docs/teaching-guide.md and docs/api.md.
"""

from monopoly_widgets.lessons.answer_key import write_answer_key
from monopoly_widgets.lessons.answers import Choice, Number, Seat, Truth, Whole
from monopoly_widgets.lessons.checker import (
    Feedback,
    check,
    grade,
    model_answer,
    reveal,
    show_me,
    submit,
    variant,
    worked_solution,
)
from monopoly_widgets.lessons.exercise import Exercise, LessonError, Mistake
from monopoly_widgets.lessons.pooling import pool_predictions, pool_records
from monopoly_widgets.lessons.predictions import compare_prediction, predict, predicted
from monopoly_widgets.lessons.question import Question
from monopoly_widgets.lessons.record import read_record
from monopoly_widgets.lessons.say import say
from monopoly_widgets.lessons.students import set_student

__all__ = [
    "Choice",
    "Exercise",
    "Feedback",
    "LessonError",
    "Mistake",
    "Number",
    "Question",
    "Seat",
    "Truth",
    "Whole",
    "check",
    "compare_prediction",
    "grade",
    "model_answer",
    "pool_predictions",
    "pool_records",
    "predict",
    "predicted",
    "read_record",
    "reveal",
    "say",
    "set_student",
    "show_me",
    "submit",
    "variant",
    "worked_solution",
    "write_answer_key",
]

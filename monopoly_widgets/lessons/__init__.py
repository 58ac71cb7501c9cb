"""Exercises in the lessons: friendly checks, and a way for teachers to write their own.

In a notebook::

    from monopoly_widgets.lessons import check

    e1_answer = ...           # the student replaces ... with an answer
    check("03-E1", e1_answer, hand=green_hand)

prints "not answered yet", "correct!", "close: you rounded to 0.97, we wanted 3
decimal places" or "not quite" with a hint, and never raises on the answer. The
model answers are in :mod:`monopoly_widgets.lessons.solutions`; ``reveal`` prints
one for the teacher. See docs/teaching-guide.md.
"""

from monopoly_widgets.lessons.answers import Choice, Number, Seat, Truth, Whole
from monopoly_widgets.lessons.checker import Feedback, check, grade, model_answer, reveal
from monopoly_widgets.lessons.exercise import Exercise, LessonError

__all__ = [
    "Choice",
    "Exercise",
    "Feedback",
    "LessonError",
    "Number",
    "Seat",
    "Truth",
    "Whole",
    "check",
    "grade",
    "model_answer",
    "reveal",
]

"""The lessons' exercises and their model answers (the teacher's side; students see questions).

Each answer is *worked out*, by the rules engine or from the results the notebook
just computed (passed to ``check`` by name), so an answer cannot drift from what the
lesson shows. Keys are ``"<notebook number>-E<exercise>"``, as in the notebooks; each
lesson's exercises live in ``lessonNN.py`` here. ``reveal(key, ...)`` prints one;
``tests/lessons`` checks every one.
"""

from __future__ import annotations

from monopoly_widgets.lessons.exercise import Exercise
from monopoly_widgets.lessons.solutions import (
    lesson01,
    lesson02,
    lesson03,
    lesson04,
    lesson05,
    lesson06,
    lesson07,
)

_LESSONS = (lesson01, lesson02, lesson03, lesson04, lesson05, lesson06, lesson07)

#: Every lesson exercise, by key.
EXERCISES: dict[str, Exercise] = {
    exercise.key: exercise for lesson in _LESSONS for exercise in lesson.EXERCISES
}

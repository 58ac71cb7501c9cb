"""Every common mistake of every exercise gets its own verdict, naming it (issue 43, item 4).

For each exercise, with the inputs its notebook really passes, the table below is worked
out: each named misconception and the answer it produces (exactly, and rounded to the
places the exercise asks, as a student types it). The test fails when two
misconceptions produce answers that cannot be told apart, when one produces the right
answer, or when an answer is not diagnosed as the misconception that produced it (for
example 04-E1's adding method once rounded to the right answer and was told "correct!").
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from monopoly_widgets.lessons import Number, grade, model_answer
from monopoly_widgets.lessons.checker import inputs
from monopoly_widgets.lessons.solutions import EXERCISES
from tests.lessons.test_exercises import notebook_for, recorded_checks

WITH_MISTAKES = [key for key, exercise in EXERCISES.items() if exercise.mistakes]


def typed_forms(exercise: Any, value: Any) -> list[Any]:
    """``value`` as a student types it: exactly, and for a number rounded as asked."""
    forms = [value]
    if isinstance(exercise.expects, Number) and not isinstance(value, str):
        places = exercise.expects.decimals
        forms.append(f"{float(value):.{places}f}")
    return forms


def misconception_table(key: str, context: dict[str, Any]) -> list[tuple[str, Any]]:
    """(misconception, the answer it produces) for one exercise, with the notebook's inputs."""
    student = context.get("student")
    given = inputs(key, student, **{name: v for name, v in context.items() if name != "student"})
    return [(mistake.name, mistake.solve(**given)) for mistake in EXERCISES[key].mistakes]


def shown(value: Any) -> str:
    return f"{float(value):.4f}" if isinstance(value, (float, Fraction)) else repr(value)


@pytest.mark.parametrize("key", WITH_MISTAKES)
def test_each_misconception_gets_its_own_verdict(key: str) -> None:
    _, context = recorded_checks(notebook_for(key))[key]
    exercise = EXERCISES[key]
    model = model_answer(key, **context)
    table = misconception_table(key, context)
    described = "\n".join(f"  {name:24} -> {shown(value)}" for name, value in table)
    messages = {mistake.name: mistake.message for mistake in exercise.mistakes}
    assert len(set(messages.values())) == len(messages), f"{key}: two mistakes share a message"
    for name, value in table:
        for form in typed_forms(exercise, value):
            feedback = grade(key, form, **context)
            assert feedback.mistake == name, (
                f"{key}: the answer {form!r} of the misconception {name!r} gets "
                f"{feedback.status} ({feedback.message!r}); model answer {shown(model)}.\n"
                f"The table:\n{described}"
            )
            assert feedback.message == messages[name]

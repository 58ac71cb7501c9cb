"""Every lesson exercise, checked with the inputs its notebook really passes.

Each lesson notebook is run here in this process, top to bottom, with ``check``
replaced by a recorder, so the test sees each exercise's key, the student's
placeholder and the computed inputs (a game, a tournament summary...). Then, for
every exercise: the placeholder gets "not answered yet" (no exception, so the
lesson runs on in class and in CI), the model answer is accepted, a wrong answer
is rejected, the model answer rounded or written another way is accepted, and a
number rounded too far gets "close".
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

import monopoly_widgets.lessons as lessons
from monopoly_widgets.lessons import Number, grade, model_answer
from monopoly_widgets.lessons.solutions import EXERCISES

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
_RECORDED: dict[str, dict[str, tuple[Any, dict[str, Any]]]] = {}


def notebook_for(key: str) -> Path:
    (path,) = NOTEBOOKS.glob(f"{key.split('-')[0]}_*.ipynb")
    return path


def recorded_checks(notebook: Path) -> dict[str, tuple[Any, dict[str, Any]]]:
    """Run ``notebook``'s code cells here; return {key: (answer, inputs)} of its checks."""
    if notebook.stem in _RECORDED:
        return _RECORDED[notebook.stem]
    calls: dict[str, tuple[Any, dict[str, Any]]] = {}

    def recorder(key: str, answer: Any, **context: Any) -> None:
        calls[key] = (answer, context)
        lessons.checker.check(key, answer, **context)  # and it must not raise

    def question(key: str, **context: Any) -> Any:
        """A ``Question`` widget is an unanswered ``check``; it is built to show its errors."""
        calls[key] = (..., context)
        return real_question(key, **context)

    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, Any] = {"__name__": "__lesson__"}
    original, lessons.check = lessons.check, recorder
    real_question, lessons.Question = lessons.Question, question
    here = os.getcwd()
    try:
        os.chdir(notebook.parent)
        with contextlib.redirect_stdout(io.StringIO()):
            for index, cell in enumerate(cells):
                if cell["cell_type"] == "code":
                    source = "".join(cell["source"])
                    exec(compile(source, f"{notebook.name} cell {index}", "exec"), namespace)  # noqa: S102
    finally:
        lessons.check = original
        lessons.Question = real_question
        os.chdir(here)
    _RECORDED[notebook.stem] = calls
    return calls


def test_every_exercise_belongs_to_a_notebook() -> None:
    for key in EXERCISES:
        assert notebook_for(key).exists()


def checked_keys(notebook: Path) -> set[str]:
    """The exercise keys a notebook's code cells pass to ``check`` or ``Question``."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    source = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    return set(re.findall(r"(?:check|Question)\(\s*\"(\d\d-E\d+)\"", source))


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda path: path.stem)
def test_every_check_in_a_notebook_has_a_model_answer(notebook: Path) -> None:
    lesson = notebook.stem.split("_")[0]
    expected = {key for key in EXERCISES if key.startswith(f"{lesson}-")}
    assert checked_keys(notebook) == expected


def test_lesson_07_has_its_three_exercises() -> None:
    assert {"07-E1", "07-E2", "07-E3"} <= checked_keys(notebook_for("07-E1"))


@pytest.mark.parametrize("key", list(EXERCISES))
def test_exercise_check(key: str) -> None:
    calls = recorded_checks(notebook_for(key))
    assert key in calls, f"{notebook_for(key).name} never calls check({key!r}, ...)"
    answer, context = calls[key]
    exercise = EXERCISES[key]

    assert answer is ..., f"{key}: the notebook must leave a placeholder for the student"
    assert grade(key, answer, **context).status == "unanswered"

    model = model_answer(key, **context)
    assert grade(key, model, **context).correct, (key, model)

    wrong = exercise.expects.wrong_answer(model)
    feedback = grade(key, wrong, **context)
    assert feedback.status == "wrong", (key, wrong, feedback)
    named = {mistake.name: mistake.message for mistake in exercise.mistakes}
    if feedback.mistake is not None:  # a common mistake speaks for itself
        assert feedback.message == named[feedback.mistake]
    elif exercise.hint:
        assert exercise.hint in feedback.message

    for form in exercise.expects.equivalent_forms(model):
        assert grade(key, form, **context).correct, (key, form)

    if isinstance(exercise.expects, Number):
        rough = round(float(model), exercise.expects.decimals - 1)
        if abs(rough - float(model)) > 1e-9:
            feedback = grade(key, rough, **context)
            assert feedback.status == "close", (key, rough, feedback)
            assert f"you rounded to {rough}" in feedback.message

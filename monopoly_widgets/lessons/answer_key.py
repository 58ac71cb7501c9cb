"""The teacher's answer key: every exercise's model answer, written out with its working.

The model answers are computed from what each notebook computes (a game, a
tournament), so the key runs each lesson notebook's code here, in this process,
with ``check`` (and ``Question``) replaced by a recorder of the inputs they are
given; then it works every answer out and writes it as a teacher reads it: the
fraction, the decimal, the percentage, and the working with the computed numbers
(not a bare ``Fraction(5093672, 8445073)``), plus the exercise's hints and common
mistakes.

From a shell (see :mod:`monopoly_widgets.lessons.__main__`)::

    python -m monopoly_widgets.lessons answer-key --out answer-key.md --notebooks notebooks
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from monopoly_widgets.core import files
from monopoly_widgets.core.validation import excerpt
from monopoly_widgets.lessons.checker import find_exercise, worked_solution
from monopoly_widgets.lessons.exercise import Exercise, LessonError

#: The first line of every key this module writes: only such a file is ever replaced.
MARKER = "<!-- monopoly-widgets answer key, made by lessons.write_answer_key -->"

Inputs = dict[str, dict[str, Any]]


@contextlib.contextmanager
def _recording(calls: Inputs) -> Iterator[None]:
    """``check`` and ``Question`` replaced by recorders of each exercise's inputs."""
    import monopoly_widgets.lessons as lessons

    saved = {name: getattr(lessons, name) for name in ("check", "Question", "show_me")}

    def record(key: Any, *_answer: Any, student: Any = None, **context: Any) -> None:
        calls[find_exercise(key).key] = context

    def question(key: Any, *args: Any, student: Any = None, **context: Any) -> Any:
        widget = saved["Question"](key, *args, student=student, **context)
        calls[widget.exercise.key] = dict(context)
        return widget  # the notebook may keep it, and use it

    try:
        lessons.check, lessons.show_me, lessons.Question = record, record, question
        yield
    finally:
        for name, value in saved.items():
            setattr(lessons, name, value)


def collect_inputs(notebook: str | os.PathLike[str]) -> Inputs:
    """Run ``notebook``'s code cells here; return the inputs each exercise was checked with."""
    path = Path(notebook)
    try:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise LessonError(f"{path.name}: not a notebook we can read ({exc})") from None
    calls: Inputs = {}
    namespace: dict[str, Any] = {"__name__": "__lesson__"}
    here = Path.cwd()
    try:
        os.chdir(path.parent)
        with _recording(calls), contextlib.redirect_stdout(io.StringIO()):
            for index, cell in enumerate(cells):
                if cell.get("cell_type") == "code":
                    _run_cell(path, index, "".join(cell.get("source", [])), namespace)
    finally:
        os.chdir(here)
    return calls


def _run_cell(path: Path, index: int, source: str, namespace: dict[str, Any]) -> None:
    """Run one code cell; a failure names the notebook and the cell, not a bare traceback."""
    try:
        exec(compile(source, f"{path.name} cell {index}", "exec"), namespace)  # noqa: S102
    except Exception as exc:  # noqa: BLE001 - any failure of a lesson's own code
        raise LessonError(
            f"{path.name}, code cell {index}: {type(exc).__name__}: {excerpt(str(exc), 120)}"
        ) from exc


def entry(exercise: Exercise, context: dict[str, Any] | None) -> str:
    """One exercise's part of the key, in Markdown."""
    lines = [f"## {exercise.key}: {exercise.question}", ""]
    if context is None and exercise.needs:
        lines += ["*Not worked out: no notebook checks this exercise.*", ""]
        return "\n".join(lines)
    solution = worked_solution(exercise, **(context or {}))
    answer, _, working = solution.partition("\n")
    lines += [f"**Answer:** {answer.split('): ', 1)[-1]}", ""]
    lines += ["**Working:**", "", working, ""] if working else ["*(no working written)*", ""]
    if exercise.hints:
        lines += ["**Hints, in the order students see them:**", ""]
        lines += [f"{number}. {hint}" for number, hint in enumerate(exercise.hints, 1)] + [""]
    if exercise.mistakes:
        lines += ["**Common mistakes the checker recognises:**", ""]
        for mistake in exercise.mistakes:
            wrong = mistake.solve(**(context or {}))
            shown = exercise.expects.show(wrong)
            lines.append(f"- {mistake.name} ({shown}): {mistake.message}")
        lines.append("")
    return "\n".join(lines)


def answer_key(inputs: Inputs, exercises: Sequence[Exercise] | None = None) -> str:
    """The whole key, in Markdown, from each exercise's recorded inputs."""
    if exercises is None:
        from monopoly_widgets.lessons.solutions import EXERCISES

        exercises = list(EXERCISES.values())
    parts = [MARKER, "", "# Answer key", ""]
    parts += [entry(exercise, inputs.get(exercise.key)) for exercise in exercises]
    return "\n".join(parts).rstrip() + "\n"


def write_answer_key(
    out: str | os.PathLike[str],
    notebooks: str | os.PathLike[str] = "notebooks",
    exercises: Sequence[Exercise] | None = None,
) -> Path:
    """Run every lesson notebook in ``notebooks``, then write the key to ``out`` atomically.

    An existing ``out`` is replaced only if this module wrote it (its first line is
    :data:`MARKER`); any other file is left alone, with an error saying so.
    ``exercises`` (default: every lesson exercise) are the ones the key lists.
    """
    folder, target = Path(notebooks), Path(out)
    if not folder.is_dir():
        raise LessonError(f"notebooks must be the folder of lesson notebooks; {folder} is not one")
    if target.exists() and not _made_here(target):
        raise LessonError(
            f"{target} exists and is not an answer key made here; choose another --out"
        )
    inputs: Inputs = {}
    for notebook in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        inputs.update(collect_inputs(notebook))
    text = answer_key(inputs, exercises)
    return files.replace_whole(target, text, "answer key")  # free, or a key made here


def _made_here(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8") as existing:
            return existing.readline().rstrip("\n") == MARKER
    except (OSError, UnicodeDecodeError):
        return False

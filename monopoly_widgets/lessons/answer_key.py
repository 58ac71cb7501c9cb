"""The teacher's answer key: every exercise's model answer, written out with its working.

The model answers are computed from what each notebook computes (a game, a
tournament), so the key runs each lesson notebook's code here, in this process,
with ``check`` (and ``Question``) replaced by a recorder of the inputs they are
given; then it works every answer out and writes it as a teacher reads it: the
fraction, the decimal, the percentage, and the working with the computed numbers
(not a bare ``Fraction(5093672, 8445073)``), plus the exercise's hints and common
mistakes.

Exercises with a version for each student (04-E2, 05-E2: another card, another number
of players) list every named student's version and its answer, for the names given
(``--students class.txt``, one name a line, as the students type them into ``STUDENT``);
the key always says how to get any other student's (``model_answer(key, student=name)``).

From a shell (see :mod:`monopoly_widgets.lessons.__main__`)::

    python -m monopoly_widgets lessons answer-key --out answer-key.md --students class.txt
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from monopoly_widgets.core import files
from monopoly_widgets.core.validation import excerpt
from monopoly_widgets.lessons.checker import (
    find_exercise,
    model_answer,
    variant,
    worked_solution,
)
from monopoly_widgets.lessons.checker import (
    inputs as exercise_inputs,
)
from monopoly_widgets.lessons.exercise import Exercise, LessonError
from monopoly_widgets.lessons.students import student_name

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


def entry(exercise: Exercise, context: dict[str, Any] | None, students: Sequence[str] = ()) -> str:
    """One exercise's part of the key, in Markdown."""
    lines = [f"## {exercise.key}: {exercise.question}", ""]
    if context is None and exercise.variant is not None:
        context = {}  # every input comes from a version (the shared one, or a student's)
    if context is None and exercise.needs:
        lines += ["*Not worked out: no notebook checks this exercise.*", ""]
        return "\n".join(lines)
    if exercise.variant is not None:
        lines += ["*The version shown without a student's name (`STUDENT = None`):*", ""]
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
            wrong = mistake.solve(**exercise_inputs(exercise, None, **(context or {})))
            shown = exercise.expects.show(wrong)
            lines.append(f"- {mistake.name} ({shown}): {mistake.message}")
        lines.append("")
    if exercise.variant is not None:
        lines += versions(exercise, context or {}, students)
    return "\n".join(lines)


def versions(exercise: Exercise, context: dict[str, Any], students: Sequence[str]) -> list[str]:
    """Each named student's version of ``exercise`` and its answer, and how to get others'."""
    lines = [
        "**Each student's version.** A student who typed a name into `STUDENT` has a "
        "version of their own, the same every time for that name. Any student's, in "
        f'Python: `variant("{exercise.key}", "Ana")` gives its inputs and '
        f'`model_answer("{exercise.key}", student="Ana")` its answer (or '
        f'`reveal("{exercise.key}", student="Ana")` with the working). For a whole class: '
        "`python -m monopoly_widgets lessons answer-key --out key.md --students class.txt`, "
        "with one name a line, spelt as the students typed them.",
        "",
    ]
    if not students:
        return lines
    lines += ["| student | version | answer |", "| --- | --- | --- |"]
    for name in students:
        given = variant(exercise, name)
        shown = ", ".join(f"{key} = {value}" for key, value in given.items())
        answer = exercise.expects.show(model_answer(exercise, student=name, **context))
        lines.append(f"| {_cell(name)} | {_cell(shown)} | {_cell(answer)} |")
    return [*lines, ""]


def _cell(text: str) -> str:
    """``text`` as plain text in a Markdown table cell: no markup, no column break."""
    return html.escape(text).replace("|", "&#124;").replace("\n", " ")


def answer_key(
    inputs: Inputs, exercises: Sequence[Exercise] | None = None, students: Sequence[str] = ()
) -> str:
    """The whole key, in Markdown, from each exercise's recorded inputs; ``students``: the
    names whose own versions are listed."""
    if exercises is None:
        from monopoly_widgets.lessons.solutions import EXERCISES

        exercises = list(EXERCISES.values())
    names = class_list(students)
    parts = [MARKER, "", "# Answer key", ""]
    parts += [entry(exercise, inputs.get(exercise.key), names) for exercise in exercises]
    return "\n".join(parts).rstrip() + "\n"


def class_list(students: Sequence[str]) -> list[str]:
    """The names checked as ``STUDENT`` is (trimmed; a bad one is refused, naming it), once
    each, in the order given; blank lines are skipped."""
    names: dict[str, None] = {}
    for line, given in enumerate(students, 1):
        if not given.strip():
            continue
        try:
            name = student_name(given)
        except LessonError as exc:
            raise LessonError(f"student {line}: {exc}") from None
        assert name is not None
        names.setdefault(name, None)
    return list(names)


def read_class_list(path: str | os.PathLike[str]) -> list[str]:
    """The names in a class list file, one a line (UTF-8 text)."""
    where = Path(path)
    try:
        text = where.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(f"--students {where.name}: cannot be read ({exc})") from None
    return class_list(text.splitlines())


def write_answer_key(
    out: str | os.PathLike[str],
    notebooks: str | os.PathLike[str] = "notebooks",
    exercises: Sequence[Exercise] | None = None,
    students: Sequence[str] = (),
) -> Path:
    """Run every lesson notebook in ``notebooks``, then write the key to ``out`` atomically.

    An existing ``out`` is replaced only if this module wrote it (its first line is
    :data:`MARKER`); any other file is left alone, with an error saying so.
    ``exercises`` (default: every lesson exercise) are the ones the key lists;
    ``students``, the names whose own versions it lists.
    """
    names = class_list(students)  # a bad name is refused before the (slow) run
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
    text = answer_key(inputs, exercises, names)
    return files.replace_whole(target, text, "answer key")  # free, or a key made here


def _made_here(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8") as existing:
            return existing.readline().rstrip("\n") == MARKER
    except (OSError, UnicodeDecodeError):
        return False

"""No exercise shows its answer before the student has answered (issue 25, "predict, then check").

Each lesson notebook runs here as a class runs it: in a fresh kernel, every cell, the
exercises left at their ``...`` placeholder. A first cell (added here, not in the
notebook) wraps ``check`` and ``Question`` so that they note each exercise's key and
inputs. After the run, the kernel works out each exercise's model answer and worked
solution from those very inputs, and the test reads the outputs of the cell that asked the exercise:

- it must say "not answered yet" (the placeholder was left, and nothing raised);
- it must not contain the worked solution's lines, nor the line ``show_me`` prints,
  nor the model answer written out, when that is long enough to be told apart from
  the table around it (a short answer such as ``2`` or ``True`` is shown only by the
  working, which the first check catches: an exercise that played its moves and
  printed the narration, as lessons 01 and 02 once did, fails here).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

RECORD_CHECKS = """
import monopoly_widgets.lessons as _lessons

_checked = []
_real_check = _lessons.check


def _noting_check(exercise, answer, /, **context):
    _checked.append((exercise, context))
    return _real_check(exercise, answer, **context)


_lessons.check = _noting_check
_real_question = _lessons.Question


def _noting_question(exercise, /, **context):
    _checked.append((exercise, context))
    return _real_question(exercise, **context)


_lessons.Question = _noting_question
"""

REPORT_ANSWERS = """
import json as _json
from monopoly_widgets.lessons import model_answer as _model_answer
from monopoly_widgets.lessons import worked_solution as _worked_solution
from monopoly_widgets.lessons.checker import find_exercise as _find_exercise

_report = {}
for _key, _context in _checked:
    _exercise = _find_exercise(_key)
    _model = _model_answer(_key, **_context)
    _report[_exercise.key] = {
        "shown": _exercise.expects.show(_model),
        "forms": [str(form) for form in _exercise.expects.equivalent_forms(_model)],
        "solution": _worked_solution(_key, **_context),
    }
print("ANSWERS" + _json.dumps(_report))
"""

#: A worked-solution line this long is specific enough to look for in an output.
LONGEST_COMMON_LINE = 24
#: An answer written out with this many characters (and a digit) is looked for too.
SHORTEST_DISTINCT_ANSWER = 4


def output_text(cell: Any) -> str:
    """Everything a cell showed, as text: streams, plain text, HTML and JSON data."""
    parts = []
    for output in cell.get("outputs", []):
        parts.append("".join(output.get("text", "")))
        for value in output.get("data", {}).values():
            parts.append(value if isinstance(value, str) else json.dumps(value))
    return "\n".join(parts)


def run_lesson(path: Path) -> tuple[Any, dict[str, dict[str, Any]]]:
    """The executed notebook (without the added cells) and each exercise's answers."""
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(RECORD_CHECKS))
    notebook.cells.append(nbformat.v4.new_code_cell(REPORT_ANSWERS))
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    with client.setup_kernel(env=env):
        for index, cell in enumerate(notebook.cells):
            client.execute_cell(cell, index)
    report = output_text(notebook.cells.pop())
    notebook.cells.pop(0)
    return notebook, json.loads(report[report.index("ANSWERS") + len("ANSWERS") :])


def exercise_cells(notebook: Any) -> dict[str, Any]:
    """The code cell that checks each exercise, by key."""
    cells = {}
    for cell in notebook.cells:
        if cell.cell_type == "code":
            for key in re.findall(r"(?:^check|Question)\(\s*\"(\d\d-E\d+)\"", cell.source, re.M):
                cells[key] = cell
    return cells


def giveaways(shown_text: str, answers: dict[str, Any]) -> list[str]:
    """What of an exercise's answer appears in ``shown_text``."""
    found = []
    solution_lines = [line.strip() for line in answers["solution"].splitlines()]
    for line in solution_lines:
        if len(line) > LONGEST_COMMON_LINE and line in shown_text:
            found.append(f"worked solution line {line[:60]!r}")
    for form in [answers["shown"], *answers["forms"]]:
        distinct = len(form) >= SHORTEST_DISTINCT_ANSWER and re.search(r"\d", form)
        if distinct and re.search(rf"(?<![\w.,]){re.escape(form)}(?![\w]|[.,]\d)", shown_text):
            found.append(f"the answer {form!r}")
    return found


def test_giveaways_finds_a_printed_play_out() -> None:
    """The rule itself: a cell that printed its narration, or the answer, is caught."""
    answers = {
        "shown": "1,050 dollars",
        "forms": ["1050.0", "1,050"],
        "solution": "Green group $350 + 2 houses $700 = $1,050\nTotal $1,050",
    }
    assert giveaways("Total so far: 3 cards in hand", answers) == []
    assert giveaways("Green group $350 + 2 houses $700 = $1,050", answers)
    assert giveaways("the hand scores 1,050", answers)
    assert giveaways("10,500 dollars", answers) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_no_exercise_cell_shows_its_answer(path: Path) -> None:
    notebook, answers = run_lesson(path)
    cells = exercise_cells(notebook)
    assert set(cells) == set(answers), "every exercise cell should call check once"
    for key, cell in cells.items():
        shown = output_text(cell)
        if "Question(" not in cell.source:  # a question widget waits without a message
            assert "not answered yet" in shown, f"{key}: the placeholder's message is missing"
        assert not giveaways(shown, answers[key]), (
            f"{path.name} {key} shows its answer before the student answers: "
            f"{giveaways(shown, answers[key])}"
        )

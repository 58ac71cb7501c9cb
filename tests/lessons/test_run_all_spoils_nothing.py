"""Run All spoils nothing: no prediction's result and no exercise's answer shows too early.

Lesson 04 tells students to Run All, and a class does. So each lesson is run here as
Run All runs it: a fresh kernel, every cell, every exercise and every prediction left
at its ``...``. Then, for each entry of :mod:`tests.lessons.spoilers` (the values and
phrases that give a prediction or an exercise away), the test fails if one of them

- appears in an output: above the exercise's own cell or in it, or, for a result held
  until the student answers (every prediction; 05-E3, 06-E2 and 07-E3), anywhere,
  since nothing was predicted or answered; or
- stands in the prose (markdown) above the cell that asks for the prediction or the
  answer.

Values are worked out in the lesson's own kernel after the run, so they are the
numbers this run printed (or held back), never typed here.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from tests.lessons.spoilers import SPOILERS, Spoiler
from tests.lessons.test_no_answer_shown import ROOT, output_text

NOTEBOOKS = {path.name[:2]: path for path in sorted((ROOT / "notebooks").glob("0*.ipynb"))}
LESSONS = sorted({spoiler.lesson for spoiler in SPOILERS})

VALUES = """
import json as _json
from monopoly_widgets.lessons import model_answer  # noqa: F401 (for the expressions)

_values = {}
for _item, _expressions in _json.loads(%r).items():
    _texts = []
    for _expression in _expressions:
        _value = eval(_expression)
        _texts.extend(_value if isinstance(_value, list) else [str(_value)])
    _values[_item] = _texts
print("VALUES" + _json.dumps(_values))
"""


def run_all(path: Path, spoilers: list[Spoiler]) -> tuple[Any, dict[str, list[str]]]:
    """The lesson as Run All leaves it, and each spoiler's values from its kernel."""
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    wanted = {spoiler.item: list(spoiler.values) for spoiler in spoilers}
    notebook.cells.append(nbformat.v4.new_code_cell(VALUES % json.dumps(wanted)))
    folder = {"metadata": {"path": str(path.parent)}}
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", resources=folder)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with client.setup_kernel(env=env):
        for index, cell in enumerate(notebook.cells):
            client.execute_cell(cell, index)
    report = output_text(notebook.cells.pop())
    return notebook, json.loads(report[report.index("VALUES") + len("VALUES") :])


def appears(text: str, needle: str) -> bool:
    """Is ``needle`` in ``text``, not as part of a longer number or word (any capitals)?"""
    if not needle.strip():
        return False
    pattern = rf"(?<![\w.,]){re.escape(needle)}(?![\w]|[.,]\d)"
    if not needle[-1:].isalnum():
        pattern = rf"(?<![\w.,]){re.escape(needle)}"
    return re.search(pattern, text, re.IGNORECASE) is not None


def spoiled(notebook: Any, spoiler: Spoiler, values: list[str]) -> list[str]:
    """Where ``spoiler``'s phrases and values show before the student has answered."""
    anchors = [i for i, cell in enumerate(notebook.cells) if spoiler.anchor in cell.source]
    if not anchors:
        return [f"no cell asks it (no {spoiler.anchor!r}): nothing is left for the student"]
    found = []
    needles = [*spoiler.phrases, *values]
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown" and index < anchors[0]:
            prose = cell.source
            found += [f"the prose of cell {index}: {n!r}" for n in needles if appears(prose, n)]
        searched = spoiler.held or index <= anchors[0]
        if cell.cell_type == "code" and spoiler.in_outputs and searched:
            shown = output_text(cell)
            found += [f"the output of cell {index}: {n!r}" for n in needles if appears(shown, n)]
    return found


def test_appears_finds_whole_values_only() -> None:
    assert appears("the width is 0.49 times as big", "0.49")
    assert not appears("0.4912", "0.49") and not appears("10.49", "0.49")
    assert appears("Even 9M is not certain.", "even 9M is not certain")
    assert appears("(52.1%, 40% to 60%)", "52.1%")


@pytest.mark.parametrize("lesson", LESSONS)
def test_run_all_spoils_no_prediction_and_no_answer(lesson: str) -> None:
    spoilers = [spoiler for spoiler in SPOILERS if spoiler.lesson == lesson]
    notebook, values = run_all(NOTEBOOKS[lesson], spoilers)
    problems = {
        spoiler.item: where
        for spoiler in spoilers
        if (where := spoiled(notebook, spoiler, values[spoiler.item]))
    }
    assert not problems, f"{NOTEBOOKS[lesson].name} gives away: " + json.dumps(problems, indent=1)

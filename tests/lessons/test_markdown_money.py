"""Lesson text renders as written: money is never typeset as maths.

JupyterLab, Notebook 7, VS Code, Voilà (and GitHub, for docs) read a pair of ``$``
in Markdown as a formula, so "$3M + $4M" becomes run-together italic maths. Money
is written ``\\$3M``. Real formulas (``$1/\\sqrt{n}$``, ``$$...$$``) stay: a pair of
dollars is accepted only when what it encloses looks like maths (a LaTeX command,
``^``, ``_`` or ``{``, or one short symbol such as ``$n$``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
DOCS = [ROOT / "docs" / "teaching-guide.md"]

CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
DOLLAR = re.compile(r"(?<!\\)\$\$|(?<!\\)\$")


def money_as_maths(markdown: str) -> list[str]:
    """The stretches of ``markdown`` that a Markdown renderer would typeset as non-maths."""
    text = CODE.sub(" ", markdown)
    problems: list[str] = []
    singles = []
    inside_display = False
    for match in DOLLAR.finditer(text):
        if match.group() == "$$":
            inside_display = not inside_display
        elif not inside_display:
            singles.append(match.start())
    for opening, closing in zip(singles[::2], singles[1::2], strict=False):
        enclosed = text[opening + 1 : closing]
        looks_like_maths = re.search(r"[\\^_{]", enclosed) or re.fullmatch(r"\S{1,3}", enclosed)
        if not looks_like_maths:
            problems.append(text[opening : closing + 1][:80])
    if len(singles) % 2:
        problems.append("an unpaired $ " + repr(text[singles[-1] : singles[-1] + 20]))
    return problems


def markdown_cells(notebook: Path) -> list[tuple[int, str]]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [
        (index, "".join(cell["source"]))
        for index, cell in enumerate(cells)
        if cell["cell_type"] == "markdown"
    ]


def test_the_rule_catches_money_and_keeps_formulas() -> None:
    assert money_as_maths("rent is now $6M + $3M. Here") == ["$6M + $"]
    assert money_as_maths("a bid of $T M to be, or $2M") == ["$T M to be, or $"]
    assert money_as_maths("it pays $200") == ["an unpaired $ '$200'"]
    assert money_as_maths(r"rent is now \$6M + \$3M, narrows like $1/\sqrt{n}$") == []
    assert money_as_maths("$$P(\\text{none}) = 1$$ and $n$ cards, `$3M` in code") == []


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_no_money_typeset_as_maths_in_notebooks(notebook: Path) -> None:
    found = {index: money_as_maths(text) for index, text in markdown_cells(notebook)}
    found = {index: problems for index, problems in found.items() if problems}
    assert not found, f"escape money as \\$ in these Markdown cells: {found}"


@pytest.mark.parametrize("doc", DOCS, ids=[path.name for path in DOCS])
def test_no_money_typeset_as_maths_in_docs(doc: Path) -> None:
    paragraphs = re.split(r"\n\s*\n", doc.read_text(encoding="utf-8"))
    problems = [money_as_maths(paragraph) for paragraph in paragraphs]
    assert not [problem for problem in problems if problem], problems

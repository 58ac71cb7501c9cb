"""Lesson text renders as written: money is never typeset as maths.

JupyterLab, Notebook 7, VS Code, Voilà (and GitHub, for docs) read a pair of ``$``
in Markdown as a formula, so "$3M + $4M" becomes run-together italic maths. Escaping
does not work everywhere: JupyterLab still typesets ``\\$3M ... \\$4M`` (its Markdown
step eats the backslash before MathJax sees it; jupyterlab/jupyterlab#8645), and a
double backslash shows as "\\$" in VS Code and on GitHub. So lesson prose writes money
without the sign: "3M" (Monopoly Deal's money is in millions), "500 dollars".

Real formulas stay (``$1/\\sqrt{n}$``, ``$$...$$``): a pair of dollars is accepted only
when what it encloses looks like maths (a LaTeX command, ``^``, ``_`` or ``{``, or one
short symbol such as ``$n$``). Any other ``$`` in Markdown prose fails the test.
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
DISPLAY_MATHS = re.compile(r"\$\$.+?\$\$", re.S)
INLINE_MATHS = re.compile(r"(?<![\\$])\$([^$\n]+?)\$(?!\$)")


def money_as_maths(markdown: str) -> list[str]:
    """The dollar signs in ``markdown`` prose that are not part of a formula, in context."""
    text = DISPLAY_MATHS.sub(" ", CODE.sub(" ", markdown))
    problems: list[str] = []

    def keep_formulas(match: re.Match[str]) -> str:
        enclosed = match.group(1)
        if re.search(r"[\\^_{]", enclosed) or re.fullmatch(r"\S{1,3}", enclosed):
            return " "
        problems.append(match.group(0)[:80])
        return " "

    text = INLINE_MATHS.sub(keep_formulas, text)
    for match in re.finditer(r"\$", text):
        problems.append(text[max(0, match.start() - 10) : match.start() + 10])
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
    assert money_as_maths("it pays $200") == ["it pays $200"]
    assert len(money_as_maths(r"escaped: \$6M + \$3M")) == 2  # JupyterLab typesets these
    assert money_as_maths(r"narrows like $1/\sqrt{n}$, rent 6M + 3M") == []
    assert money_as_maths("$$P(\\text{none}) = 1$$ and $n$ cards, `$3M` in code") == []


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_no_money_typeset_as_maths_in_notebooks(notebook: Path) -> None:
    found = {index: money_as_maths(text) for index, text in markdown_cells(notebook)}
    found = {index: problems for index, problems in found.items() if problems}
    assert not found, f"write money as 3M or 500 dollars in these Markdown cells: {found}"


@pytest.mark.parametrize("doc", DOCS, ids=[path.name for path in DOCS])
def test_no_money_typeset_as_maths_in_docs(doc: Path) -> None:
    paragraphs = re.split(r"\n\s*\n", doc.read_text(encoding="utf-8"))
    problems = [money_as_maths(paragraph) for paragraph in paragraphs]
    assert not [problem for problem in problems if problem], problems

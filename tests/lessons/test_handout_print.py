"""Every lesson's handout printed to PDF offline with Chromium, on A4 and on Letter (issue
43 §5): no raw TeX, no text cut at the margin, no chart clipped, no teacher-only cell, no
result code, no ``show_me``, and a small file.

The handouts are made once (every lesson run from the top, as ``lessons handout`` does)
and printed with every request that is not a local file refused. The PDFs and a PNG of
every page are kept in ``test-output/handouts`` to look at.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from monopoly_widgets.lessons.handout import write_handout
from tests.lessons.handout_print import (
    CHROMIUM,
    pages_as_png,
    print_to_pdf,
    text,
    words,
)

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(path.name[:2] for path in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
OUTPUT = Path(os.environ.get("MW_TEST_OUTPUT", Path(__file__).parents[2] / "test-output"))
OUTPUT = OUTPUT / "handouts"

#: Text that shows TeX was printed as written instead of typeset.
RAW_TEX = ("$$", "\\frac", "\\binom", "\\sqrt", "\\hat", "\\text{")
#: Text only the teacher's cells, a screen, or show_me carry.
NOT_ON_PAPER = (
    "Paste the class's codes",
    "class_codes",
    "pool_widget",
    "Your code for the teacher",
    "MW1.",
    "MW2.",
    "show_me",
)
#: A handout larger than this is not "much smaller than 5 MB".
LARGEST_HANDOUT = 1_500_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


@pytest.fixture(scope="module")
def handouts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("handouts")
    return {number: write_handout(number, out, NOTEBOOKS) for number in LESSONS}


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("lesson", LESSONS)
def test_the_handout_prints_whole_and_offline(
    handouts: dict[str, Path], lesson: str, paper: str
) -> None:
    handout = handouts[lesson]
    assert handout.stat().st_size < LARGEST_HANDOUT
    OUTPUT.mkdir(parents=True, exist_ok=True)
    printed = print_to_pdf(handout, OUTPUT / f"{lesson}-{paper}.pdf", paper)
    assert printed.refused == []  # nothing asked of the network
    printed_text = text(printed.pdf)
    found = [tex for tex in RAW_TEX if tex in printed_text]
    assert not found, f"raw TeX printed: {found}"
    found = [words for words in NOT_ON_PAPER if words in printed_text]
    assert not found, f"not for paper: {found}"
    page_words = words(printed.pdf)
    assert page_words
    cut = [w.text for w in page_words if w.right > w.page_width - 20 or w.left < 20]
    assert not cut, f"text at or past the margin: {cut[:10]}"
    for chart in printed.charts:
        assert chart["loaded"], chart
        assert chart["left"] >= 0 and chart["right"] >= 0, f"a chart past the margin: {chart}"
        assert chart["height"] == pytest.approx(chart["width"] * chart["ratio"], abs=2), chart
    pages_as_png(printed.pdf, OUTPUT / "png")


def test_the_maths_is_typeset(handouts: dict[str, Path]) -> None:
    """Lesson 04's formula is MathML in the page, and no MathJax is loaded."""
    page = handouts["04"].read_text(encoding="utf-8")
    assert "<math" in page and "<mfrac" in page
    assert "mathjax" not in page.lower()
    assert "cdnjs" not in page

"""Printing a handout to PDF with Debian's Chromium, offline, and reading the PDF back.

Shared by ``test_handout_print.py`` and ``benchmarks``-style manual checks: the page is
opened from its file with every request that is not ``file:`` or ``data:`` refused (and
counted), laid out for print, checked for clipped charts, and printed on A4 or Letter.
The PDF's words and their boxes come from poppler's ``pdftotext -bbox``.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]

#: What a chart's picture must show of itself: its rendered box against the page's text
#: column, and whether the picture loaded.
CHART_BOXES = """() => {
  const column = document.body.getBoundingClientRect();
  return [...document.querySelectorAll('img.handout-chart')].map((img) => {
    const box = img.getBoundingClientRect();
    return {left: box.left - column.left, right: column.right - box.right,
            width: box.width, height: box.height, loaded: img.complete && img.naturalWidth > 0,
            ratio: img.naturalHeight / Math.max(1, img.naturalWidth)};
  });
}"""


@dataclass
class Printed:
    """One handout printed: the PDF, the requests refused, and each chart's box."""

    pdf: Path
    refused: list[str]
    charts: list[dict]


def print_to_pdf(handout: Path, pdf: Path, paper: str) -> Printed:
    """Print ``handout`` (HTML) to ``pdf`` on ``paper`` ("A4" or "Letter"), offline."""
    from playwright.sync_api import sync_playwright

    refused: list[str] = []

    def only_local(route) -> None:  # noqa: ANN001 - Playwright's Route
        url = route.request.url
        if url.startswith(("file:", "data:")):
            route.continue_()
        else:
            refused.append(url)
            route.abort()

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            width = 794 if paper == "A4" else 816  # the paper's width in CSS pixels
            page = browser.new_page(viewport={"width": width, "height": 1100})
            page.route("**/*", only_local)
            page.emulate_media(media="print")
            page.goto(handout.resolve().as_uri(), wait_until="load")
            charts = page.evaluate(CHART_BOXES)
            page.pdf(path=str(pdf), format=paper, print_background=True)
        finally:
            browser.close()
    return Printed(pdf, refused, charts)


@dataclass
class Word:
    text: str
    left: float
    right: float
    page_width: float


def words(pdf: Path) -> list[Word]:
    """Every word of ``pdf`` with its horizontal box (points), from ``pdftotext -bbox``."""
    out = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    found: list[Word] = []
    width = 0.0
    for line in out.splitlines():
        page = re.search(r'<page width="([\d.]+)"', line)
        if page:
            width = float(page.group(1))
        word = re.search(
            r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>(.*)</word>', line
        )
        if word:
            found.append(Word(word.group(3), float(word.group(1)), float(word.group(2)), width))
    return found


def text(pdf: Path) -> str:
    """The PDF's text, in reading order."""
    return subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


def pages_as_png(pdf: Path, folder: Path, dpi: int = 60) -> list[Path]:
    """Each page of ``pdf`` as a PNG in ``folder`` (to look at), from ``pdftoppm``."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = folder / pdf.stem
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(pdf), str(stem)], check=True)
    return sorted(folder.glob(f"{pdf.stem}*.png"))

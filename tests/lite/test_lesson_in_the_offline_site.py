"""Lesson 05 in the offline JupyterLite site, in Chromium: Run All reaches the last cell.

Lesson 05 (tournaments, intervals, a house rule compared) is the heaviest use of the
simulation tables, and the site has no pandas, numpy or nbformat. The site is built
with ``lite build --offline`` and served with ``python -m http.server`` on 127.0.0.1
as the teaching guide says; the test opens the lesson, runs every cell with Run All
(as a student's menu click would), and checks that every code cell ran without an
error, that its charts were drawn with data (the lesson's own charts, no nbformat),
that the results table appears as HTML, and that the lesson's question widget
(05-E4) answers a pick made with the mouse, with the try seen by the Pyodide kernel.
The page must reach nothing outside 127.0.0.1. ``test_lessons_in_pyodide.py`` runs
every lesson, without a browser.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from tests.lite.site_driver import (
    ASK_KERNEL,
    CELLS_DONE,
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_IDLE,
    RUN_COMMAND,
    expose_app,
    serve,
)

OUTPUT = Path(os.environ.get("MW_TEST_OUTPUT", Path(__file__).parents[2] / "test-output")) / "lite"
LESSON = "05_simulation_lab.ipynb"

#: The lesson's question, as the kernel's attempt record counts it.
TRIES = (
    "from monopoly_widgets.lessons.record import record_for; "
    "print(record_for(STUDENT).tries('05-E4'))"
)

#: Scroll cell ``i`` into view (JupyterLab renders the cells near the view only), then
#: for each lesson chart in it, its number of drawn traces holding data.
CELL_CHARTS = """async (i) => { const notebook = window.jupyterapp.shell.currentWidget.content;
  await notebook.scrollToItem(i, 'center');
  const cell = notebook.widgets[i];
  return [...cell.node.querySelectorAll('.mw-lesson-chart')]
    .map(chart => (chart.data || []).filter(trace => (trace.x || trace.y || []).length).length);
}"""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.lite,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def test_lesson_05_runs_to_its_last_cell_offline(offline_site: Path, tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    assert (offline_site / "files" / LESSON).exists()
    expose_app(offline_site)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    outside: list[str] = []
    with serve(offline_site, tmp_path / "http.log") as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.set_default_timeout(120_000)
        local = (base, "data:", "blob:")
        page.on("request", lambda r: None if r.url.startswith(local) else outside.append(r.url))
        try:
            started = time.monotonic()
            page.goto(f"{base}/lab/index.html?path={LESSON}")
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
            page.wait_for_selector(".jp-Notebook .jp-Cell")
            page.wait_for_function(KERNEL_IDLE, timeout=240_000)
            page.evaluate(RUN_COMMAND, "notebook:run-all-cells")
            done = page.wait_for_function(CELLS_DONE, timeout=900_000, polling=1000).json_value()
            print(f"lesson 05 offline: Run All done {time.monotonic() - started:.0f} s after load")
            assert done["errors"] == [], done["errors"]
            assert done["cells"] >= 20

            charts = [drawn_charts(page, cell) for cell in range(done["all"])]
            drawn = [traces for cell in charts for traces in cell]
            assert len(drawn) >= 4 and all(traces > 0 for traces in drawn), charts
            expect(page.locator(".jp-OutputArea-output table.dataframe").first).to_be_attached()

            page.evaluate(CELL_CHARTS, question_cell(offline_site / "files" / LESSON))
            question = page.locator(".mwq-root").first
            question.scroll_into_view_if_needed()
            question.get_by_label("no change").check()
            question.get_by_role("button", name="Check").click()
            expect(question.locator(".mwq-tries")).to_have_text("1 try")
            expect(question.locator(".mwq-feedback")).to_contain_text("does not show")
            assert page.evaluate(ASK_KERNEL, TRIES).strip() == "1"
            page.screenshot(path=str(OUTPUT / "lesson05-question.png"))
        except Exception:
            page.screenshot(path=str(OUTPUT / "lesson05-failure.png"))
            raise
        finally:
            browser.close()
    assert outside == [], f"the offline site reached outside 127.0.0.1: {outside[:5]}"


def drawn_charts(page: Any, cell: int, timeout: float = 60) -> list[int]:
    """The traces with data of each lesson chart in ``cell``, once every one is drawn."""
    deadline = time.monotonic() + timeout
    while True:
        charts = page.evaluate(CELL_CHARTS, cell)
        if all(charts) or time.monotonic() > deadline:
            return charts
        page.wait_for_timeout(250)


def question_cell(lesson: Path) -> int:
    """The index of the site lesson's cell that shows the 05-E4 question."""
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    return next(i for i, cell in enumerate(cells) if 'Question("05-E4"' in "".join(cell["source"]))

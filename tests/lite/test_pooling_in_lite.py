"""Pooling the class's results in the offline JupyterLite site (issue 27 §2).

The site is built and served as ``test_site_in_browser.py`` does it (no server but a
static one on 127.0.0.1, no network). The quickstart's first cell installs the
package in the tab's Pyodide; a new cell then shows the teacher's widget
(``pool_widget``), three students' codes are pasted into its text box as a teacher
would, and the button pools them: the summary names three results and the pooled
chart is drawn with every student's interval. The page must reach nothing outside.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from monopoly_widgets.classroom import result_code
from tests.lite.site_driver import (
    CELL_RAN,
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_IDLE,
    RUN_COMMAND,
    expose_app,
    quickstart_name,
    serve,
)

OUTPUT = Path(os.environ.get("MW_TEST_OUTPUT", Path(__file__).parents[2] / "test-output")) / "lite"

#: Add a code cell at the end of the open notebook, make it the active one; its index.
ADD_CELL = """(code) => { const panel = window.jupyterapp.shell.currentWidget;
  const model = panel.content.model.sharedModel;
  model.insertCell(model.cells.length, {cell_type: 'code', source: code});
  panel.content.activeCellIndex = model.cells.length - 1;
  return model.cells.length - 1; }"""

SETTINGS = {"players": 2, "turns": 10}
CODES = [
    result_code("04", "two_sets", SETTINGS, successes, 100, student, seed)
    for student, successes, seed in (("Ana", 31, 1), ("Ben", 40, 2), ("Cy", 36, 3))
]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.lite,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def test_three_pasted_codes_draw_the_pooled_chart(offline_site: Path, tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    expose_app(offline_site)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with serve(offline_site, tmp_path / "http.log") as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.set_default_timeout(120_000)
        outside: list[str] = []
        local = (base, "data:", "blob:")
        page.on("request", lambda r: None if r.url.startswith(local) else outside.append(r.url))
        try:
            page.goto(f"{base}/lab/index.html?path={quickstart_name(offline_site)}")
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
            page.wait_for_selector(".jp-Notebook .jp-Cell")
            page.wait_for_function(KERNEL_IDLE, timeout=240_000)
            page.evaluate(RUN_COMMAND, "notebook:run-cell-and-select-next")  # installs
            page.wait_for_function(CELL_RAN, arg=0, timeout=300_000)
            cell = page.evaluate(
                ADD_CELL,
                "from monopoly_widgets.classroom import pool_widget\n"
                "teacher = pool_widget()\nteacher",
            )
            page.evaluate(RUN_COMMAND, "notebook:run-cell")
            page.wait_for_function(CELL_RAN, arg=cell, timeout=240_000)
            box = page.locator(".jp-Cell").nth(cell).locator("textarea")
            expect(box).to_be_visible()
            box.fill("\n".join(CODES))
            page.locator(".jp-Cell").nth(cell).get_by_role(
                "button", name="Pool the results"
            ).click()
            output = page.locator(".jp-Cell").nth(cell)
            expect(output).to_contain_text("3 results of 'two_sets' (lesson 04): 107/300")
            chart = output.locator(".js-plotly-plot")
            expect(chart).to_be_visible(timeout=120_000)
            # A row each (numbered), named by the y axis's tick labels.
            rows, names = chart.evaluate("(el) => [el.data[0].y, el.layout.yaxis.ticktext]")
            assert rows == [0, 1, 2, 3]
            assert names == ["Ana", "Ben", "Cy", "class (pooled)"]
            chart.scroll_into_view_if_needed()
            page.screenshot(path=str(OUTPUT / "pooling.png"))
        except Exception:
            page.screenshot(path=str(OUTPUT / "pooling-failure.png"))
            raise
        finally:
            browser.close()
    assert outside == [], f"the offline site reached outside 127.0.0.1: {outside[:5]}"

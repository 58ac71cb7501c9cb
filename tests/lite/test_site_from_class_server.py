"""A room with no internet: the offline lessons site, served by the class server itself.

One address for everything: the class server (``ClassServer(site=...)``, what
``serve --site`` runs) serves the student page, the seat and, under ``/lite/``, the
offline JupyterLite site built with ``lite build --offline``. In Chromium a student joins
a seat, follows the student page's link to the lessons, opens the quickstart, and runs
its first cell (the install cell: Pyodide and every wheel come from the class server)
and then a cell of the lesson; every request the page makes stays on 127.0.0.1.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from monopoly_widgets.server import ClassServer
from tests.lite.site_driver import (
    ASK_KERNEL,
    CELL_RAN,
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_IDLE,
    RUN_COMMAND,
    expose_app,
    quickstart_name,
)

OUTPUT = Path(os.environ.get("MW_TEST_OUTPUT", Path(__file__).parents[2] / "test-output")) / "lite"

#: The text and error outputs of cell ``i`` of the open notebook.
CELL_OUTPUTS = """(i) => {
  const cell = window.jupyterapp.shell.currentWidget.content.model.cells.get(i);
  const found = [];
  if (!cell.outputs) return found;  // a markdown cell
  for (let j = 0; j < cell.outputs.length; j++) {
    const out = cell.outputs.get(j).toJSON();
    if (out.output_type === 'error') found.push('ERROR ' + out.ename + ': ' + out.evalue);
    else if (out.text) found.push(Array.isArray(out.text) ? out.text.join('') : out.text);
    else if (out.data) found.push(Object.keys(out.data).join(','));
  }
  return found; }"""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.lite,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def test_a_student_gets_a_seat_and_the_lessons_from_one_address(
    offline_site: Path, tmp_path: Path
) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    expose_app(offline_site)
    lesson = quickstart_name(offline_site)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    server = ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0, site=offline_site).start()
    outside: list[str] = []
    try:
        table = server.create_table("deal", 2, seed=5, bots={1: "heuristic"}, bot_delay=0)
        code = next(seat["code"] for seat in table["seats"] if seat.get("code"))
        base = server.url.rstrip("/")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.set_default_timeout(120_000)
            local = (base, "data:", "blob:")
            page.on("request", lambda r: None if r.url.startswith(local) else outside.append(r.url))
            try:
                page.goto(f"{base}/?code={code}")
                page.fill("#name", "Ana")
                page.click("#join button")
                page.wait_for_selector("#seat:not([hidden])")
                link = page.get_by_role("link", name="The lessons")
                expect(link).to_be_visible()
                link.click()
                page.wait_for_url(f"{base}/lite/lab/**")  # the site's own start page
                page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
                page.goto(f"{base}/lite/lab/index.html?path={lesson}")
                page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
                page.wait_for_selector(".jp-Notebook .jp-Cell")
                page.wait_for_function(KERNEL_IDLE, timeout=240_000)
                for cell in range(4):  # the install cell, two of text, the first lesson code
                    page.evaluate(RUN_COMMAND, "notebook:run-cell-and-select-next")
                    page.wait_for_function(CELL_RAN, arg=cell, timeout=300_000)
                installed = page.evaluate(CELL_OUTPUTS, 0)
                assert "Step 3 of 3: ready." in "".join(installed), installed
                ran = [page.evaluate(CELL_OUTPUTS, cell) for cell in range(4)]
                assert not any(o.startswith("ERROR") for out in ran for o in out), ran
                said = page.evaluate(
                    ASK_KERNEL,
                    "import monopoly_widgets as mw; "
                    "print(len(mw.new_game('deal', 2, seed=5).legal_actions()) > 0)",
                )
                assert said.strip() == "True", said
                page.screenshot(path=str(OUTPUT / "lessons-from-class-server.png"))
            except Exception:
                page.screenshot(path=str(OUTPUT / "lessons-from-class-server-failure.png"))
                raise
            finally:
                browser.close()
    finally:
        server.stop()
    assert outside == [], f"the page reached outside the class server: {outside[:5]}"

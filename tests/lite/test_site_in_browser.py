"""The offline JupyterLite site in Chromium: the quickstart runs in the browser tab.

Builds the site with ``lite build --offline``, serves it with
``python -m http.server`` on 127.0.0.1 (a free port) exactly as the teaching
guide says, opens the quickstart in Debian's Chromium, runs every cell, and
checks that the explorers and a Plotly chart rendered, that no cell failed, and
that a person's click on a legal move reached Python in the Pyodide kernel
(asked through the same kernel afterwards). The server is stopped by its PID.

It also measures what a student waits: page load to a usable explorer. Timings
and screenshots go to ``test-output/lite/``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.test_explorer_in_jupyterlab import free_port, stop_by_pid, wait_for_server

CHROMIUM = "/usr/bin/chromium"
OUTPUT = Path(os.environ.get("MW_TEST_OUTPUT", Path(__file__).parents[2] / "test-output")) / "lite"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.lite,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]

#: Every code cell has run and the kernel is idle; returns the errors of any cell.
CELLS_DONE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel && panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return null;
  const cells = Array.from(panel.content.model.cells);
  const code = cells.filter(c => c.type === 'code');
  if (code.some(c => c.executionCount === null)) return null;
  const errors = [];
  for (const c of code) {
    for (let i = 0; i < c.outputs.length; i++) {
      const out = c.outputs.get(i).toJSON();
      if (out.output_type === 'error') errors.push(out.ename + ': ' + out.evalue);
    }
  }
  return {errors, cells: code.length};
}"""

#: The open notebook's kernel has started and is not running anything.
KERNEL_IDLE = """() => { const p = window.jupyterapp.shell.currentWidget;
  const k = p && p.sessionContext.session && p.sessionContext.session.kernel;
  return k && k.status === 'idle'; }"""

#: Cell ``i`` has run (a code cell has its execution count) and the kernel is idle.
CELL_RAN = """(i) => { const p = window.jupyterapp.shell.currentWidget;
  const c = p.content.model.cells.get(i);
  const k = p.sessionContext.session.kernel;
  return k.status === 'idle' && (c.type !== 'code' || c.executionCount !== null); }"""

#: Run a JupyterLab command (as a menu item or a key would).
RUN_COMMAND = "(id) => window.jupyterapp.commands.execute(id)"

#: Run code in the notebook's own kernel and return what it printed.
ASK_KERNEL = """async (code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const future = panel.sessionContext.session.kernel.requestExecute({code});
  let text = '';
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') text += msg.content.text;
    if (msg.header.msg_type === 'error') text += msg.content.ename + ': ' + msg.content.evalue;
  };
  await future.done;
  return text;
}"""


#: What the kernel knows of the first table's game: its actions so far.
HISTORY = "import json; print(json.dumps(deal.game.history))"


@pytest.fixture
def served_site(offline_site: Path, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The site on 127.0.0.1: yields (base URL, quickstart name); stopped by PID after."""
    # The test reaches the app through window.jupyterapp; the page is otherwise as built.
    config_path = offline_site / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    config["jupyter-config-data"]["exposeAppInBrowser"] = True
    config_path.write_text(json.dumps(config))
    quickstart = next(p.name for p in (offline_site / "files").glob("*quickstart*.ipynb"))
    port = free_port()
    log = (tmp_path / "http.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)]
        + ["--directory", str(offline_site)],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_server(f"{base}/jupyter-lite.json", process)
        with urllib.request.urlopen(f"{base}/static/pyodide/pyodide.asm.wasm") as response:
            assert response.headers["Content-Type"] == "application/wasm"
        yield base, quickstart
    finally:
        stop_by_pid(process)
        log.close()


def test_quickstart_runs_in_the_offline_site(served_site: tuple[str, str]) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    base, quickstart = served_site
    OUTPUT.mkdir(parents=True, exist_ok=True)
    outside: list[str] = []
    timings: dict[str, float] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.set_default_timeout(120_000)
        local = (base, "data:", "blob:")
        page.on("request", lambda r: None if r.url.startswith(local) else outside.append(r.url))
        try:
            started = time.monotonic()
            page.goto(f"{base}/lab/index.html?path={quickstart}")
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
            page.wait_for_selector(".jp-Notebook .jp-Cell")
            page.wait_for_function(KERNEL_IDLE, timeout=240_000)
            timings["kernel_ready_s"] = time.monotonic() - started

            # As a student does: Shift+Enter, cell by cell, until the first table is usable.
            root = page.locator(".mw-root").first
            choice = root.locator(".mw-choice").first
            for cell in range(12):
                page.evaluate(RUN_COMMAND, "notebook:run-cell-and-select-next")
                page.wait_for_function(CELL_RAN, arg=cell, timeout=240_000)
                if cell == 0:
                    timings["install_cell_done_s"] = time.monotonic() - started
                if root.count() and choice.count():
                    break
            expect(choice).to_be_enabled(timeout=60_000)
            timings["usable_explorer_s"] = time.monotonic() - started
            root.scroll_into_view_if_needed()
            page.screenshot(path=str(OUTPUT / "quickstart-first-explorer.png"))

            # A person clicks a legal move in the first table; Python must see it.
            action_id = choice.get_attribute("data-action")
            assert action_id
            before = page.evaluate(ASK_KERNEL, "print(len(deal.game.history))")
            choice.click()
            deadline = time.monotonic() + 60
            while True:
                seen = page.evaluate(ASK_KERNEL, HISTORY)
                if action_id in json.loads(seen):
                    break
                assert time.monotonic() < deadline, f"the kernel never saw {action_id}: {seen}"
                page.wait_for_timeout(500)
            assert len(json.loads(seen)) > int(before)
            expect(root.locator(".mw-error")).to_be_hidden()
            page.screenshot(path=str(OUTPUT / "quickstart-after-click.png"))

            # The rest of the lesson: every cell runs without an error.
            page.evaluate(RUN_COMMAND, "notebook:run-all-below")
            done = page.wait_for_function(CELLS_DONE, timeout=300_000).json_value()
            timings["all_cells_s"] = time.monotonic() - started
            assert done["errors"] == [], done["errors"]
            assert page.locator(".mw-root").count() >= 4  # three games, the watched one
            chart = page.locator(".js-plotly-plot").first
            chart.scroll_into_view_if_needed()
            expect(chart).to_be_visible()
            traces = chart.evaluate("(el) => (el.data || []).length")
            assert traces > 0, "the chart has no data"
            page.screenshot(path=str(OUTPUT / "quickstart-chart.png"))
            page.locator(".mw-root").last.scroll_into_view_if_needed()
            page.wait_for_timeout(2000)
            page.screenshot(path=str(OUTPUT / "quickstart-replay.png"))
        except Exception:
            page.screenshot(path=str(OUTPUT / "quickstart-failure.png"))
            raise
        finally:
            browser.close()
    timings = {key: round(value, 1) for key, value in timings.items()}
    (OUTPUT / "timings.json").write_text(json.dumps(timings, indent=1))
    print("lite timings:", timings)
    assert outside == [], f"the offline site reached outside 127.0.0.1: {outside[:5]}"

"""Serve a built JupyterLite site and drive its quickstart in Chromium.

Shared by the browser test (``test_site_in_browser.py``) and the start-up
benchmark (``benchmarks/lite_startup.py``), so both measure the same thing:
what a student does (open the quickstart, Shift+Enter cell by cell) and how
long until the first table answers a click.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# The same Chromium and flags as the JupyterLab tests (re-exported for the lite tests).
from tests.browser.test_explorer_in_jupyterlab import (  # noqa: F401
    CHROMIUM,
    CHROMIUM_ARGS,
    free_port,
    stop_by_pid,
    wait_for_server,
)

#: The open notebook's kernel has started and is not running anything.
KERNEL_IDLE = """() => { const p = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = p && p.sessionContext.session && p.sessionContext.session.kernel;
  return k && k.status === 'idle'; }"""

#: Cell ``i`` has run (a code cell has its execution count) and the kernel is idle.
CELL_RAN = """(i) => { const p = window.jupyterapp.shell.currentWidget;
  const c = p.content.model.cells.get(i);
  const k = p.sessionContext.session.kernel;
  return k.status === 'idle' && (c.type !== 'code' || c.executionCount !== null); }"""

#: Run a JupyterLab command (as a menu item or a key would).
RUN_COMMAND = "(id) => window.jupyterapp.commands.execute(id)"

#: Every code cell has run and the kernel is idle; returns the errors of any cell.
CELLS_DONE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel && panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return null;
  const code = Array.from(panel.content.model.cells).filter(c => c.type === 'code');
  if (code.some(c => c.executionCount === null)) return null;
  const errors = [];
  for (const c of code) {
    for (let i = 0; i < c.outputs.length; i++) {
      const out = c.outputs.get(i).toJSON();
      if (out.output_type === 'error') errors.push(out.ename + ': ' + out.evalue);
    }
  }
  return {errors, cells: code.length, all: panel.content.model.cells.length};
}"""

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


def expose_app(site: Path) -> None:
    """Let the page's scripts reach ``window.jupyterapp`` (drivers need it; students don't)."""
    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    config["jupyter-config-data"]["exposeAppInBrowser"] = True
    config_path.write_text(json.dumps(config))


def quickstart_name(site: Path) -> str:
    """The quickstart lesson's file name in the site."""
    return next(p.name for p in sorted((site / "files").glob("*quickstart*.ipynb")))


@contextmanager
def serve(site: Path, log_path: Path) -> Iterator[str]:
    """Serve ``site`` as the teaching guide says (``python -m http.server``); yields its URL."""
    port = free_port()
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)]
            + ["--directory", str(site)],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_for_server(f"{base}/jupyter-lite.json", process)
            with urllib.request.urlopen(f"{base}/static/pyodide/pyodide.asm.wasm") as response:
                assert response.headers["Content-Type"] == "application/wasm"
            yield base
        finally:
            stop_by_pid(process)


def open_until_usable(page: Any, base: str, notebook: str, timings: dict[str, float]) -> Any:
    """Open ``notebook`` and run it cell by cell until the first table offers a move.

    Fills ``timings`` (seconds from ``page.goto``): ``kernel_ready_s``,
    ``install_cell_done_s``, ``usable_explorer_s``; returns the first ``.mw-root``.
    """
    started = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={notebook}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.wait_for_function(KERNEL_IDLE, timeout=240_000)
    timings["kernel_ready_s"] = time.monotonic() - started
    root = page.locator(".mw-root").first
    choice = root.locator(".mw-choice").first
    for cell in range(12):
        page.evaluate(RUN_COMMAND, "notebook:run-cell-and-select-next")
        page.wait_for_function(CELL_RAN, arg=cell, timeout=240_000)
        if cell == 0:
            timings["install_cell_done_s"] = time.monotonic() - started
        if root.count() and choice.count():
            break
    choice.wait_for(state="visible", timeout=60_000)
    page.wait_for_function("(el) => !el.disabled", arg=choice.element_handle(), timeout=60_000)
    timings["usable_explorer_s"] = time.monotonic() - started
    return root

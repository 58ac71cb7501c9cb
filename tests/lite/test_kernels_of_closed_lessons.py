"""The offline site frees a lesson's kernel when the lesson is closed (issue 43, item 8).

Each lesson opened in the browser starts its own Pyodide kernel (a few hundred MB of a
school laptop's memory), and JupyterLab keeps a closed notebook's kernel running unless
its notebook tracker's ``kernelShutdown`` setting is on; the site ships it on
(``lite.build.SITE_SETTINGS``). This test opens the quickstart and lesson 01 in one
page of Chromium, counts the kernels the page runs (two), closes lesson 01 and waits
for the count to come back to one, the quickstart's. With the setting left out of the
site's ``jupyter-lite.json`` the count stays at two and the test fails.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from monopoly_widgets.lite.build import SITE_SETTINGS
from tests.lite.site_driver import (
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_IDLE,
    expose_app,
    quickstart_name,
    serve,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.lite,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]

#: The ids of the kernels the page runs now.
RUNNING = "() => Array.from(window.jupyterapp.serviceManager.kernels.running(), k => k.id)"

#: The id of the current notebook's kernel.
CURRENT_KERNEL = "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id"

#: Close the current notebook as its tab's x does (nothing to save: it was not edited).
CLOSE_CURRENT = """() => { const panel = window.jupyterapp.shell.currentWidget;
  panel.context.model.dirty = false; panel.close(); }"""


def kernels_before_and_after_closing(site: Path, log: Path) -> tuple[list[str], list[str], str]:
    """(kernels with two lessons open, kernels once the second is closed, the first's kernel)."""
    from playwright.sync_api import sync_playwright

    lesson = next(p.name for p in sorted((site / "files").glob("01_*.ipynb")))
    with serve(site, log) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.set_default_timeout(240_000)
            page.goto(f"{base}/lab/index.html?path={quickstart_name(site)}")
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
            page.wait_for_function(KERNEL_IDLE)
            first = page.evaluate(CURRENT_KERNEL)
            page.evaluate(
                "(path) => window.jupyterapp.commands.execute('docmanager:open', {path})", lesson
            )
            page.wait_for_function(
                "(first) => { const p = window.jupyterapp.shell.currentWidget;"
                " const k = p && p.sessionContext.session && p.sessionContext.session.kernel;"
                " return k && k.id !== first && k.status === 'idle'; }",
                arg=first,
            )
            both = page.evaluate(RUNNING)
            page.evaluate(CLOSE_CURRENT)
            deadline = time.monotonic() + 30
            while len(after := page.evaluate(RUNNING)) > 1 and time.monotonic() < deadline:
                page.wait_for_timeout(500)
            return both, after, first
        finally:
            browser.close()


def test_the_site_ships_the_setting(offline_site: Path) -> None:
    config = json.loads((offline_site / "jupyter-lite.json").read_text())
    shipped = config["jupyter-config-data"]["settingsOverrides"]
    for plugin, wanted in SITE_SETTINGS.items():
        assert shipped[plugin] | wanted == shipped[plugin], shipped


def test_closing_a_lesson_frees_its_kernel(offline_site: Path, tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    expose_app(offline_site)
    both, after, first = kernels_before_and_after_closing(offline_site, tmp_path / "http.log")
    assert len(both) == 2, f"two lessons open should run two kernels: {both}"
    assert after == [first], f"lesson 01 was closed, and the page still runs {after}"

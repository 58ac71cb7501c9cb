"""The offline JupyterLite site in Chromium: the quickstart runs in the browser tab.

Builds the site with ``lite build --offline``, serves it with
``python -m http.server`` on 127.0.0.1 (a free port) exactly as the teaching
guide says, opens the quickstart in Debian's Chromium, runs it cell by cell as
a student would, and checks that the first table offers moves, that a person's
click on a legal move reached Python in the Pyodide kernel (asked through the
same kernel afterwards), that every cell ran without an error, and that the
explorers and a Plotly chart with data rendered, and that axe-core finds no
WCAG 2.1 A or AA violation in any explorer. The server is stopped by its
PID, and the page must not reach anything but 127.0.0.1 (axe is put in by the test).

It records what a student waits (page load to a usable explorer) in
``test-output/lite/timings.json`` with screenshots; it asserts nothing about
speed (``benchmarks/lite_startup.py`` measures medians).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.browser import axe
from tests.lite.site_driver import (
    ASK_KERNEL,
    CELLS_DONE,
    CHROMIUM,
    CHROMIUM_ARGS,
    RUN_COMMAND,
    expose_app,
    open_until_usable,
    quickstart_name,
    serve,
)

OUTPUT = Path(os.environ.get("MW_TEST_OUTPUT", Path(__file__).parents[2] / "test-output")) / "lite"

#: What the kernel knows of the first table's game: its actions so far.
HISTORY = "import json; print(json.dumps(deal.game.history))"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.lite,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def test_quickstart_runs_in_the_offline_site(offline_site: Path, tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    expose_app(offline_site)
    quickstart = quickstart_name(offline_site)
    with serve(offline_site, tmp_path / "http.log") as base:
        run_quickstart(base, quickstart)


def run_quickstart(base: str, quickstart: str) -> None:
    from playwright.sync_api import expect, sync_playwright

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
            root = open_until_usable(page, base, quickstart, timings)
            choice = root.locator(".mw-choice").first
            started = time.monotonic() - timings["usable_explorer_s"]  # the page load
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
            # Every explorer of the quickstart (each game's) has no WCAG 2.1 A or AA
            # violation that axe-core finds here either (issue 46).
            found = axe.violations(page, ".mw-root")
            axe.save_json(OUTPUT / "axe-lite.json", found)
            assert found == [], f"axe-core in JupyterLite:\n{axe.describe(found)}"
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

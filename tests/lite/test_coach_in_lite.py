"""The coach panel in the offline JupyterLite site: it refines in slices, and clicks still work.

In the tab's Pyodide kernel no thread can start, so the coach runs as an asyncio
task in slices that yield to the page (``coach/slices.py``). The site is built
and served as ``test_site_in_browser.py`` does it; the quickstart's first cell
installs the package, a new cell shows an explorer at a three-player decision
with 21 moves (one of ``benchmarks/coach.py``'s, which takes the coach many
rounds; people in every seat, the teacher's view), and a student presses Coach.
The panel must report more than one round ("... playouts so far; still
refining"), and a click on a legal move made while it refines must reach Python
and restart the coach on the new step *before* the old analysis ends: the
statuses the panel showed (recorded in the page) contain no "done" for the old
step. Turning the coach off then ends the task.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent
from tests.lite.site_driver import (
    ASK_KERNEL,
    CELL_RAN,
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_IDLE,
    RUN_COMMAND,
    expose_app,
    quickstart_name,
    serve,
)
from tests.lite.test_pooling_in_lite import ADD_CELL

OUTPUT = Path(os.environ.get("MW_TEST_OUTPUT", Path(__file__).parents[2] / "test-output")) / "lite"

#: Records every status the coach panel shows, in order, in ``window.mwCoachSeen``.
WATCH_STATUS = """(el) => { window.mwCoachSeen = [];
  new MutationObserver(() => window.mwCoachSeen.push(el.textContent))
    .observe(el, {childList: true, characterData: true, subtree: true}); }"""

#: At least two different "still refining" statuses: the panel refined beyond one round.
REFINED = """() => new Set((window.mwCoachSeen || [])
  .filter(s => s.includes('still refining'))).size >= 2"""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.lite,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def long_decision() -> mw.Game:
    """``benchmarks/coach.py``'s sample_decision(3, 3002): 21 moves, many rounds to conclude."""
    seed = 3002
    rng = random.Random(seed)
    game = mw.new_game("deal", players=3, seed=seed)
    agent = HeuristicAgent()
    stop = rng.randrange(5, 60)
    while game.step < stop or len(game.legal_actions()) < 2:
        game.apply(agent(game.observation(game.current_player), game.legal_actions(), rng))
    assert len(game.legal_actions()) >= 15
    return game


def test_the_coach_refines_in_slices_and_the_table_still_answers(
    offline_site: Path, tmp_path: Path
) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    expose_app(offline_site)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    game = long_decision()
    cell_code = (
        "import monopoly_widgets as mw\n"
        f"game = mw.load_game({json.dumps(game.to_json(indent=None))})\n"
        "coached = mw.GameExplorer(game, agents=[None] * game.players)  # people in every seat\n"
        "coached"
    )
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
            cell = page.evaluate(ADD_CELL, cell_code)
            page.evaluate(RUN_COMMAND, "notebook:run-cell")
            page.wait_for_function(CELL_RAN, arg=cell, timeout=240_000)
            new_cell = page.locator(".jp-Cell.jp-mod-active")
            new_cell.scroll_into_view_if_needed()
            root = new_cell.locator(".mw-root")
            choice = root.locator(".mw-choice").first
            expect(choice).to_be_enabled(timeout=120_000)
            assert page.evaluate(ASK_KERNEL, "print(coached.coach.threaded)").strip() == "False"
            root.locator(".mw-coach-status").element_handle().evaluate(WATCH_STATUS)

            root.locator(".mw-coach-toggle").click()
            page.wait_for_function(REFINED, timeout=240_000)
            root.scroll_into_view_if_needed()
            page.screenshot(path=str(OUTPUT / "coach-refining.png"))
            seen = page.evaluate("() => window.mwCoachSeen.slice()")
            assert not any("done" in status for status in seen), "still refining at the click"

            # A student clicks a move while the coach refines: Python gets it at once.
            action_id = choice.get_attribute("data-action")
            choice.click()
            page.wait_for_function(
                "() => window.mwCoachSeen.filter(s => s.includes('thinking')).length >= 2",
                timeout=120_000,
            )
            history = json.loads(
                page.evaluate(ASK_KERNEL, "import json; print(json.dumps(coached.game.history))")
            )
            assert history[-1] == action_id
            seen = page.evaluate("() => window.mwCoachSeen.slice()")
            restart = [i for i, s in enumerate(seen) if "thinking" in s][1]
            assert not any("done" in s for s in seen[:restart]), (
                "the click waited for the old analysis to end",
                seen[:restart],
            )
            expect(root.locator(".mw-error")).to_be_hidden()

            # Turning the coach off ends its task.
            root.locator(".mw-coach-toggle").click()
            expect(root.locator(".mw-coach")).to_be_hidden()
            deadline = time.monotonic() + 60
            while page.evaluate(ASK_KERNEL, "print(coached.coach.task.done())").strip() != "True":
                assert time.monotonic() < deadline, "the coach's task never ended"
                page.wait_for_timeout(500)
        except Exception:
            page.screenshot(path=str(OUTPUT / "coach-failure.png"))
            raise
        finally:
            browser.close()
    assert outside == [], f"the offline site reached outside 127.0.0.1: {outside[:5]}"

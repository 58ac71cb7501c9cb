"""A saved game as one HTML file, opened from disk (``file://``) in Chromium.

The file is written by ``GameExplorer.save_html`` for a 5-player game; the test
steps, goes back and scrubs, and checks that the table, the step label and the
narration change, that the charts draw (a non-empty Plotly SVG), and that no
request leaves the file (every request the page makes is logged; only the
file itself may be loaded) and no content-security rule had to block one. A
screenshot and a print preview (``emulate_media("print")`` and a PDF) are saved
under ``test-output/browser/``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents.playout import make_agent, play_out

CHROMIUM = "/usr/bin/chromium"
OUTPUT = Path(os.environ.get("MW_TEST_OUTPUT", Path(__file__).parents[2] / "test-output"))
OUTPUT = OUTPUT / "browser"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def saved_replay(folder: Path, perspective: int | None) -> Path:
    game = mw.new_game("deal", players=5, seed=11)
    play_out(game, [make_agent("heuristic")] * 5, seed=11)
    explorer = mw.GameExplorer(game)
    explorer.seek(4)
    return explorer.save_html(folder / "replay.html", perspective)


def test_the_replay_steps_scrubs_and_stays_offline(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    path = saved_replay(tmp_path, None)
    url = path.resolve().as_uri()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    requests: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1600, "height": 1100})
            context.on("request", lambda request: requests.append(request.url))
            page = context.new_page()
            page.set_default_timeout(30_000)
            page.add_init_script(
                "window.__blocked = [];"
                "document.addEventListener('securitypolicyviolation',"
                " (e) => window.__blocked.push(e.blockedURI));"
            )
            page.goto(url)
            page.wait_for_selector("#mw-replay[data-ready='true']")
            label = page.locator(".mw-step-label")
            steps = int(label.inner_text().split("/")[1])
            assert steps > 20
            expect(label).to_have_text(f"step 4 / {steps}")  # it opens at the step shown
            expect(page.locator(".mw-seat")).to_have_count(5)
            # The charts draw: a Plotly SVG with a line in it.
            page.wait_for_function(
                "() => document.querySelector('.mw-chart-money .main-svg .scatterlayer path')"
            )

            def table() -> str:
                return page.locator(".mw-table").inner_html()

            def narration() -> str:
                return page.locator(".mw-narration").inner_text()

            before, told = table(), narration()
            page.locator(".mw-step").click()
            expect(label).to_have_text(f"step 5 / {steps}")
            assert table() != before and narration() != told
            page.locator(".mw-back-btn").click()
            expect(label).to_have_text(f"step 4 / {steps}")
            assert table() == before
            # The narration carries its rule citations.
            expect(page.locator(".mw-narration .mw-rule").first).to_contain_text("rulebook")
            scrubber = page.locator(".mw-scrubber")
            scrubber.evaluate(
                "(s, v) => { s.value = String(v); s.dispatchEvent(new Event('input')); }",
                steps - 1,
            )
            expect(label).to_have_text(f"step {steps - 1} / {steps}")
            assert table() != before
            # The teacher's file holds each seat's view: the others' hands face down.
            page.locator(".mw-perspective").select_option("2")
            expect(page.locator(".mw-seat[data-seat='0'] .mw-back").first).to_be_visible()
            page.screenshot(path=str(OUTPUT / "html-replay.png"))
            page.set_viewport_size({"width": 1123, "height": 794})  # A4 landscape at 96 dpi
            page.emulate_media(media="print")
            page.screenshot(path=str(OUTPUT / "html-replay-print.png"), full_page=True)
            page.pdf(path=str(OUTPUT / "html-replay.pdf"), landscape=True)
            expect(page.locator(".mw-replay-print-step")).to_have_text(
                f"Step {steps - 1} of {steps}, Player 2's view."
            )
            assert page.evaluate("() => window.__blocked") == []
        finally:
            browser.close()
    assert requests and all(r == url for r in requests), requests

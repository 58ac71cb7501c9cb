"""Names with markup drawn in Chromium: the charts and pages show them as text (issue 42 §4).

Plotly draws a subset of HTML in its text (``<a href>`` becomes a live link, ``<br>``
a line break) and decodes entities such as ``&lt;`` after it has found the tags. So
whether ``core/text.plotly_text`` shows a name literally is a fact about Plotly's
renderer, checked here in a real browser: the league's chart (a league played with a
bot file whose name is a link and a right-to-left override), the pooled chart, the
package's HTML table (the offline site's) and the league game's HTML replay. On each,
no ``<a>`` element is drawn, no label is split, and the label reads as the name.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import monopoly_widgets as mw
from monopoly_widgets.classroom.pooling import pool
from monopoly_widgets.classroom.result import ExperimentResult
from monopoly_widgets.core.text import plain
from monopoly_widgets.sim.table import ResultsTable
from monopoly_widgets.widgets.plotly_library import PLOTLY_JS

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
HOSTILE = '<a href="http://x">ana</a><br>\u202eevil'
HOSTILE_FILE = '<a href="http:x">ana<br>\u202eevil'
GOOD_BOT = Path(__file__).parents[1] / "league" / "bots" / "good.py"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]

#: What the drawn chart holds: links in its drawings (the mode bar's buttons are links
#: outside them), lines of split labels, and every text's content.
DRAWN = """() => {
  const svg = document.querySelector('#chart');
  return {
    links: [...svg.querySelectorAll('svg a')].map((a) => a.outerHTML),
    lines: [...svg.querySelectorAll('.ytick text tspan.line')].length,
    texts: [...svg.querySelectorAll('text')].map((t) => t.textContent),
  };
}"""


def draw(page, figure) -> dict:
    """``figure`` drawn by the package's own plotly.js in ``page``; what the SVG holds."""
    page.set_content('<div id="chart" style="width:1000px;height:600px"></div>')
    page.add_script_tag(path=str(PLOTLY_JS))
    spec = json.loads(figure.to_json())
    page.evaluate(
        "(spec) => Plotly.newPlot('chart', spec.data, spec.layout)",
        spec,
    )
    page.wait_for_selector("#chart .main-svg")
    return page.evaluate(DRAWN)


def test_names_with_markup_are_drawn_as_text(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    shutil.copy(GOOD_BOT, tmp_path / f"{HOSTILE_FILE}.py")
    league = mw.league([tmp_path, "random"], games=1, workers=1, progress=False)
    pooled = pool(
        [
            ExperimentResult("04", "two_sets", {"cards": 7}, 30, 100, HOSTILE),
            ExperimentResult("04", "two_sets", {"cards": 7}, 40, 100, "ben"),
        ]
    )
    replay = league.replay(0).save_html(tmp_path / "replay.html")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            for figure, name in ((league.chart(), HOSTILE_FILE), (pooled.chart(), HOSTILE)):
                drawn = draw(page, figure)
                assert drawn["links"] == [], drawn
                assert drawn["lines"] == 0, drawn  # no label split by a <br>
                assert plain(name) in drawn["texts"], drawn["texts"]
                assert not any("\u202e" in text for text in drawn["texts"])
            page.set_content(
                ResultsTable([{"student": HOSTILE, "tries": 1}], ["student", "tries"]).to_html()
            )
            assert page.locator("a").count() == 0 and page.locator("td br").count() == 0
            assert page.locator("td").first.text_content() == plain(HOSTILE)
            page.goto(replay.resolve().as_uri())
            page.wait_for_selector("#mw-replay[data-ready='true']")
            seats = page.locator(".mw-seat").all_inner_texts()
            assert any(f"{plain(HOSTILE_FILE)}.py" in seat for seat in seats), seats
            assert page.locator("#mw-replay a").count() == 0
            assert "\u202e" not in page.locator("#mw-replay").inner_text()
        finally:
            browser.close()


def test_a_forfeited_league_games_replay_says_so(tmp_path: Path) -> None:
    """The HTML replay of a forfeited league game: at its last step the page says which
    bot forfeited and why (before, it said only "The end of the saved game.")."""
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    league = mw.league([GOOD_BOT.parent / "crash.py", "random"], games=1, workers=1, progress=False)
    number = next(i for i, row in enumerate(league.rows) if row["forfeit"])
    reason = league.rows[number]["forfeit"]["reason"]
    replay = league.replay(number).save_html(tmp_path / "forfeit.html")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(replay.resolve().as_uri())
            page.wait_for_selector("#mw-replay[data-ready='true']")
            page.eval_on_selector(
                ".mw-scrubber",
                "(s) => { s.value = s.max; s.dispatchEvent(new Event('input')); }",
            )
            notice = page.locator(".mw-notice")
            expect(notice).to_contain_text("crash.py (Player 1) forfeited")
            expect(notice).to_contain_text(reason)
            assert "crash.py" in " ".join(page.locator(".mw-seat").all_inner_texts())
        finally:
            browser.close()

"""The explorer on the screens a class uses: a 1366x768 laptop and a 1280x720 projector.

JupyterLab (its file browser open, as it opens) runs ``explorer_screens.ipynb``
in Debian's Chromium. With the explorer's top scrolled to the top of the
notebook area, a person's whole hand, what they must decide, the narration
and a chart with data must all be on screen, in the light and dark themes;
card names must be whole and readable: no word cut, no line hidden below the
card or behind its price badge, no name smaller than 9 px, and the header's
New game and Save on the title's row. Then the person steps on their own turn
(the table says whose move it is), makes a two-step choice (a card, then its
move), and the 5-player odds panel shows every row label at a readable size.

A second test loads the quick start several times, light and dark, and checks
that every chart drew its data and its title (charts once drew blank in about
one page load in nine). Screenshots go to ``test-output/browser/``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_explorer_in_jupyterlab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OUTPUT,
    run_notebook,
    running_jupyterlab,
)

HERE = Path(__file__).parent
NOTEBOOK = HERE / "explorer_screens.ipynb"
QUICKSTART = HERE.parents[1] / "notebooks" / "00_quickstart.ipynb"
SCREENS = [(1366, 768), (1280, 720)]
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
#: The person's seat in the 3-player explorer, and the 5-player explorer's index.
PERSON, FIVE = 1, 1

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]

#: The smallest card-name font a class can read on a projector (px).
NAME_MIN_PX = 9

#: A JS function ``(scope) => [problem, ...]``: every shown card name that is cut
#: (a word wider than its card), runs below its card or behind the card's price
#: badge (a line hidden at the bottom), or is drawn smaller than NAME_MIN_PX.
BAD_NAMES = f"""(scope) => [...scope.querySelectorAll('.mw-card-name')]
  .filter((n) => n.getClientRects().length)
  .flatMap((n) => {{
    const card = n.closest('.mw-card').getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(n);
    const lines = [...range.getClientRects()].filter((r) => r.width > 0.5);
    const corner = n.closest('.mw-card').querySelector('.mw-corner');
    const badge = corner && corner.getClientRects().length ? corner.getBoundingClientRect() : null;
    const problems = [];
    if (n.scrollWidth > n.clientWidth + 1) problems.push('word cut');
    if (lines.some((r) => r.bottom > card.bottom - 1 || r.right > card.right + 1))
      problems.push('runs out of its card');
    if (badge && lines.some((r) => r.bottom > badge.top + 1 && r.top < badge.bottom - 1
        && r.right > badge.left + 1 && r.left < badge.right - 1))
      problems.push('hidden behind the badge');
    const size = parseFloat(getComputedStyle(n).fontSize);
    if (size < {NAME_MIN_PX}) problems.push(`${{size}} px`);
    return problems.length ? [`${{n.textContent}}: ${{problems.join(', ')}}`] : [];
  }})"""

#: What of explorer ``index`` lies inside the notebook area, as a person would see it.
ON_SCREEN_JS = """([index, seat]) => {
  const area = document
    .querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
    .getBoundingClientRect();
  const root = document.querySelectorAll('.mw-root')[index];
  const inside = (node) => {
    if (!node) return false;
    const r = node.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= area.top - 1 && r.bottom <= area.bottom + 1
      && r.left >= area.left - 1 && r.right <= area.right + 1;
  };
  const hand = [...root.querySelectorAll(`.mw-seat[data-seat="${seat}"] .mw-row-hand .mw-card`)];
  const charts = [...root.querySelectorAll('.mw-chart:not([hidden]) .js-plotly-plot')];
  const drawn = charts.filter((g) => inside(g) && (g.data || []).some((t) => (t.y || []).length)
    && ((g._fullLayout || {}).title || {}).text);
  const names = (BAD_NAMES)(root);
  // New game and Save sit on the title's row (their tops within the title's line).
  const title = root.querySelector('.mw-title').getBoundingClientRect();
  const save = root.querySelector('.mw-save').getBoundingClientRect();
  // A line cut through the middle: the narration's box, or its earlier events'
  // scrolling box (or its scroll position), is not a whole number of its lines;
  // or the latest event is not whole inside the box, from its first line.
  const box = root.querySelector('.mw-narration');
  const earlier = box.querySelector('.mw-narration-earlier');
  const latest = box.querySelector('.mw-narration-latest .mw-event');
  const lineHeight = parseFloat(getComputedStyle(box).lineHeight);
  const offLine = (px) => Math.min(px % lineHeight, lineHeight - (px % lineHeight)) > 1;
  const held = (inner, outer) => inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
  return {
    layout: root.dataset.layout,
    narrationCut: !(lineHeight > 0) || offLine(box.clientHeight)
      || offLine(earlier.clientHeight) || offLine(earlier.scrollTop),
    latestWhole: !!latest && held(latest.getBoundingClientRect(), box.getBoundingClientRect()),
    rootTop: Math.round(root.getBoundingClientRect().top - area.top),
    hand: hand.length,
    handVisible: hand.filter(inside).length,
    choices: inside(root.querySelector('.mw-choices')),
    narration: inside(root.querySelector('.mw-narration .mw-event')),
    decision: inside(root.querySelector('.mw-decision'))
      || inside(root.querySelector('.mw-choices-head')),
    chartsDrawn: drawn.length,
    namesCut: names,
    saveOnTitleRow: save.top < title.bottom && save.bottom > title.top,
  };
}""".replace("BAD_NAMES", BAD_NAMES)

#: ON_SCREEN_JS for explorer 0 with its latest event's text made five lines long
#: for a moment (then put back): the compact narration must still show it whole.
LONG_LATEST_JS = """(seat) => {
  const text = document.querySelector('.mw-root .mw-narration-latest .mw-event-text');
  const before = text.textContent;
  text.textContent = 'Player 2 asks Player 1 for Park Place with a Forced Deal, '.repeat(6);
  const seen = (ON_SCREEN)([0, seat]);
  text.textContent = before;
  return seen;
}"""

#: Every Plotly chart on the page: (has data, title) per chart.
CHARTS_JS = """() => [...document.querySelectorAll('.mw-root .js-plotly-plot')].map((g) => [
  (g.data || []).some((t) => (t.x || []).length && (t.y || []).length),
  ((g._fullLayout || {}).title || {}).text || '']
)"""

#: Card names cut, hidden or too small (see BAD_NAMES), anywhere on the page.
NAMES_CUT_JS = f"() => ({BAD_NAMES})(document)"

#: The odds panel of explorer ``index``: rows, labels drawn, smallest font, height.
ODDS_JS = """(index) => {
  const root = document.querySelectorAll('.mw-root')[index];
  const g = root.querySelector('.mw-chart-odds .js-plotly-plot');
  if (!g) return null;
  const labels = [...g.querySelectorAll('.annotation-text')];
  const texts = [...g.querySelectorAll(
    '.annotation-text, .bartext, .textpoint text, .xtick text, .gtitle')];
  const sizes = texts.map((t) => parseFloat(getComputedStyle(t).fontSize || t.style.fontSize));
  return {
    rows: g.data[0].y.length,
    labels: labels.filter((t) => t.textContent.trim()).length,
    smallest: Math.min(...sizes),
    height: g.getBoundingClientRect().height,
    title: g._fullLayout.title.text,
  };
}"""


#: The explorers' boxes did not move or change size across two animation frames.
LAYOUT_STILL_JS = """() => new Promise((resolve) => {
  const boxes = () => [...document.querySelectorAll('.mw-root, .mw-root .js-plotly-plot')]
    .map((el) => { const r = el.getBoundingClientRect(); return [r.top, r.height, r.width]; });
  const before = JSON.stringify(boxes());
  requestAnimationFrame(() => requestAnimationFrame(() =>
    resolve(JSON.stringify(boxes()) === before)));
})"""


def layout_still(page: Any) -> None:
    """Wait (with a deadline) until scrolling, restyling and charts have settled."""
    page.wait_for_function(LAYOUT_STILL_JS, timeout=30_000)


def scroll_to(page: Any, index: int) -> None:
    """Put explorer ``index``'s top at the top of the notebook area."""
    page.evaluate(
        "(i) => document.querySelectorAll('.mw-root')[i].scrollIntoView({block: 'start'})", index
    )
    layout_still(page)


def set_theme(page: Any, theme: str) -> None:
    page.evaluate(
        "(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})",
        THEMES[theme],
    )
    page.wait_for_function(
        "(light) => document.body.dataset.jpThemeLight === light",
        arg="true" if theme == "light" else "false",
    )
    # The flag flips before the theme's style sheet applies: wait until the page's own
    # background really is light or dark (sum of its RGB channels), as a person sees it.
    page.wait_for_function(
        """(light) => {
            const probe = document.createElement('div');
            probe.style.background = 'var(--jp-layout-color0)';
            document.body.appendChild(probe);
            const colour = getComputedStyle(probe).backgroundColor;
            probe.remove();
            const rgb = colour.match(/\\d+/g).slice(0, 3).map(Number);
            const sum = rgb[0] + rgb[1] + rgb[2];
            return light ? sum > 600 : sum < 300;
        }""",
        arg=theme == "light",
    )
    layout_still(page)


def charts_settle(page: Any) -> None:
    """Wait until each explorer has drawn at least one chart."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.mw-root')].every("
        "r => r.querySelector('.mw-chart:not([hidden]) .js-plotly-plot'))",
        timeout=60_000,
    )


@contextlib.contextmanager
def lab_and_browser(root: Path, notebook: Path) -> Iterator[tuple[str, Any]]:
    """JupyterLab over ``notebook`` and a Chromium: yields (notebook URL, browser)."""
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    OUTPUT.mkdir(parents=True, exist_ok=True)
    with running_jupyterlab(root, notebook) as (url, _folder), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield url, browser
        finally:
            browser.close()


def test_the_explorer_fits_a_laptop_and_a_projector(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with lab_and_browser(tmp_path, NOTEBOOK) as (url, browser):
        for width, height in SCREENS:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.set_default_timeout(60_000)
            run_notebook(page, url)
            expect(page.locator(".mw-root")).to_have_count(2)
            charts_settle(page)
            three = page.locator(".mw-root").first
            expect(three.locator(".mw-choice").first).to_be_visible()
            for theme in THEMES:
                set_theme(page, theme)
                scroll_to(page, 0)
                seen = page.evaluate(ON_SCREEN_JS, [0, PERSON])
                shot = OUTPUT / f"explorer-{width}x{height}-{theme}.png"
                page.screenshot(path=str(shot))
                where = f"{width}x{height} {theme}: {seen} (see {shot})"
                assert seen["layout"] == "compact", where
                assert seen["rootTop"] <= 2, where
                assert seen["hand"] > 0 and seen["handVisible"] == seen["hand"], where
                assert seen["choices"] and seen["narration"] and seen["decision"], where
                assert seen["chartsDrawn"] >= 1, where
                assert seen["namesCut"] == [], where
                assert not seen["narrationCut"], where
                assert seen["latestWhole"], where
                assert seen["saveOnTitleRow"], where
            set_theme(page, "light")
            scroll_to(page, 0)

            # A latest event of five lines, as a long Just Say No exchange makes:
            # the box grows to show it whole, from its first word.
            seen = page.evaluate(LONG_LATEST_JS.replace("ON_SCREEN", ON_SCREEN_JS), PERSON)
            where = f"{width}x{height} with a long latest event: {seen}"
            assert not seen["narrationCut"] and seen["latestWhole"], where

            # Step on the person's own turn: nothing moves, the table says whose move.
            label = three.locator(".mw-step-label")
            before = label.inner_text()
            three.locator(".mw-step").click()
            expect(three.locator(".mw-notice")).to_contain_text("your move")
            assert label.inner_text() == before

            # Two steps: a card, then one of its moves.
            three.locator(f'.mw-seat[data-seat="{PERSON}"] .mw-card.mw-clickable').first.click()
            expect(three.locator(".mw-choices-head")).to_contain_text("choose")
            move = three.locator(".mw-choice[data-action]").first
            expect(move).to_be_visible()
            move.click()
            expect(label).not_to_have_text(before)
            expect(three.locator(".mw-error")).to_be_hidden()

            # The 5-player odds panel: every label, readable, as tall as it needs.
            scroll_to(page, FIVE)
            five = page.locator(".mw-root").nth(FIVE)
            five.locator('.mw-chart-tab[data-chart="odds"]').click()
            page.wait_for_function(
                "(i) => document.querySelectorAll('.mw-root')[i]"
                ".querySelector('.mw-chart-odds .js-plotly-plot .annotation-text')",
                arg=FIVE,
            )
            odds = page.evaluate(ODDS_JS, FIVE)
            page.screenshot(path=str(OUTPUT / f"odds-5-players-{width}x{height}.png"))
            assert odds and odds["rows"] >= 5, odds
            assert odds["labels"] == odds["rows"], odds
            assert odds["smallest"] >= 11, odds
            assert odds["height"] >= 44 + 40 * odds["rows"], odds
            assert odds["title"].startswith("Next draw odds: Player 0"), odds
            page.close()


@pytest.mark.skipif(not QUICKSTART.exists(), reason="no quick-start notebook")
def test_every_chart_draws_on_every_load(tmp_path: Path) -> None:
    with lab_and_browser(tmp_path, QUICKSTART) as (url, browser):
        for load, theme in enumerate(["light", "dark", "light", "dark"]):
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.set_default_timeout(90_000)
            run_notebook(page, url, ready=None)
            page.wait_for_function("() => document.querySelectorAll('.mw-root').length")
            set_theme(page, theme)
            charts_settle(page)
            # Wait (with a deadline) for every chart to hold data and a title; the
            # assertions below then say which did not.
            with contextlib.suppress(Exception):
                page.wait_for_function(
                    f"() => ({CHARTS_JS})().every(([data, title]) => data && title)",
                    timeout=30_000,
                )
            layout_still(page)
            charts = page.evaluate(CHARTS_JS)
            explorers = page.locator(".mw-root").count()
            blank = [i for i, (data, title) in enumerate(charts) if not (data and title)]
            if blank or len(charts) < explorers:
                page.screenshot(path=str(OUTPUT / f"quickstart-load{load}-blank.png"))
            assert len(charts) >= explorers, (load, theme, charts)
            assert blank == [], f"load {load} ({theme}): blank charts {blank}: {charts}"
            bad = page.evaluate(NAMES_CUT_JS)
            if bad:
                shot = OUTPUT / f"quickstart-load{load}-names.png"
                page.screenshot(path=str(shot), full_page=True)
            assert bad == [], f"load {load} ({theme}): card names cut, hidden or too small: {bad}"
            page.close()

"""Every student at the table (issue 46): axe-core, the keyboard, the screen reader.

``accessibility_test.ipynb`` shows three short 2-player games (a person in seat 0
against a bot). In JupyterLab and in Voilà, axe-core (WCAG 2.1 A and AA) must find
no violation in any of the three explorers; in Voilà a person then plays each whole
game with the keyboard alone (Tab to the table, arrow keys within a hand and a list
of moves, Enter to choose), and the accessibility tree (Playwright's ARIA snapshot)
of a position must read as the table does: the seats by name, the cards in words,
whose turn it is and the last event. Servers start on 127.0.0.1 and stop by PID.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import axe
from tests.browser.test_explorer_in_jupyterlab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OUTPUT,
    free_port,
    run_notebook,
    running_jupyterlab,
    stop_by_pid,
)
from tests.browser.test_voila import voila_command, wait_for_port

HERE = Path(__file__).parent
NOTEBOOK = HERE / "accessibility_test.ipynb"
GAMES = ("deal", "bid", "cardgame")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def open_explorers(page: Any, url: str, loads: int = 5) -> Any:
    """Open the Voilà page until its three explorers show; returns their locator.

    At a load of 13 to 27 on the shared 2-core machine, 8 of 15 loads showed
    "Error displaying widget: model not found" for all three (the race of
    docs/compatibility.md, which ``test_voila.py`` watches on the quick start); this
    test is about what a student does with the table, so it loads the page again.
    """
    from playwright.sync_api import expect

    roots = page.locator(".mw-root")
    broken = page.get_by_text("model not found")
    for load in range(loads):
        page.goto(url, timeout=240_000)  # Voilà runs the notebook before it answers
        expect(roots.nth(len(GAMES) - 1).or_(broken.first)).to_be_visible(timeout=240_000)
        if broken.count() == 0:
            expect(roots).to_have_count(len(GAMES))
            return roots
        print(f"Voilà load {load + 1}: 'model not found'; loading the page again")
    raise AssertionError(f"the explorers did not show in {loads} loads")


def assert_no_violations(page: Any, where: str) -> None:
    """axe finds nothing in any explorer on the page (kept as JSON for a reader)."""
    found = axe.violations(page, ".mw-root")
    axe.save_json(OUTPUT / f"axe-{where}.json", found)
    assert found == [], f"axe-core in {where}:\n{axe.describe(found)}"


def test_axe_finds_nothing_in_jupyterlab(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    with running_jupyterlab(tmp_path, NOTEBOOK) as (url, _folder):
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.set_default_timeout(60_000)
                run_notebook(page, url)
                expect(page.locator(".mw-root")).to_have_count(3)
                # Plotly takes a while to start on a busy machine (one long task of seconds).
                expect(page.locator(".mw-root .js-plotly-plot").first).to_be_visible(
                    timeout=180_000
                )
                for theme in ("JupyterLab Light", "JupyterLab Dark"):
                    page.evaluate(
                        "(t) => window.jupyterapp.commands.execute('apputils:change-theme',"
                        " {theme: t})",
                        theme,
                    )
                    page.wait_for_function(
                        "(t) => document.body.dataset.jpThemeName === t", arg=theme
                    )
                    page.wait_for_timeout(500)
                    assert_no_violations(page, f"jupyterlab-{theme.split()[-1].lower()}")
            finally:
                browser.close()


@contextlib.contextmanager
def running_voila(root: Path, notebook: Path) -> Iterator[str]:
    """Voilà serving ``notebook`` (as the docs start it) on 127.0.0.1; stopped by its PID."""
    port = free_port()
    env = dict(os.environ)
    for name in ("runtime", "config"):
        (root / name).mkdir(exist_ok=True)
    env.update(JUPYTER_RUNTIME_DIR=str(root / "runtime"), JUPYTER_CONFIG_DIR=str(root / "config"))
    log = (root / "voila.log").open("w")
    process = subprocess.Popen(
        [*voila_command(), notebook.name, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        cwd=notebook.parent,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, process, timeout=180)  # 60 s was short at a load of 20
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop_by_pid(process)
        log.close()


#: Where the keyboard's focus is: the explorer it is in (-1: none) and what it is.
FOCUS_JS = """() => {
  const a = document.activeElement;
  const root = a && a.closest ? a.closest('.mw-root') : null;
  const style = a ? getComputedStyle(a) : null;
  return {
    index: [...document.querySelectorAll('.mw-root')].indexOf(root),
    move: !!a && a.matches('button.mw-choice:not(:disabled)'),
    group: !!a && a.matches('.mw-choice-group'),
    card: !!a && a.matches('.mw-card.mw-clickable'),
    pressed: a ? a.getAttribute('aria-pressed') : null,
    label: a ? (a.getAttribute('aria-label') || a.textContent || '').slice(0, 120) : '',
    ring: !!style && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
    node: a ? a.outerHTML.slice(0, 80) : '',
  };
}"""

#: True when explorer ``index`` has the focus on a move or a card with moves, or is over.
READY_JS = """(index) => {
  const root = document.querySelectorAll('.mw-root')[index];
  if (root.querySelector('.mw-status').textContent.startsWith('Game over')) return true;
  const a = document.activeElement;
  return root.contains(a) && a.matches('button.mw-choice:not(:disabled), .mw-card.mw-clickable');
}"""


def tab_to(page: Any, index: int, want: str, limit: int = 120) -> dict:
    """Press Tab until explorer ``index`` has the focus on a ``want`` ("move" or "card")."""
    for _ in range(limit):
        focus = page.evaluate(FOCUS_JS)
        if focus["index"] == index and focus[want]:
            return focus
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached a {want} of explorer {index}: {focus}")


def play_by_keyboard(page: Any, index: int) -> int:
    """Play explorer ``index``'s whole game with the keyboard; returns the moves made.

    Tab into the table; at the first decision, the arrow keys move along the list of
    moves and along the hand, and Enter on a card lists its moves (the focus goes to
    the first); then Enter chooses the move in focus, every time, until the game ends.
    The widget must put the focus on the next move by itself after every choice.
    """
    from playwright.sync_api import expect

    root = page.locator(".mw-root").nth(index)
    status = root.locator(".mw-status")
    # The bot may move first: wait for the person's first moves (or the bot's win).
    first = root.locator("button.mw-choice").or_(status.filter(has_text="Game over"))
    expect(first.first).to_be_visible(timeout=120_000)
    if status.inner_text().startswith("Game over"):
        return 0
    focus = tab_to(page, index, "move")
    moves = root.locator(".mw-choice-list button.mw-choice")
    if moves.count() > 1:
        page.keyboard.press("ArrowRight")
        second = page.evaluate(FOCUS_JS)
        assert second["move"] and second["label"] != focus["label"], (focus, second)
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(FOCUS_JS)["label"] == focus["label"]
    if root.locator(".mw-row-hand .mw-card.mw-clickable").count() > 1:
        card = tab_to(page, index, "card")
        page.keyboard.press("ArrowRight")
        other = page.evaluate(FOCUS_JS)
        assert other["card"] and other["node"] != card["node"], (card, other)
        page.keyboard.press("Enter")  # the card: its moves are listed, the first in focus
        page.wait_for_function(READY_JS, arg=index)
        picked = page.evaluate(FOCUS_JS)
        assert picked["move"], picked
        expect(root.locator('.mw-card[aria-pressed="true"]')).to_have_count(1)
    made = 0
    while not status.inner_text().startswith("Game over"):
        focus = page.evaluate(FOCUS_JS)
        assert focus["index"] == index and (focus["move"] or focus["card"]), focus
        assert focus["ring"], f"the focus is not drawn: {focus}"
        step = root.locator(".mw-step-label").inner_text()
        page.keyboard.press("Enter")
        made += 1
        assert made < 300, "the game did not end"
        if focus["move"] and not focus["group"]:  # a group opens its moves: no step
            expect(root.locator(".mw-step-label")).not_to_have_text(step, timeout=60_000)
        page.wait_for_function(READY_JS, arg=index, timeout=120_000)
    return made


def test_voila_keyboard_screen_reader_and_axe(tmp_path: Path) -> None:
    """In Voilà: axe finds nothing, the ARIA tree reads as the table, and every game
    is played to its end by keyboard alone."""
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    import monopoly_widgets as mw

    folder = tmp_path / "work"
    folder.mkdir()
    notebook = folder / NOTEBOOK.name
    notebook.write_bytes(NOTEBOOK.read_bytes())
    # The first position of the Deal game, as Python builds it (the person moves first).
    deal = mw.play("deal", players=2, human=0, seed=0, options={"max_turns": 4}, speed=20)
    table = deal.table.table
    with running_voila(tmp_path, notebook) as url:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.set_default_timeout(60_000)
                roots = open_explorers(page, url)
                expect(roots.first.locator(".mw-choice").first).to_be_visible(timeout=120_000)
                expect(page.locator(".mw-root .js-plotly-plot").first).to_be_visible(
                    timeout=180_000
                )

                # The accessibility tree of Deal's first position reads as the table.
                tree = roots.first.aria_snapshot()
                (OUTPUT / "aria-deal.yaml").parent.mkdir(parents=True, exist_ok=True)
                (OUTPUT / "aria-deal.yaml").write_text(tree, encoding="utf-8")
                for seat in table["seats"]:
                    assert f'region "{seat["name"]} ({seat["role"]})"' in tree, tree
                person, bot = table["seats"]
                hand = next(r for r in person["rows"] if r["label"] == "Hand")
                for face in hand["cards"]:
                    assert face["says"] in tree, (face["says"], tree)
                hidden = next(r for r in bot["rows"] if r["label"] == "Hand")["hidden"]
                assert f'img "Hand: {hidden} cards face down"' in tree, tree
                assert table["status"] in tree  # whose turn: "Turn 1 · Player 0's turn"
                assert deal.table.narration[-1]["text"] in tree  # the last event
                assert 'log "Events, as they happen"' in tree, tree

                assert_no_violations(page, "voila")
                page.screenshot(path=str(OUTPUT / "accessibility-voila.png"), full_page=True)

                for index, name in enumerate(GAMES):
                    made = play_by_keyboard(page, index)
                    status = roots.nth(index).locator(".mw-status")
                    assert status.inner_text().startswith("Game over"), name
                    assert made > 0, name
                    # The polite log said the player's own moves as theirs, each line once.
                    said = roots.nth(index).locator('[role="log"] > div').all_text_contents()
                    assert any(", your move: " in line for line in said), said
                    assert len(said) == len(set(said)), said
                    print(f"{name}: {made} key presses of Enter, {status.inner_text()}")
                assert_no_violations(page, "voila-over")
            except Exception:
                page.screenshot(path=str(OUTPUT / "accessibility-failure.png"), full_page=True)
                raise
            finally:
                browser.close()


def test_axe_finds_nothing_in_the_html_replay(tmp_path: Path) -> None:
    """The one-file replay (``save_html``), light and dark, wide and 320 px wide."""
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    import monopoly_widgets as mw
    from monopoly_widgets.agents.playout import make_agent, play_out

    game = mw.new_game("bid", players=3, seed=11)
    play_out(game, [make_agent("heuristic")] * 3, seed=11)
    explorer = mw.GameExplorer(game)
    explorer.seek(12)
    url = explorer.save_html(tmp_path / "replay.html", None).resolve().as_uri()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for scheme in ("light", "dark"):
                for width in (1400, 320):
                    page = browser.new_page(
                        viewport={"width": width, "height": 900}, color_scheme=scheme
                    )
                    page.goto(url)
                    chart = page.locator(".mw-root .js-plotly-plot").first
                    expect(chart).to_be_visible(timeout=120_000)
                    assert_no_violations(page, f"replay-{scheme}-{width}")
                    page.close()
        finally:
            browser.close()


#: Explorer ``index`` at the width it has: anything cut off at the sides, and every
#: control (button, menu, field) that cannot be seen or reached there.
REFLOW_JS = """(index) => {
  const root = document.querySelectorAll('.mw-root')[index];
  const box = root.getBoundingClientRect();
  const controls = [...root.querySelectorAll('button, select, input, [tabindex="0"]')]
    .filter((n) => !n.closest('[hidden]') && !n.closest('.mw-chart-tabs[hidden]'));
  const lost = controls.filter((n) => {
    const r = n.getBoundingClientRect();
    return r.width === 0 || r.height === 0 || r.left < box.left - 1 || r.right > box.right + 1;
  }).map((n) => n.getAttribute('aria-label') || n.textContent.slice(0, 40) || n.className);
  return {
    width: Math.round(box.width),
    page: document.documentElement.clientWidth,
    overflow: root.scrollWidth - root.clientWidth,
    pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    controls: controls.length,
    lost,
  };
}"""

#: What the table animates under prefers-reduced-motion (nothing, when it is honoured).
MOTION_JS = """() => {
  const root = document.querySelector('.mw-root');
  const card = root.querySelector('.mw-card');
  const probe = document.createElement('div');
  probe.className = 'mw-flash';
  root.appendChild(probe);
  const moving = [getComputedStyle(probe).animationName, getComputedStyle(card).transitionDuration];
  probe.remove();
  return moving;
}"""

#: The views a class may use: 200% zoom of a 1280x720 screen (the page lays out in
#: 640x360 CSS px) and a 320 px wide window (a phone, or 1280 px at 400%: WCAG 1.4.10).
VIEWS = {"zoom200": (640, 360), "w320": (320, 640)}


def test_voila_reflows_at_200_percent_and_320_px_light_and_dark(tmp_path: Path) -> None:
    """No control is lost and nothing needs a sideways scroll; motion stops when asked.
    Screenshots of each view and theme go to ``test-output/browser/``."""
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    folder = tmp_path / "work"
    folder.mkdir()
    notebook = folder / NOTEBOOK.name
    notebook.write_bytes(NOTEBOOK.read_bytes())
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with running_voila(tmp_path, notebook) as url:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for theme in ("light", "dark"):
                    page = browser.new_page(viewport={"width": 1280, "height": 720})
                    page.set_default_timeout(60_000)
                    roots = open_explorers(page, f"{url}?theme={theme}")
                    expect(roots.first.locator(".mw-choice").first).to_be_visible(timeout=120_000)
                    light = page.evaluate("() => document.body.dataset.jpThemeLight")
                    assert light == ("true" if theme == "light" else "false"), light
                    for view, (width, height) in VIEWS.items():
                        page.set_viewport_size({"width": width, "height": height})
                        page.wait_for_timeout(1500)  # the layout follows the new width
                        for index, name in enumerate(GAMES):
                            found = page.evaluate(REFLOW_JS, index)
                            assert found["controls"] > 5, found
                            assert found["lost"] == [], (name, view, theme, found)
                            assert found["overflow"] <= 1, (name, view, theme, found)
                        # Voilà scrolls inside the page: a taller window of the same
                        # width (the same layout) shows the first table whole.
                        page.set_viewport_size({"width": width, "height": 2400})
                        page.wait_for_timeout(500)
                        shot = OUTPUT / f"a11y-{view}-{theme}.png"
                        roots.first.screenshot(path=str(shot))
                    page.emulate_media(reduced_motion="reduce")
                    assert page.evaluate(MOTION_JS) == ["none", "0s"]
                    page.emulate_media(reduced_motion="no-preference")
                    assert page.evaluate(MOTION_JS) != ["none", "0s"]
                    page.close()
            finally:
                browser.close()

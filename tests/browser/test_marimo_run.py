"""The marimo quickstart as an app (``marimo run``), opened by two students at once.

It starts ``marimo run notebooks/00_quickstart_marimo.py`` on 127.0.0.1 (a free
port, a known token), opens the app in two browser contexts (two sessions, as two
students), and checks in each that the tables draw and that their charts draw
(a Plotly SVG with a line in it: before the fix only the first session got
charts). In the second session it presses step on the watched game and checks
that the click reached Python and came back: the step label moves, and the cell
that reads ``watch_view.value["shown_step"]`` shows the new step. Screenshots in
marimo's light and dark themes go to ``test-output/browser/``. The server is
stopped by its PID.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_explorer_in_jupyterlab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OUTPUT,
    free_port,
    stop_by_pid,
    wait_for_server,
)

ROOT = Path(__file__).parents[2]
NOTEBOOK = ROOT / "notebooks" / "00_quickstart_marimo.py"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


@contextmanager
def running_marimo(tmp_path: Path, notebook: Path) -> Iterator[str]:
    """``marimo run notebook`` on 127.0.0.1 (a free port, a known token), started in
    ``tmp_path``: yields the app's URL (with its token); stopped by its PID."""
    port, token = free_port(), secrets.token_hex(12)
    # marimo's own settings, in the test's folder: the theme follows the browser's
    # colour scheme, so one server shows both themes.
    config = tmp_path / "config" / "marimo" / "marimo.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[display]\ntheme = "system"\n')
    log = (tmp_path / "marimo.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "marimo",
            "run",
            str(notebook),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--headless",
            "--token-password",
            token,
        ],
        cwd=tmp_path,
        env={
            **os.environ,
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "MARIMO_SKIP_UPDATE_CHECK": "1",
        },
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_server(f"{base}/health", process)
        yield f"{base}/?access_token={token}"
    finally:
        stop_by_pid(process)
        log.close()


@pytest.fixture
def marimo_app(tmp_path: Path) -> Iterator[str]:
    """``marimo run`` of the quickstart: yields the app's URL (with its token)."""
    pytest.importorskip("marimo")
    with running_marimo(tmp_path, NOTEBOOK) as url:
        yield url


#: marimo draws each widget in its own shadow root: look inside every one.
IN_WIDGETS = """(selector) => [document, ...[...document.querySelectorAll('*')]
    .filter((el) => el.shadowRoot).map((el) => el.shadowRoot)]
    .flatMap((root) => [...root.querySelectorAll(selector)])"""
#: A drawn money chart: a Plotly SVG with a trace in it.
DRAWN_CHART = ".mw-chart-money .main-svg .scatterlayer .trace"


def count(page: Any, selector: str) -> int:
    return page.evaluate(f"(s) => ({IN_WIDGETS})(s).length", selector)


def wait_for_charts(page: Any, tables: int) -> None:
    """Every one of ``tables`` tables drew its money chart (or the test fails on a deadline)."""
    page.wait_for_function(f"([s, n]) => ({IN_WIDGETS})(s).length >= n", arg=[DRAWN_CHART, tables])


def open_session(browser: Any, url: str, scheme: str = "light") -> Any:
    """A new browser context (its own marimo session) with the app loaded and drawn."""
    context = browser.new_context(viewport={"width": 1500, "height": 1000}, color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(url)
    page.locator(".mw-root").first.wait_for()
    return page


def test_two_sessions_draw_charts_and_a_click_reaches_python(marimo_app: str) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    OUTPUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            first = open_session(browser, marimo_app)
            second = open_session(browser, marimo_app)
            for page in (first, second):
                # The tables of the first screen (Deal, the watched game): both drew charts.
                wait_for_charts(page, 2)
                assert count(page, ".mw-charts-loading") == 0 or not page.evaluate(
                    f"() => ({IN_WIDGETS})('.mw-charts-loading')"
                    ".some((el) => el.textContent.includes('could not load'))"
                )

            # The watched game is the second table; the next cell says which step it shows.
            watched = second.locator(".mw-root").nth(1)
            expect(second.get_by_text("The table shows step 0.")).to_be_visible()
            watched.locator(".mw-step").click()
            expect(watched.locator(".mw-step-label")).to_have_text("step 1 / 1")
            expect(second.get_by_text("The table shows step 1.")).to_be_visible()
            # The other student's session did not move.
            expect(first.get_by_text("The table shows step 0.")).to_be_visible()
            second.screenshot(path=str(OUTPUT / "marimo-run-light.png"))
            light = first.locator(".mw-root").first.evaluate(
                "(el) => getComputedStyle(el).backgroundColor"
            )

            dark = open_session(browser, marimo_app, scheme="dark")
            wait_for_charts(dark, 2)
            background = dark.locator(".mw-root").first.evaluate(
                "(el) => getComputedStyle(el).backgroundColor"
            )
            dark.screenshot(path=str(OUTPUT / "marimo-run-dark.png"))
            assert brightness(light) > 200, (
                f"the table is not light in marimo's light theme: {light}"
            )
            assert brightness(background) < 80, (
                f"the table is not dark in marimo's dark theme: {background}"
            )
        finally:
            browser.close()


def brightness(colour: str) -> int:
    """The brightest channel of a CSS ``rgb(...)``/``rgba(...)`` colour, 0 to 255."""
    channels = colour[colour.index("(") + 1 : -1].split(",")[:3]
    return max(int(float(c)) for c in channels)

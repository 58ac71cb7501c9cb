"""The quick-start notebook as a Voilà app, in a real browser (Debian's Chromium + Playwright).

Voilà runs ``notebooks/00_quickstart.ipynb`` and shows only its outputs, which is how
a teacher can hand students a page with no code. The test starts Voilà exactly as
the README and the teaching guide say, ``voila notebooks/00_quickstart.ipynb`` from
the repository root, on 127.0.0.1 (a free port, runtime folder
in a temp directory), opens it, and checks:

* all five game explorers of the notebook render (the widget's own ``mw-`` classes),
  each with its shown chart drawn by Plotly, and every drawn chart has data;
* the kernel is connected: the Card Game explorer, where a bot moves first, plays
  its bots' moves by itself until it is the person's turn;
* the step button works: the last explorer (a saved game reopened at step 0 of 30)
  moves to step 1, and the "back" button of the one before moves it back a step;
* a viewer sees only what a viewer needs (the repository's ``voila.py``, which Voilà
  reads from the folder it starts in): no cell tagged ``notebook-only`` ("Run the
  cells from the top (Shift+Enter)"), and no printed repr such as
  ``<GameExplorer deal 3 players ...>``.

Voilà is stopped by its PID. The browser helpers come from the JupyterLab test.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_explorer_in_jupyterlab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OUTPUT,
    free_port,
    stop_by_pid,
)

ROOT = Path(__file__).resolve().parents[2]
QUICKSTART = ROOT / "notebooks" / "00_quickstart.ipynb"
#: The explorers of the quick start, in order: play deal, bid, cardgame; watch; replay.
EXPLORERS = 5
CARDGAME, WATCH, REPLAY = 2, 3, 4

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


#: The indices of the drawn Plotly charts on the page that hold no data points.
EMPTY_CHARTS_JS = """() => [...document.querySelectorAll('.mw-root .js-plotly-plot')]
  .map((chart, index) => [index, (chart._fullData || chart.data || [])
    .reduce((points, trace) => points + Math.max(...[trace.x, trace.y, trace.values]
      .map(values => (values && values.length) || 0)), 0)])
  .filter(([index, points]) => points === 0).map(([index]) => index)"""


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 60) -> None:
    """Wait until Voilà listens (a plain TCP connect: an HTTP request would start a kernel)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Voilà exited with code {process.returncode}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.25)
    raise TimeoutError(f"Voilà did not listen on port {port}")


def voila_command() -> list[str]:
    """``voila``, the command the docs give, from this Python's own scripts folder."""
    script = Path(sys.executable).parent / "voila"
    return [str(script)] if script.exists() else [sys.executable, "-m", "voila"]


@pytest.fixture
def voila(tmp_path: Path) -> Iterator[str]:
    """A running Voilà serving the quick start; yields its URL, stops it by PID after."""
    port = free_port()
    env = dict(os.environ)
    for name in ("runtime", "config", "data"):
        (tmp_path / name).mkdir()
    env.update(
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
    )
    # The command the docs give, plus only what a test needs (port, address, no browser).
    log = (tmp_path / "voila.log").open("w")
    process = subprocess.Popen(
        [
            *voila_command(),
            str(QUICKSTART.relative_to(ROOT)),
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop_by_pid(process)
        log.close()


def explorers_shown(page: Any, timeout_s: float) -> int:
    """How many explorers the page shows once all are there, or once a widget failed."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        shown = page.locator(".mw-root").count()
        if shown == EXPLORERS or page.get_by_text("model not found").count():
            return shown
        time.sleep(1)
    return page.locator(".mw-root").count()


def notebook_only_texts() -> list[str]:
    """The text of the quick start's cells tagged ``notebook-only`` (there must be some)."""
    cells = json.loads(QUICKSTART.read_text(encoding="utf-8"))["cells"]
    texts = [
        "".join(cell["source"]).strip()
        for cell in cells
        if "notebook-only" in cell.get("metadata", {}).get("tags", [])
    ]
    assert texts, "the quick start has no notebook-only cell: nothing to check"
    return texts


def test_quickstart_as_a_voila_app(voila: str) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    # Voilà shows the page once the whole notebook has run, and a widget's state can
    # arrive a little after its view: on a busy machine that takes more than Playwright's
    # 5-second default, so every check below waits up to two minutes.
    expect.set_options(timeout=120_000)

    OUTPUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1200})
            page.set_default_timeout(120_000)
            failures: list[str] = []
            page.on("pageerror", lambda error: failures.append(str(error)[:200]))
            page.goto(voila)
            roots = page.locator(".mw-root")
            # Voilà shows the page once the whole notebook has run: allow for that. Every
            # explorer must appear on the first load: "model not found" was a race of
            # ours (docs/compatibility.md), and a reload no longer excuses it.
            shown = explorers_shown(page, timeout_s=240)
            assert not page.get_by_text("model not found").count(), (
                f"'model not found' on the first load ({shown} of {EXPLORERS} explorers)"
            )
            expect(roots).to_have_count(EXPLORERS, timeout=240_000)
            expect(page.locator(".js-plotly-plot").first).to_be_visible()
            labels = page.locator(".mw-step-label")
            expect(labels.nth(REPLAY)).to_have_text("step 0 / 30")
            expect(labels.nth(WATCH)).to_have_text("step 30 / 30")

            # The kernel is live: the Card Game's bots move on their own (a bot starts).
            expect(labels.nth(CARDGAME)).not_to_have_text("step 0 / 0", timeout=90_000)

            roots.nth(REPLAY).locator(".mw-step").click()
            expect(labels.nth(REPLAY)).to_have_text("step 1 / 30", timeout=120_000)
            roots.nth(WATCH).locator(".mw-back-btn").click()
            expect(labels.nth(WATCH)).to_have_text("step 29 / 30", timeout=120_000)
            for error in page.locator(".mw-error").all():
                expect(error).to_be_hidden()
            # Each explorer shows its charts (side by side, or one tab at a time when the
            # table is narrow); a hidden tab is drawn when opened. Every shown chart is
            # drawn and has data.
            for index in range(EXPLORERS):
                shown = roots.nth(index).locator(".mw-chart:not([hidden]) .js-plotly-plot")
                expect(shown.first).to_be_visible()
            empty = page.evaluate(EMPTY_CHARTS_JS)
            assert not empty, f"charts without data: {empty}; {failures[:2]}"

            # Only what a viewer needs: no instructions to run cells, no bare reprs.
            text = page.locator("body").inner_text()
            for hidden in notebook_only_texts():
                assert hidden not in text, f"a notebook-only cell is shown: {hidden!r}"
            assert "Shift+Enter" not in text
            assert "<GameExplorer" not in text, "a printed repr is shown"
            assert page.locator(".mw-root").count() == EXPLORERS  # the replay cell kept
            page.screenshot(path=str(OUTPUT / "voila-quickstart.png"), full_page=True)
        except Exception:
            page.screenshot(path=str(OUTPUT / "voila-failure.png"), full_page=True)
            raise
        finally:
            browser.close()

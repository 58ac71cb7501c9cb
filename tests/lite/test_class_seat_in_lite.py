"""``mw.join`` in the offline JupyterLite site: a seat of a live table from a browser tab.

The kernel is Pyodide, in the tab: it cannot use tornado's client, so the seat talks to
the class server over the tab's own WebSocket (``server/links.py``'s ``BrowserLink``).
The site is a page of another address than the server's, so first a server that has not
allowed it: the student is told, in the table, to open the server's own page (or to ask
for ``--allow-origin``), and no seat is taken. Then a server started with the site's
origin allowed: the student's table shows three seats, a click on a move is played by the
server and comes back, and every frame the kernel received (``JoinedSeat.frames``, read
from the kernel) holds no other seat's hidden card (``tests/server/leaks.py``). The site
is built and served as the other lite tests do it (127.0.0.1, no network).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from monopoly_widgets.server import ClassServer
from tests.browser.test_class_seat_in_frontends import last_step
from tests.lite import site_driver as lite
from tests.lite.test_pooling_in_lite import ADD_CELL, OUTPUT, pytestmark  # noqa: F401
from tests.server.leaks import leaks


def open_notebook(page: Any, base: str, notebook: str) -> None:
    """Open ``notebook`` and run its first cell, which installs the package."""
    page.goto(f"{base}/lab/index.html?path={notebook}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.wait_for_function(lite.KERNEL_IDLE, timeout=240_000)
    page.evaluate(lite.RUN_COMMAND, "notebook:run-cell-and-select-next")
    page.wait_for_function(lite.CELL_RAN, arg=0, timeout=300_000)


def join_in_a_cell(page: Any, url: str, code: str) -> None:
    cell = page.evaluate(
        ADD_CELL,
        "import monopoly_widgets as mw\n"
        f"seat = mw.join({code!r}, server={url!r}, name='Lite', keep_frames=True)\n"
        "seat",
    )
    page.evaluate(lite.RUN_COMMAND, "notebook:run-cell")
    page.wait_for_function(lite.CELL_RAN, arg=cell, timeout=240_000)


def test_a_seat_joined_from_jupyterlite(offline_site: Path, tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    lite.expose_app(offline_site)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    notebook = lite.quickstart_name(offline_site)
    with lite.serve(offline_site, tmp_path / "http.log") as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=lite.CHROMIUM, args=lite.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.set_default_timeout(120_000)
        expect.set_options(timeout=120_000)
        closed = ClassServer(tmp_path / "closed.sqlite", "127.0.0.1", 0).start()
        server = ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0, origins=(base,)).start()
        try:
            open_notebook(page, base, notebook)

            # A server that has not allowed the site: a clear message, no seat taken.
            other = closed.create_table("deal", 3, seed=3, bots={1: "random", 2: "random"})
            join_in_a_cell(page, closed.url, next(s["code"] for s in other["seats"] if s["code"]))
            message = page.locator(".mw-error", has_text="does not accept seats from this page")
            expect(message.last).to_be_visible()
            expect(message.last).to_contain_text(f"Open {closed.url} in a new tab")
            expect(message.last).to_contain_text(f"--allow-origin {base}")
            assert not closed.tables()[0]["seats"][0]["connected"]

            # The teacher allowed the site: the seat plays.
            table = server.create_table(
                "deal", 3, seed=3, bots={1: "heuristic", 2: "heuristic"}, bot_delay=0.2
            )
            code = next(s["code"] for s in table["seats"] if s["code"])
            join_in_a_cell(page, server.url, code)
            root = page.locator(".mw-root").last
            expect(root.locator(".mw-seat")).to_have_count(3)
            choice = root.locator(".mw-choice").first
            expect(choice).to_be_visible()
            action = choice.get_attribute("data-action")
            choice.click()
            deadline = time.monotonic() + 60
            while f'"{action}"' not in server.export_json(table["id"]):
                assert time.monotonic() < deadline, "the server never got the click"
                time.sleep(0.2)
            moved = len(json.loads(server.export_json(table["id"]))["actions"])
            frames: list[str] = []
            while last_step(frames) < moved:
                assert time.monotonic() < deadline, "the kernel never got the move's frame"
                time.sleep(0.5)
                said = page.evaluate(lite.ASK_KERNEL, "import json; print(json.dumps(seat.frames))")
                frames = json.loads(said)
            page.screenshot(path=str(OUTPUT / "class-seat-lite.png"))
            assert server.tables()[0]["seats"][0]["name"] == "Lite"
            assert leaks(server.export_json(table["id"]), 0, frames) == []
        except Exception:
            page.screenshot(path=str(OUTPUT / "class-seat-lite-failure.png"))
            raise
        finally:
            server.stop()
            closed.stop()
            browser.close()

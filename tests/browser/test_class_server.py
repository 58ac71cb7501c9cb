"""The class server's student page in Chromium: two students and a bot at one table.

Three browser contexts: two students at desktop size, and the first student again on a
phone-sized page after closing their tab. The server runs in a process of its own and
is killed with SIGKILL mid-game, then started again on the same store and port: the
pages reconnect and the game goes on from the same step. Every WebSocket frame each
page receives is recorded and checked against the true hands (``tests/server/leaks.py``).
A screenshot of the phone page is saved under ``test-output/browser/``
(``docs/images/class-phone.png`` is a copy).
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
#: Where the screenshots go (docs/images/class-phone.png is a copy of this one).
IMAGES = (
    Path(os.environ.get("MW_TEST_OUTPUT", Path(__file__).parents[2] / "test-output")) / "browser"
)
TABLE = "deal players=3 seed=12 bots=2:random bot_delay=0.05 away_after=1"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(db: Path, port: int) -> tuple[subprocess.Popen[str], str, list[str]]:
    command = [
        sys.executable,
        "-m",
        "monopoly_widgets",
        "serve",
        "--port",
        str(port),
        "--db",
        str(db),
    ]
    if not db.exists():
        command += ["--table", TABLE]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=os.environ.copy())
    assert process.stdout is not None
    key, codes = "", []
    for line in process.stdout:
        if line.startswith("Teacher key: "):
            key = line.split()[2]
        if line.startswith("Table "):
            codes = re.findall(r"code ([A-Z0-9]{6})", line)
            break
    return process, key, codes


def recorded(page: Any, frames: list[str]) -> Any:
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    return page


def join(page: Any, url: str, code: str, name: str) -> None:
    page.goto(f"{url}?code={code}")
    page.fill("#name", name)
    page.click("#join button")
    page.wait_for_selector("#seat:not([hidden])")


def step_of(page: Any) -> int:
    found = re.match(r"Step (\d+)\.", page.text_content("#status") or "")
    return int(found.group(1)) if found else -1


def click_some_move(page: Any, rng: random.Random) -> bool:
    buttons = page.locator("#moves button:not([disabled])")
    count = buttons.count()
    if not count:
        return False
    try:
        buttons.nth(rng.randrange(count)).click(timeout=2000)
    except Exception:  # the table moved on under the click: the next round tries again
        return False
    return True


def wait_until(done: Any, limit: float) -> None:
    """Poll (the page's CSP forbids the string scripts ``wait_for_function`` sends)."""
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def over(page: Any) -> bool:
    return "The game is over" in (page.text_content("#status") or "")


def test_two_students_and_a_bot_play_a_live_table_to_the_end(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    from tests.server.leaks import leaks

    db, port = tmp_path / "class.sqlite", free_port()
    url = f"http://127.0.0.1:{port}/"
    server, key, codes = start(db, port)
    frames: list[list[str]] = [[], []]
    rng = random.Random(5)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            desk = [browser.new_context(viewport={"width": 1100, "height": 800}) for _ in range(2)]
            pages = [recorded(context.new_page(), frames[n]) for n, context in enumerate(desk)]
            join(pages[0], url, codes[0], "<b>Ana</b>")
            join(pages[1], url, codes[1], "Bo")
            # A name is text (the seats list may come a frame after the join).
            wait_until(lambda: "<b>Ana</b>" in (pages[1].text_content("#seats") or ""), 30)
            assert pages[1].locator("#seats b").count() == 0

            def play_until(done: Any, limit: float = 240) -> None:
                end = time.monotonic() + limit
                while not done():
                    assert time.monotonic() < end, "the game stopped moving"
                    moved = any([click_some_move(page, rng) for page in pages])
                    if not moved:
                        pages[0].wait_for_timeout(30)

            play_until(lambda: step_of(pages[0]) >= 15)
            # The first student closes the tab; the stand-in plays the seat while it is empty.
            pages[0].close()
            pages = pages[1:]
            play_until(lambda: "away" in (pages[0].text_content("#seats") or ""), 30)
            phone = browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
            )
            back = recorded(phone.new_page(), frames[0])
            join(back, url, codes[0], "")
            pages = [back, *pages]
            play_until(lambda: step_of(back) >= step_of(pages[1]) >= 40)
            assert back.evaluate("document.documentElement.scrollWidth") <= 390
            assert back.locator("#join").is_hidden()
            assert "You are <b>Ana</b> (Player 0)" in (back.text_content("#status") or "")
            end = time.monotonic() + 60  # for the picture: the phone's own decision
            while not back.locator("#moves button").count():
                assert time.monotonic() < end
                if not click_some_move(pages[1], rng):
                    back.wait_for_timeout(30)
            back.evaluate("window.scrollTo(0, 0)")
            IMAGES.mkdir(parents=True, exist_ok=True)
            back.screenshot(path=str(IMAGES / "class-phone.png"), full_page=False)

            # SIGKILL mid-game, started again on the same store and port: the pages rejoin.
            before = step_of(pages[1])
            os.kill(server.pid, signal.SIGKILL)
            server.wait(10)
            status = lambda: pages[1].text_content("#status") or ""  # noqa: E731
            wait_until(lambda: "joining again" in status(), 20)
            server, _, same = start(db, port)
            assert same == codes
            wait_until(lambda: status().startswith("Step"), 30)
            assert step_of(pages[1]) >= before  # the same position (or later: bots moved on)
            play_until(lambda: over(pages[0]) and over(pages[1]), 400)
            browser.close()
        request = urllib.request.Request(
            f"{url}api/tables", headers={"Authorization": f"Bearer {key}"}
        )
        table_id = json.load(urllib.request.urlopen(request))[0]["id"]
        request = urllib.request.Request(
            f"{url}api/tables/{table_id}/export.json", headers={"Authorization": f"Bearer {key}"}
        )
        saved = urllib.request.urlopen(request).read().decode()
    finally:
        server.kill()
        server.wait(10)
    for seat in (0, 1):
        assert len(frames[seat]) > 20
        assert leaks(saved, seat, frames[seat]) == []

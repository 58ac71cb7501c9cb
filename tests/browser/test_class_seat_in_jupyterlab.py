"""``mw.join`` in JupyterLab: a student's seat of a live table, as the explorer's table.

A class server runs in this process with one table (seat 0 a person, seats 1 and 2 bots);
JupyterLab runs ``class_seat_test.ipynb``, which joins seat 0 by its code. The test checks
the table shows three seats with only seat 0's hand face up, clicks a legal move and waits
for the server to have played it, and saves the picture the teachers' guide shows
(under ``test-output/browser/``; ``docs/images/class-jupyterlab.png`` is a copy).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from monopoly_widgets.server import ClassServer
from tests.browser.test_explorer_in_jupyterlab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    run_notebook,
    running_jupyterlab,
)

NOTEBOOK = Path(__file__).parent / "class_seat_test.ipynb"
#: Where the screenshots go (docs/images/class-jupyterlab.png is a copy of this one).
IMAGES = (
    Path(os.environ.get("MW_TEST_OUTPUT", Path(__file__).parents[2] / "test-output")) / "browser"
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def test_a_joined_seat_plays_from_jupyterlab(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    server = ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0).start()
    try:
        table = server.create_table(
            "deal", 3, seed=3, bots={1: "heuristic", 2: "heuristic"}, bot_delay=0.2
        )
        code = next(s["code"] for s in table["seats"] if s["code"])
        monkeypatch.setenv("MW_CLASS_SERVER", server.url)
        monkeypatch.setenv("MW_TEST_CODE", code)
        with running_jupyterlab(tmp_path / "lab", NOTEBOOK) as (url, _folder):
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    page = browser.new_page(viewport={"width": 1280, "height": 900})
                    page.set_default_timeout(60_000)
                    run_notebook(page, url)
                    expect(page.locator(".mw-seat")).to_have_count(3)
                    choice = page.locator(".mw-choice")
                    expect(choice.first).to_be_visible()
                    page.locator(".mw-table").scroll_into_view_if_needed()
                    IMAGES.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(IMAGES / "class-jupyterlab.png"))
                    action = choice.first.get_attribute("data-action")
                    choice.first.click()
                    deadline = time.monotonic() + 30
                    while True:
                        saved = server.export_json(table["id"])
                        if f'"{action}"' in saved:
                            break
                        assert time.monotonic() < deadline, "the server never got the click"
                        time.sleep(0.2)
                    seats = server.tables()[0]["seats"]
                    assert seats[0]["name"] == "Ana" and seats[0]["connected"]
                finally:
                    browser.close()
    finally:
        server.stop()

"""The class server's teacher page in Chromium: a wrong key is refused, the right one lists
the tables; a table made on the page gets its join codes (and its clock, which a student's
page counts down); closing it closes it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from monopoly_widgets.server import ClassServer
from tests.browser.test_class_server import CHROMIUM, CHROMIUM_ARGS

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    running = ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0).start()
    try:
        yield running
    finally:
        running.stop()


def test_the_teacher_makes_and_closes_a_table_on_the_page(server: ClassServer) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 800})
            page.goto(server.url + "teacher")
            page.fill("#key", "not the key")
            page.click("#key-form button")
            expect(page.locator("#error")).to_contain_text("teacher key is missing or wrong")
            page.fill("#key", server.key)
            page.click("#key-form button")
            expect(page.locator("#teacher")).to_be_visible()
            page.fill("#bots", "2:heuristic")
            page.fill("#seed", "4")
            page.fill("#clock", "30")
            page.click("#new-table button")
            codes = page.locator("#tables li.code", has_text="code ")
            expect(codes).to_have_count(2)
            made = server.tables()
            assert len(made) == 1 and made[0]["spec"]["seed"] == 4
            assert made[0]["spec"]["bots"] == {"2": "heuristic"}
            for seat in made[0]["seats"][:2]:
                expect(page.locator("#tables")).to_contain_text(f"code {seat['code']}")
            # A student of that table sees the clock count down on the plain page.
            student = browser.new_page(viewport={"width": 390, "height": 844})
            student.goto(f"{server.url}?code={made[0]['seats'][0]['code']}")
            student.click("#join button")
            clock = student.locator("#clock")
            expect(clock).to_contain_text("s left for Player 0")
            first = clock.inner_text()
            expect(clock).not_to_have_text(first, timeout=5_000)  # it counts down
            page.click("text=Close the table")
            expect(page.locator("#tables h3")).to_contain_text("closed")
            assert server.tables()[0]["closed"] is True
        finally:
            browser.close()

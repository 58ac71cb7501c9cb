"""The class server's pages are held to the explorer's checks (issue 46: "where the live
tables issue adds pages, they are held to the same checks").

axe-core (WCAG 2.1 A and AA, ``tests/browser/axe.py``) finds nothing on the student's page
before joining, at a seat with moves to make, at the seat again at a phone's and a
desktop's size in light and dark, and on the teacher's page before and after the key; a
student's first move is reached and chosen with the keyboard alone (Tab, Enter).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.browser.axe import describe, violations
from tests.browser.test_class_server import CHROMIUM, CHROMIUM_ARGS, free_port, start, step_of

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def no_violations(page, where: str) -> None:
    found = violations(page, "body")
    assert not found, f"{where}:\n{describe(found)}"


def test_the_class_pages_pass_axe_and_the_keyboard(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server, key, codes = start(tmp_path / "class.sqlite", port)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            # Seat 0 decides first: its first move by the keyboard alone (Tab to a move,
            # Enter), then axe at a seat with moves to make.
            page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            page.goto(url)
            no_violations(page, "student page, not joined")
            page.fill("#code", codes[0])
            page.fill("#name", "Ana")
            page.press("#name", "Enter")  # the form is sent by the keyboard
            page.wait_for_selector("#moves button:not([disabled])", timeout=60_000)
            no_violations(page, "student page, at a seat with moves to make")
            before = step_of(page)
            for _ in range(60):
                page.keyboard.press("Tab")
                if page.evaluate(
                    "() => document.activeElement?.matches('#moves button:not([disabled])')"
                ):
                    break
            else:
                pytest.fail("Tab never reached a move")
            page.keyboard.press("Enter")
            end = time.monotonic() + 30
            while step_of(page) <= before:
                assert time.monotonic() < end, "the move chosen by Enter was not played"
                page.wait_for_timeout(50)
            page.context.close()

            # The seat again, at a phone's size and a desktop's, light and dark (after the
            # tab closed, the stand-in may have played on: whoever's turn it is now).
            for scheme in ("light", "dark"):
                for size in ({"width": 1280, "height": 720}, {"width": 390, "height": 844}):
                    context = browser.new_context(viewport=size, color_scheme=scheme)
                    page = context.new_page()
                    page.goto(f"{url}?code={codes[0]}")
                    page.fill("#name", "Ana")
                    page.press("#name", "Enter")
                    end = time.monotonic() + 60
                    while step_of(page) < 0:
                        assert time.monotonic() < end, "the seat was not shown"
                        page.wait_for_timeout(50)
                    no_violations(page, f"student page, at the seat ({scheme}, {size})")
                    context.close()
            page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            page.goto(f"{url}teacher")
            no_violations(page, "teacher page, before the key")
            page.fill("#key", key)
            page.press("#key", "Enter")
            page.wait_for_selector("#teacher:not([hidden])")
            no_violations(page, "teacher page, with the tables")
            browser.close()
    finally:
        server.kill()
        server.wait(10)

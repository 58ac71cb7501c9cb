"""A live question answered from JupyterLab (issue 45, part 2: "students answer ... from a
notebook").

A class server runs in this process with one table (seat 0 a person); the teacher asks a
question before the student's notebook runs. JupyterLab runs ``class_question_test.ipynb``,
which joins seat 0 with ``mw.join``, is sent the question, and answers it in a cell with
``seat.answer``. The teacher's distribution counts the answer under the student's name;
the notebook sees no distribution when it answers, and the class's once the teacher
reveals it (the test's thread plays the teacher while the notebook runs).
"""

from __future__ import annotations

import threading
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

NOTEBOOK = Path(__file__).parent / "class_question_test.ipynb"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def test_a_question_is_answered_from_jupyterlab(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    server = ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0).start()
    try:
        table = server.create_table("deal", 2, seed=3, bots={1: "heuristic"}, bot_delay=5)
        code = next(s["code"] for s in table["seats"] if s["code"])
        asked = server.ask("choice", "Bank it or play it?", choices=["Bank it", "Play it"])

        def reveal_once_answered() -> None:
            """The teacher shows the answers a little after the student's is in (the
            notebook has printed, by then, that it sees no distribution yet)."""
            end = time.monotonic() + 240
            while not server.question(asked["question"])["answered"]:
                if time.monotonic() > end:
                    return
                time.sleep(0.2)
            time.sleep(3)
            server.reveal_question(asked["question"])

        monkeypatch.setenv("MW_CLASS_SERVER", server.url)
        monkeypatch.setenv("MW_TEST_CODE", code)
        with running_jupyterlab(tmp_path / "lab", NOTEBOOK) as (url, _folder):
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    page = browser.new_page(viewport={"width": 1280, "height": 900})
                    page.set_default_timeout(60_000)
                    revealer = threading.Thread(target=reveal_once_answered, daemon=True)
                    revealer.start()
                    run_notebook(page, url)
                    output = page.locator(".jp-OutputArea-output pre")
                    expect(
                        output.filter(has_text="The teacher asks: Bank it or play it?")
                    ).to_be_visible()
                    expect(output.filter(has_text="answered 1")).to_be_visible()
                    expect(output.filter(has_text="and sees None")).to_be_visible()
                    expect(output.filter(has_text="class saw [0, 1]")).to_be_visible()
                    seen = server.question(asked["question"])
                    assert seen["answered"] == [{"name": "Ana", "answer": "Play it"}]
                    assert [b["count"] for b in seen["distribution"]["bars"]] == [0, 1]
                finally:
                    browser.close()
    finally:
        server.stop()

"""The lesson question widget in a Voilà app, in a real browser (Debian's Chromium + Playwright).

Voilà runs ``question_test.ipynb`` (copied to a temporary folder, where its kernel
writes ``seen.json``) and shows only its outputs, as a teacher's page with no code
would. The same steps as the JupyterLab test (``answer_both_questions``): a number
typed with a decimal comma and Enter, two Enters at once as one try, the right
answer, "Show me", then an option picked with the keyboard and Enter; each time the
page's feedback and what Python marked are checked, and axe-core finds no WCAG 2.1
A or AA violation in either question. Voilà is started as the
teaching guide says (``voila <notebook>``) on 127.0.0.1 and stopped by its PID.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.browser import axe
from tests.browser.test_explorer_in_jupyterlab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OUTPUT,
    free_port,
    stop_by_pid,
)
from tests.browser.test_question_in_jupyterlab import NOTEBOOK, answer_both_questions
from tests.browser.test_voila import voila_command, wait_for_port

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def test_question_in_voila(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    folder = tmp_path / "lesson"
    folder.mkdir()
    shutil.copy2(NOTEBOOK, folder / NOTEBOOK.name)
    env = dict(os.environ)
    for name in ("runtime", "config"):
        (tmp_path / name).mkdir()
    env.update(
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), JUPYTER_CONFIG_DIR=str(tmp_path / "config")
    )
    port = free_port()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with (tmp_path / "voila.log").open("w") as log:
        process = subprocess.Popen(
            [*voila_command(), NOTEBOOK.name, "--no-browser", f"--port={port}"]
            + ["--Voila.ip=127.0.0.1"],
            cwd=folder,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_for_port(port, process)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1366, "height": 900})
                page.set_default_timeout(120_000)
                expect.set_options(timeout=120_000)  # Voilà shows the page once all has run
                try:
                    page.goto(f"http://127.0.0.1:{port}/")
                    expect(page.locator(".mwq-root")).to_have_count(2)
                    expect(page.get_by_text("notebook ready")).to_be_visible()
                    answer_both_questions(page, folder)
                    found = axe.violations(page, ".mwq-root")  # WCAG 2.1 A and AA
                    assert found == [], axe.describe(found)
                    page.screenshot(path=str(OUTPUT / "question-voila.png"), full_page=True)
                except Exception:
                    page.screenshot(path=str(OUTPUT / "question-voila-failure.png"), full_page=True)
                    raise
                finally:
                    browser.close()
        finally:
            stop_by_pid(process)

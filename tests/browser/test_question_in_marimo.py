"""The lesson question widget in a marimo app (``marimo run``), in a real browser.

marimo runs ``question_test_marimo.py`` (the same two questions as
``question_test.ipynb``, copied to a temporary folder, where its kernel writes
``seen.json``) and draws each widget in its own shadow root, which Playwright's
locators look into. The same steps and checks as in JupyterLab and Voilà
(``answer_both_questions``): a decimal comma and Enter, two Enters as one try, the
right answer, "Show me", then an option picked with the mouse and Enter.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.browser.test_explorer_in_jupyterlab import CHROMIUM, CHROMIUM_ARGS, OUTPUT
from tests.browser.test_marimo_run import running_marimo
from tests.browser.test_question_in_jupyterlab import answer_both_questions

APP = Path(__file__).parent / "question_test_marimo.py"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def test_question_in_marimo(tmp_path: Path) -> None:
    pytest.importorskip("marimo")
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    folder = tmp_path / "lesson"
    folder.mkdir()
    shutil.copy2(APP, folder / APP.name)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with running_marimo(tmp_path, folder / APP.name) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.set_default_timeout(90_000)
        expect.set_options(timeout=90_000)
        try:
            page.goto(url)
            expect(page.locator(".mwq-root")).to_have_count(2)
            expect(page.get_by_text("notebook ready")).to_be_visible()
            answer_both_questions(page, folder)
            page.screenshot(path=str(OUTPUT / "question-marimo.png"), full_page=True)
        except Exception:
            page.screenshot(path=str(OUTPUT / "question-marimo-failure.png"), full_page=True)
            raise
        finally:
            browser.close()

"""The lesson question widget in a real browser: JupyterLab + Debian's Chromium, by Playwright.

It runs ``question_test.ipynb``, answers the number question with a decimal comma
and Enter (a wrong try, then two Enters in one go, which must be one try), then the
right answer, opens "Show me", and picks an option of the choice question with
the keyboard alone (Tab, the arrow keys, Enter). The notebook writes what Python
marked to ``seen.json``.
JupyterLab is started and stopped as in ``test_explorer_in_jupyterlab.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_explorer_in_jupyterlab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OUTPUT,
    read_seen,
    run_notebook,
    running_jupyterlab,
    wait_for_seen,
)

NOTEBOOK = Path(__file__).parent / "question_test.ipynb"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def test_question_in_jupyterlab(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    OUTPUT.mkdir(parents=True, exist_ok=True)
    with running_jupyterlab(tmp_path, NOTEBOOK) as (url, folder), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.set_default_timeout(60_000)
        try:
            run_notebook(page, url)
            answer_both_questions(page, folder)
            page.screenshot(path=str(OUTPUT / "question.png"), full_page=True)
        except Exception:
            page.screenshot(path=str(OUTPUT / "question-failure.png"), full_page=True)
            raise
        finally:
            browser.close()


def answer_both_questions(page: Any, folder: Path) -> None:
    """Answer ``question_test.ipynb``'s two questions, checking each; the option by keyboard.

    ``folder`` is where the notebook's kernel writes ``seen.json`` (what Python marked).
    Shared by the JupyterLab and the Voila tests: the same steps, the same checks.
    """
    from playwright.sync_api import expect

    hand, pick = page.locator(".mwq-root").nth(0), page.locator(".mwq-root").nth(1)
    box = hand.locator(".mwq-input")
    expect(hand.locator(".mwq-unit")).to_have_text("or %")
    expect(hand.get_by_role("button", name="Show me")).to_be_hidden()

    box.fill("0,2")  # a decimal comma, then Enter: the first try gets the nudge
    box.press("Enter")
    expect(hand.locator(".mwq-feedback")).to_contain_text("count the hands with none")
    expect(hand.locator(".mwq-tries")).to_have_text("1 try")

    box.fill("0.5")  # two Enters before Python answers: one try
    box.evaluate(
        "(node) => { for (let i = 0; i < 2; i++) node.dispatchEvent("
        "new KeyboardEvent('keydown', {key: 'Enter', bubbles: true})); }"
    )
    wait_for_seen(folder, lambda s: s["hand"]["tries"] >= 2, "the second try")
    expect(hand.locator(".mwq-feedback")).to_contain_text("1 - P(none)")
    assert read_seen(folder)["hand"]["tries"] == 2

    box.fill("0.397")
    hand.get_by_role("button", name="Check").click()
    seen = wait_for_seen(
        folder,
        lambda s: s["hand"]["status"] == "correct" and s["hand"]["tries"] >= 3,
        "correct",
    )
    assert seen["hand"] == {"tries": 3, "status": "correct", "answer": "0.397", "error": ""}
    expect(hand.locator(".mwq-feedback.mwq-correct")).to_contain_text("correct!")

    hand.get_by_role("button", name="Show me").click()
    expect(hand.locator(".mwq-worked")).to_contain_text("Answer: 3351401/8445073")
    expect(hand.locator(".mwq-worked")).to_contain_text("1 - C(96, 5) / C(106, 5)")

    check = pick.get_by_role("button", name="Check")
    expect(check).to_be_disabled()  # nothing picked yet
    worse = pick.get_by_role("radio", name="worse")  # not the group, whose prompt says "worse"
    # By keyboard alone (issue 46): Tab from the first question to the options, the
    # arrow keys to "worse", Enter to check it.
    hand.get_by_role("button", name="Show me").focus()
    for _ in range(10):
        if pick.locator("input[type=radio]:focus").count():
            break
        page.keyboard.press("Tab")
    for _ in range(5):
        if worse.is_checked():
            break
        page.keyboard.press("ArrowDown")
    assert worse.is_checked(), "the arrow keys never reached the option 'worse'"
    page.keyboard.press("Enter")
    seen = wait_for_seen(  # status is written before tries: wait for both
        folder,
        lambda s: s["pick"]["status"] == "correct" and s["pick"]["tries"] >= 1,
        "the pick",
    )
    assert seen["pick"]["answer"] == "worse" and seen["pick"]["tries"] == 1
    expect(pick.locator(".mwq-feedback")).to_have_text("correct!")

"""The coach panel in a real browser: JupyterLab + Debian's Chromium, driven by Playwright.

It runs ``coach_test.ipynb`` (two random bots, a quick coach, a position with 15 Forced
Deals whose names differ only late), presses the
Coach button and checks that the panel shows one bar per legal move with the
best one marked; then it steps and checks that the coach starts again for the
new step (the notebook writes what Python published to ``seen.json``) and
fills in again. JupyterLab is started and stopped as in
``test_explorer_in_jupyterlab.py``, whose helpers this reuses.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.test_explorer_in_jupyterlab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OUTPUT,
    run_notebook,
    running_jupyterlab,
    wait_for_seen,
)

NOTEBOOK = Path(__file__).parent / "coach_test.ipynb"

# Why a label would have no width: each ancestor that is not drawn, and how.
HIDDEN_BY = """(node) => {
    const out = [];
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
        const s = getComputedStyle(n);
        const how = [s.display, s.visibility, s.contentVisibility];
        if (how[0] === "none" || how[1] !== "visible" || how[2] !== "visible") {
            const name = n.className.baseVal ?? n.className;
            out.push(`${n.tagName}.${name}: display, visibility, content-visibility ${how}`);
        }
    }
    return `connected ${node.isConnected}; not drawn: ${out.join(" | ") || "none"}`;
}"""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def test_coach_in_jupyterlab(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    OUTPUT.mkdir(parents=True, exist_ok=True)
    with running_jupyterlab(tmp_path, NOTEBOOK) as (url, folder), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.set_default_timeout(60_000)
        try:
            run_notebook(page, url)
            toggle = page.locator(".mw-coach-toggle")
            panel = page.locator(".mw-coach")
            expect(toggle).to_have_attribute("aria-pressed", "false")
            expect(panel).to_be_hidden()

            # Keyboard reachable: focus it and press Enter, as a keyboard user would.
            toggle.focus()
            page.keyboard.press("Enter")
            expect(toggle).to_have_attribute("aria-pressed", "true")
            expect(panel).to_be_visible()
            seen = wait_for_seen(folder, lambda s: s["rows"] > 0, "a first coach chart")
            assert seen["coach_step"] == 0 and seen["rows"] == seen["legal"]
            bars = panel.locator(".mw-coach-plot g.point")
            expect(bars).to_have_count(seen["legal"], timeout=60_000)
            best = panel.locator(".mw-coach-plot .annotation-text", has_text="best:")
            expect(best).to_have_count(1)
            # Every bar has its label, money included ("Bank $1M as $1M" is not maths).
            labels = panel.locator(".mw-coach-plot .annotation-text")
            texts = labels.all_text_contents()
            assert len(texts) == seen["legal"] and any("$" in t for t in texts), texts
            # No two moves' names read alike (15 Forced Deals here): a long name wraps rather
            # than being cut to its first words.
            names = [re.sub(r"^★ best: |: \d+% \(\d+% to \d+%\)$", "", t) for t in texts]
            assert len(set(names)) == len(names), names
            # Measured as a person reads them: once the coach is done (no more redraws)
            # and with the panel on screen.
            status = panel.locator(".mw-coach-status")
            expect(status).to_contain_text("done", timeout=90_000)
            panel.scroll_into_view_if_needed()
            try:
                page.wait_for_function(
                    """() => {
                        const found = '.mw-coach-plot .annotation-text';
                        const nodes = [...document.querySelectorAll(found)];
                        return nodes.length > 0 && nodes.every((n) => n.getBBox().width > 20);
                    }""",
                    timeout=30_000,
                )
            except Exception:
                widths = labels.evaluate_all("(nodes) => nodes.map((n) => n.getBBox().width)")
                hidden_by = labels.first.evaluate(HIDDEN_BY)
                found = list(zip(labels.all_text_contents(), widths, strict=True))
                shown = page.evaluate("() => document.visibilityState")
                raise AssertionError(
                    f"labels without width: {found}; {hidden_by}; page {shown}"
                ) from None
            # Every label ends inside the chart (past its edge the chance would be cut off).
            overflow = labels.evaluate_all(
                """(nodes) => nodes.map((n) => {
                    const plot = n.closest('.mw-coach-plot').getBoundingClientRect();
                    return [n.textContent, n.getBoundingClientRect().right - plot.right];
                }).filter(([, past]) => past > 0.5)"""
            )
            assert not overflow, overflow
            whiskers = panel.locator(".mw-coach-plot g.errorbar")
            assert whiskers.count() == seen["legal"]
            expect(status).to_contain_text(f"Player {seen['player']}'s moves")
            page.screenshot(path=str(OUTPUT / "coach.png"), full_page=True)

            # Step: the coach drops the old analysis and starts on the new step.
            page.locator(".mw-step").click()
            expect(page.locator(".mw-step-label")).to_have_text("step 1 / 1")
            seen = wait_for_seen(
                folder, lambda s: s["coach_step"] == 1 and s["rows"] > 0, "a chart for step 1"
            )
            assert seen["rows"] == seen["legal"] and seen["error"] == ""
            expect(bars).to_have_count(seen["legal"], timeout=60_000)

            # Off: the panel goes away, and so does the analysis.
            toggle.click()
            expect(toggle).to_have_attribute("aria-pressed", "false")
            expect(panel).to_be_hidden()
            wait_for_seen(folder, lambda s: s["coach_step"] is None, "the coach turned off")
            expect(page.locator(".mw-error")).to_be_hidden()
        except Exception:
            page.screenshot(path=str(OUTPUT / "coach-failure.png"), full_page=True)
            raise
        finally:
            browser.close()

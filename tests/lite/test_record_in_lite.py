"""The attempt record and the Question widget in the offline JupyterLite site (issue 27 §3).

In JupyterLite there is no server and no disk: the notebook's folder is the browser's
own storage, and the record (``lessons/record.py``) must land there, where the student
finds it in the file browser to hand in, and where it is still there tomorrow.

The site is built and served as ``test_pooling_in_lite.py`` does it (a static server on
127.0.0.1, no network). A student answers a ``Question`` by the mouse, twice (a wrong
try, then the right one); the test then reads the record from the site's contents
(JupyterLab's own contents service, which keeps the browser's storage), not from the
kernel. The tab is closed, a new one opened in the same browser profile, and the same
question shows the two tries again in a fresh kernel: the record was read back from
the browser's storage. The page must reach nothing outside 127.0.0.1.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from monopoly_widgets.lessons.students import file_stem
from tests.lite import site_driver as lite
from tests.lite.test_pooling_in_lite import ADD_CELL, OUTPUT, pytestmark  # noqa: F401

STUDENT = "Ana Lite"
RECORD = f"monopoly-widgets-record-{file_stem(STUDENT)}.json"

#: A choice question that needs no game: the widget and the checker, nothing else.
QUESTION = (
    "from monopoly_widgets.lessons import Choice, Exercise, Question\n"
    "PICK = Exercise('L-1', 'Is the banker bot better or worse?', "
    "Choice(('better', 'worse')), lambda: 'worse')\n"
    f"question = Question(PICK, student={STUDENT!r})\n"
    "question"
)

#: The names in the site's top folder and, if there, the record's text, as the browser
#: keeps them (JupyterLite's contents service reads its own storage, not the kernel's).
READ_CONTENTS = """async (name) => {
  const contents = window.jupyterapp.serviceManager.contents;
  const top = await contents.get('', {content: true});
  const names = top.content.map((item) => item.name);
  if (!names.includes(name)) return {names, text: null};
  const file = await contents.get(name, {content: true, format: 'text', type: 'file'});
  const text = typeof file.content === 'string' ? file.content : JSON.stringify(file.content);
  return {names, text};
}"""


#: The outputs of cell ``i`` as JSON (an error shows here, not as a missing widget).
OUTPUTS = """(i) => { const cell = window.jupyterapp.shell.currentWidget.content.model.cells.get(i);
  const found = [];
  for (let k = 0; k < cell.outputs.length; k++) found.push(cell.outputs.get(k).toJSON());
  return found; }"""

#: Scroll the open notebook to cell ``i``.
SCROLL_TO = """(i) => window.jupyterapp.shell.currentWidget.content.scrollToItem(i, 'auto')"""


def open_with_question(page: Any, base: str, notebook: str) -> Any:
    """Open ``notebook``, run its install cell, add and run the question's cell; the widget."""
    page.goto(f"{base}/lab/index.html?path={notebook}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.wait_for_function(lite.KERNEL_IDLE, timeout=240_000)
    page.evaluate(lite.RUN_COMMAND, "notebook:run-cell-and-select-next")  # installs the package
    page.wait_for_function(lite.CELL_RAN, arg=0, timeout=300_000)
    cell = page.evaluate(ADD_CELL, QUESTION)
    page.evaluate(lite.RUN_COMMAND, "notebook:run-cell")
    page.wait_for_function(lite.CELL_RAN, arg=cell, timeout=240_000)
    outputs = page.evaluate(OUTPUTS, cell)
    assert outputs and not [o for o in outputs if o["output_type"] == "error"], outputs
    page.evaluate(SCROLL_TO, cell)  # the notebook draws only the cells in view
    question = page.locator(".mwq-root")  # the only question on the page
    question.wait_for(state="attached")  # the widget's script loads in the tab: give it time
    question.scroll_into_view_if_needed()
    return question


def test_the_record_is_kept_in_the_browsers_storage(offline_site: Path, tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    lite.expose_app(offline_site)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    notebook = lite.quickstart_name(offline_site)
    outside: list[str] = []
    with lite.serve(offline_site, tmp_path / "http.log") as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=lite.CHROMIUM, args=lite.CHROMIUM_ARGS)
        profile = browser.new_context(viewport={"width": 1366, "height": 900})
        local = (base, "data:", "blob:")
        profile.on("request", lambda r: None if r.url.startswith(local) else outside.append(r.url))
        page = profile.new_page()
        page.set_default_timeout(120_000)
        try:
            question = open_with_question(page, base, notebook)
            expect(question).to_be_visible()
            expect(question.locator(".mwq-tries")).to_have_text("")
            question.get_by_role("radio", name="better").check()
            question.get_by_role("button", name="Check").click()
            expect(question.locator(".mwq-tries")).to_have_text("1 try")
            question.get_by_role("radio", name="worse").check()
            question.get_by_role("button", name="Check").click()
            expect(question.locator(".mwq-tries")).to_have_text("2 tries")
            expect(question.locator(".mwq-feedback.mwq-correct")).to_be_visible()

            found: dict[str, Any] = {}

            def record_stored() -> bool:
                found.update(page.evaluate(READ_CONTENTS, RECORD))
                return found["text"] is not None and '"tries": 2' in found["text"]

            expect_within(record_stored, page, "the record in the browser's storage", found)
            record = json.loads(found["text"])
            assert record["student"] == STUDENT
            assert record["exercises"]["L-1"] == {
                "tries": 2,
                "correct": True,
                "correct_on_try": 2,
                "shown": False,
                "last": "correct",
                "last_answer": "'worse'",  # a short excerpt, quoted
            }
            assert not [n for n in found["names"] if n.startswith(".record-")]  # no leftovers
            question.scroll_into_view_if_needed()
            page.screenshot(path=str(OUTPUT / "record-question.png"))
            page.close()

            # The next day: a new tab in the same browser, a fresh kernel.
            page = profile.new_page()
            page.set_default_timeout(120_000)
            question = open_with_question(page, base, notebook)
            expect(question.locator(".mwq-tries")).to_have_text("2 tries")
        except Exception:
            page.screenshot(path=str(OUTPUT / "record-failure.png"))
            raise
        finally:
            browser.close()
    assert outside == [], f"the offline site reached outside 127.0.0.1: {outside[:5]}"


def expect_within(condition: Any, page: Any, what: str, found: dict[str, Any]) -> None:
    """Wait (polling the page, 60 s at most) until ``condition()`` holds."""
    deadline = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < deadline, f"never saw {what}: {str(found)[:400]}"
        page.wait_for_timeout(500)

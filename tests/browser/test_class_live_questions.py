"""The teacher's dashboard and a live question in Chromium (issue 45, parts 1 and 2).

A class server with two live tables; three students on phone-sized pages (two at the
first table, one at the second, one named with markup); the teacher's page at 1280x720.
The dashboard shows both tables (whose turn, moves, who is here, money), pauses and
resumes one, and spectates it with public information only. The teacher asks a question
from the page; the students answer on their pages; the teacher's Plotly chart follows
the answers, and the students' pages show the distribution only after the reveal.
axe-core finds nothing on a student's page and the teacher's with the question shown.
Screenshots go to ``test-output/browser/`` (``docs/images/class-dashboard.png`` and
``docs/images/class-question.png`` are copies).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from monopoly_widgets.server import ClassServer
from tests.browser.test_class_pages_accessible import no_violations
from tests.browser.test_class_server import CHROMIUM, CHROMIUM_ARGS, IMAGES, wait_until
from tests.server.wsclient import person_codes

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    running = ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0).start()
    try:
        yield running
    finally:
        running.stop()


def join(page: object, server: ClassServer, code: str, name: str) -> None:
    page.goto(f"{server.url}?code={code}")  # type: ignore[attr-defined]
    page.fill("#name", name)  # type: ignore[attr-defined]
    page.click("#join button")  # type: ignore[attr-defined]
    page.wait_for_selector("#seat:not([hidden])")  # type: ignore[attr-defined]


def test_the_dashboard_and_a_live_question_in_the_browser(server: ClassServer) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    first = server.create_table("deal", 3, seed=7, bots={2: "heuristic"}, bot_delay=0.2)
    second = server.create_table("bid", 3, seed=8, bots={1: "random", 2: "random"})
    IMAGES.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            students = [browser.new_context(viewport=PHONE).new_page() for _ in range(3)]
            join(students[0], server, person_codes(first)[0], "<b>Ana</b>")
            join(students[1], server, person_codes(first)[1], "Ben")
            join(students[2], server, person_codes(second)[0], "Chloé")
            teacher = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            teacher.goto(server.url + "teacher")
            teacher.fill("#key", server.key)
            teacher.click("#key-form button")

            # The dashboard: two live tables, whose turn, moves, who is here, money.
            tables = teacher.locator("#tables .box")
            expect(tables).to_have_count(2)
            one = teacher.locator(f"[data-table='{first['id']}']")
            expect(one).to_contain_text(f"code {person_codes(first)[0]}, <b>Ana</b>, here")
            expect(one).to_contain_text("Ben, here")
            expect(one).to_contain_text("moves so far")
            expect(one).to_contain_text("cards in hand")
            expect(teacher.locator(f"[data-table='{second['id']}']")).to_contain_text("Chloé, here")
            assert teacher.locator("#tables b").count() == 0  # the name is text
            one.locator("text=Pause").click()
            expect(one.locator("h3")).to_contain_text("paused")
            expect(students[0].locator("#status")).to_contain_text("paused")
            one.locator("text=Spectate").click()
            view = teacher.locator("#spectate-view")
            expect(view).to_contain_text("hand count")
            hands = server.export_json(first["id"])  # the true game: no hand may show
            assert "hand:" not in view.inner_text() and hands
            teacher.screenshot(path=str(IMAGES / "class-dashboard.png"))
            one.locator("text=Resume").click()
            expect(one.locator("h3")).not_to_contain_text("paused")

            # A live question, asked from the page.
            teacher.fill("#prompt", "Bank the $5M or play the Deal Breaker?")
            teacher.fill("#choices", "Bank it\nPlay it\n<i>Keep it</i>")
            teacher.click("#ask button")
            chart = teacher.locator("#chart")
            expect(chart).to_have_attribute("data-counts", "0,0,0")
            for student in students:
                expect(student.locator("#prompt")).to_contain_text("Deal Breaker")
            students[0].click("#answer-choices button[data-answer='1']")
            expect(chart).to_have_attribute("data-counts", "0,1,0")
            students[1].click("#answer-choices button[data-answer='2']")
            expect(chart).to_have_attribute("data-counts", "0,1,1")
            students[2].click("#answer-choices button[data-answer='1']")
            expect(students[2].locator("#answer-status")).to_contain_text("Your answer is in")
            expect(chart).to_have_attribute("data-counts", "0,2,1")
            # The choice with markup is a literal label on the chart and the pages.
            expect(chart.locator(".xtick text").nth(2)).to_have_text("<i>Keep it</i>")
            expect(teacher.locator("#answered")).to_contain_text("<b>Ana</b>: Play it")
            assert teacher.locator("#answered b, #chart i").count() == 0
            for student in students:  # not shown to the class yet
                expect(student.locator("#distribution")).to_be_hidden()
            teacher.click("#reveal")
            for student in students:
                expect(student.locator("#distribution")).to_be_visible()
                expect(student.locator("#bars")).to_contain_text("Play it: 2")
                expect(student.locator("#bars")).to_contain_text("<i>Keep it</i>: 1")
            expect(teacher.locator("#question-line")).to_contain_text("shown to the class")
            # The new parts are held to the class pages' checks (axe-core, WCAG 2.1 AA).
            no_violations(students[0], "student page with a revealed question")
            no_violations(teacher, "teacher page with a question's chart")
            teacher.locator("#question").scroll_into_view_if_needed()
            teacher.screenshot(path=str(IMAGES / "class-question.png"))
            students[0].screenshot(path=str(IMAGES / "class-question-phone.png"))
            teacher.click("#close-question")
            expect(students[0].locator("#prompt")).to_contain_text("(closed)")
            wait_until(lambda: students[0].locator("#answer-choices button").count() == 0, 10)
        finally:
            browser.close()


def test_three_results_handed_in_redraw_the_pooled_chart(server: ClassServer) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    from monopoly_widgets.classroom.result import ExperimentResult

    sent = [
        ExperimentResult("03", "a set in five draws", {"draws": 5}, k, 100, name, seed)
        for k, name, seed in ((31, "<b>Sam</b>", 1), (27, "Ana", 2), (35, "Ben", 3))
    ]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            teacher = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            teacher.goto(server.url + "teacher")
            teacher.fill("#key", server.key)
            teacher.click("#key-form button")
            expect(teacher.locator("#pool-line")).to_contain_text("result.submit(")
            chart = teacher.locator("#pools .pool")
            for number, result in enumerate(sent, 1):
                result.submit(server.url)
                expect(chart).to_have_attribute("data-results", str(number))
                expect(teacher.locator("#pool-line")).to_contain_text(f"/{100 * number} =")
                # one row a student, and the class's pooled row, on the chart
                expect(chart.locator(".ytick text")).to_have_count(number + 1)
            ticks = chart.locator(".ytick text").all_text_contents()
            assert "<b>Sam</b>" in ticks and chart.locator("b").count() == 0
            teacher.locator("#pools").scroll_into_view_if_needed()
            teacher.screenshot(path=str(IMAGES / "class-pool.png"))
        finally:
            browser.close()

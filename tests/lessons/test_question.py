"""The question widget, driven as the browser drives it: ``_handle_msg`` in, ``comm.send`` out.

Checks that it marks with the same checker as ``check``, never sends the answer
before a try, treats one press as one try, and refuses a bad message from the
browser with a visible error and no change of state.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

import pytest

from monopoly_widgets.lessons import (
    Choice,
    Exercise,
    Number,
    Question,
    Seat,
    Truth,
    Whole,
    grade,
)
from monopoly_widgets.lessons.question import STATIC
from monopoly_widgets.lessons.record import record_for
from tests.widgets.helpers import RecordingComm

CHANCE = Exercise(
    "Q-1",
    "chance of a Just Say No",
    Number(3, percent=True, probability=True),
    lambda cards: Fraction(6789, 10000) if cards == 3 else Fraction(1, 2),
    hints=("count the hands with none", "1 - P(none)"),
    working=lambda cards: f"with {cards} cards: 1 - 3211/10000",
)
PICK = Exercise("Q-2", "better or worse", Choice(("better", "worse")), lambda: "worse")


def attached(question: Question) -> RecordingComm:
    comm = RecordingComm()
    question.comm = comm
    return comm


def browser_says(question: Question, content: Any) -> None:
    message = {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    question._handle_msg(message)


def state_text(question: Question, comm: RecordingComm) -> str:
    return json.dumps(question.get_state()) + json.dumps(comm.sent)


def test_a_number_question_marks_with_the_same_checker() -> None:
    question = Question(CHANCE, cards=3)
    comm = attached(question)
    assert question.kind == "number" and question.unit == "or %" and question.tries == 0
    browser_says(question, {"type": "answer", "value": "0,679", "tries": 0})
    assert question.status == "correct" and question.tries == 1
    assert question.feedback == grade(CHANCE, "0,679", cards=3).message
    assert comm.customs()[-1] == {"type": "done"}
    assert record_for(None).exercises["Q-1"].correct


def test_the_answer_is_never_sent_before_a_try() -> None:
    question = Question(CHANCE, cards=3)
    comm = attached(question)
    assert not re.search(r"0\.67|67\.9|6789", state_text(question, comm))
    browser_says(question, {"type": "answer", "value": "0.2", "tries": 0})
    assert question.status == "wrong" and "count the hands with none" in question.feedback
    assert not re.search(r"0\.67|67\.9|6789", state_text(question, comm))


def test_one_press_is_one_try_and_hints_are_graded() -> None:
    question = Question(CHANCE, cards=3)
    attached(question)
    browser_says(question, {"type": "answer", "value": "0.2", "tries": 0})
    browser_says(question, {"type": "answer", "value": "0.2", "tries": 0})  # Enter twice
    assert question.tries == 1
    browser_says(question, {"type": "answer", "value": "0.2", "tries": 1})
    assert question.tries == 2 and "1 - P(none)" in question.feedback


def test_show_me_only_after_a_try_and_it_is_recorded() -> None:
    question = Question(CHANCE, cards=3)
    attached(question)
    browser_says(question, {"type": "show_me"})
    assert "answer once" in question.error and question.worked == ""
    browser_says(question, {"type": "answer", "value": "0.5", "tries": 0})
    browser_says(question, {"type": "show_me"})
    assert (
        "6789/10000 = 0.6789, which is 0.679" in question.worked
        and "with 3 cards" in question.worked
    )
    assert record_for(None).exercises["Q-1"].shown and question.error == ""
    hidden = Question(CHANCE, cards=3, allow_show_me=False)
    attached(hidden)
    browser_says(hidden, {"type": "answer", "value": "0.5", "tries": hidden.tries})
    browser_says(hidden, {"type": "show_me"})
    assert hidden.worked == "" and "does not show" in hidden.error


@pytest.mark.parametrize(
    ("exercise", "options"),
    [
        (PICK, [["better", "better"], ["worse", "worse"]]),
        (Exercise("Q-3", "q", Truth(), lambda: False), [["true", "True"], ["false", "False"]]),
        (
            Exercise("Q-4", "q", Seat(2, nobody=True), lambda: None),
            [["0", "player 0"], ["1", "player 1"], ["nobody", "nobody"]],
        ),
    ],
)
def test_choices_are_offered_and_marked(exercise: Exercise, options: list[list[str]]) -> None:
    question = Question(exercise)
    attached(question)
    assert question.kind == "choice" and question.options == options
    browser_says(question, {"type": "answer", "value": options[-1][0], "tries": 0})
    assert question.status == "correct"


def test_a_whole_number_shows_its_unit() -> None:
    question = Question(Exercise("Q-5", "q", Whole("$M"), lambda: 5))
    attached(question)
    assert question.unit == "$M"
    browser_says(question, {"type": "answer", "value": "$5M", "tries": 0})
    assert question.status == "correct"


@pytest.mark.parametrize(
    ("content", "complaint"),
    [
        ("answer", "must be an object"),
        ({"type": "grade"}, 'message type must be "answer" or "show_me"'),
        ({"type": "answer", "value": "worse"}, "exactly the fields"),
        ({"type": "answer", "value": "worse", "tries": 0, "x": 1}, "exactly the fields"),
        ({"type": "answer", "value": 3, "tries": 0}, "value must be text"),
        ({"type": "answer", "value": "w" * 100_000, "tries": 0}, "at most 200 characters"),
        ({"type": "answer", "value": "worse", "tries": True}, "tries must be a whole number"),
        ({"type": "answer", "value": "maybe", "tries": 0}, "one of the options"),
        ({"type": "show_me", "extra": 1}, "only the field type"),
    ],
)
def test_a_bad_message_is_refused_visibly_and_changes_nothing(content: Any, complaint: str) -> None:
    question = Question(PICK)
    comm = attached(question)
    browser_says(question, content)
    assert complaint in question.error and len(question.error) < 200
    assert question.tries == 0 and question.feedback == "" and question.status == ""
    assert "Q-2" not in record_for(None).exercises and comm.customs()[-1] == {"type": "done"}


def test_an_authors_mistake_shows_when_the_question_is_made() -> None:
    with pytest.raises(ValueError, match="needs cards"):
        Question(CHANCE)


def test_the_assets_ship_with_the_package_and_need_no_network() -> None:
    script = (STATIC / "question.js").read_text()
    style = (STATIC / "question.css").read_text()
    assert "export default { render }" in script
    assert 'event.key === "Enter"' in script and "aria-live" in script
    assert "http" not in script and "http" not in style and "import " not in script
    assert "var(--jp-layout-color1" in style and "var(--jp-ui-font-color0" in style

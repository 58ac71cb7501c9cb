"""The exercise checker: sensible forms accepted, friendly words, never a traceback."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import monopoly_widgets as mw
from monopoly_widgets.lessons import (
    Choice,
    Exercise,
    LessonError,
    Number,
    Seat,
    Truth,
    Whole,
    check,
    grade,
    reveal,
)

CHANCE = Exercise("T-1", "a chance", Number(3, percent=True, probability=True), lambda: 29 / 30)
SCORE = Exercise("T-2", "a score", Whole("dollars"), lambda: 1050, hint="add the houses")


@pytest.mark.parametrize("answer", [0.967, 0.9667, 29 / 30, Fraction(29, 30), "29/30", "96.7%"])
def test_sensible_forms_of_the_right_number_are_correct(answer: object) -> None:
    assert grade(CHANCE, answer).correct


def test_rounding_too_far_is_close_and_says_so() -> None:
    feedback = grade(CHANCE, 0.97)
    assert feedback.status == "close"
    assert feedback.message == "close: you rounded to 0.97, we wanted 3 decimal places."


def test_a_wrong_answer_gets_the_hint_and_a_placeholder_is_unanswered() -> None:
    assert grade(SCORE, 1000).status == "wrong"
    assert "Hint: add the houses" in grade(SCORE, 1000).message
    assert grade(SCORE, ...).status == "unanswered"
    assert "Replace the ..." in grade(SCORE, ...).message
    assert grade(SCORE, "$1,050").correct and grade(SCORE, 1050.0).correct


def test_a_percentage_must_say_so() -> None:
    feedback = grade(CHANCE, 96.7)
    assert feedback.status == "invalid" and '"33.3%"' in feedback.message


def test_words_seats_and_truths() -> None:
    pick = Exercise("T-3", "q", Choice(("better", "worse")), lambda: "worse")
    assert grade(pick, " Worse ").correct and grade(pick, "better").status == "wrong"
    assert grade(pick, 3).status == "invalid"
    seat = Exercise("T-4", "q", Seat(3, nobody=True), lambda: None)
    assert grade(seat, None).correct and grade(seat, "nobody").correct
    assert grade(seat, 0).status == "wrong" and grade(seat, 7).status == "invalid"
    truth = Exercise("T-5", "q", Truth(), lambda: True)
    assert grade(truth, "yes").correct and grade(truth, False).status == "wrong"


def test_check_prints_one_line_and_returns_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert check(SCORE, 1050) is None
    assert capsys.readouterr().out == "T-2: correct!\n"
    reveal(SCORE)
    assert capsys.readouterr().out == "T-2 (a score): 1,050 dollars\n"


def test_author_mistakes_are_named() -> None:
    with pytest.raises(LessonError, match="no exercise 'XX-E9'"):
        grade("XX-E9", 1)
    with pytest.raises(LessonError, match="needs hand=...; missing hand"):
        grade("03-E1", 1050)


def test_the_package_exposes_the_checker() -> None:
    assert mw.lessons.check is check


ANSWERS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.fractions(),
    st.text(max_size=30),
    st.lists(st.integers(), max_size=3),
)


@given(ANSWERS)
def test_no_answer_raises(answer: object) -> None:
    for exercise in (CHANCE, SCORE):
        feedback = grade(exercise, answer)
        assert feedback.status in ("correct", "close", "wrong", "invalid")

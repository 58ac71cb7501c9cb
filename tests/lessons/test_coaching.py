"""Feedback that coaches (issue 25 §2.3), show_me after a try, and one variant per student.

The exercise here is the lessons' kind: the chance that a hand of 5 from ``deck``
cards holds at least one of ``special`` cards, worked out exactly, with the two
classic mistakes (P(none); drawing with replacement) and a variant per student.
"""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from monopoly_widgets.lessons import (
    Exercise,
    LessonError,
    Mistake,
    Number,
    Truth,
    check,
    grade,
    model_answer,
    reveal,
    show_me,
    variant,
)
from monopoly_widgets.lessons.record import record_for


def at_least_one(deck: int, special: int) -> Fraction:
    return 1 - Fraction(comb(deck - special, 5), comb(deck, 5))


def working(deck: int, special: int) -> str:
    none = Fraction(comb(deck - special, 5), comb(deck, 5))
    return (
        f"P(none) = C({deck - special}, 5) / C({deck}, 5) = {float(none):.4f}; "
        f"P(at least one) = 1 - {float(none):.4f} = {float(1 - none):.4f}"
    )


HAND = Exercise(
    "C-1",
    "chance a 5-card hand holds at least one special card",
    Number(3, percent=True, probability=True),
    at_least_one,
    hints=(
        "is it easier to count the hands with none?",
        "P(at least one) = 1 - P(none)",
        "1 - C(deck - special, 5) / C(deck, 5)",
    ),
    mistakes=(
        Mistake(
            "P(none)",
            lambda deck, special: 1 - at_least_one(deck, special),
            "that is the chance of no special card: the question asks for at least one.",
        ),
        Mistake(
            "with replacement",
            lambda deck, special: 1 - (1 - Fraction(special, deck)) ** 5,
            "that treats each card as drawn with replacement; a hand's cards are all different.",
        ),
    ),
    working=working,
    variant=lambda rng: {"deck": rng.randint(40, 106), "special": rng.randint(2, 12)},
)
CONTEXT = {"deck": 106, "special": 10}


def test_hints_are_graded_nudge_first_formula_last() -> None:
    assert "count the hands with none" in grade(HAND, 0.2, attempt=1, **CONTEXT).message
    assert "1 - P(none)" in grade(HAND, 0.2, attempt=2, **CONTEXT).message
    for late in (3, 9):
        message = grade(HAND, 0.2, attempt=late, **CONTEXT).message
        assert "C(deck - special, 5)" in message and 'show_me("C-1"' in message
    assert "C(deck" not in grade(HAND, 0.2, attempt=1, **CONTEXT).message


def test_a_single_hint_is_kept_as_a_one_hint_tuple() -> None:
    old = Exercise("C-2", "q", Truth(), lambda: True, hint="look again")
    assert old.hints == ("look again",) and old.hint == "look again"
    assert "Hint: look again" in grade(old, False, attempt=4).message
    new = Exercise("C-3", "q", Truth(), lambda: True, hints=("one", "two"))
    assert new.hint == "one"


def test_a_common_mistake_gets_its_own_message() -> None:
    none = float(1 - at_least_one(**CONTEXT))
    feedback = grade(HAND, round(none, 3), **CONTEXT)
    assert feedback.status == "wrong" and feedback.mistake == "P(none)"
    assert "at least one" in feedback.message and "Hint" not in feedback.message
    replaced = float(1 - (1 - Fraction(10, 106)) ** 5)
    assert grade(HAND, f"{replaced:.4f}", **CONTEXT).mistake == "with replacement"
    assert grade(HAND, 0.2, **CONTEXT).mistake is None
    assert grade(HAND, round(float(at_least_one(**CONTEXT)), 3), **CONTEXT).correct


def test_a_mistake_that_gives_the_right_answer_is_not_called_one() -> None:
    same = Exercise(
        "C-4",
        "q",
        Number(2),
        lambda: 0.5,
        mistakes=(Mistake("same", lambda: 0.5, "that is the mistake"),),
    )
    assert grade(same, 0.5).correct


def test_check_counts_tries_per_exercise_and_per_student(
    capsys: pytest.CaptureFixture[str],
) -> None:
    check(HAND, 0.2, student="Ana", deck=106, special=10)
    check(HAND, 0.2, student="Ana", deck=106, special=10)
    out = capsys.readouterr().out.splitlines()
    assert "count the hands with none" in out[0] and "1 - P(none)" in out[1]
    check(HAND, 0.2, student="Ben", deck=106, special=10)
    assert "count the hands with none" in capsys.readouterr().out
    assert record_for("Ana").tries("C-1") == 2 and record_for("Ben").tries("C-1") == 1
    check(HAND, ..., student="Ana", deck=106, special=10)  # the placeholder is not a try
    assert record_for("Ana").tries("C-1") == 2


def test_unanswered_never_shows_the_answer() -> None:
    model = at_least_one(**CONTEXT)
    message = grade(HAND, ..., **CONTEXT).message
    assert f"{float(model):.3f}" not in message and str(model.numerator) not in message


def test_show_me_prints_the_answer_with_its_computed_working(
    capsys: pytest.CaptureFixture[str],
) -> None:
    show_me(HAND, **CONTEXT)
    out = capsys.readouterr().out
    model = at_least_one(**CONTEXT)
    assert f"{model.numerator}/{model.denominator} = {float(model):.6f}…" in out
    assert f"which is {float(model):.3f} to 3 places" in out
    assert "C(96, 5) / C(106, 5)" in out and f"{float(model):.4f}" in out
    assert record_for(None).exercises["C-1"].shown
    reveal(HAND, **CONTEXT)
    assert "C(96, 5)" in capsys.readouterr().out


def test_the_same_name_gives_the_same_variant_and_names_differ() -> None:
    assert variant(HAND, "Ana") == variant(HAND, "Ana") == variant(HAND, "  ana ")
    names = [f"student {number}" for number in range(30)]
    variants = {tuple(sorted(variant(HAND, name).items())) for name in names}
    assert len(variants) >= 25
    answers = {model_answer(HAND, student=name) for name in names}
    assert len(answers) >= 25


def test_each_variant_is_checked_against_its_own_answer() -> None:
    ana, ben = variant(HAND, "Ana"), variant(HAND, "Ben")
    assert ana != ben
    ana_answer = f"{float(at_least_one(**ana)):.3f}"
    assert grade(HAND, ana_answer, student="Ana").correct
    assert not grade(HAND, ana_answer, student="Ben").correct
    assert grade(HAND, ana_answer, student="Ben", **ana).correct  # inputs given by name win
    assert variant(HAND) == variant(HAND, None)  # the class's shared variant, without a name
    assert grade(HAND, f"{float(at_least_one(**variant(HAND))):.3f}").correct


def test_the_variant_is_the_same_in_another_process() -> None:
    code = (
        "from tests.lessons.test_coaching import HAND\n"
        "from monopoly_widgets.lessons import variant\n"
        "print(sorted(variant(HAND, 'Ana').items()))"
    )
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": root}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    assert done.stdout.strip() == str(sorted(variant(HAND, "Ana").items()))


def test_variant_errors_are_the_authors() -> None:
    plain = Exercise("C-5", "q", Truth(), lambda: True)
    with pytest.raises(LessonError, match="has no variants"):
        variant(plain, "Ana")
    with pytest.raises(LessonError, match="student must be a name"):
        variant(HAND, " ")
    with pytest.raises(LessonError, match="may not take student"):
        Exercise("C-6", "q", Truth(), lambda student: True)

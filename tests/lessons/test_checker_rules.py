"""The marking rules a maths teacher expects (issue 25 §1), and "never raises" (issue 26 §5).

Each case names the rule it pins down; a more lenient or a stricter checker fails one.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoly_widgets.lessons import Choice, Exercise, Number, Seat, Truth, Whole, grade

#: 0.0618 to 3 places, as a probability that may be typed as a percentage.
SMALL = Exercise("R-1", "a small chance", Number(3, percent=True, probability=True), lambda: 0.0618)
EXACT = Exercise(
    "R-2", "an exact chance", Number(4, probability=True), lambda: Fraction(5093672, 8445073)
)


@pytest.mark.parametrize("answer", [0.062, 0.0618, "0.062", "0.0618", "6.2%", "6.18%", 0.06180])
def test_rounded_to_the_places_typed_and_enough_places_is_correct(answer: Any) -> None:
    assert grade(SMALL, answer).status == "correct"


@pytest.mark.parametrize("answer", [0.061, 0.063, "0.0619", "0.0620", 0.0617, "6.1%"])
def test_within_one_unit_but_not_half_a_unit_is_wrong(answer: Any) -> None:
    assert grade(SMALL, answer).status == "wrong"


@pytest.mark.parametrize("answer", [0.06, 0.1, "6%"])
def test_fewer_places_is_close_only_when_a_correct_rounding(answer: Any) -> None:
    feedback = grade(SMALL, answer)
    assert feedback.status == "close" and "we wanted 3 decimal places" in feedback.message


@pytest.mark.parametrize("answer", [0.07, 0.2, "7%", 0.05])
def test_fewer_places_that_round_wrongly_are_wrong_not_close(answer: Any) -> None:
    assert grade(SMALL, answer).status == "wrong"


@pytest.mark.parametrize("answer", [0, 1, "0", "1.000", "0%", "100%", Fraction(1), np.int64(0)])
def test_a_probability_of_0_or_1_for_an_answer_between_is_plainly_wrong(answer: Any) -> None:
    feedback = grade(SMALL, answer)
    assert feedback.status == "wrong"
    assert "never happens" in feedback.message or "always happens" in feedback.message


def test_zero_to_enough_places_is_right_when_the_answer_rounds_to_zero() -> None:
    tiny = Exercise("R-3", "q", Number(3, probability=True), lambda: Fraction(1, 5000))
    assert grade(tiny, "0.000").correct
    assert grade(tiny, 0).status == "wrong"


@pytest.mark.parametrize("answer", ["0,062", "0,0618", " 0,062 ", "6,2%"])
def test_a_decimal_comma_is_read_as_a_point_when_nothing_else_makes_sense(answer: Any) -> None:
    assert grade(SMALL, answer).correct


def test_an_ambiguous_comma_is_refused_with_both_readings() -> None:
    whole = Exercise("R-4", "q", Number(3), lambda: 1000)
    feedback = grade(whole, "1,000")
    assert feedback.status == "invalid"
    assert "1000" in feedback.message and "1.000" in feedback.message
    assert grade(whole, "1,000,000").status == "wrong"  # only thousands separators fit
    assert grade(whole, "1,000.000").correct


def test_a_percentage_typed_where_a_chance_belongs_is_explained() -> None:
    assert "% sign" in grade(SMALL, 6.2).message  # a percentage without its sign
    feedback = grade(SMALL, "0.062%")  # the chance typed as a percentage
    assert feedback.status == "wrong" and "times 100" in feedback.message
    assert grade(SMALL, "6.2%").correct


def test_exact_fractions_and_their_decimals() -> None:
    assert grade(EXACT, Fraction(5093672, 8445073)).correct
    assert grade(EXACT, "5093672/8445073").correct
    assert grade(EXACT, 0.6032).correct and grade(EXACT, "0.60315").correct
    assert grade(EXACT, "0.60316").status == "wrong"
    assert grade(EXACT, 0.6031).status == "wrong"
    assert grade(EXACT, 5093672 / 8445073).correct  # the student's own float division


def test_a_correct_answer_says_the_exact_value_afterwards() -> None:
    assert "Exactly: 5093672/8445073 = 0.603153…, which is 0.6032" in grade(EXACT, 0.6032).message
    assert "Exactly" not in grade(EXACT, 0.6031).message


@pytest.mark.parametrize(
    "answer",
    [np.int64(5), np.int32(5), np.uint8(5), np.float64(5.0), np.float32(5.0), Decimal("5"), 5.0],
)
def test_numpy_and_decimal_whole_numbers_are_graded_correct(answer: Any) -> None:
    score = Exercise("R-5", "q", Whole("$M"), lambda: 5)
    assert grade(score, answer).correct
    seat = Exercise("R-6", "q", Seat(6), lambda: 5)
    assert grade(seat, answer).correct


@pytest.mark.parametrize(
    "answer", [np.float32(0.062), np.float64(0.0618), Decimal("0.062"), Decimal("0.0618")]
)
def test_numpy_floats_and_decimals_count_their_places(answer: Any) -> None:
    assert grade(SMALL, answer).correct


def test_huge_and_odd_numbers_get_a_verdict() -> None:
    assert grade(SMALL, 10**5000).status == "invalid"
    assert "5001 digits" in grade(SMALL, 10**5000).message
    assert grade(Exercise("R-7", "q", Whole(), lambda: 3), 10**5000).status == "wrong"
    assert "complex" in grade(SMALL, 1 + 2j).message
    assert grade(SMALL, "1e99999999").status == "invalid"
    assert grade(SMALL, Decimal("1e-999999")).status == "invalid"
    assert grade(SMALL, float("nan")).status == "invalid"


class Hostile:
    """A student's object whose every method raises."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __float__(self) -> float:
        raise RuntimeError("float")

    def __index__(self) -> int:
        raise RuntimeError("index")

    def __str__(self) -> str:
        raise RuntimeError("str")

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    __hash__ = None  # type: ignore[assignment]


def test_hostile_objects_are_invalid_and_quoted_without_an_address() -> None:
    for exercise in KINDS:
        feedback = grade(exercise, Hostile())
        assert feedback.status == "invalid"
        assert "0x" not in feedback.message and "Hostile" in feedback.message


def test_a_long_string_is_quoted_only_as_an_excerpt() -> None:
    for exercise in KINDS:
        feedback = grade(exercise, "7" * 100_000)
        assert feedback.status == "invalid" and len(feedback.message) < 200


KINDS = [
    SMALL,
    EXACT,
    Exercise("K-W", "q", Whole("dollars"), lambda: 1050),
    Exercise("K-S", "q", Seat(3, nobody=True), lambda: 2),
    Exercise("K-C", "q", Choice(("better", "worse")), lambda: "worse"),
    Exercise("K-T", "q", Truth(), lambda: True),
]


def _hostile_with(methods: list[str]) -> Any:
    def boom(*args: Any) -> Any:
        raise ValueError("boom")

    namespace: dict[str, Any] = {name: boom for name in methods}
    return type("Made", (), namespace)()


ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=0, max_value=6000).map(lambda n: 10**n),
    st.floats(allow_nan=True, allow_infinity=True),
    st.fractions(),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.complex_numbers(),
    st.text(max_size=2000),
    st.from_regex(r"[-+]?[\d,. %/$eE]{0,40}", fullmatch=True),
    st.binary(max_size=30),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.integers(-(2**63), 2**63 - 1).map(np.int64),
    st.floats(width=32).map(np.float32),
    st.booleans().map(np.bool_),
    st.lists(
        st.sampled_from(
            ["__eq__", "__float__", "__index__", "__str__", "__repr__", "__int__", "__bool__"]
        ),
        max_size=7,
    ).map(_hostile_with),
)


@settings(max_examples=300, deadline=None)
@given(answer=ANYTHING, which=st.sampled_from(range(len(KINDS))))
def test_grade_never_raises_on_any_object(answer: Any, which: int) -> None:
    feedback = grade(KINDS[which], answer)
    assert feedback.status in ("correct", "close", "wrong", "invalid")
    assert len(feedback.message) < 400 and "0x" not in feedback.message


@settings(max_examples=200, deadline=None)
@given(model=st.fractions(min_value=Fraction(1, 1000), max_value=Fraction(999, 1000)))
def test_the_model_rounded_to_its_places_is_correct_and_one_unit_off_is_not(
    model: Fraction,
) -> None:
    exercise = Exercise("R-P", "q", Number(3, probability=True), lambda: model)
    rounded = Decimal(float(model)).quantize(Decimal("0.001"))
    assert grade(exercise, str(rounded)).correct
    off = rounded + Decimal("0.001") if rounded < Decimal("0.999") else rounded - Decimal("0.001")
    if abs(Fraction(off) - model) > Fraction(1, 2000):
        assert grade(exercise, str(off)).status == "wrong"
    assert not math.isnan(float(rounded))

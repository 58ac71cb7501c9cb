"""A numeric answer, and the rule a maths teacher uses to mark it.

The rule (issue 25): an answer is correct when it is the model answer *rounded to
the places the student typed* (within half a unit of the last place) and has at
least the places asked. Fewer places than asked is "close" only if it is a correct
rounding to those places; anything else is wrong. So for 0.0618 to 3 places,
0.062 and 0.0618 are correct, 0.061 is wrong, 0.06 is close, and 1 is wrong. A
probability given as 0 or 1 when the answer lies strictly between is plainly wrong
("never" or "always" is a different claim, however it rounds).

Comparisons are exact (``Fraction``), so a 5,000-digit integer or a tiny ``Decimal``
is compared, not overflowed; a float the student computed gets a hair of slack.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from monopoly_widgets.lessons.verdict import (
    CLOSE,
    CORRECT,
    INVALID,
    WRONG,
    Verdict,
    from_numpy,
    is_numpy_bool,
    quote,
    too_long,
)

#: Slack for floating-point arithmetic when a float is involved (relative to the answer).
FLOAT_SLACK = 1e-9

#: Exponents a typed number may have ("6.2e-2" is fine, "1e999999999" is not an answer).
LARGEST_EXPONENT = 60

_FRACTION = re.compile(r"([-+]?\d+)/([-+]?\d+)")
_THOUSANDS = re.compile(r"[-+]?[1-9]\d{0,2}(,\d{3})+(\.\d+)?")


@dataclass(frozen=True)
class Reading:
    """A student's number: its exact value, the places typed (None: exact), how it was written."""

    value: Fraction
    places: int | None
    inexact: bool = False  # came from a float, so it may carry rounding error
    percent: bool = False  # typed with a % sign


class Unreadable(Exception):
    """Why a student's answer could not be read as a number (its message is for the student)."""


@dataclass(frozen=True)
class Number:
    """A number, checked to ``decimals`` places (the rule is in this module's docstring).

    Fractions (``Fraction(1, 3)`` or ``"1/3"``) are compared exactly. With
    ``percent=True`` a string such as ``"33.3%"`` is read as 0.333 (3 places). A
    decimal comma (``"0,062"``) is read as a point when nothing else makes sense;
    ``"1,000"`` (a thousand, or 1.000?) is refused with the reason. With
    ``probability=True`` a number above 1 or below 0 is refused, and 0 or 1 for an
    answer strictly between is wrong.
    """

    decimals: int = 3
    percent: bool = False
    probability: bool = False
    #: What the number counts, shown beside the answer box ("$M", "cards").
    unit: str = ""

    def describe(self) -> str:
        # The examples are no lesson's answer: "not answered yet" prints them before the
        # student tries, and 05-E2's answer is 1/3 (tests/lessons/test_no_answer_shown.py).
        text = f"a number to {self.decimals} decimal places, or a fraction like 2/7"
        if self.percent:
            text += ', or a percentage like "28.6%"'
        return text

    # --- reading ------------------------------------------------------------------
    def read(self, answer: Any) -> Reading:
        """The answer as an exact number; raises :class:`Unreadable` saying why not."""
        if isinstance(answer, bool) or is_numpy_bool(answer):
            raise Unreadable(f"we wanted {self.describe()}, not True or False.")
        if isinstance(answer, Fraction):
            return Reading(answer, None)
        if isinstance(answer, int):
            return Reading(Fraction(answer), 0)
        if isinstance(answer, float):
            return _from_float(float(answer))
        if isinstance(answer, Decimal):
            return _from_decimal(answer)
        if isinstance(answer, complex):
            raise Unreadable(f"we wanted a real number, not the complex number {quote(answer)}.")
        if isinstance(answer, str):
            return self._read_text(answer)
        if from_numpy(answer):
            return self._read_numpy(answer)
        raise Unreadable(f"we wanted {self.describe()}, not {quote(answer)}.")

    def _read_numpy(self, answer: Any) -> Reading:
        kind = getattr(answer, "dtype", None)
        letter = getattr(kind, "kind", "")
        if letter in "iu":
            return Reading(Fraction(int(answer)), 0)
        if letter == "f":  # numpy prints the shortest text for its own precision
            return self._read_text(str(answer))
        raise Unreadable(f"we wanted {self.describe()}, not {quote(answer)}.")

    def _read_text(self, raw: str) -> Reading:
        long = too_long(raw)
        if long is not None:
            raise Unreadable(long.message)
        text = "".join(raw.split())  # spaces, tabs, thin spaces
        if text.endswith("%"):
            if not self.percent:
                raise Unreadable(f"write the answer as a number or a fraction, not {quote(raw)}.")
            inner = self._read_text(text[:-1])
            places = None if inner.places is None else inner.places + 2
            return Reading(inner.value / 100, places, inner.inexact, percent=True)
        fraction = _FRACTION.fullmatch(text)
        if fraction:
            top, bottom = int(fraction.group(1)), int(fraction.group(2))
            if bottom == 0:
                raise Unreadable(f"{quote(raw)} divides by zero.")
            return Reading(Fraction(top, bottom), None)
        return _from_decimal_text(_decimal_point(text, raw), raw, self.describe())

    # --- judging ------------------------------------------------------------------
    def judge(self, answer: Any, model: Any) -> Verdict:
        try:
            reading = self.read(answer)
        except Unreadable as why:
            return Verdict(INVALID, str(why))
        exact = _exact(model)
        value = reading.value
        if self.probability and not 0 <= value <= 1:
            return self._out_of_range(answer, value)
        inexact = reading.inexact or isinstance(model, float) or from_numpy(model)
        slack = Fraction(FLOAT_SLACK) * max(1, abs(exact)) if inexact else Fraction(0)
        places = reading.places
        rounds_right = places is not None and _rounds_right(value, exact, places, slack)
        if self.probability and value in (0, 1) and 0 < exact < 1:
            if not (rounds_right and places is not None and places >= self.decimals):
                claim = "0 means it never happens" if value == 0 else "1 means it always happens"
                return Verdict(WRONG, f"not quite: {claim}, and here it can go either way.")
        if abs(value - exact) <= slack or (rounds_right and places >= self.decimals):
            return Verdict(CORRECT, "correct!")
        if rounds_right:
            wanted = f"{self.decimals} decimal places"
            if reading.percent:
                wanted += f" (in a percentage, {max(0, self.decimals - 2)})"
            return Verdict(CLOSE, f"close: you rounded to {_shown(reading)}, we wanted {wanted}.")
        if reading.percent and _rounds_right(value * 100, exact, (places or 0) - 2, slack):
            typed = str(answer).strip().removesuffix("%").strip()
            return Verdict(
                WRONG,
                f"not quite: {quote(answer)} means {typed} in every 100. A percentage is"
                " the chance times 100: a chance of 0.5 is 50%.",
            )
        return _wrong()

    def _out_of_range(self, answer: Any, value: Fraction) -> Verdict:
        if value < 0:
            return Verdict(
                INVALID, f"{quote(answer)} is below 0, and a probability is between 0 and 1."
            )
        text = f"{quote(answer)} is more than 1, and a probability is between 0 and 1."
        if self.percent:
            text += ' For a percentage, write it as text with a % sign, like "33.3%".'
        return Verdict(INVALID, text)

    # --- for tests, examples and the answer key ---------------------------------------
    def equivalent_forms(self, model: Any) -> list[Any]:
        """Other ways a student might write the model answer (for tests and examples)."""
        forms: list[Any] = [round(float(model), self.decimals)]
        if self.percent:
            forms.append(f"{float(model) * 100:.{max(0, self.decimals - 2)}f}%")
        if isinstance(model, Fraction):
            forms.append(f"{model.numerator}/{model.denominator}")
        return forms

    def wrong_answer(self, model: Any) -> Any:
        exact = float(model)
        return round(exact / 2 if exact > 0.1 else exact + 0.25, self.decimals)

    def show(self, model: Any) -> str:
        """The model answer as a teacher writes it: the fraction, the decimal, the rounding.

        For example "5093672/8445073 = 0.603153…, which is 0.6032 to 4 places (60.32%)".
        """
        exact = _exact(model)
        full = f"{float(exact):.6g}"
        if float(full) != float(exact):
            full += "…"
        text = full
        if isinstance(model, Fraction) and exact.denominator != 1:
            text = f"{exact.numerator}/{exact.denominator} = {full}"
        text += f", which is {float(exact):.{self.decimals}f} to {self.decimals} places"
        if self.percent:
            text += f" ({float(exact) * 100:.{max(0, self.decimals - 2)}f}%)"
        return text


def _rounds_right(value: Fraction, exact: Fraction, places: int, slack: Fraction) -> bool:
    """Is ``value`` the exact answer rounded to ``places`` (within half a unit of the last)?"""
    if places < 0:
        return False
    return abs(value - exact) <= Fraction(1, 2 * 10**places) + slack


def _wrong() -> Verdict:
    return Verdict(WRONG, "not quite: try again.")


def _exact(model: Any) -> Fraction:
    if isinstance(model, Fraction):
        return model
    if isinstance(model, Decimal):
        return Fraction(model)
    return Fraction(float(model)) if not isinstance(model, int) else Fraction(model)


def _from_float(number: float) -> Reading:
    if not math.isfinite(number):
        raise Unreadable(f"{number!r} is not a number we can mark.")
    places = max(0, -int(Decimal(repr(number)).as_tuple().exponent))
    return Reading(Fraction(number), places, inexact=True)


def _from_decimal(number: Decimal) -> Reading:
    if not number.is_finite():
        raise Unreadable(f"{quote(number)} is not a number we can mark.")
    if number and abs(number.adjusted()) > LARGEST_EXPONENT:
        raise Unreadable(f"{quote(number)} is far too large or too small to be the answer.")
    exponent = int(number.as_tuple().exponent)
    if exponent < -LARGEST_EXPONENT:
        raise Unreadable(f"{quote(number)} has more decimal places than we can mark.")
    return Reading(Fraction(number), max(0, -exponent))


def _decimal_point(text: str, raw: str) -> str:
    """``text`` with commas read: thousands separators dropped, a decimal comma made a point."""
    if "," not in text:
        return text
    if _THOUSANDS.fullmatch(text):
        if text.count(",") == 1 and "." not in text:
            whole, after = text.split(",")
            raise Unreadable(
                f"{quote(raw)} could mean {whole}{after} (a comma between thousands) or "
                f"{whole}.{after} (a decimal comma): write it with a point, or without the comma."
            )
        return text.replace(",", "")
    if text.count(",") == 1 and "." not in text and re.fullmatch(r"[-+]?\d*,\d+", text):
        return text.replace(",", ".")  # "0,062" or "12,5": only a decimal comma makes sense
    raise Unreadable(f"we could not read {quote(raw)} as a number: use a decimal point.")


def _from_decimal_text(text: str, raw: str, wanted: str) -> Reading:
    if not re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d{1,3})?", text):
        raise Unreadable(f"we wanted {wanted}, not {quote(raw)}.")
    try:
        number = Decimal(text)
    except InvalidOperation:  # pragma: no cover - the pattern above admits only numbers
        raise Unreadable(f"we wanted {wanted}, not {quote(raw)}.") from None
    if number and abs(number.adjusted()) > LARGEST_EXPONENT:
        raise Unreadable(f"{quote(raw)} is far too large or too small to be the answer.")
    return _from_decimal(number)


def _shown(reading: Reading) -> str:
    places = reading.places or 0
    if reading.percent:
        return f"{float(reading.value * 100):.{max(0, places - 2)}f}%"
    return f"{float(reading.value):.{places}f}"

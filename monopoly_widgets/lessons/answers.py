"""Kinds of answer a lesson exercise asks for, and how a student's answer is read.

Students type answers in many sensible forms: ``0.967``, ``29/30``, ``"96.7%"``,
``"$1,050"``, ``"Yes"``. Each kind below reads those forms, compares them with the
model answer, and returns a verdict with a message written for the student. Nothing
here raises on a student's answer: a wrong type is a verdict ("we wanted a number"),
not a traceback, because a lesson must keep going.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

#: Verdicts, from best to worst. ``close`` means right but not precise enough.
CORRECT, CLOSE, WRONG, INVALID = "correct", "close", "wrong", "invalid"

#: Floating-point slack when comparing a computed answer with the model answer.
FLOAT_SLACK = 1e-9


@dataclass(frozen=True)
class Verdict:
    """What a kind of answer makes of one student answer."""

    status: str
    message: str


def _right_or_wrong(right: bool) -> Verdict:
    return Verdict(CORRECT, "correct!") if right else Verdict(WRONG, "no: try again.")


def _excerpt(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class Number:
    """A number, checked to ``decimals`` places.

    An answer given with fewer places than asked is "close" (and says so) when it
    is the model answer rounded (or cut off) to the places given; with as many
    places or more it must agree to the places given. Fractions (``Fraction(1, 3)``
    or ``"1/3"``) are compared exactly. With ``percent=True`` a string such as
    ``"33.3%"`` is read as 0.333 (and counts its places as 3).
    """

    decimals: int = 3
    percent: bool = False
    #: A probability must lie between 0 and 1: a number above 1 is probably a percentage.
    probability: bool = False

    def describe(self) -> str:
        text = f"a number with {self.decimals} decimal places, or a fraction like 1/3"
        if self.percent:
            text += ', or a percentage like "33.3%"'
        return text

    def read(self, answer: Any) -> tuple[Fraction | float, int | None] | None:
        """The answer as a number and the decimal places it was given to (None: exact)."""
        if isinstance(answer, bool):
            return None
        if isinstance(answer, Fraction):
            return answer, None
        if isinstance(answer, int):
            return Fraction(answer), 0
        if isinstance(answer, float):
            if not math.isfinite(answer):
                return None
            return answer, _places(repr(answer))
        if hasattr(answer, "__float__") and not isinstance(answer, str):
            try:  # numpy numbers
                value = float(answer)
            except (TypeError, ValueError):
                return None
            return self.read(value)
        if isinstance(answer, str):
            return self._read_text(answer.strip().replace(",", "").replace(" ", ""))
        return None

    def _read_text(self, text: str) -> tuple[Fraction | float, int | None] | None:
        if self.percent and text.endswith("%"):
            read = self._read_text(text[:-1])
            if read is None:
                return None
            value, places = read
            return value / 100, (None if places is None else places + 2)
        if re.fullmatch(r"[-+]?\d+/\d+", text):
            top, bottom = text.split("/")
            if int(bottom) == 0:
                return None
            return Fraction(int(top), int(bottom)), None
        try:
            number = Decimal(text)
        except InvalidOperation:
            return None
        if not number.is_finite():
            return None
        return float(number), max(0, -int(number.as_tuple().exponent))

    def judge(self, answer: Any, model: Any) -> Verdict:
        read = self.read(answer)
        if read is None:
            return Verdict(INVALID, f"we wanted {self.describe()}, not {_excerpt(answer)}.")
        value, places = read
        exact = float(model)
        if self.probability and float(value) > 1 and self.percent:
            return Verdict(
                INVALID,
                f"{_excerpt(answer)} is more than 1, and a probability is between 0 and 1. "
                'For a percentage, write it as text with a % sign, like "33.3%".',
            )
        if self.probability and float(value) > 1:
            return Verdict(
                INVALID,
                f"{_excerpt(answer)} is more than 1, and a probability is between 0 and 1.",
            )
        if places is None:  # an exact fraction
            if abs(float(value) - exact) <= FLOAT_SLACK:
                return Verdict(CORRECT, "correct!")
            return Verdict(WRONG, "not quite: try again.")
        step = 10.0**-places
        if abs(float(value) - exact) <= step + FLOAT_SLACK * max(1.0, abs(exact)):
            if places >= self.decimals or abs(float(value) - exact) <= FLOAT_SLACK:
                return Verdict(CORRECT, "correct!")
            shown = f"{float(value):.{places}f}"
            return Verdict(
                CLOSE,
                f"close: you rounded to {shown}, we wanted {self.decimals} decimal places.",
            )
        return Verdict(WRONG, "not quite: try again.")

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


def _places(text: str) -> int:
    try:
        exponent = Decimal(text).as_tuple().exponent
    except InvalidOperation:
        return 0
    return max(0, -int(exponent))


@dataclass(frozen=True)
class Whole:
    """A whole number, such as a score in dollars or a count; ``unit`` names it.

    Accepts ``1050``, ``1050.0``, ``"1,050"``, ``"$1,050"`` and ``"$6M"``.
    """

    unit: str = ""

    def describe(self) -> str:
        return "a whole number" + (f" ({self.unit})" if self.unit else "")

    def read(self, answer: Any) -> int | None:
        if isinstance(answer, bool):
            return None
        if isinstance(answer, int):
            return answer
        if isinstance(answer, float) and answer.is_integer():
            return int(answer)
        if isinstance(answer, str):
            text = answer.strip().replace(",", "").replace(" ", "").removeprefix("$")
            text = text.removesuffix("M").removesuffix("m")
            if re.fullmatch(r"[-+]?\d+", text):
                return int(text)
            return None
        if hasattr(answer, "__index__"):  # numpy integers
            return int(answer.__index__())
        return None

    def judge(self, answer: Any, model: Any) -> Verdict:
        value = self.read(answer)
        if value is None:
            return Verdict(INVALID, f"we wanted {self.describe()}, not {_excerpt(answer)}.")
        if value == int(model):
            return Verdict(CORRECT, "correct!")
        return Verdict(WRONG, "not quite: try again.")

    def equivalent_forms(self, model: Any) -> list[Any]:
        forms: list[Any] = [float(model), f"{int(model):,}"]
        if self.unit.startswith("$"):
            forms.append(f"${int(model):,}" + ("M" if self.unit.endswith("M") else ""))
        return forms

    def wrong_answer(self, model: Any) -> Any:
        return int(model) + 1


@dataclass(frozen=True)
class Truth:
    """True or False; ``"yes"``, ``"no"``, ``"true"`` and ``"false"`` are read too."""

    def describe(self) -> str:
        return "True or False"

    def read(self, answer: Any) -> bool | None:
        if isinstance(answer, bool):
            return answer
        if type(answer).__name__ == "bool_":  # numpy's bool
            return bool(answer)
        if isinstance(answer, str):
            return {"true": True, "yes": True, "false": False, "no": False}.get(
                answer.strip().lower()
            )
        return None

    def judge(self, answer: Any, model: Any) -> Verdict:
        value = self.read(answer)
        if value is None:
            return Verdict(INVALID, f"we wanted True or False, not {_excerpt(answer)}.")
        return _right_or_wrong(value == bool(model))

    def equivalent_forms(self, model: Any) -> list[Any]:
        return ["yes" if model else "no", str(bool(model)).lower()]

    def wrong_answer(self, model: Any) -> Any:
        return not model


@dataclass(frozen=True)
class Choice:
    """One of a few words, such as ``"better"`` or ``"worse"`` (any capitals)."""

    options: tuple[str, ...]

    def describe(self) -> str:
        return " or ".join(f'"{option}"' for option in self.options)

    def read(self, answer: Any) -> str | None:
        if not isinstance(answer, str):
            return None
        text = answer.strip().lower()
        return text if text in self.options else None

    def judge(self, answer: Any, model: Any) -> Verdict:
        value = self.read(answer)
        if value is None:
            return Verdict(INVALID, f"we wanted {self.describe()}, not {_excerpt(answer)}.")
        return _right_or_wrong(value == model)

    def equivalent_forms(self, model: Any) -> list[Any]:
        return [model.upper(), f" {model.capitalize()} "]

    def wrong_answer(self, model: Any) -> Any:
        return next(option for option in self.options if option != model)


@dataclass(frozen=True)
class Seat:
    """A seat number, or ``None`` for "nobody" when ``nobody`` is allowed."""

    players: int
    nobody: bool = False

    def describe(self) -> str:
        seats = ", ".join(str(seat) for seat in range(self.players))
        return f"a seat number ({seats})" + (", or None for nobody" if self.nobody else "")

    def read(self, answer: Any) -> tuple[int | None] | None:
        if (
            answer is None
            or isinstance(answer, str)
            and answer.strip().lower()
            in (
                "none",
                "nobody",
            )
        ):
            return (None,) if self.nobody else None
        if isinstance(answer, bool):
            return None
        if isinstance(answer, str) and answer.strip().isdigit():
            answer = int(answer.strip())
        if isinstance(answer, int) and 0 <= answer < self.players:
            return (answer,)
        return None

    def judge(self, answer: Any, model: Any) -> Verdict:
        value = self.read(answer)
        if value is None:
            return Verdict(INVALID, f"we wanted {self.describe()}, not {_excerpt(answer)}.")
        return _right_or_wrong(value[0] == model)

    def equivalent_forms(self, model: Any) -> list[Any]:
        return ["nobody" if model is None else str(model)]

    def wrong_answer(self, model: Any) -> Any:
        return 0 if model != 0 else 1


AnswerKind = Number | Whole | Truth | Choice | Seat

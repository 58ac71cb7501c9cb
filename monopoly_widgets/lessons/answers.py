"""Kinds of answer a lesson exercise asks for, and how a student's answer is read.

Students type answers in many sensible forms: ``0.967``, ``29/30``, ``"96.7%"``,
``"$1,050"``, ``"Yes"``, a numpy integer. Each kind below reads those forms,
compares them with the model answer, and returns a verdict with a message written
for the student. Nothing here raises on a student's answer: a wrong type is a
verdict ("we wanted a number"), not a traceback, because a lesson must keep going.
Numbers have their own module (:mod:`monopoly_widgets.lessons.numbers`): their
marking rule is the one a maths teacher uses, and it takes some care.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from monopoly_widgets.lessons.numbers import FLOAT_SLACK, Number
from monopoly_widgets.lessons.verdict import (
    CLOSE,
    CORRECT,
    INVALID,
    WRONG,
    Verdict,
    from_numpy,
    is_numpy_bool,
    quote,
    right_or_wrong,
    too_long,
)

__all__ = [
    "CLOSE",
    "CORRECT",
    "FLOAT_SLACK",
    "INVALID",
    "WRONG",
    "AnswerKind",
    "Choice",
    "Number",
    "Seat",
    "Truth",
    "Verdict",
    "Whole",
]


def _whole_from(answer: Any) -> int | None:
    """A whole number from an int, a numpy integer, an integral float/Decimal/Fraction."""
    if isinstance(answer, bool) or is_numpy_bool(answer):
        return None
    if isinstance(answer, int):
        return int(answer)
    if isinstance(answer, float):
        return (
            int(answer)
            if answer == answer and abs(answer) < 1e300 and answer.is_integer()
            else None
        )
    if isinstance(answer, Fraction):
        return int(answer) if answer.denominator == 1 else None
    if isinstance(answer, Decimal):
        if not answer.is_finite() or abs(answer.adjusted()) > 60:
            return None
        return int(answer) if answer == answer.to_integral_value() else None
    if from_numpy(answer) and getattr(getattr(answer, "dtype", None), "kind", "") in "iu":
        return operator.index(answer)
    if from_numpy(answer) and getattr(getattr(answer, "dtype", None), "kind", "") == "f":
        return _whole_from(float(answer))
    return None


def _dot_thousands(answer: str) -> int | None:
    """The number a student meant by "1.050" (a dot between thousands), else None.

    "1.000" and "5.0" stay as they are read today (one and five): only groups of three
    digits that are not all zeros are taken for a thousands dot.
    """
    text = "".join(answer.split()).removeprefix("$")
    if not re.fullmatch(r"[-+]?[1-9]\d{0,2}(\.\d{3})+", text):
        return None
    if re.fullmatch(r"[-+]?\d+(\.000)+", text):
        return None
    return int(text.replace(".", ""))


@dataclass(frozen=True)
class Whole:
    """A whole number, such as a score in dollars or a count; ``unit`` names it.

    Accepts ``1050``, ``1050.0``, ``"1,050"``, ``"$1,050"``, ``"$6M"`` and numpy integers.
    """

    unit: str = ""

    def describe(self) -> str:
        return "a whole number" + (f" ({self.unit})" if self.unit else "")

    def read(self, answer: Any) -> int | None:
        if isinstance(answer, str):
            if too_long(answer) is not None:
                return None
            text = "".join(answer.split()).removeprefix("$").removesuffix("M").removesuffix("m")
            if re.fullmatch(r"[-+]?\d{1,3}(,\d{3})+", text):
                text = text.replace(",", "")
            text = re.sub(r"\.0*$", "", text)
            return int(text) if re.fullmatch(r"[-+]?\d+", text) else None
        return _whole_from(answer)

    def judge(self, answer: Any, model: Any) -> Verdict:
        if isinstance(answer, str) and (long := too_long(answer)) is not None:
            return long
        if isinstance(answer, str) and (dotted := _dot_thousands(answer)) is not None:
            return Verdict(
                INVALID,
                f"{quote(answer)} has a dot between the thousands: in English a dot is a "
                f"decimal point. Write the whole number without it, as {dotted} or "
                f"{dotted:,}.",
            )
        value = self.read(answer)
        if value is None:
            return Verdict(INVALID, f"we wanted {self.describe()}, not {quote(answer)}.")
        return right_or_wrong(value == int(model))

    def equivalent_forms(self, model: Any) -> list[Any]:
        forms: list[Any] = [float(model), f"{int(model):,}"]
        if self.unit.startswith("$"):
            forms.append(f"${int(model):,}" + ("M" if self.unit.endswith("M") else ""))
        return forms

    def wrong_answer(self, model: Any) -> Any:
        return int(model) + 1

    def show(self, model: Any) -> str:
        if self.unit == "$M":
            return f"${int(model):,}M"
        return f"{int(model):,}" + (f" {self.unit}" if self.unit else "")


_TRUTHS = {"true": True, "yes": True, "false": False, "no": False}


@dataclass(frozen=True)
class Truth:
    """True or False; ``"yes"``, ``"no"``, ``"true"`` and ``"false"`` are read too."""

    def describe(self) -> str:
        return "True or False"

    def options(self) -> tuple[str, ...]:
        return ("True", "False")

    def read(self, answer: Any) -> bool | None:
        if isinstance(answer, bool):
            return answer
        if is_numpy_bool(answer):
            return bool(answer)
        if isinstance(answer, str) and too_long(answer) is None:
            return _TRUTHS.get(answer.strip().lower())
        return None

    def judge(self, answer: Any, model: Any) -> Verdict:
        value = self.read(answer)
        if value is None:
            return Verdict(INVALID, f"we wanted True or False, not {quote(answer)}.")
        return right_or_wrong(value == bool(model))

    def equivalent_forms(self, model: Any) -> list[Any]:
        return ["yes" if model else "no", str(bool(model)).lower()]

    def wrong_answer(self, model: Any) -> Any:
        return not model

    def show(self, model: Any) -> str:
        return str(bool(model))


@dataclass(frozen=True)
class Choice:
    """One of a few words, such as ``"better"`` or ``"worse"`` (any capitals)."""

    options: tuple[str, ...]

    def describe(self) -> str:
        return " or ".join(f'"{option}"' for option in self.options)

    def read(self, answer: Any) -> str | None:
        if not isinstance(answer, str) or too_long(answer) is not None:
            return None
        text = answer.strip().lower()
        return text if text in self.options else None

    def judge(self, answer: Any, model: Any) -> Verdict:
        value = self.read(answer)
        if value is None:
            return Verdict(INVALID, f"we wanted {self.describe()}, not {quote(answer)}.")
        return right_or_wrong(value == model)

    def equivalent_forms(self, model: Any) -> list[Any]:
        return [model.upper(), f" {model.capitalize()} "]

    def wrong_answer(self, model: Any) -> Any:
        return next(option for option in self.options if option != model)

    def show(self, model: Any) -> str:
        return f'"{model}"'


@dataclass(frozen=True)
class Seat:
    """A seat number, or ``None`` for "nobody" when ``nobody`` is allowed."""

    players: int
    nobody: bool = False

    def describe(self) -> str:
        seats = ", ".join(str(seat) for seat in range(self.players))
        return f"a seat number ({seats})" + (", or None for nobody" if self.nobody else "")

    def read(self, answer: Any) -> tuple[int | None] | None:
        if answer is None:
            return (None,) if self.nobody else None
        if isinstance(answer, str):
            if too_long(answer) is not None:
                return None
            text = answer.strip().lower()
            if text in ("none", "nobody"):
                return (None,) if self.nobody else None
            answer = int(text) if text.isascii() and text.isdigit() else None
        seat = _whole_from(answer)
        if seat is not None and 0 <= seat < self.players:
            return (seat,)
        return None

    def judge(self, answer: Any, model: Any) -> Verdict:
        value = self.read(answer)
        if value is None:
            return Verdict(INVALID, f"we wanted {self.describe()}, not {quote(answer)}.")
        return right_or_wrong(value[0] == model)

    def equivalent_forms(self, model: Any) -> list[Any]:
        return ["nobody" if model is None else str(model)]

    def wrong_answer(self, model: Any) -> Any:
        return 0 if model != 0 else 1

    def show(self, model: Any) -> str:
        return "nobody" if model is None else f"player {model}"


AnswerKind = Number | Whole | Truth | Choice | Seat

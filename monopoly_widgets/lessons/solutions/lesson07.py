"""Lesson 07 (decisions under uncertainty): its exercises and their worked-out answers."""

from __future__ import annotations

from typing import Any

from monopoly_widgets.lessons.answers import Number, Truth, Whole
from monopoly_widgets.lessons.exercise import Exercise


def _coach_e1(analysis: Any) -> Any:
    """The coach's estimate after accepting: its wins over its playouts, as a fraction."""
    from fractions import Fraction

    accept = analysis.move("accept")
    return Fraction(accept.wins, accept.playouts)


def _coach_e2(playouts: int) -> int:
    """A 95% interval's width shrinks like 1/sqrt(n): half the width takes 2**2 times n."""
    return 4 * playouts


def _coach_e3(information: Any) -> bool:
    return bool(information.fair.best != information.known.best)


EXERCISES = [
    Exercise("07-E1", "the coach's estimate after accepting the rent", Number(3, percent=True,
             probability=True), _coach_e1,
             hint="read the Accept line printed in section 2: wins divided by playouts."),
    Exercise("07-E2", "playouts per move for half the interval's width", Whole("playouts"),
             _coach_e2, hint="the width shrinks like 1/sqrt(n): what n halves it?"),
    Exercise("07-E3", "does seeing player 1's hand change the coach's move", Truth(),
             _coach_e3, hint="compare the moves the fair and the cheating analyses pick."),
]  # fmt: skip

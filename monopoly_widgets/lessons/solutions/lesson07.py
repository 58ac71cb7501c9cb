"""Lesson 07 (decisions under uncertainty): its exercises and their worked-out answers."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from monopoly_widgets.lessons.answers import Number, Truth, Whole
from monopoly_widgets.lessons.exercise import Exercise, Mistake


def _coach_e1(analysis: Any) -> Any:
    """The coach's estimate after accepting: its wins over its playouts, as a fraction."""
    accept = analysis.move("accept")
    return Fraction(accept.wins, accept.playouts)


def _e1_refuse(analysis: Any) -> Any:
    refuse = analysis.move("jsn")
    return Fraction(refuse.wins, refuse.playouts)


def _e1_working(analysis: Any) -> str:
    accept = analysis.move("accept")
    return (
        f"Accepting: {accept.wins} wins in {accept.playouts} playouts, "
        f"{accept.wins}/{accept.playouts} = {accept.wins / accept.playouts:.3f} "
        f"(95% interval {accept.low:.3f} to {accept.high:.3f})."
    )


def _coach_e2(playouts: int) -> int:
    """A 95% interval's width shrinks like 1/sqrt(n): half the width takes 2**2 times n."""
    return 4 * playouts


def _e2_working(playouts: int) -> str:
    return (
        f"The width shrinks like 1/sqrt(n). Half the width needs sqrt(n) twice as big, so "
        f"n four times as big: 4 x {playouts} = {4 * playouts} playouts."
    )


def _coach_e3(information: Any) -> bool:
    return bool(information.fair.best != information.known.best)


def _e3_working(information: Any) -> str:
    fair = information.fair.move(information.fair.best)
    known = information.known.move(information.known.best)
    return (
        f"The fair analysis picks {fair.text!r}; the cheating one picks {known.text!r}. "
        f"Seeing the hand is worth {information.value:+.1%} at this decision."
    )


EXERCISES = [
    Exercise(
        "07-E1", "the coach's estimate after accepting the rent",
        Number(3, percent=True, probability=True), _coach_e1,
        hints=(
            "find the Accept line in section 2: it gives wins and playouts.",
            "the estimate is wins divided by playouts for that move.",
        ),
        mistakes=(
            Mistake("refuse", _e1_refuse, "that is the estimate after refusing (the Just Say "
                    "No). The question asks about accepting."),
        ),
        working=_e1_working,
    ),
    Exercise(
        "07-E2", "playouts per move for half the interval's width", Whole("playouts"),
        _coach_e2,
        hints=(
            "look at section 3: how did the width change from 100 to 400 playouts?",
            "the width shrinks like 1/sqrt(n): what n makes sqrt(n) twice as big?",
        ),
        mistakes=(
            Mistake("twice", lambda playouts: 2 * playouts, "twice the data does not halve "
                    "the width: it makes it only sqrt(2), about 1.4 times, narrower."),
            Mistake("half", lambda playouts: playouts // 2, "fewer playouts make the interval "
                    "wider, not narrower."),
        ),
        working=_e2_working,
    ),
    Exercise(
        "07-E3", "does seeing player 1's hand change the coach's move", Truth(), _coach_e3,
        hints=("the comparison printed below your answer shows the move each analysis picks.",),
        working=_e3_working,
    ),
]  # fmt: skip

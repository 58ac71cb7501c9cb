"""Lesson 07 (decisions under uncertainty): its exercises and their worked-out answers."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from monopoly_widgets.lessons.answers import Number, Truth, Whole
from monopoly_widgets.lessons.exercise import Exercise, Mistake


def _shares(analysis: Any) -> tuple[Fraction, Fraction]:
    """The coach's estimates after refusing and after accepting, as wins over playouts."""
    refuse, accept = analysis.move("jsn"), analysis.move("accept")
    return Fraction(refuse.wins, refuse.playouts), Fraction(accept.wins, accept.playouts)


def _coach_e1(analysis: Any) -> Fraction:
    """How much higher the estimate after refusing is than after accepting."""
    refuse, accept = _shares(analysis)
    return refuse - accept


def _e1_working(analysis: Any) -> str:
    refuse, accept = analysis.move("jsn"), analysis.move("accept")
    gap = _coach_e1(analysis)
    return (
        f"Refusing: {refuse.wins}/{refuse.playouts} = {refuse.wins / refuse.playouts:.3f}; "
        f"accepting: {accept.wins}/{accept.playouts} = {accept.wins / accept.playouts:.3f}. "
        f"The difference is {float(gap):.3f}, {float(gap):.1%} in percentage points."
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
        "07-E1", "how much higher the coach puts refusing than accepting",
        Number(3, percent=True), _coach_e1,
        hints=(
            "find the two estimates in section 2: wins over playouts for each move.",
            "subtract the estimate after accepting from the estimate after refusing.",
        ),
        mistakes=(
            Mistake("refuse alone", lambda analysis: _shares(analysis)[0], "that is the "
                    "estimate after refusing alone: subtract the estimate after accepting."),
            Mistake("accept alone", lambda analysis: _shares(analysis)[1], "that is the "
                    "estimate after accepting alone: how much higher is refusing's?"),
            Mistake("losing", lambda analysis: 1 - _shares(analysis)[1], "that is the chance "
                    "of *not* winning after accepting (1 minus its estimate). Subtract the "
                    "estimate after accepting from the one after refusing."),
            Mistake("times", lambda analysis: _shares(analysis)[0] / _shares(analysis)[1],
                    "that is how many *times* bigger refusing's estimate is. The question asks "
                    "how much higher: subtract."),
            Mistake("wins", lambda analysis: analysis.move("jsn").wins
                    - analysis.move("accept").wins, "that is the difference in wins. Turn "
                    "each move's wins into a share of its playouts first."),
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

"""Lesson 04 (probability of draws): its exercises and how their model answers are worked out."""

from __future__ import annotations

from typing import Any

from monopoly_widgets.lessons.answers import Number, Whole
from monopoly_widgets.lessons.exercise import Exercise


def _prob_e1(view: Any) -> float:
    from monopoly_widgets.prob import deal as deal_odds

    return deal_odds.chance_opponent_has_just_say_no(view, 1).probability


def _prob_e2() -> Any:
    from monopoly_widgets.prob import prob_none

    return prob_none(106, 10, 5)


def _prob_e3(hits: int, trials: int) -> float:
    """The low end of the 95% Wilson interval, as the package computes it."""
    from monopoly_widgets.sim import wilson_interval

    return wilson_interval(hits, trials)[0]


def _prob_e4(trials: int) -> int:
    """A third of the width: the width shrinks like 1/sqrt(n), so 3**2 times the trials."""
    return 9 * trials


EXERCISES = [
    Exercise("04-E1", "chance player 1 holds a Just Say No", Number(3, percent=True,
             probability=True), _prob_e1,
             hint="1 - comb(N - K_jsn, 3) / comb(N, 3), with the unseen cards N."),
    Exercise("04-E2", "chance a 5-card hand holds no Pass Go", Number(4, probability=True),
             _prob_e2, hint="hands from the 96 other cards, over all 5-card hands."),
    Exercise("04-E3", "the low end of the Wilson interval for the first 100 trials",
             Number(3, probability=True), _prob_e3,
             hint="p = hits / 100 and z = 1.96; low = centre - half-width."),
    Exercise("04-E4", "trials for a third of the interval's width", Whole("trials"), _prob_e4,
             hint="the width shrinks like 1/sqrt(n): what n makes sqrt(n) three times bigger?"),
]  # fmt: skip

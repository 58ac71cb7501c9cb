"""Lesson 04 (probability of draws): its exercises and how their model answers are worked out."""

from __future__ import annotations

from typing import Any

from monopoly_widgets.lessons.answers import Number, Truth
from monopoly_widgets.lessons.exercise import Exercise


def _prob_e1(view: Any) -> float:
    from monopoly_widgets.prob import deal as deal_odds

    return deal_odds.chance_opponent_has_just_say_no(view, 1).probability


def _prob_e2() -> Any:
    from monopoly_widgets.prob import prob_none

    return prob_none(106, 10, 5)


def _prob_e3(outcomes: list[bool]) -> bool:
    from monopoly_widgets.sim import wilson_interval

    def width(trials: int) -> float:
        low, high = wilson_interval(sum(outcomes[:trials]), trials)
        return high - low

    return 0.4 < width(1600) / width(400) < 0.6


EXERCISES = [
    Exercise("04-E1", "chance player 1 holds a Just Say No", Number(3, percent=True,
             probability=True), _prob_e1,
             hint="1 - comb(N - K_jsn, 3) / comb(N, 3), with the unseen cards N."),
    Exercise("04-E2", "chance a 5-card hand holds no Pass Go", Number(4, probability=True),
             _prob_e2, hint="hands from the 96 other cards, over all 5-card hands."),
    Exercise("04-E3", "4 times the trials, half the width", Truth(), _prob_e3,
             hint="compare the widths printed at the end of section 4."),
]  # fmt: skip

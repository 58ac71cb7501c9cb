"""Lesson 03 (The Card Game scoring): its exercises and how their model answers are worked out."""

from __future__ import annotations

from monopoly_widgets.lessons.answers import Whole
from monopoly_widgets.lessons.exercise import Exercise


def _score(hand: list[str], laid_down: bool) -> int:
    from monopoly_widgets.cardgame import score_hand

    return score_hand(hand, laid_down_by_this_player=laid_down).total


EXERCISES = [
    Exercise("03-E1", "Green group with two Houses", Whole("dollars"),
             lambda hand: _score(hand, True),
             hint="Green's set value is $350; each House adds the set value again."),
    Exercise("03-E2", "Brown group, a Token and two GOs", Whole("dollars"),
             lambda hand: _score(hand, True),
             hint="a Token adds the group's total value; each GO pays $200."),
    Exercise("03-E3", "the Brown hand caught with a Chance", Whole("dollars"),
             lambda hand: _score(hand, False),
             hint='read "The Chance card cuts both ways" again.'),
]  # fmt: skip

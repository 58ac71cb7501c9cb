"""Lesson 03 (The Card Game scoring): its exercises and how their model answers are worked out.

The answers come from ``score_hand``; the common mistakes are worked out from the hand
with the engine's set values (option ``set_values``, docs/rules/cardgame.md).
"""

from __future__ import annotations

from monopoly_widgets.lessons.answers import Whole
from monopoly_widgets.lessons.exercise import Exercise, Mistake

#: Each GO pays this much (rulebook "Scoring").
GO_VALUE = 200


def _score(hand: list[str], laid_down: bool) -> int:
    from monopoly_widgets.cardgame import score_hand

    return score_hand(hand, laid_down_by_this_player=laid_down).total


def _working(hand: list[str], laid_down: bool) -> str:
    from monopoly_widgets.cardgame import score_hand

    return "\n".join(score_hand(hand, laid_down_by_this_player=laid_down).lines)


def _group_value(hand: list[str]) -> int:
    """The set value of the one complete group in the exercise's hand (engine default)."""
    from monopoly_widgets.cardgame.cards import COLOUR_OF
    from monopoly_widgets.cardgame.options import OPTIONS

    colours = {COLOUR_OF[card] for card in hand if card in COLOUR_OF}
    (colour,) = colours
    return OPTIONS["set_values"].default[colour]


def _houses(hand: list[str]) -> int:
    return sum(card.endswith("House") for card in hand)


EXERCISES = [
    Exercise(
        "03-E1", "Green group with two Houses", Whole("dollars"),
        lambda hand: _score(hand, True),
        hints=(
            "start with the group's set value, then add what each House adds.",
            "each House adds the set value again: set value x (1 + number of Houses).",
        ),
        mistakes=(
            Mistake("houses only", lambda hand: _group_value(hand) * _houses(hand),
                    "the Houses are counted, but the group itself scores its set value too."),
            Mistake("group only", lambda hand: _group_value(hand),
                    "the group is counted, but each House adds the set value again."),
        ),
        working=lambda hand: _working(hand, True),
    ),
    Exercise(
        "03-E2", "Brown group, a Token and two GOs", Whole("dollars"),
        lambda hand: _score(hand, True),
        hints=(
            "three kinds of card score here: the group, the Token and the GOs.",
            "a Token adds the group's total value; each GO pays 200 dollars.",
        ),
        mistakes=(
            Mistake("no token", lambda hand: _score(hand, True) - _group_value(hand),
                    "the group and the GOs are right: what does the Token add?"),
            Mistake("one GO", lambda hand: _score(hand, True) - GO_VALUE,
                    "count the GO cards again: each one pays."),
        ),
        working=lambda hand: _working(hand, True),
    ),
    Exercise(
        "03-E3", "the Brown hand caught with a Chance", Whole("dollars"),
        lambda hand: _score(hand, False),
        hints=('read "The Chance card cuts both ways" again.',),
        mistakes=(
            Mistake("scored as if laid down", lambda hand: _score(hand, True),
                    "that is what the hand is worth to the player who lays down; this "
                    "player did not, and holds a Chance."),
        ),
        working=lambda hand: _working(hand, False),
    ),
]  # fmt: skip

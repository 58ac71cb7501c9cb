"""Lesson 01 (Monopoly Deal rules tour): its exercises and their worked-out answers.

Each exercise is given the table (``game``) and, where something is played, the
moves (``moves``); the answer is worked out by playing them on a copy, so the
notebook can show the table without playing it and so without giving the answer away.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from monopoly_widgets.lessons.answers import Seat, Truth, Whole
from monopoly_widgets.lessons.exercise import Exercise
from monopoly_widgets.lessons.narrate import play_out
from monopoly_widgets.lessons.solutions.shared import owner_of


def _deal_e1(game: Any, moves: Sequence[str]) -> int | None:
    after, _ = play_out(game, moves)
    return owner_of(after, lambda card_set: card_set["colour"] == "Dark Blue")


def _deal_e2(game: Any, moves: Sequence[str]) -> int:
    """The least a payer can hand over from the bank: no change is given (rulebook)."""
    after, _ = play_out(game, moves)
    payer = after.current_player
    owed = after.observation(payer)["pending"]["amount"]
    values = [card["value"] for card in after.observation(payer)["seats"][payer]["bank"]]
    totals = [
        sum(chosen)
        for size in range(1, len(values) + 1)
        for chosen in combinations(values, size)
        if sum(chosen) >= owed
    ]
    return min(totals) if totals else sum(values)


def _deal_e3(game: Any) -> bool:
    return any(action.id == "house:Railroad" for action in game.legal_actions())


def _deal_e4(game: Any, moves: Sequence[str]) -> bool:
    after, _ = play_out(game, moves)
    return bool(after.observation()["seats"][0]["sets"][0]["complete"])


def _deal_e5(game: Any, moves: Sequence[str]) -> int:
    after, _ = play_out(game, moves)
    return int(after.observation()["plays_left"])


EXERCISES = [
    Exercise("01-E1", "who has the Dark Blue set after the chain", Seat(2), _deal_e1,
             hint="count the Just Say Nos: each one cancels the card before it."),
    Exercise("01-E2", "the least player 2 can hand over, in $M", Whole("$M"), _deal_e2,
             hint="no change is given: which single note, or pair of notes, covers $2M?"),
    Exercise("01-E3", "can a House go on a complete Railroad set", Truth(), _deal_e3,
             hint="read section 9 again: which sets may not take a House?"),
    Exercise("01-E4", "is the all-wild Brown set complete", Truth(), _deal_e4,
             hint="does the set hold a real property card?"),
    Exercise("01-E5", "plays left after the Sly Deal, with the house rule", Whole("plays"),
             _deal_e5, hint="with the house rule, a Just Say No on your own turn is free."),
]  # fmt: skip

"""Lesson 01 (Monopoly Deal rules tour): its exercises and their worked-out answers.

Each exercise is given the table (``game``) and, where something is played, the
moves (``moves``). The answer is worked out by playing them on a copy, so the
notebook shows the table without playing it, and so without giving the answer away;
the working is the narration of that play-out, shown after the student has tried.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

import monopoly_widgets as mw
from monopoly_widgets.lessons.answers import Seat, Truth, Whole
from monopoly_widgets.lessons.exercise import Exercise, Mistake
from monopoly_widgets.lessons.narrate import play_out
from monopoly_widgets.lessons.positions import deal_railroads_and_a_house
from monopoly_widgets.lessons.solutions.shared import owner_of


def _narrated(game: Any, moves: Sequence[str]) -> str:
    return "\n".join(play_out(game, moves)[1])


# --- E1: a chain of Just Say Nos -------------------------------------------------------
def _e1(game: Any, moves: Sequence[str]) -> int | None:
    after, _ = play_out(game, moves)
    return owner_of(after, lambda card_set: card_set["colour"] == "Dark Blue")


def _e1_working(game: Any, moves: Sequence[str]) -> str:
    nos = sum(move == "jsn" for move in moves)
    parity = "odd" if nos % 2 else "even"
    return (
        f"{_narrated(game, moves)}\n{nos} Just Say Nos, an {parity} number: the Deal Breaker "
        f"is {'cancelled' if nos % 2 else 'played'}, so player {_e1(game, moves)} has the set."
    )


# --- E2: paying with no change ------------------------------------------------------------
def _payment(game: Any, moves: Sequence[str]) -> tuple[int, int, list[int]]:
    """(the payer, what they owe, the values of their bank notes) once ``moves`` are played."""
    after, _ = play_out(game, moves)
    payer = after.current_player
    owed = after.observation(payer)["pending"]["amount"]
    notes = [card["value"] for card in after.observation(payer)["seats"][payer]["bank"]]
    return payer, owed, notes


def _covering(owed: int, notes: list[int]) -> list[tuple[int, ...]]:
    return [
        chosen
        for size in range(1, len(notes) + 1)
        for chosen in combinations(notes, size)
        if sum(chosen) >= owed
    ]


def _e2(game: Any, moves: Sequence[str]) -> int:
    """The least a payer can hand over from the bank: no change is given (rulebook)."""
    _, owed, notes = _payment(game, moves)
    totals = [sum(chosen) for chosen in _covering(owed, notes)]
    return min(totals) if totals else sum(notes)


def _e2_working(game: Any, moves: Sequence[str]) -> str:
    payer, owed, notes = _payment(game, moves)
    ways = "; ".join(
        " + ".join(f"{note}M" for note in chosen) + f" = {sum(chosen)}M"
        for chosen in _covering(owed, notes)
    )
    return (
        f"Player {payer} owes {owed}M and has notes {', '.join(f'{n}M' for n in notes)}. "
        f"The choices that cover {owed}M: {ways}. The least is {_e2(game, moves)}M, and "
        'no change is given (rulebook "What if I Owe Another Player Money?").'
    )


# --- E3: a House on Railroads --------------------------------------------------------------
def _e3(game: Any) -> bool:
    return any(action.id == "house:Railroad" for action in game.legal_actions())


def _e3_working(game: Any) -> str:
    offered = ", ".join(action.id for action in game.legal_actions())
    try:
        mw.from_position("deal", deal_railroads_and_a_house(house_on_railroads=True))
        refused = "from_position accepts a House on Railroads."
    except mw.PositionError as problem:
        refused = f"A position with a House on the Railroads is refused too: {problem}"
    return (
        f"Player {game.current_player} may: {offered}. There is no house:Railroad: a House "
        f"goes only on a complete set that is not Railroads or Utilities.\n{refused}"
    )


# --- E4: a wild flipped out of a complete set --------------------------------------------
def _brown_set(game: Any, moves: Sequence[str]) -> dict[str, Any]:
    after, _ = play_out(game, moves)
    sets = after.observation()["seats"][0]["sets"]
    return next(card_set for card_set in sets if card_set["colour"] == "Brown")


def _e4(game: Any, moves: Sequence[str]) -> bool:
    return bool(_brown_set(game, moves)["complete"])


def _e4_working(game: Any, moves: Sequence[str]) -> str:
    _, lines = play_out(game, moves)
    card_set = _brown_set(game, moves)
    names = ", ".join(card["name"] for card in card_set["cards"])
    return (
        "\n".join(lines) + f"\nThe Brown set now holds {names}: "
        f"complete = {card_set['complete']}. A flipped wild leaves its set for the other "
        "colour, so the set it leaves may no longer be complete (section 3)."
    )


# --- E5: the house rule on Just Say No --------------------------------------------------------
def _e5(game: Any, moves: Sequence[str]) -> int:
    after, _ = play_out(game, moves)
    return int(after.observation()["plays_left"])


def _e5_working(game: Any, moves: Sequence[str]) -> str:
    return (
        f"{_narrated(game, moves)}\nWith just_say_no_uses_play_on_own_turn = False, only the "
        f"Sly Deal used a play: 3 - 1 = {_e5(game, moves)} plays left."
    )


EXERCISES = [
    Exercise(
        "01-E1", "who has the Dark Blue set after the chain", Seat(2), _e1,
        hints=(
            "each Just Say No cancels the card just before it.",
            "count the Just Say Nos: after an odd number the Deal Breaker is cancelled, "
            "after an even number it goes through.",
        ),
        mistakes=(
            Mistake("deal breaker stands", lambda game, moves: 0,
                    "count the Just Say Nos again: the third one cancels player 0's."),
        ),
        working=_e1_working,
    ),
    Exercise(
        "01-E2", "the least player 2 can hand over, in $M", Whole("$M"), _e2,
        hints=(
            "the payer hands over notes until the debt is covered; nothing comes back.",
            "list the choices: each note alone, or both. Which cover the debt, and which "
            "of those is least?",
        ),
        mistakes=(
            Mistake("the debt itself", lambda game, moves: _payment(game, moves)[1],
                    "that is what is owed, but no note or pair of notes makes it exactly, "
                    "and no change is given."),
            Mistake("every note", lambda game, moves: sum(_payment(game, moves)[2]),
                    "that covers the debt, but so does less: since nothing comes back, "
                    "the payer hands over as little as covers it."),
            Mistake("too little", lambda game, moves: min(_payment(game, moves)[2]),
                    "that does not cover the debt: a payer who has more must keep paying."),
        ),
        working=_e2_working,
    ),
    Exercise(
        "01-E3", "Can the House go on the complete Railroad set?", Truth(), _e3,
        hints=("think of the board game Monopoly: on which properties may you build?",),
        mistakes=(
            Mistake("any complete set", lambda game: not _e3(game),
                    "a complete set is needed, but not every complete set will do: Houses and "
                    "Hotels never go on Railroads or Utilities (rulebook, House card)."),
        ),
        working=_e3_working,
    ),
    Exercise(
        "01-E4", "is the Brown set still complete after the flip", Truth(), _e4,
        hints=("after the flip, which colour does the wild belong to?",),
        mistakes=(
            Mistake("the wild stays", lambda game, moves: not _e4(game, moves),
                    "the flip is free, but it moves the wild: it now belongs to Light Blue. "
                    "Count the cards left in the Brown set."),
        ),
        working=_e4_working,
    ),
    Exercise(
        "01-E5", "plays left after the Sly Deal, with the house rule", Whole("plays"), _e5,
        hints=(
            "which of player 0's cards use a play under this house rule?",
            "a turn has 3 plays; with the option False, a Just Say No on your own turn is free.",
        ),
        mistakes=(
            Mistake("the default rule", lambda game, moves: _e5(game, moves) - 1,
                    "that is the default rule (section 8): with this house rule, player 0's "
                    "own Just Say No does not use a play."),
            Mistake("nothing used", lambda game, moves: _e5(game, moves) + 1,
                    "the Sly Deal itself still uses a play."),
        ),
        working=_e5_working,
    ),
]  # fmt: skip

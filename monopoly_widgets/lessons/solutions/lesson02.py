"""Lesson 02 (Monopoly Bid auctions): its exercises and how their model answers are worked out.

E1 and E2 are given the auction (``game``) and the bids (``moves``) and play them on a
copy, so the notebook need not play them (and show the outcome) before the student answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monopoly_widgets.lessons.answers import Choice, Seat, Whole
from monopoly_widgets.lessons.exercise import Exercise
from monopoly_widgets.lessons.narrate import play_out
from monopoly_widgets.lessons.solutions.shared import owner_of


def _bid_e1(game: Any, moves: Sequence[str]) -> int | None:
    after, _ = play_out(game, moves)
    return owner_of(after, lambda card_set: "Boardwalk" in card_set["cards"])


def _bid_e2(game: Any, moves: Sequence[str]) -> str:
    after, _ = play_out(game, moves)
    pile = after.position()["property_pile"]
    if pile and pile[-1] == "Boardwalk":
        return "bottom"
    if pile and pile[0] == "Boardwalk":
        return "top"
    return "nowhere"


def _bid_e3(view: Any) -> int:
    from monopoly_widgets.prob import bid as bid_odds

    return min(
        amount
        for amount in (2, 4, 6, 8)
        if bid_odds.chance_bid_wins(view, amount).probability >= 0.25
    )


EXERCISES = [
    Exercise("02-E1", "who gets Boardwalk with no raises", Seat(3, nobody=True), _bid_e1,
             hint="with tie_raise_rounds = 0, what happens to a tie at once?"),
    Exercise("02-E2", "where Boardwalk goes", Choice(("top", "bottom")), _bid_e2,
             hint='read the rules at the top: "Was There a Tie?"'),
    Exercise("02-E3", "smallest bid unmatched with probability 1/4 or more", Whole("$M"),
             _bid_e3,
             hint="print bid_odds.chance_bid_wins(view_of_player_1, amount).probability "
                  "for each amount."),
]  # fmt: skip

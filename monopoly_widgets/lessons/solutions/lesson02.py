"""Lesson 02 (Monopoly Bid auctions): its exercises and how their model answers are worked out.

E1 and E2 are given the auction (``game``) and the bids (``moves``) and play them on a
copy, so the notebook need not play them (and show the outcome) before the student answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monopoly_widgets.lessons.answers import Choice, Seat, Whole
from monopoly_widgets.lessons.exercise import Exercise, Mistake
from monopoly_widgets.lessons.narrate import play_out
from monopoly_widgets.lessons.solutions.shared import owner_of

#: The bids player 1 can make in lesson 02 (a 4M and two 2M notes), and the chance asked for.
PLAYER_1_BIDS = (2, 4, 6, 8)
AT_LEAST = 0.25


def _e1(game: Any, moves: Sequence[str]) -> int | None:
    after, _ = play_out(game, moves)
    return owner_of(after, lambda card_set: "Boardwalk" in card_set["cards"])


def _e2(game: Any, moves: Sequence[str]) -> str:
    after, _ = play_out(game, moves)
    pile = after.position()["property_pile"]
    if pile and pile[-1] == "Boardwalk":
        return "bottom"
    if pile and pile[0] == "Boardwalk":
        return "top"
    return "nowhere"


def _auction_working(game: Any, moves: Sequence[str]) -> str:
    after, lines = play_out(game, moves)
    pile = after.position()["property_pile"]
    owner = _e1(game, moves)
    return (
        "\n".join(lines) + f"\nBoardwalk's owner: {'nobody' if owner is None else owner}. "
        f"Property pile: {len(pile)} cards, {pile[0]} on top, {pile[-1]} at the bottom."
    )


def _chances(view: Any) -> dict[int, float]:
    from monopoly_widgets.prob import bid as bid_odds

    return {amount: bid_odds.chance_bid_wins(view, amount).probability for amount in PLAYER_1_BIDS}


def _e3(view: Any) -> int:
    return min(amount for amount, chance in _chances(view).items() if chance >= AT_LEAST)


def _e3_working(view: Any) -> str:
    listed = "; ".join(f"{amount}M: {chance:.3f}" for amount, chance in _chances(view).items())
    return (
        f"Chance that a bid cannot be matched, as player 1 sees it: {listed}. "
        f"The first that reaches {AT_LEAST} is {_e3(view)}M."
    )


def _neighbour(view: Any, step: int) -> int:
    """The bid ``step`` places from the answer in ``PLAYER_1_BIDS`` (the same one at the ends)."""
    index = PLAYER_1_BIDS.index(_e3(view)) + step
    return PLAYER_1_BIDS[min(max(index, 0), len(PLAYER_1_BIDS) - 1)]


EXERCISES = [
    Exercise(
        "02-E1", "who gets Boardwalk with no raises", Seat(3, nobody=True), _e1,
        hints=(
            "who bid the most, and was that bid alone?",
            'with tie_raise_rounds = 0, read "Was There a Tie?" at the top: what happens '
            "to a tie at once?",
        ),
        mistakes=(
            Mistake("a tied bidder", lambda game, moves: 0,
                    "player 0 bid the most, but not alone: what happens to a tie when no "
                    "raise is allowed?"),
            Mistake("the other tied bidder", lambda game, moves: 2,
                    "player 2 bid the most, but not alone: what happens to a tie when no "
                    "raise is allowed?"),
            Mistake("the lower bid", lambda game, moves: 1,
                    "player 1 bid less than the others: a lower bid never wins."),
        ),
        working=_auction_working,
    ),
    Exercise(
        "02-E2", "Where does Boardwalk go after the tied bids?", Choice(("top", "bottom")), _e2,
        hints=('read the rules at the top: "Was There a Tie?"',),
        mistakes=(
            Mistake("back on top", lambda game, moves: "top",
                    "on top it would be auctioned again at once: the rulebook sends an "
                    "unsold property somewhere else."),
        ),
        working=_auction_working,
    ),
    Exercise(
        "02-E3", "smallest bid unmatched with probability 1/4 or more", Whole("$M"), _e3,
        hints=(
            "a bigger bid is more likely to be unbeatable: find where the chance first "
            "reaches 0.25.",
            "print bid_odds.chance_bid_wins(view_of_player_1, amount).probability for "
            "each amount.",
        ),
        mistakes=(
            Mistake("not the smallest", lambda view: _neighbour(view, 1),
                    "that bid is safe enough, but is it the smallest that is?"),
            Mistake("too small", lambda view: _neighbour(view, -1),
                    "at that bid the chance is still below one quarter."),
        ),
        working=_e3_working,
    ),
]  # fmt: skip

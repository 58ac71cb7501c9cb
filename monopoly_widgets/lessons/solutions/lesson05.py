"""Lesson 05 (the simulation lab): its exercises and how their model answers are worked out."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from monopoly_widgets.lessons.answers import Choice, Number, Truth, Whole
from monopoly_widgets.lessons.exercise import Exercise, LessonError, Mistake


def _wins_and_share(summary: Any) -> tuple[int, Fraction]:
    wins = int(summary.seats.loc[0, "wins"])
    return wins, Fraction(int(summary.games), int(summary.players))


def _sim_e1(summary: Any) -> int:
    """Wins above the fair share: seat 0's wins minus games / players."""
    wins, share = _wins_and_share(summary)
    if share.denominator != 1:
        raise LessonError("05-E1 needs a number of games that the players divide exactly")
    return wins - int(share)


def _e1_working(summary: Any) -> str:
    wins, share = _wins_and_share(summary)
    return (
        f"{summary.games} games among {summary.players} seats: a fair share is "
        f"{summary.games}/{summary.players} = {share} wins. The heuristic bot won {wins}, "
        f"so {wins} - {share} = {wins - share} more."
    )


def _sim_e2(players: int) -> Fraction:
    return Fraction(1, players)


def _e2_decimal_digits(players: int) -> Fraction:
    """1/n misread as "0.n": 0.3 for one third, 0.5 for one fifth."""
    return Fraction(players, 10 ** len(str(players)))


def _e2_variant(rng: random.Random) -> dict[str, Any]:
    return {"players": rng.randint(2, 6)}


def _sim_e3(summary: Any) -> bool:
    """Does seat 0's 95% interval contain 0.5?"""
    estimate = summary.first_seat
    return bool(estimate.low <= 0.5 <= estimate.high)


def _e3_working(summary: Any) -> str:
    estimate = summary.first_seat
    inside = "contains" if _sim_e3(summary) else "does not contain"
    return (
        f"Seat 0 won {estimate.probability:.3f} of {summary.games} games, 95% interval "
        f"{estimate.low:.3f} to {estimate.high:.3f}: it {inside} 0.5."
    )


def _seat_0_row(differences: Any) -> Any:
    return differences.set_index("metric").loc["seat 0 wins"]


def _sim_e4(differences: Any) -> str:
    """What the paired interval for seat 0's wins shows: a change, or nothing either way."""
    row = _seat_0_row(differences)
    return "cannot tell" if row["low"] <= 0 <= row["high"] else "changes it"


def _e4_working(differences: Any) -> str:
    row = _seat_0_row(differences)
    return (
        f"The difference in seat 0's win rate is {row['difference']:+.3f}, 95% interval "
        f"{row['low']:+.3f} to {row['high']:+.3f}. An interval that contains 0 cannot rule "
        "out no change, nor a change as big as its ends; one that excludes 0 is evidence "
        "of a change."
    )


EXERCISES = [
    Exercise(
        "05-E1", "the heuristic bot's wins above its fair share", Whole("games"), _sim_e1,
        hints=(
            "first work out the fair share: how many of the games would each seat win if "
            "all played alike?",
            "fair share = games / players; subtract it from the heuristic bot's wins.",
        ),
        mistakes=(
            Mistake("wins", lambda summary: int(summary.seats.loc[0, "wins"]),
                    "that is all its wins: how many of them would a fair share give it anyway?"),
            Mistake("two seats", lambda summary: int(summary.seats.loc[0, "wins"])
                    - int(summary.games) // 2,
                    "count every seat: a Bid table of heuristic + two random bots has 3."),
        ),
        working=_e1_working,
    ),
    Exercise(
        "05-E2", "the fair share of wins", Number(3, percent=True, probability=True), _sim_e2,
        hints=(
            "if the seats are identical, they share the wins equally.",
            "one seat's share of the wins is 1 / players.",
        ),
        mistakes=(
            Mistake("one seat fewer", lambda players: Fraction(1, max(players - 1, 1)),
                    "count every seat, including the first."),
            Mistake("others' share", lambda players: 1 - Fraction(1, players),
                    "that is what all the other seats win together."),
            Mistake("one over n as 0.n", _e2_decimal_digits, "that is the number of players "
                    "written after a decimal point (as if 1/3 were 0.3, which is 3/10). "
                    "Divide 1 by the number of players."),
        ),
        variant=_e2_variant,
    ),
    Exercise(
        "05-E3", "does seat 0's interval contain 0.5 with seed 8", Truth(), _sim_e3,
        hints=("the answer is printed below once you have answered: read its interval.",),
        working=_e3_working,
    ),
    Exercise(
        "05-E4", "what the house rule does to seat 0's chance",
        Choice(("changes it", "no change", "cannot tell")), _sim_e4,
        hints=(
            "does the row's interval, from low to high, contain 0?",
            "an interval that contains 0 also contains changes as big as its ends.",
        ),
        mistakes=(
            Mistake("no change", lambda differences: "no change",
                    "an interval that contains 0 does not show that there is no change: "
                    "it also contains changes as big as its ends."),
        ),
        working=_e4_working,
    ),
]  # fmt: skip

"""Lesson 05 (the simulation lab): its exercises and how their model answers are worked out."""

from __future__ import annotations

from typing import Any

from monopoly_widgets.lessons.answers import Number, Truth
from monopoly_widgets.lessons.exercise import Exercise


def _sim_e1(summary: Any) -> float:
    return float(summary.seats.loc[0, "win_rate"])


def _sim_e2(players: int) -> Any:
    from fractions import Fraction

    return Fraction(1, players)


def _sim_e3(summary: Any) -> bool:
    return bool(summary.first_seat.probability > 0.5)


EXERCISES = [
    Exercise("05-E1", "the heuristic bot's share of wins", Number(3, percent=True,
             probability=True), _sim_e1, hint="wins divided by games, from the table."),
    Exercise("05-E2", "the fair share with 3 players", Number(3, percent=True,
             probability=True), _sim_e2, hint="the wins shared equally among the seats."),
    Exercise("05-E3", "does seat 0 win more than half with seed 8", Truth(), _sim_e3,
             hint="read 'seat 0 wins' in the line printed above."),
]  # fmt: skip

"""Lesson 06 (build your own bot): its exercises and how their model answers are worked out."""

from __future__ import annotations

from typing import Any

from monopoly_widgets.lessons.answers import Choice
from monopoly_widgets.lessons.exercise import Exercise


def _bot_e2(summary: Any) -> str:
    rate = summary.agents.set_index("agent").loc["banker", "win_rate"]
    return "better" if rate > 0.5 else "worse"


EXERCISES = [
    Exercise("06-E2", "banker_bot against greedy_bot", Choice(("better", "worse")), _bot_e2,
             hint="look at banker's win rate in the table: above or below 0.5?"),
]  # fmt: skip

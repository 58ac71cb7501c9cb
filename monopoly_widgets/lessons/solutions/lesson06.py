"""Lesson 06 (build your own bot): its exercises, their model answers, and a reference bot.

:func:`reference_bot` is one answer to the open exercise E3 ("improve on greedy_bot"),
for the teacher: it plays the kinds of card in a better order and pays from the bank
before giving away properties. ``tests/lessons/test_reference_bot.py`` checks that it
beats the random bot, with a 95% interval, over games in both seats.
"""

from __future__ import annotations

import random
import re
from typing import Any

from monopoly_widgets.lessons.answers import Choice
from monopoly_widgets.lessons.exercise import Exercise

# --- E2: banker_bot against greedy_bot --------------------------------------------------


def _bot_e2(summary: Any) -> str:
    rate = summary.agents.set_index("agent").loc["banker", "win_rate"]
    return "better" if rate > 0.5 else "worse"


def _e2_working(summary: Any) -> str:
    row = summary.agents.set_index("agent").loc["banker"]
    return (
        f"banker_bot won {int(row['wins'])} of {summary.games} games, a win rate of "
        f"{row['win_rate']:.3f} (95% interval {row['low']:.3f} to {row['high']:.3f}) against "
        "greedy_bot's fair share of 0.5."
    )


EXERCISES = [
    Exercise(
        "06-E2", "banker_bot against greedy_bot", Choice(("better", "worse")), _bot_e2,
        hints=(
            "think about what a property on the table does that a card in the bank does not.",
            "three complete sets win; money in the bank only pays debts.",
        ),
        working=_e2_working,
    ),
]  # fmt: skip


# --- E3: a reference bot -----------------------------------------------------------------

#: Action cards in the order the reference bot plays them: the ones that win sets first.
PLAY_ORDER = ("breaker", "sly", "forced", "pass_go", "rent", "debt", "birthday", "house", "hotel")

_MONEY = re.compile(r"\$(\d+)M")


def _money(text: str) -> int:
    """The first amount in $M an action's text names ("... pays you $4M" -> 4), else 0."""
    found = _MONEY.search(text)
    return int(found.group(1)) if found else 0


def _play_rank(action: Any) -> tuple[int, int]:
    kind = action.id.split(":")[0]
    order = PLAY_ORDER.index(kind) if kind in PLAY_ORDER else len(PLAY_ORDER)
    return order, -_money(action.text)


def reference_bot(observation: Any, legal_actions: list[Any], rng: random.Random) -> Any:
    """Lay properties, play action cards that take sets first, bank only money, pay from the bank.

    * a Just Say No is always played when it can be (as greedy_bot does);
    * paying: money from the bank first, cheapest first; properties only when it must;
    * on its turn: lay a property; else the best action card by :data:`PLAY_ORDER`
      (a rent for the most money first); else bank a money card; else end the turn.
      Action cards are never banked, so they stay in hand for a better moment.
    """
    by_kind: dict[str, list[Any]] = {}
    for action in legal_actions:
        by_kind.setdefault(action.kind, []).append(action)
    if "respond" in by_kind:
        return by_kind["respond"][0]
    if "pay" in by_kind:
        from_bank = [a for a in by_kind["pay"] if a.id.startswith("pay:bank:")]
        choices = from_bank or by_kind["pay"]
        return min(choices, key=lambda action: (_money(action.id) or 99, action.id))
    if "discard" in by_kind:
        return min(by_kind["discard"], key=lambda action: action.id)
    if "property" in by_kind:
        return rng.choice(by_kind["property"])
    if "play" in by_kind:
        return min(by_kind["play"], key=_play_rank)
    money = [a for a in by_kind.get("bank", []) if a.id.startswith("bank:$")]
    if money:
        return max(money, key=lambda action: _money(action.id))
    if "end_turn" in by_kind:
        return by_kind["end_turn"][0]
    return rng.choice(legal_actions)


reference_bot.name = "reference"  # type: ignore[attr-defined]

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

from monopoly_widgets.lessons.answers import Choice, Whole
from monopoly_widgets.lessons.exercise import Exercise, Mistake

# --- E1: find a bot's first illegal choice ---------------------------------------------


def _first_illegal(bot: Any, seed: int) -> tuple[int, str, list[str]]:
    """Play one game of ``bot`` against itself; stop at its first choice that is not legal.

    Returns the legal choices made before it, the illegal choice, and what was legal
    then (an empty choice and list if every choice was legal). The bot may answer with
    an action or its id, as the league allows.
    """
    import monopoly_widgets as mw
    from monopoly_widgets.core.rng import make_rng

    game = mw.new_game("deal", players=2, seed=seed)
    made = 0
    while not game.is_over:
        legal = game.legal_actions()
        choice = bot(game.observation(game.current_player), legal, make_rng(seed, "check", made))
        chosen = choice if isinstance(choice, str) else getattr(choice, "id", repr(choice))
        allowed = [action.id for action in legal]
        if chosen not in allowed:
            return made, chosen, allowed
        game.apply(chosen)
        made += 1
    return made, "", []


def _bot_e1(bot: Any, seed: int) -> int:
    return _first_illegal(bot, seed)[0]


def _e1_working(bot: Any, seed: int) -> str:
    made, chosen, allowed = _first_illegal(bot, seed)
    if not allowed:
        return f"Every one of the {made} choices in the game with seed {seed} was legal."
    shown = ", ".join(allowed[:4]) + (", ..." if len(allowed) > 4 else "")
    return (
        f"The first {made} choices were legal. Choice {made + 1} was {chosen!r}, but the legal "
        f"actions then were: {shown}. In the loop: stop when the chosen id is not among "
        "[action.id for action in legal]."
    )


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
        "06-E1", "careless_bot's legal choices before its first illegal one",
        Whole("choices"), _bot_e1,
        hints=(
            "the loop must stop at the first choice whose id is not among the legal ids.",
            "`x in some_list` is True when x is one of the list's items; `not` turns it round.",
        ),
        mistakes=(
            Mistake("stopped at once", lambda bot, seed: 0, "0 means the loop stopped before "
                    "the first choice: the ... after if is always true. Write the test that "
                    "the choice is not legal."),
            Mistake("counted the illegal one", lambda bot, seed: _bot_e1(bot, seed) + 1,
                    "that counts the illegal choice too: count only the legal ones before it."),
        ),
        working=_e1_working,
    ),
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

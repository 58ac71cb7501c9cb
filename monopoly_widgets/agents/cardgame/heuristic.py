"""A simple, explainable player for Monopoly: The Card Game.

Rules of thumb:

* **Lay down when it is worth it**: at once if the hand is worth $800 or more,
  or late in the hand (few draw cards left) for any value - the reward and
  the other players' hands punish waiting too long.
* **Collect groups**: a card is worth keeping in proportion to how much of its
  colour group we already hold; houses are worth more once the lower ones are
  held; bonus cards (Token, GO, Mr. Monopoly) are kept.
* **Avoid holding Chance late**: a Chance scores zero for whoever holds it when
  someone else goes out, so late in the hand it is the first card to go.
* Trade only for a card that is clearly useful; otherwise draw.
* Reward: add as many usable cards as possible (usable cards never lower a score).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from monopoly_widgets.cardgame.cards import (
    CHANCE,
    COLOUR_OF,
    DEFAULT_SET_VALUES,
    GO,
    HOTEL,
    HOUSE_LEVEL,
    HOUSES,
    MR_MONOPOLY,
    NO_BUILDINGS,
    PROPERTIES,
    TOKEN,
)
from monopoly_widgets.cardgame.scoring import score_hand
from monopoly_widgets.core.actions import Action

#: Lay down at once with a hand worth at least this much.
GOOD_HAND = 800
#: With this many draw cards left (2-4 players) the hand is "late".
LATE_DRAW_PILE = 8
#: With 5-6 players (no draw pile) the hand is "late" after this many turns.
LATE_TURNS = 24
#: A card on offer must be worth at least this much to trade for it.
TRADE_WORTH = 24


def _is_late(observation: dict[str, Any]) -> bool:
    if observation["players"] >= 5:
        return observation["hand_turns"] >= LATE_TURNS
    return observation["draw_pile"] <= LATE_DRAW_PILE


def _group_progress(hand: Counter[str], colour: str) -> float:
    """How much of ``colour``'s group the hand holds (1.0 = complete)."""
    names = PROPERTIES[colour]
    held = sum(1 for n in names if hand[n])
    size = 2 if colour == "Railroad" else len(names)
    return min(held / size, 1.0)


def target_colours(hand: Counter[str]) -> set[str]:
    """The groups worth collecting: every complete one, plus the two closest to complete.

    A hand can only be laid down if *every* group in it is complete, so a few
    targets are pursued and stray properties of other colours are let go.
    """
    progress = [
        (_group_progress(hand, c), DEFAULT_SET_VALUES.get(c, 150), c)
        for c in PROPERTIES
        if any(hand[n] for n in PROPERTIES[c])
    ]
    complete = {c for p, _, c in progress if p >= 1.0}
    partial = sorted((x for x in progress if x[0] < 1.0), reverse=True)
    room = max(0, 2 - len(complete))
    return complete | {c for _, _, c in partial[:room]}


def keep_value(name: str, hand: Counter[str], late: bool) -> float:
    """How much we want to keep (or get) the card ``name`` given the rest of ``hand``."""
    with_card = hand.copy()
    with_card[name] += 1
    if name in COLOUR_OF:
        colour = COLOUR_OF[name]
        progress = _group_progress(with_card, colour)
        if colour in target_colours(with_card):
            return 25 + 20 * progress + DEFAULT_SET_VALUES.get(colour, 150) / 40
        return 4 + 6 * progress
    if name in HOUSE_LEVEL:
        level = HOUSE_LEVEL[name]
        in_sequence = all(hand[h] for h in HOUSES[: level - 1])
        buildable = any(c not in NO_BUILDINGS for c in target_colours(with_card))
        return 20 if in_sequence and buildable else 3
    if name == HOTEL:
        return 20 if hand[HOUSES[3]] else 2
    if name == CHANCE:
        return -40 if late else 35
    return {TOKEN: 22, GO: 15, MR_MONOPOLY: 12}.get(name, 5)


def _hand(observation: dict[str, Any]) -> Counter[str]:
    me = observation["viewer"]
    cards = observation["seats"][me]["hand"] or []
    return Counter(card["name"] for card in cards)


def _without(hand: Counter[str], name: str) -> Counter[str]:
    rest = hand.copy()
    rest[name] -= 1
    return +rest


def _least_wanted(actions: list[Action], hand: Counter[str], late: bool) -> Action:
    """The card action (``kind:<name>``) whose card we least want to keep."""

    def worth(action: Action) -> float:
        name = action.id.partition(":")[2]
        return keep_value(name, _without(hand, name), late)

    return min(actions, key=worth)


def _received(observation: dict[str, Any], action: Action) -> list[str]:
    """The card names a trade action would bring into our hand."""
    kind, _, arg = action.id.partition(":")
    if kind == "trade":
        other, count = (int(p) for p in arg.split(":"))
        pile = observation["seats"][other]["trade_pile"]
        return [c["name"] for c in pile[-count:]]
    if kind == "exchange":
        return [observation["seats"][int(arg)]["trade_pile"][-1]["name"]]
    if kind in ("swap", "swap2"):
        for pile in observation["extra_piles"]:
            if str(pile["label"]) == arg:
                return [pile["cards"][-1]["name"]]
    return []


def _best_trade(
    observation: dict[str, Any], actions: list[Action], hand: Counter[str], late: bool
) -> tuple[Action | None, float]:
    best, best_worth = None, float("-inf")
    for action in actions:
        names = _received(observation, action)
        if not names:
            continue
        worth = sum(keep_value(n, hand, late) - TRADE_WORTH for n in names)
        if worth > best_worth:
            best, best_worth = action, worth
    return best, best_worth


def choose(
    observation: dict[str, Any], legal_actions: Sequence[Action], rng: random.Random
) -> Action:
    """Pick an action for the seat whose observation this is."""
    by_kind: dict[str, list[Action]] = {}
    for action in legal_actions:
        by_kind.setdefault(action.kind, []).append(action)
    hand = _hand(observation)
    late = _is_late(observation)

    if "reward" in by_kind:
        return max(by_kind["reward"], key=lambda a: 0 if a.id == "reward:none" else len(a.id))
    if "lay_down" in by_kind:
        value = score_hand(list(hand.elements()), True).total
        patient = observation["hand_turns"] < 2 * observation["players"]
        if value >= GOOD_HAND or late or not patient or "discard" in by_kind:
            return by_kind["lay_down"][0]
    if "pass" in by_kind:
        return _least_wanted(by_kind["pass"], hand, late)
    if "excess" in by_kind and _can_lay_down_after_excess(hand):
        return _least_wanted(by_kind["excess"], hand, late)
    if "discard" in by_kind:
        return _least_wanted(by_kind["discard"], hand, late)
    trades = by_kind.get("trade", []) + by_kind.get("exchange", [])
    trade, worth = _best_trade(observation, trades, hand, late)
    if trade is not None and (worth > 0 or "draw" not in by_kind):
        return trade
    if "put" in by_kind:
        return _least_wanted(by_kind["put"], hand, late)
    if "add" in by_kind and trade is None and _best_top_card(observation, hand, late) > 0:
        return _least_wanted(by_kind["add"], hand, late)
    if "draw" in by_kind:
        return by_kind["draw"][0]
    if trade is not None:
        return trade
    return legal_actions[rng.randrange(len(legal_actions))]


def _best_top_card(observation: dict[str, Any], hand: Counter[str], late: bool) -> float:
    """How much better than TRADE_WORTH the best card on top of another pile is."""
    me = observation["viewer"]
    tops = [s["trade_pile"][-1]["name"] for s in observation["seats"] if s["seat"] != me
            and s["trade_pile"]]  # fmt: skip
    tops += [p["cards"][-1]["name"] for p in observation["extra_piles"] if p["cards"]]
    return max((keep_value(n, hand, late) - TRADE_WORTH for n in tops), default=-1.0)


def _can_lay_down_after_excess(hand: Counter[str]) -> bool:
    """Would the hand be a legal lay-down after dropping its least wanted cards to 10?"""
    rest = hand.copy()
    while sum(rest.values()) > 10:
        name = min(rest, key=lambda n: keep_value(n, _without(rest, n), False))
        rest = _without(rest, name)
    return score_hand(list(rest.elements()), True).legal_lay_down

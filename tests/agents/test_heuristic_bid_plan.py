"""The Bid heuristic's deal plan is remembered and weighed by counts (agents/bid/heuristic.py,
agents/bid/bidders.py): that must change its speed and nothing else.

* Every action of seeded games is the same with the memo switch on and off
  (``core/memo.set_enabled``), over heuristic and random seats, 3 and 5 players, the
  deal window (``trade_offers = "anyone"``, docs/rules/bid.md "Deals"), the host's offers
  (``"host"``) and money in deals (``trade_money``).
* ``deal_gain`` counts what moving the cards would give: it equals the yardstick applied
  card by card on a copy of the table where the cards really moved.
* A remembered plan is keyed by the facts it reads: a deal already proposed this round is
  not planned again.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Sequence
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, RandomAgent, play_out
from monopoly_widgets.agents.bid.bidders import COMPLETE_WORTH, card_loss, deal_gain, worth_to
from monopoly_widgets.agents.bid.heuristic import deal_plan
from monopoly_widgets.bid.cards import COLOURS, PROPERTY_COLOUR
from monopoly_widgets.bid.deals import deal_key
from monopoly_widgets.core.memo import set_enabled

HOST = {"trade_offers": "host"}
MONEY = {"trade_money": True}

#: (players, heuristic in every seat or one, rule options, seeds)
GAMES = [
    (3, "all", {}, range(3)),
    (3, "one", {}, range(3)),
    (5, "all", {}, range(2)),
    (5, "one", {}, range(2)),
    (3, "all", HOST, range(3)),
    (5, "one", HOST, range(2)),
    (3, "all", MONEY, range(3)),
    (5, "one", MONEY, range(2)),
]


def histories(players: int, heuristics: str, options: dict[str, Any], seeds: range) -> list:
    played = []
    for seed in seeds:
        agents = [
            HeuristicAgent() if heuristics == "all" or seat == seed % players else RandomAgent()
            for seat in range(players)
        ]
        game = mw.new_game("bid", players=players, seed=seed, options=options or None)
        played.append(play_out(game, agents, seed=seed).history)
    return played


@pytest.mark.parametrize(("players", "heuristics", "options", "seeds"), GAMES)
def test_the_memo_changes_no_choice(
    players: int, heuristics: str, options: dict[str, Any], seeds: range
) -> None:
    remembering = histories(players, heuristics, options, seeds)
    try:
        set_enabled(False)
        plain = histories(players, heuristics, options, seeds)
    finally:
        set_enabled(True)
    assert remembering == plain
    made = "offer:" if options.get("trade_offers") == "host" else "deal:propose"
    assert any(action.startswith(made) for history in plain for action in history), (
        "these games should make deals, or they test nothing"
    )


def moved_gain(
    obs: dict[str, Any], seat: int, gives: Sequence[str], takes: Sequence[str], money: int
) -> float:
    """The yardstick card by card on a copy of the table where the cards really move."""
    table = copy.deepcopy(obs)
    view = table["seats"][seat]
    gain = float(money)
    for name in gives:
        gain -= card_loss(table, seat, name)
        for prop_set in view["sets"]:
            if any(card["name"] == name for card in prop_set["cards"]):
                prop_set["cards"] = [c for c in prop_set["cards"] if c["name"] != name]
                if prop_set["complete"]:
                    prop_set["complete"] = False
                    view["complete_sets"] -= 1
    for name in takes:
        colour = PROPERTY_COLOUR[name]
        gain += worth_to(table, seat, colour)
        room = [s for s in view["sets"] if s["colour"] == colour and len(s["cards"]) < s["size"]]
        target = max(room, key=lambda s: len(s["cards"])) if room else None
        if target is None:
            target = {"colour": colour, "cards": [], "size": COLOURS[colour], "complete": False}
            view["sets"].append(target)
        target["cards"].append({"name": name, "kind": "property"})
        if len(target["cards"]) >= target["size"]:
            target["complete"] = True
            view["complete_sets"] += 1
    return gain


def properties(obs: dict[str, Any], seat: int) -> list[str]:
    return [
        card["name"]
        for prop_set in obs["seats"][seat]["sets"]
        for card in prop_set["cards"]
        if card["kind"] == "property"
    ]


def one_or_two(names: list[str]) -> list[tuple[str, ...]]:
    return [(name,) for name in names] + list(itertools.combinations(names, 2))


@pytest.fixture(scope="module")
def late_positions() -> list[dict[str, Any]]:
    """Observations from seeded heuristic games, every 40 steps."""
    found = []
    for seed in range(4):
        game = mw.new_game("bid", players=3, seed=seed)
        history = play_out(game, [HeuristicAgent() for _ in range(3)], seed=seed).history
        replay = mw.new_game("bid", players=3, seed=seed)
        for step, action in enumerate(history):
            if step % 40 == 39:
                found.append(replay.observation(step % 3))
            replay.apply(action)
    return found


def test_deal_gain_is_the_gain_of_moving_the_cards(late_positions: list) -> None:
    """The counted gain is the moved one, to the last bit (the plan compares gains exactly),
    over deals that break complete sets, complete sets, and have a colour on both sides."""
    seen: set[str] = set()
    for obs in late_positions:
        for seat, other in itertools.permutations(range(obs["players"]), 2):
            complete = {
                card["name"]
                for prop_set in obs["seats"][seat]["sets"]
                if prop_set["complete"]
                for card in prop_set["cards"]
            }
            for gives in one_or_two(properties(obs, seat))[:10]:
                for takes in one_or_two(properties(obs, other))[:10]:
                    money = len(seen) % 3 - 1
                    expected = moved_gain(obs, seat, gives, takes, money)
                    assert deal_gain(obs, seat, gives, takes, money) == expected, (gives, takes)
                    seen.add("compared")
                    if complete & set(gives):
                        seen.add("breaks a complete set")
                    if expected - money >= COMPLETE_WORTH:
                        seen.add("completes a set")
                    if {PROPERTY_COLOUR[n] for n in gives} & {PROPERTY_COLOUR[n] for n in takes}:
                        seen.add("a colour on both sides")
    assert len(seen) == 4, seen


def test_a_remembered_plan_is_not_proposed_twice_in_a_round(late_positions: list) -> None:
    """``offers_this_round`` is part of what the plan is remembered by (docs/rules/bid.md:
    never the same deal twice in a round)."""
    for obs in late_positions:
        plan = deal_plan(obs)
        if plan is None:
            continue
        assert deal_plan(obs) == plan  # remembered: the same
        again = dict(obs, offers_this_round=[*obs["offers_this_round"], deal_key(plan)])
        second = deal_plan(again)
        assert second is None or deal_key(second) != deal_key(plan)
        return
    pytest.fail("no position with a deal to plan")


def without(obs: dict[str, Any], seat: int, name: str) -> dict[str, Any]:
    """``obs`` with the property card ``name`` gone from ``seat``'s table."""
    changed = copy.deepcopy(obs)
    view = changed["seats"][seat]
    for prop_set in view["sets"]:
        if any(card["name"] == name for card in prop_set["cards"]):
            prop_set["cards"] = [card for card in prop_set["cards"] if card["name"] != name]
            if prop_set["complete"]:
                prop_set["complete"] = False
                view["complete_sets"] -= 1
    return changed


def test_a_remembered_plan_is_the_plan_of_its_own_position(late_positions: list) -> None:
    """Positions that differ in one fact the plan reads (either table, the unsold cards,
    the sets needed to win, whose plan it is) get the plan computed afresh for each: with
    the memo on, one after the other, the plans are those of the memo off."""
    variants = []
    for obs in late_positions:
        plan = deal_plan(obs)
        if plan is None:
            continue
        variants += [
            obs,
            without(obs, plan.to, plan.ask[0]),
            without(obs, plan.proposer, plan.give[0]),
            dict(obs, unseen=dict.fromkeys(obs["unseen"], 0)),
            dict(obs, sets_to_win=2),
            dict(obs, viewer=plan.to),
        ]
    set_enabled(True)  # empties every memo
    remembered = [deal_plan(obs) for obs in variants]
    try:
        set_enabled(False)
        plain = [deal_plan(obs) for obs in variants]
    finally:
        set_enabled(True)
    assert remembered == plain
    assert len({deal_key(plan) for plan in plain if plan is not None}) > len(variants) / 3

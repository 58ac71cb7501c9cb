"""A stronger Monopoly Deal policy: the heuristic, with its measured mistakes corrected.

The search agent (``agents/search.py``) is a rollout algorithm: it improves one
step on the agent that plays its rollouts and makes every decision it does not
search. A better base policy therefore lifts both. ``DealPolicyAgent`` is that
base: it asks the heuristic (``agents/deal/heuristic.py``) first and keeps its
choice, except in a few patterns where the heuristic was found to lose, each
fixed by one rule (the two-step win in ``policy_win.py``; where the wilds stand in
``policy_wilds.py``; charging before banking in ``policy_charges.py``; payments and
action cards in ``policy_cards.py``; the view they read in ``policy_view.py``). The patterns
were found by the coach judging decisions of real games
(``benchmarks/find_heuristic_mistakes.py``), and a rule is kept only if it wins more
paired games than the agent without it (``benchmarks/deal_policy.py``). How each was
found, its figures, and the candidates measured no better are in
``benchmarks/RESULTS.md`` ("DealPolicyAgent's rules").

The rules (names as in ``RULES``; each is a function ``rule(view, legal, choice)``
that returns the action to play, which may be the heuristic's ``choice``, or ``None``
when it has nothing to say; the first rule with an answer decides, so two rules
never pull one decision two ways). Each rule's docstring gives the pattern and the
rulebook line; in brief:

- ``win_this_turn``: take a win that needs two steps (move a wild out of a complete
  set to complete another, then lay the card that completes the first again).
- ``hide_sets``: as the turn ends, flip a wild out of a complete set (a Deal Breaker
  finds no set there; it is flipped back, free, next turn).
- ``place_wilds_well``: flip a wild that a set can spare, or that sits with no real
  card, to a colour it builds (free: wilds flip "any time on your turn").
- ``keep_deal_breaker``: never bank a Deal Breaker just to use up a play.
- ``rent_they_can_pay``: charge nobody who has nothing to pay with.
- ``big_rent_last``: with the last play, a big rent before a card that completes nothing.
- ``forced_deal_must_gain``: no Forced Deal that leaves both players as far from a set.
- ``steal_to_deny``: choose a Sly Deal target for what it costs the victim too.
- ``exact_change``: pay with the bank cards that overpay least ("There is no change").
- ``charge_over_bank``: charge a rent, a debt or a birthday before banking a card.

The agent has the heuristic's calling convention and its ``observe`` (a light
decision view, here :class:`PolicyView`, which adds the seat's own bank cards and
the other seats' tables, both public); it decides the same from the observation
dict. Other games are played by the heuristic unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from monopoly_widgets.agents.deal import heuristic as heuristic_deal
from monopoly_widgets.agents.deal.policy_cards import (
    big_rent_last,
    exact_change,
    forced_deal_must_gain,
    keep_deal_breaker,
    rent_they_can_pay,
    steal_to_deny,
)
from monopoly_widgets.agents.deal.policy_charges import charge_over_bank
from monopoly_widgets.agents.deal.policy_view import (
    PolicyView,
    Rule,
    policy_view,
)
from monopoly_widgets.agents.deal.policy_wilds import hide_sets, place_wilds_well
from monopoly_widgets.agents.deal.policy_win import win_this_turn
from monopoly_widgets.agents.heuristic import HeuristicAgent
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.rules import Rules

#: The rules by name, in the order they are tried, and the phases they apply in.
RULES: dict[str, tuple[str, Rule]] = {
    "win_this_turn": ("play", win_this_turn),
    "hide_sets": ("play", hide_sets),
    "place_wilds_well": ("play", place_wilds_well),
    "charge_over_bank": ("play", charge_over_bank),
    "keep_deal_breaker": ("play", keep_deal_breaker),
    "rent_they_can_pay": ("play", rent_they_can_pay),
    "big_rent_last": ("play", big_rent_last),
    "forced_deal_must_gain": ("play", forced_deal_must_gain),
    "steal_to_deny": ("play", steal_to_deny),
    "exact_change": ("pay", exact_change),
}


class DealPolicyAgent(HeuristicAgent):
    """The heuristic agent with ``RULES`` correcting its Monopoly Deal choices.

    ``rules``: the names of the rules to use (default: all), for measuring each
    one's worth. In other games it is the heuristic agent.
    """

    def __init__(self, rules: Sequence[str] | None = None) -> None:
        names = list(RULES) if rules is None else list(rules)
        unknown = [name for name in names if name not in RULES]
        if unknown:
            raise ValueError(f"unknown rules {unknown!r}; the rules are {sorted(RULES)}")
        self.rules = tuple(names)
        self._by_phase: dict[str, list[Rule]] = {}
        for name in names:
            phase, rule = RULES[name]
            self._by_phase.setdefault(phase, []).append(rule)

    def observe(self, rules: Rules, state: Any, seat: int) -> Any:
        if rules.name == "deal":
            return policy_view(state, seat)
        return super().observe(rules, state, seat)

    def __call__(
        self,
        observation: Any,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        if isinstance(observation, PolicyView):
            view = observation
        elif isinstance(observation, dict) and observation.get("game") == "deal":
            view = PolicyView.from_observation(observation)
        else:
            return super().__call__(observation, legal_actions, rng)
        choice = heuristic_deal.choose(view, legal_actions, rng)
        if len(legal_actions) > 1:
            for rule in self._by_phase.get(view.phase, ()):
                better = rule(view, legal_actions, choice)
                if better is not None:
                    return better
        return choice

    def __repr__(self) -> str:
        if self.rules == tuple(RULES):
            return "DealPolicyAgent()"
        return f"DealPolicyAgent(rules={list(self.rules)!r})"

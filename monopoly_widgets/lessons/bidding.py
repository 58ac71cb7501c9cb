"""Lesson 02's bidders: a bidding strategy, and random play for every other choice.

Lesson 02 compares bidding strategies (``agents/bid/bidders.py``) by simulation. To
compare the *bidding* only, each agent here bids with its strategy and makes every
other choice (trades, actions) at random, so the strategies differ in nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from monopoly_widgets.core.actions import Action

Strategy = Callable[[dict[str, Any], Sequence[Action], random.Random], Action]


class BiddingAgent:
    """Bids with ``strategy`` (``bid:`` and ``raise:`` choices); chooses at random otherwise.

    The observation is built only for a bid: ``observe`` (the agent protocol,
    ``agents/base.py``) hands over a recipe for it instead of the dict, because
    building the dict for every random choice took three quarters of a game's time
    (cProfile, 10 games). Given the dict itself, the agent decides the same way.
    """

    def __init__(self, strategy: Strategy, name: str) -> None:
        self.strategy = strategy
        self.name = name

    def observe(self, rules: Any, state: Any, seat: int) -> Callable[[], dict[str, Any]]:
        return partial(rules.observation, state, seat)

    def __call__(self, observation: Any, legal_actions: Sequence[Action], rng: random.Random):
        if legal_actions[0].kind in ("bid", "raise"):
            if callable(observation):
                observation = observation()
            return self.strategy(observation, legal_actions, rng)
        return legal_actions[rng.randrange(len(legal_actions))]

    def __repr__(self) -> str:
        return f"<bidder {self.name!r}>"


def bidding_agent(strategy: Strategy, name: str) -> BiddingAgent:
    """An agent named ``name`` that bids with ``strategy`` and chooses at random otherwise."""
    return BiddingAgent(strategy, name)

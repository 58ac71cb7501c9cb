"""The heuristic agent: simple, explainable rules of thumb for each game.

Each game has its own heuristic in ``agents/heuristic_<game>.py``, a function
``choose(observation, legal_actions, rng) -> Action``. This class picks the
right one from ``observation["game"]``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.actions import Action

_BY_GAME = {
    "deal": "monopoly_widgets.agents.heuristic_deal",
    "bid": "monopoly_widgets.agents.heuristic_bid",
    "cardgame": "monopoly_widgets.agents.heuristic_cardgame",
}
_CHOOSERS: dict[str, Any] = {}


class HeuristicAgent:
    """A sensible player for any of the three games (see each game's module)."""

    needs_observation = True

    def __call__(
        self,
        observation: dict[str, Any] | None,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        if observation is None:
            raise ValueError("HeuristicAgent needs the observation of its seat")
        game = observation["game"]
        choose = _CHOOSERS.get(game)
        if choose is None:  # imported once, not per decision (this runs in every rollout step)
            choose = _CHOOSERS[game] = importlib.import_module(_BY_GAME[game]).choose
        return choose(observation, legal_actions, rng)

    def __repr__(self) -> str:
        return "HeuristicAgent()"

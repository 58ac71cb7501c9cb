"""The heuristic agent: simple, explainable rules of thumb for each game.

Each game has its own heuristic in ``agents/heuristic_<game>.py``, a function
``choose(observation, legal_actions, rng) -> Action``, named in the game's
descriptor (``core/registry.py``). This class picks the right one from
``observation["game"]``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.registry import describe

#: Each game's ``choose``, from its descriptor's heuristic module.
_CHOOSERS: dict[str, Callable[..., Action]] = {}


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
        if choose is None:  # looked up once, not per decision (this runs in every rollout step)
            choose = _CHOOSERS[game] = describe(game).heuristic_module().choose
        return choose(observation, legal_actions, rng)

    def __repr__(self) -> str:
        return "HeuristicAgent()"

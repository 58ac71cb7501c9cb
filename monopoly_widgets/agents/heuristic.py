"""The heuristic agent: simple, explainable rules of thumb for each game.

Each game has its own heuristic in ``agents/<game>/heuristic.py``, a function
``choose(observation, legal_actions, rng) -> Action``, named in the game's
descriptor (``core/registry.py``, ``heuristic``). This class picks the right one from
``observation["game"]``.

Where a game has a decision view (the descriptor's ``decision_view``: the facts a seat
decides by, at a fraction of the cost of the observation), :meth:`HeuristicAgent.observe`
builds it, and ``play_out`` passes it instead of the observation dict. The choice is the
same either way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.registry import describe
from monopoly_widgets.core.rules import Rules

#: Each game's ``choose``, from its descriptor's heuristic module.
_CHOOSERS: dict[str, Callable[..., Action]] = {}
#: The same, by the type of a game's decision view (one look-up per decision instead of three).
_VIEW_CHOOSERS: dict[type, Callable[..., Action]] = {}


class HeuristicAgent:
    """A sensible player for any of the three games (see each game's module)."""

    needs_observation = True

    def observe(self, rules: Rules, state: Any, seat: int) -> Any:
        """What this agent decides by at ``seat``: the game's decision view where it has one
        (the descriptor's ``decision_view``), otherwise ``rules.observation(state, seat)``."""
        view = _VIEWS.get(rules.name)
        if view is None:
            if rules.name in _VIEWS:  # a game without a decision view
                return rules.observation(state, seat)
            view = _VIEWS[rules.name] = describe(rules.name).hook("decision_view")  # found once
            if view is None:
                return rules.observation(state, seat)
        return view(state, seat)

    def __call__(
        self,
        observation: Any,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        choose = _VIEW_CHOOSERS.get(observation.__class__)  # a decision view: its game's choose
        if choose is None:
            if observation is None:
                raise ValueError("HeuristicAgent needs the observation of its seat")
            game = observation["game"] if isinstance(observation, dict) else observation.game
            choose = _CHOOSERS.get(game)
            if choose is None:  # looked up once, not per decision (this runs in every rollout)
                choose = _CHOOSERS[game] = describe(game).heuristic_module().choose
            if not isinstance(observation, dict):
                _VIEW_CHOOSERS[observation.__class__] = choose
        return choose(observation, legal_actions, rng)

    def __repr__(self) -> str:
        return "HeuristicAgent()"


#: Each game's ``decision_view`` (``None``: the game has none), looked up on first use.
_VIEWS: dict[str, Callable[[Any, int], Any] | None] = {}

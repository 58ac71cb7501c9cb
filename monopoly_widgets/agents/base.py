"""The agent protocol."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from monopoly_widgets.core.actions import Action


class Agent(Protocol):
    """``agent(observation, legal_actions, rng) -> action``.

    ``observation`` is ``game.observation(seat)``: only what this seat can see.
    ``legal_actions`` is never empty. ``rng`` is the agent's own seeded
    ``random.Random``; agents must not use the global RNG, so games replay.

    An agent may set ``needs_observation = False`` (like :class:`RandomAgent`)
    so that fast simulations skip building the observation for it.

    An agent may also have a method ``observe(rules, state, seat)`` that returns
    what it wants instead of the observation dict (``HeuristicAgent``: the game's
    decision view, which holds a part of the observation at a fraction of its
    cost). ``play_out`` calls it and passes the result as ``observation``; other
    callers may too (search rollouts, the coach). It must show no more than
    ``rules.observation(state, seat)`` does, and hold copies only: nothing
    reachable from it may be the state or one of its lists, so an agent can neither
    read a hidden card through it nor change the game by changing it
    (``tests/agents/test_views_are_copies.py``). The agent must also accept the
    plain observation dict, deciding the same way.
    """

    def __call__(
        self,
        observation: Any,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action: ...


#: ``observer(rules, state, seat)``: what an agent is handed as its ``observation``.
Observer = Callable[[Any, Any, int], Any]


def observer_of(agent: Any) -> Observer:
    """How to make ``agent``'s observation, worked out once per game or playout: nothing
    (``needs_observation = False``), its own ``observe`` view, or the observation dict.

    ``play_out``, the search agent's rollouts and the coach's playouts all hand agents
    their observations through this, so the three cannot drift apart.
    """
    if not getattr(agent, "needs_observation", True):
        return _nothing
    observe = getattr(agent, "observe", None)
    return observe if observe is not None else _observation_dict


def _nothing(rules: Any, state: Any, seat: int) -> None:
    return None


def _observation_dict(rules: Any, state: Any, seat: int) -> Any:
    return rules.observation(state, seat)

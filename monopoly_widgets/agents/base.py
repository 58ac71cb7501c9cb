"""The agent protocol."""

from __future__ import annotations

import random
from collections.abc import Sequence
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
    ``rules.observation(state, seat)`` does, and the agent must also accept the
    plain observation dict, deciding the same way.
    """

    def __call__(
        self,
        observation: Any,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action: ...

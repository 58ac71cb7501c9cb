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
    """

    def __call__(
        self,
        observation: dict[str, Any] | None,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action: ...

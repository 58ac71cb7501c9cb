"""The random agent: the baseline every other agent must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.actions import Action


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    needs_observation = False

    def __call__(
        self,
        observation: dict[str, Any] | None,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        # The classic uniform draw (bias below 1e-15): cheaper than ``rng.choice``, which
        # matters when thousands of random games are simulated.
        return legal_actions[int(rng.random() * len(legal_actions))]

    def __repr__(self) -> str:
        return "RandomAgent()"

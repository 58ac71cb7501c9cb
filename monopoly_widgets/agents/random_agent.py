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
        # ``choice`` draws exactly what ``randrange(len(...))`` would, with less overhead.
        return rng.choice(legal_actions)

    def __repr__(self) -> str:
        return "RandomAgent()"

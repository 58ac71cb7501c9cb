"""The random agent: the baseline every other agent must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.actions import Action

#: How often a random player of The Card Game goes out when the rules let it (see below).
LAY_DOWN_CHANCE = 0.5


class RandomAgent:
    """Chooses uniformly among the legal actions, with one exception for The Card Game.

    The Card Game: a lay-down is one action among many (draws, trades, adds), so a
    uniform player passes up almost every chance to go out and nearly every match ends
    at the ``max_stalled_hands`` cap, which makes a random baseline measure nothing.
    So when it may lay down (the engine lists lay-downs last), it does so with
    probability ``LAY_DOWN_CHANCE`` (its Chance role chosen uniformly too), and
    otherwise chooses uniformly among all its actions as before. Other games never
    offer a ``lay_down`` action, so they play exactly as a uniform player.
    """

    needs_observation = False

    def __init__(self, lay_down_chance: float = LAY_DOWN_CHANCE) -> None:
        if not 0.0 <= lay_down_chance <= 1.0:
            raise ValueError(f"lay_down_chance must be between 0 and 1, not {lay_down_chance!r}")
        self.lay_down_chance = lay_down_chance

    def __call__(
        self,
        observation: dict[str, Any] | None,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        # The classic uniform draw (bias below 1e-15): cheaper than ``rng.choice``, which
        # matters when thousands of random games are simulated.
        if legal_actions[-1].kind == "lay_down" and rng.random() < self.lay_down_chance:
            first = len(legal_actions) - 1
            while first and legal_actions[first - 1].kind == "lay_down":
                first -= 1
            return legal_actions[first + int(rng.random() * (len(legal_actions) - first))]
        return legal_actions[int(rng.random() * len(legal_actions))]

    def __repr__(self) -> str:
        if self.lay_down_chance == LAY_DOWN_CHANCE:
            return "RandomAgent()"
        return f"RandomAgent(lay_down_chance={self.lay_down_chance})"

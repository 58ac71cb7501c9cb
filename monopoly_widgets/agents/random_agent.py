"""The random agent: the baseline every other agent must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.registry import GAMES

#: How often a random player goes out when the rules let it (see below).
LAY_DOWN_CHANCE = 0.5


class RandomAgent:
    """Chooses uniformly among the legal actions, except when it may go out.

    A game may name the action kind by which a player goes out by choice (its
    descriptor's ``going_out``: The Card Game's ``lay_down``). Such a move is one action
    among many (draws, trades, adds), so a uniform player passes up almost every chance
    to go out and nearly every match ends at the ``max_stalled_hands`` cap, which makes a
    random baseline measure nothing. So when it may go out (the engine lists those
    actions last), it does so with probability ``LAY_DOWN_CHANCE`` (which of them, e.g.
    the Chance role, chosen uniformly too), and otherwise chooses uniformly among all its
    actions as before. In a game without one it plays exactly as a uniform player.
    """

    needs_observation = False

    def __init__(self, lay_down_chance: float = LAY_DOWN_CHANCE) -> None:
        if not 0.0 <= lay_down_chance <= 1.0:
            raise ValueError(f"lay_down_chance must be between 0 and 1, not {lay_down_chance!r}")
        self.lay_down_chance = lay_down_chance
        #: The going-out kinds of every game that has one (read once, not per decision).
        self.going_out = frozenset(game.going_out for game in GAMES.values() if game.going_out)

    def __call__(
        self,
        observation: dict[str, Any] | None,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        # The classic uniform draw (bias below 1e-15): cheaper than ``rng.choice``, which
        # matters when thousands of random games are simulated.
        last = legal_actions[-1].kind
        if last in self.going_out and rng.random() < self.lay_down_chance:
            first = len(legal_actions) - 1
            while first and legal_actions[first - 1].kind == last:
                first -= 1
            return legal_actions[first + int(rng.random() * (len(legal_actions) - first))]
        return legal_actions[int(rng.random() * len(legal_actions))]

    def __repr__(self) -> str:
        if self.lay_down_chance == LAY_DOWN_CHANCE:
            return "RandomAgent()"
        return f"RandomAgent(lay_down_chance={self.lay_down_chance})"

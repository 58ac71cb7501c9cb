"""The heuristic of a game that has none yet: a uniform choice among the legal actions.

A game's descriptor names its heuristic (``agents/<game>/heuristic.py``); a new game
that leaves it out still gets a "heuristic" agent, so that every layer that plays one
(``mw.simulate``, the explorer's seats, the search agent's rollouts, the coach) works
from its first day. It chooses as the random agent does, and says so: a game earns a
better one in ``agents/<game>/``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.actions import Action


def choose(observation: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """One of ``legal_actions``, each as likely as any other."""
    return legal_actions[int(rng.random() * len(legal_actions))]

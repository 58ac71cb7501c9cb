"""Exact probabilities for one player's point of view, explained for students.

Each game has a module (``deal``, ``bid``, ``cardgame``) whose functions take
an observation (``game.observation(seat)``) and return
:class:`~monopoly_widgets.prob.hypergeometric.Odds`: ``(label, probability,
explanation)``, the explanation showing the formula with the numbers filled in.
They count only the cards that player cannot see, never the true hidden order.

``panel(observation)`` lists the odds a probability panel shows for any game:
the game's descriptor (``core/registry.py``) names its module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monopoly_widgets.core.registry import describe
from monopoly_widgets.prob.hypergeometric import (
    Odds,
    at_least,
    at_least_one,
    pmf,
    prob_at_least,
    prob_none,
)


def panel(observation: Mapping[str, Any]) -> list[Odds]:
    """The odds to show for this observation's viewer, whatever the game."""
    return describe(observation["game"]).odds_module().panel(observation)


__all__ = ["Odds", "at_least", "at_least_one", "panel", "pmf", "prob_at_least", "prob_none"]

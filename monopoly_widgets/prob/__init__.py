"""Exact probabilities for one player's point of view, explained for students.

Each game has a module (``deal``, ``bid``, ``cardgame``) whose functions take
an observation (``game.observation(seat)``) and return
:class:`~monopoly_widgets.prob.hypergeometric.Odds`: ``(label, probability,
explanation)``, the explanation showing the formula with the numbers filled in.
They count only the cards that player cannot see, never the true hidden order.

``panel(observation)`` lists the odds a probability panel shows for any game.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from monopoly_widgets.prob.hypergeometric import (
    Odds,
    at_least,
    at_least_one,
    pmf,
    prob_at_least,
    prob_none,
)

_PANELS = {
    "deal": "monopoly_widgets.prob.deal",
    "bid": "monopoly_widgets.prob.bid",
    "cardgame": "monopoly_widgets.prob.cardgame",
}


def panel(observation: Mapping[str, Any]) -> list[Odds]:
    """The odds to show for this observation's viewer, whatever the game."""
    game = observation["game"]
    if game not in _PANELS:
        raise ValueError(f"no probability panel for game {game!r}")
    return importlib.import_module(_PANELS[game]).panel(observation)


__all__ = ["Odds", "at_least", "at_least_one", "panel", "pmf", "prob_at_least", "prob_none"]

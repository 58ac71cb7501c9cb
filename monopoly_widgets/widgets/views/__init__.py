"""One small adapter per game: observation -> the generic table model.

``table_model(game_name, observation, roles)`` picks the game's adapter, or
the generic fallback for a game without one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monopoly_widgets.widgets.views import bid, cardgame, deal, generic

_ADAPTERS = {"deal": deal, "bid": bid, "cardgame": cardgame}


def private_metrics(game_name: str) -> frozenset[str]:
    """Chart metrics computed from hidden cards: a seat's view must not show others' values."""
    adapter = _ADAPTERS.get(game_name)
    return getattr(adapter, "PRIVATE_METRICS", frozenset({"money", "properties", "sets"}))


def choice_detail(game_name: str):
    """The game's optional middle step of a two-step choice (see ``widgets/choices.py``)."""
    return getattr(_ADAPTERS.get(game_name), "choice_detail", None)


def table_model(game_name: str, observation: dict[str, Any], roles: Sequence[str]) -> dict:
    """The table model of ``observation`` for the browser."""
    adapter = _ADAPTERS.get(game_name)
    if adapter is None:
        return generic.table_model(observation, roles, title=game_name)
    return adapter.table_model(observation, roles)

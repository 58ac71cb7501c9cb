"""One small adapter per game: observation -> the table model ``static/table.js`` draws.

Each game's adapter is named in its descriptor (``core/registry.py``,
``table_view``); these functions look it up, so the explorer never lists games.
An adapter has ``table_model(observation, roles)`` and ``PRIVATE_METRICS`` (the
chart metrics computed from hidden cards), and may have ``choice_detail``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.registry import describe


def private_metrics(game_name: str) -> frozenset[str]:
    """Chart metrics computed from hidden cards: a seat's view must not show others' values."""
    return describe(game_name).view_module().PRIVATE_METRICS


def choice_detail(game_name: str):
    """The game's optional middle step of a two-step choice (see ``widgets/choices.py``)."""
    return getattr(describe(game_name).view_module(), "choice_detail", None)


def table_model(game_name: str, observation: dict[str, Any], roles: Sequence[str]) -> dict:
    """The table model of ``observation`` for the browser."""
    return describe(game_name).view_module().table_model(observation, roles)

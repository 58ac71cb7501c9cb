"""The probability panel: what a player can expect, shown beside the table.

A panel function takes one seat's observation and returns rows
``(label, probability, explanation)``. Each game's odds panel is named in its
descriptor (``core/registry.py``: ``monopoly_widgets.prob.<game>.panel``,
the exact odds with their formulas). A teacher can put their own in its place
for a game with :func:`register_probability`, and an explorer can be given
one of its own through ``explorer.probability_panel``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from monopoly_widgets.core.registry import describe

ProbabilityRow = tuple[str, float, str]
ProbabilityFn = Callable[[dict[str, Any]], list[ProbabilityRow]]

_REGISTRY: dict[str, ProbabilityFn] = {}


def register_probability(game_name: str, fn: ProbabilityFn) -> None:
    """Use ``fn(observation) -> [(label, probability, explanation)]`` for ``game_name``."""
    if not callable(fn):
        raise TypeError(f"the probability panel must be a function, not {type(fn).__name__}")
    _REGISTRY[game_name] = fn


def probability_function(game_name: str) -> ProbabilityFn:
    """The panel for ``game_name``: the registered one, else the odds panel of its descriptor."""
    if game_name in _REGISTRY:
        return _REGISTRY[game_name]
    return describe(game_name).odds_module().panel

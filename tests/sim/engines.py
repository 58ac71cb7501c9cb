"""Which engines the simulation tests can use (a missing engine skips, never passes)."""

from __future__ import annotations

import pytest

from monopoly_widgets.core.registry import GAMES, get_rules


def engine_available(name: str) -> bool:
    try:
        get_rules(name)
    except ImportError:
        return False
    return True


def needs_engine(name: str) -> pytest.MarkDecorator:
    """Skip a test (with the reason) until the ``name`` engine is installed."""
    return pytest.mark.skipif(not engine_available(name), reason=f"{name} engine not available")


def each_game() -> list[object]:
    """One pytest param per game, skipped where the engine is missing."""
    return [pytest.param(name, marks=needs_engine(name), id=name) for name in GAMES]

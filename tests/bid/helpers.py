"""Small helpers for Bid scenario tests: build positions, apply a list of actions."""

from __future__ import annotations

from typing import Any

import monopoly_widgets as mw


def position(n: int = 2, **fields: Any) -> dict[str, Any]:
    """A position for ``n`` seats with empty hands and tables, overridden by ``fields``."""
    found: dict[str, Any] = {
        "hands": [[] for _ in range(n)],
        "properties": [[] for _ in range(n)],
    }
    found.update(fields)
    return found


def game(players: int = 2, options: dict[str, Any] | None = None, **fields: Any) -> mw.Game:
    """A Bid game set up from a hand-written position."""
    return mw.from_position("bid", position(players, **fields), options=options, seed=1)


def play(g: mw.Game, *action_ids: str) -> list[mw.Event]:
    """Apply the actions in order; return all the events they caused."""
    events: list[mw.Event] = []
    for action_id in action_ids:
        events += g.apply(action_id)
    return events


def ids(g: mw.Game) -> list[str]:
    return [a.id for a in g.legal_actions()]


def hand(g: mw.Game, seat: int) -> list[str]:
    return g.position()["hands"][seat]


def sets(g: mw.Game, seat: int) -> list[dict[str, Any]]:
    return g.position()["properties"][seat]

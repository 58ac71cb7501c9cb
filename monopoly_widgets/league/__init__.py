"""A league of the class's bots: safe, fair, rated (issue 27 §1; ``docs/league.md``).

``mw.league("bots/", game="deal", games=20)`` checks each student's file, plays every
pairing on the same deals in both seat orders, each student's bot in its own sandbox
(Pyodide under Deno, ``league/wasm/``) with a time and memory limit, and returns a
``LeagueResult``: ``.table`` (win rates with Wilson intervals, a Bradley-Terry rating
with a bootstrap interval), ``.chart()``, ``.replay(row)``.

Importing this package is cheap (no pandas, no Plotly): ``monopoly_widgets`` imports it
to offer ``mw.league``, and every bot's process (``sandbox="process"``) imports
``monopoly_widgets``. As the attribute ``monopoly_widgets.league`` is that function,
reach the modules with ``from
monopoly_widgets.league import run`` (``import monopoly_widgets.league.run as run`` finds
the function first and fails).
"""

from __future__ import annotations

import importlib
from typing import Any

#: Names this package offers, and the module each is defined in (imported on first use).
_NAMES = {
    "Entry": "monopoly_widgets.league.entries",
    "find_entries": "monopoly_widgets.league.entries",
    "LeagueResult": "monopoly_widgets.league.result",
    "Limits": "monopoly_widgets.league.sandbox",
}


def league(*args: Any, **kwargs: Any) -> Any:
    """Play a league between bots; see :func:`monopoly_widgets.league.run.league`."""
    from monopoly_widgets.league.run import league as run_league

    return run_league(*args, **kwargs)


def __getattr__(name: str) -> Any:
    if name in _NAMES:
        return getattr(importlib.import_module(_NAMES[name]), name)
    raise AttributeError(f"module 'monopoly_widgets.league' has no attribute {name!r}")


__all__ = ["Entry", "LeagueResult", "Limits", "find_entries", "league"]

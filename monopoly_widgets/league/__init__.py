"""A league of the class's bots: safe, fair, rated (issue 27 §1; ``docs/league.md``).

``mw.league("bots/", game="deal", games=20)`` checks each student's file, plays every
pairing on the same deals in both seat orders, each student's bot in its own sandbox
(Pyodide under Deno, ``league/wasm/``) with a time and memory limit, and returns a
``LeagueResult``: ``.table`` (win rates with Wilson intervals, a Bradley-Terry rating
with a 95% interval), ``.chart()``, ``.replay(row)``.

Importing this package is cheap (no pandas, no Plotly): ``monopoly_widgets`` imports it
to offer ``mw.league``, and every bot's process (``sandbox="process"``) imports
``monopoly_widgets``. ``mw.league`` is this package, and calling it plays a league (the
package is callable, :class:`CallablePackage`): so ``mw.league(...)`` works as it always
has, and ``import monopoly_widgets.league.run`` finds the module, where a function
standing in the package's name would hide it.
"""

from __future__ import annotations

import importlib
import sys
import types
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


class CallablePackage(types.ModuleType):
    """This package, which ``mw.league(...)`` calls: the call is :func:`league`'s."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return league(*args, **kwargs)


sys.modules[__name__].__class__ = CallablePackage


def __getattr__(name: str) -> Any:
    if name in _NAMES:
        return getattr(importlib.import_module(_NAMES[name]), name)
    raise AttributeError(f"module 'monopoly_widgets.league' has no attribute {name!r}")


__all__ = ["Entry", "LeagueResult", "Limits", "find_entries", "league"]

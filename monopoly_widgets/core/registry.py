"""Where each game's rules live, by name.

``new_game("deal")`` looks the name up here. Each entry is a module path and
the name of its ``Rules`` class; it is imported on first use, so importing the
package stays quick.
"""

from __future__ import annotations

import importlib

from monopoly_widgets.core.errors import OptionError
from monopoly_widgets.core.rules import Rules
from monopoly_widgets.core.validation import excerpt

GAMES: dict[str, tuple[str, str]] = {
    "deal": ("monopoly_widgets.deal.rules", "DealRules"),
    "bid": ("monopoly_widgets.bid.rules", "BidRules"),
    "cardgame": ("monopoly_widgets.cardgame.rules", "CardGameRules"),
}

_loaded: dict[str, Rules] = {}


def get_rules(name: str) -> Rules:
    """The rules object for game ``name`` ("deal", "bid" or "cardgame")."""
    if not isinstance(name, str) or name not in GAMES:
        raise OptionError(f"unknown game {excerpt(name)}; the games are {sorted(GAMES)}")
    if name not in _loaded:
        module_name, class_name = GAMES[name]
        module = importlib.import_module(module_name)
        _loaded[name] = getattr(module, class_name)()
    return _loaded[name]


def available_games() -> list[str]:
    """The names of the games whose engines are installed and import cleanly."""
    names = []
    for name in GAMES:
        try:
            get_rules(name)
        except ImportError:
            continue
        names.append(name)
    return names

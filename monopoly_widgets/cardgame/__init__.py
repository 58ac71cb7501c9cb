"""Monopoly: The Card Game (1999, rummy-style, 2 to 6 players): cards, rules, scoring.

``CardGameRules`` is the engine behind ``new_game("cardgame")``;
``score_hand`` scores one hand with the best use of Chance, Houses and Tokens.
The rules, options and position format are documented in ``docs/rules/cardgame.md``.
"""

import importlib as _importlib

from monopoly_widgets.cardgame.descriptor import DESCRIPTOR

#: The package's public names, each imported from its module on first use: importing the
#: package (as the registry does, to read ``descriptor.py``) loads none of the engine.
_LAZY = {
    "HandScore": "scoring",
    "score_hand": "scoring",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(_importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [*["HandScore", "score_hand"], "DESCRIPTOR"]

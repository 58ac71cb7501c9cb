"""Monopoly Bid: sealed-bid property auctions, action cards and Nope! chains.

Start a game with ``monopoly_widgets.new_game("bid", players=3, seed=1)``. The
rules and every option are in ``docs/rules/bid.md``; the position format is in
``position.py``; what a player sees is in ``observation.py``.
"""

import importlib as _importlib

from monopoly_widgets.bid.descriptor import DESCRIPTOR

#: The package's public names, each imported from its module on first use: importing the
#: package (as the registry does, to read ``descriptor.py``) loads none of the engine.
_LAZY = {
    "COLOUR_HEX": "cards",
    "COLOURS": "cards",
    "PROPERTIES": "cards",
    "BidRules": "rules",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(_importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [*["BidRules", "COLOURS", "COLOUR_HEX", "PROPERTIES"], "DESCRIPTOR"]

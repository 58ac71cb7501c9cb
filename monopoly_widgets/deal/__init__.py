"""Monopoly Deal: a faithful rules engine (see ``rules.py`` for where each rule lives)."""

import importlib as _importlib

from monopoly_widgets.deal.descriptor import DESCRIPTOR

#: The package's public names, each imported from its module on first use: importing the
#: package (as the registry does, to read ``descriptor.py``) loads none of the engine.
_LAZY = {
    "CARDS": "cards",
    "COLOUR_HEX": "cards",
    "COLOURS": "cards",
    "OPTIONS": "options",
    "DealRules": "rules",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(_importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [*["CARDS", "COLOURS", "COLOUR_HEX", "OPTIONS", "DealRules"], "DESCRIPTOR"]

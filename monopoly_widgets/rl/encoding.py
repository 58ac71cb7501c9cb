"""Each game's observation encoder, looked up by the game's name.

The encoders live beside each game's observation code (``deal/encoding.py``, ...; the
game's descriptor names its package): a
fixed-length float32 vector of what one seat sees, seats rotated so the viewer is first,
and ``slot_names(players)`` saying what each number means.
"""

from __future__ import annotations

from types import ModuleType

from monopoly_widgets.core.registry import describe


def encoder(game: str) -> ModuleType:
    """The module with ``encode(state, viewer)``, ``slot_names(players)`` and
    ``encoding_size(players)`` for game ``game``."""
    return describe(game).module("encoding")


#: The observation spaces' upper bound: every slot is a count, a flag or a small amount
#: (draw pile at most 212 cards, a debt at most a few dozen $M, a match score in $1,000s).
OBSERVATION_HIGH = 10_000.0

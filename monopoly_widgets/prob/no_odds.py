"""The odds panel of a game that has none: no odds.

Exact odds need a game's own counting (``prob/deal.py``, ...); a game whose descriptor
names no ``odds_panel`` shows an empty panel rather than numbers it has not worked out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monopoly_widgets.prob.hypergeometric import Odds


def panel(observation: Mapping[str, Any]) -> list[Odds]:
    """No odds, for any observation."""
    return []

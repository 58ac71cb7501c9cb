"""Building Card Game positions for scenario tests."""

from __future__ import annotations

from typing import Any

import monopoly_widgets as mw

YELLOW = ["Atlantic Avenue", "Ventnor Avenue", "Marvin Gardens"]
BROWN = ["Mediterranean Avenue", "Baltic Avenue"]
DARK_BLUE = ["Park Place", "Boardwalk"]
RAILROADS = ["Reading Railroad", "Pennsylvania Railroad", "B. & O. Railroad", "Short Line"]
HOUSES3 = ["1st House", "2nd House", "3rd House"]


def position(players: int = 4, hands: list[list[str]] | None = None, **fields: Any) -> dict:
    """A position with seat 0 to play; unspecified seats hold no cards."""
    hands = hands or []
    hands = hands + [[] for _ in range(players - len(hands))]
    pos: dict[str, Any] = {
        "players": players,
        "to_play": 0,
        "hands": hands,
        "trade_piles": fields.pop("trade_piles", [[] for _ in range(players)]),
    }
    pos.update(fields)
    return pos


def game(
    players: int = 4,
    hands: list[list[str]] | None = None,
    options: dict | None = None,
    **fields: Any,
) -> mw.Game:
    """A game from :func:`position`."""
    return mw.from_position("cardgame", position(players, hands, **fields), options=options)


def ids(g: mw.Game) -> list[str]:
    """The legal action ids."""
    return [a.id for a in g.legal_actions()]


def event_texts(g: mw.Game) -> str:
    """All event texts in one string."""
    return "\n".join(e.text for e in g.events)

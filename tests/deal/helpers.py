"""Small helpers for building Monopoly Deal scenarios from positions."""

from __future__ import annotations

from typing import Any

import monopoly_widgets as mw


def table(*piles: tuple[str, list[str]] | tuple[str, list[str], bool, bool]) -> list[dict]:
    """Property piles: ("Red", [cards]) or ("Red", [cards], house, hotel)."""
    out = []
    for pile in piles:
        colour, cards = pile[0], pile[1]
        house = pile[2] if len(pile) > 2 else False
        hotel = pile[3] if len(pile) > 3 else False
        out.append({"colour": colour, "cards": list(cards), "house": house, "hotel": hotel})
    return out


def position(players: int = 2, **fields: Any) -> dict[str, Any]:
    """A position with empty hands, banks and tables unless given."""
    pos: dict[str, Any] = {
        "players": players,
        "hands": [[] for _ in range(players)],
        "banks": [[] for _ in range(players)],
        "properties": [[] for _ in range(players)],
    }
    pos.update(fields)
    return pos


def game(pos: dict[str, Any], **options: Any) -> mw.Game:
    """The game of ``pos`` with ``options``; unless given, ``ask_every_target = False``.

    Scenario tests of the other rules read as the moves that matter: a target without a
    Just Say No is not asked. The default (every target asked, option
    ``ask_every_target``) is played by ``default_game``, in ``test_just_say_no.py`` and
    ``test_hidden_answers.py``.
    """
    options.setdefault("ask_every_target", False)
    return mw.from_position("deal", pos, options=options, seed=1)


def default_game(pos: dict[str, Any], **options: Any) -> mw.Game:
    """The game of ``pos`` under the default options, but for ``options``."""
    return mw.from_position("deal", pos, options=options or None, seed=1)


def ids(g: mw.Game) -> list[str]:
    return [a.id for a in g.legal_actions()]


def names(g: mw.Game, seat: int, where: str) -> list[str]:
    """Card names in a seat's "hands", "banks" or "draw_pile"/"discard_pile"."""
    pos = g.position()
    if where in ("draw_pile", "discard_pile"):
        return pos[where]
    return pos[where][seat]


def sets(g: mw.Game, seat: int) -> list[tuple[str, list[str]]]:
    return [(p["colour"], p["cards"]) for p in g.position()["properties"][seat]]


def rules_of(g: mw.Game) -> list[str]:
    return [e.rule for e in g.events]

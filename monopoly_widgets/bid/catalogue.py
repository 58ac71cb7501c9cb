"""Every action id Monopoly Bid can offer, for a player count and options, in one order.

For learning code (``monopoly_widgets.rl``): a fixed, numbered list of actions. The ids
(``legal.py``, ``trading.py``) are:

=========================================  ===============================================
``draw2`` / ``trade`` / ``auction`` / ``end_round``  the host's plays without a target
``wild:<set>`` / ``wild:new:<colour>``     a Wild! into set number ``<set>``, or a new set
``steal:<seat>:<set>:<card>``              Steal! a card (a property or a Wild!)
``offer:<seat>:<give>:<take>`` / ``offer:none``  a trade offer of one property for one
``nope`` / ``pass`` / ``accept`` / ``refuse``    answers
``bid:<total>`` / ``bid:none``             a sealed bid of an exact total
``raise:<total>`` / ``raise:none``         a raise after a tie
=========================================  ===============================================

A seat has at most one set per card that can start one (a property or a Wild!), so set
numbers go up to that count; totals up to the value of every money card in the deck.
Both are over-counts: some never occur, which only adds ids that are never legal. The
conformance suite checks at every step of random games that every legal id is listed
(``testing.check_catalogue_coverage``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from monopoly_widgets.bid.cards import COLOURS, PROPERTIES, WILD, build_deck
from monopoly_widgets.bid.options import OPTIONS
from monopoly_widgets.bid.trading import NO_OFFER, offer_id
from monopoly_widgets.core.options import resolve_options


def action_catalogue(players: int, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
    """Every id that can ever be legal with ``players`` and these rule ``options``."""
    resolved = resolve_options(OPTIONS, options)
    deck = build_deck(resolved)
    sets = sum(1 for card in deck if card.kind == "property" or card.name == WILD)
    money = sum(card.value for card in deck if card.kind == "money")
    return _catalogue(players, sets, money)


@lru_cache(maxsize=16)
def _catalogue(players: int, sets: int, money: int) -> tuple[str, ...]:
    names = [name for name, _ in PROPERTIES]
    ids = ["draw2"]
    ids += [f"wild:{index}" for index in range(sets)]
    ids += [f"wild:new:{colour}" for colour in COLOURS]
    ids += [
        f"steal:{seat}:{index}:{name}"
        for seat in range(players)
        for index in range(sets)
        for name in (*names, WILD)
    ]
    ids += ["trade", "auction", "end_round", "nope", "pass"]
    ids += [
        offer_id(seat, give, take)
        for seat in range(players)
        for give in names
        for take in names
        if give != take
    ]
    ids += [NO_OFFER, "accept", "refuse", "bid:none", "raise:none"]
    ids += [f"{head}:{total}" for head in ("bid", "raise") for total in range(1, money + 1)]
    return tuple(dict.fromkeys(ids))


def slot_ids(state: object) -> dict[str, str]:
    """Bid lists every id outright, so no catalogue entry stands for another id."""
    return {}


def slot_ids_from_observation(observation: object) -> dict[str, str]:
    """:func:`slot_ids` from a seat's observation dict: none either."""
    return {}

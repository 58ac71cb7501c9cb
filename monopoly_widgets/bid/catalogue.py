"""Every action id of Monopoly Bid that could ever be legal, for a number of players and
options: a fixed, finite catalogue (for learning agents that need one fixed list of
actions, and to check the id grammar in one place).

The grammar, phase by phase (``docs/rules/bid.md`` says what each id does):

* the host: ``draw2``, ``wild:<set>``, ``wild:new:<Colour>``,
  ``steal:<seat>:<set>:<card name>``, ``auction``, ``end_round``;
  with ``trade_offers = "host"`` also ``trade``, ``offer:<seat>:<give>:<take>``,
  ``offer:none`` and the answers ``accept`` / ``refuse``;
* a Nope! window: ``nope``, ``pass``;
* the deal window (``trade_offers = "anyone"``): ``deal:to:<seat>``, ``deal:pass``,
  ``deal:give:<property>``, ``deal:ask:<property>``, with ``trade_money``
  ``deal:pay:<value>`` and ``deal:want:<value>``, ``deal:propose``, ``deal:cancel``,
  ``deal:accept``, ``deal:refuse``;
* bids and raises: ``bid:none``, ``bid:<total>``, with ``bid_cards = "choose"``
  ``bid:choose`` and ``bid:<value>x<count>``; the same with ``raise:``.

A set number is bounded by the cards one table can hold (every property and every
Wild!), a total by the money in the deck, a count by that value's cards in the deck.
These are over-counts: some ids never occur. The conformance suite checks at every step
of random games that every legal id is listed (``testing.check_catalogue_coverage``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monopoly_widgets.bid.cards import ACTION_OPTION, COLOURS, MONEY_OPTION, PROPERTIES, WILD
from monopoly_widgets.bid.options import OPTIONS
from monopoly_widgets.core.options import resolve_options


def action_catalogue(players: int, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
    """Every id that can be legal in some position of a game with these ``players`` and
    ``options`` (the defaults for those not given), in a fixed order, each once."""
    opts = resolve_options(OPTIONS, options)
    seats = range(players)
    names = [name for name, _ in PROPERTIES]
    most_sets = len(PROPERTIES) + opts[ACTION_OPTION[WILD]]
    ids = ["draw2"]
    ids += [f"wild:{index}" for index in range(most_sets)]
    ids += [f"wild:new:{colour}" for colour in COLOURS]
    ids += [
        f"steal:{seat}:{index}:{name}"
        for seat in seats
        for index in range(most_sets)
        for name in [*names, WILD]
    ]
    ids += ["auction", "end_round", "nope", "pass"]
    if opts["trade_offers"] == "host":
        colour = dict(PROPERTIES)
        ids += ["trade"]
        ids += [
            f"offer:{seat}:{give}:{take}"
            for seat in seats
            for give in names
            for take in names
            if colour[give] != colour[take]
        ]
        ids += ["offer:none", "accept", "refuse"]
    if opts["trade_offers"] == "anyone":
        ids += [f"deal:to:{seat}" for seat in seats] + ["deal:pass"]
        ids += [f"deal:give:{name}" for name in names] + [f"deal:ask:{name}" for name in names]
        if opts["trade_money"]:
            ids += [f"deal:pay:{value}" for value in MONEY_OPTION]
            ids += [f"deal:want:{value}" for value in MONEY_OPTION]
        ids += ["deal:propose", "deal:cancel", "deal:accept", "deal:refuse"]
    money = sum(value * opts[name] for value, name in MONEY_OPTION.items())
    for head in ("bid", "raise"):
        ids += [f"{head}:none"] + [f"{head}:{total}" for total in range(1, money + 1)]
        if opts["bid_cards"] == "choose":
            ids += [f"{head}:choose"]
            ids += [
                f"{head}:{value}x{count}"
                for value, name in sorted(MONEY_OPTION.items(), reverse=True)
                for count in range(opts[name] + 1)
            ]
    return tuple(dict.fromkeys(ids))


def slot_ids(state: object) -> dict[str, str]:
    """Bid lists every id outright, so no catalogue entry stands for another id
    (``monopoly_widgets.rl`` asks every game's catalogue for its slots)."""
    return {}


def slot_ids_from_observation(observation: object) -> dict[str, str]:
    """:func:`slot_ids` from a seat's observation dict: none either."""
    return {}

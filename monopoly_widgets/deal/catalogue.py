"""Every action id Monopoly Deal can ever offer, for a player count and options, in one order.

Learning code (``monopoly_widgets.rl``) needs a fixed, numbered list of actions: a policy
outputs one number per id, and a mask says which are legal now. The ids follow the finite
grammar of ``legal.py`` (its docstring lists the forms), so the catalogue is that grammar
enumerated over everything a seat, colour, card name or set label can be.

Why it cannot drift from the engine: every id here is built by the very functions that
``legal.py`` (and ``pile_moves.py``) call to build the ids it offers (``_simple_actions``,
``_steal_action``, ``_rent_actions`` ...), given each card and target in turn; only the
ranges (which seats, colours and set labels exist) are worked out here. The conformance
suite checks at every step of random games that every legal id is in the catalogue
(``testing.check_catalogue_coverage``).

Set labels: a seat's piles of one colour are called "Red", or "Red 1", "Red 2", ... when
there are several (``properties.pile_label``). A colour can have at most as many piles as
the deck has cards that can be that colour, so labels are numbered up to that count: a
slight over-count (some numbered labels never occur in practice), which only adds ids that
are never legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from monopoly_widgets.core.memo import remembered
from monopoly_widgets.core.options import resolve_options
from monopoly_widgets.deal import legal
from monopoly_widgets.deal.cards import (
    ACTION,
    CARD_COLOURS,
    COLOUR_NAMES,
    KIND,
    MULTICOLOUR_WILD,
    NAME,
    NO_BUILDINGS,
    PACK_SIZE,
    PLAYS_PER_TURN,
    packs_for,
)
from monopoly_widgets.deal.checks import bank_check, max_doubles
from monopoly_widgets.deal.options import OPTIONS
from monopoly_widgets.deal.pile_moves import wild_card_moves


def action_catalogue(players: int, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
    """Every id that can ever be legal in a game of ``players`` with these rule ``options``.

    Stable: the same arguments give the same tuple, in the same order, in every session
    (families in the order of ``legal.py``'s table, then cards in pack order, then seats).
    """
    resolved = resolve_options(OPTIONS, options)
    return _catalogue(
        players,
        # Double the Rent's limit, asked of the rule itself at a turn's first play.
        max_doubles(SimpleNamespace(plays_used=0, options=resolved), PLAYS_PER_TURN),
        bool(resolved["forced_deal_give_from_full_set"]),
        resolved["building_payment"] != "not_allowed",
    )


@remembered(32)
def _catalogue(
    players: int, most_doubles: int, give_from_full_set: bool, pay_buildings: bool
) -> tuple[str, ...]:
    seats = range(players)
    copies = packs_for(players)
    cards = _one_of_each_name()
    pairs = _colour_and_name_pairs(cards)
    labels = _set_labels(cards, copies)
    ids: list[str] = []

    def add(actions: list[Any]) -> None:
        ids.extend(action.id for action in actions)

    # A target seat's plays are built for an actor who may aim at it: the seat to its right.
    def actor(target: int) -> int:
        return (target - 1) % players

    for card in cards:  # bank:, lay:, play:
        add(legal._simple_actions(0, card))
    for card in cards:
        what = ACTION[card]
        if what == "debt_collector":
            for seat in seats:
                add(legal._debt_actions(("debt", actor(seat), card, (seat,))))
        elif what == "rent":
            for colour in CARD_COLOURS[card]:
                add(legal._rent_actions(("rent", 0, card, colour, 1, (None,), most_doubles)))
        elif what == "any_rent":
            for colour in range(len(COLOUR_NAMES)):
                for seat in seats:
                    key = ("rent", actor(seat), card, colour, 1, (seat,), most_doubles)
                    add(legal._rent_actions(key))
        elif what == "sly_deal":
            for seat in seats:
                for colour, name in pairs:
                    add([legal._steal_action(actor(seat), card, seat, colour, name)])
        elif what == "forced_deal":
            for seat in seats:
                for colour, name in pairs:
                    for mine_colour, mine_name in pairs:
                        steal = legal._steal_action(
                            actor(seat), card, seat, colour, name, mine_colour, mine_name
                        )
                        add([steal])
        elif what == "deal_breaker":
            for seat in seats:
                for colour in range(len(COLOUR_NAMES)):
                    for label in labels[colour]:
                        add(legal._labelled_actions(("breaker", actor(seat), card, seat, label)))
        elif what in ("house", "hotel"):
            for colour in range(len(COLOUR_NAMES)):
                if colour not in NO_BUILDINGS:
                    for label in labels[colour]:
                        add(legal._labelled_actions((what, 0, card, None, label)))
    for card in cards:  # wild:<set>:<wild>:<colour>
        if KIND[card] == "wild":
            for here in CARD_COLOURS[card]:
                for label in labels[here]:
                    add(wild_card_moves(0, card, here, label)[0])
    ids.append(legal.END_TURN[0].id)
    ids.extend(("jsn", "accept"))  # the answers (``legal._respond_actions``)
    ids.extend(_pay_ids(cards, labels, pay_buildings))
    discarding = SimpleNamespace(turn_player=0, hands=[list(cards)])
    add(legal._discard_actions(discarding))  # type: ignore[arg-type]
    return tuple(dict.fromkeys(ids))  # an id reached two ways is listed once, first place


def _one_of_each_name() -> list[int]:
    """One card id (of the first pack) per distinct card name, in pack order."""
    seen: dict[str, int] = {}
    for card in range(PACK_SIZE):
        seen.setdefault(NAME[card], card)
    return list(seen.values())


def _colour_and_name_pairs(cards: list[int]) -> list[tuple[int, str]]:
    """(colour, name) of every card that can lie in a pile of that colour: what a Sly Deal
    takes and a Forced Deal gives (``checks.stealable_cards``)."""
    return [
        (colour, NAME[card])
        for card in cards
        if KIND[card] in ("property", "wild")
        for colour in CARD_COLOURS[card]
    ]


def _set_labels(cards: list[int], copies: int) -> list[list[str]]:
    """Per colour: every label a pile of that colour can have ("Red", "Red 1", ...)."""
    fits = [0] * len(COLOUR_NAMES)
    for card in range(PACK_SIZE):
        if KIND[card] in ("property", "wild"):
            for colour in CARD_COLOURS[card]:
                fits[colour] += copies
    return [
        [name] + [f"{name} {n}" for n in range(1, fits[colour] + 1)]
        for colour, name in enumerate(COLOUR_NAMES)
    ]


def _pay_ids(cards: list[int], labels: list[list[str]], pay_buildings: bool) -> list[str]:
    """``pay:bank:<card>`` for every bankable card, ``pay:<set>:<card>`` for every card a pile
    can hold (a multicolour wild is never paid) and, if buildings may pay, its buildings."""
    found = [legal._pay_action(0, 1, "bank", card).id for card in cards if bank_check(card) is None]
    buildings = [c for c in cards if ACTION[c] in ("house", "hotel")] if pay_buildings else []
    for colour, colour_labels in enumerate(labels):
        held = [
            card
            for card in cards
            if KIND[card] in ("property", "wild")
            and colour in CARD_COLOURS[card]
            and NAME[card] != MULTICOLOUR_WILD
        ]
        if colour not in NO_BUILDINGS:
            held += buildings
        for label in colour_labels:
            found.extend(legal._pay_action(0, 1, label, card).id for card in held)
    return found


def slot_ids(state: object) -> dict[str, str]:
    """Deal lists every id outright, so no catalogue entry stands for another id."""
    return {}


def slot_ids_from_observation(observation: object) -> dict[str, str]:
    """:func:`slot_ids` from a seat's observation dict: none either."""
    return {}

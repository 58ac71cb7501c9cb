"""Monopoly Bid card data: 28 properties in their own pile, money and action cards.

The rulebook gives the totals (28 property cards, 50 money cards valued 1 to 5,
32 action cards of four kinds: Wild!, Draw 2!, Steal!, Nope!) but not how many
of each denomination or of each action. Those counts are ASSUMPTIONS, marked as
such below and changeable through rule options (``count_money_1`` ...
``count_nope``, see ``options.py``).

A physical card's id is its index in the deck built by :func:`build_deck`:
properties first (0..27), then money, then action cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from monopoly_widgets.core.board import BOARD_PROPERTIES, GROUP_SIZE
from monopoly_widgets.core.board import COLOUR_HEX as COLOUR_HEX  # re-exported: card colours

#: Colour -> cards needed for a complete set ("the number in the corner of the card").
COLOURS: dict[str, int] = GROUP_SIZE


#: The 28 property cards: "enough property cards to make one complete set in each colour".
PROPERTIES: tuple[tuple[str, str], ...] = tuple(
    (name, colour) for colour, names in BOARD_PROPERTIES.items() for name in names
)

WILD = "Wild!"
DRAW_TWO = "Draw 2!"
STEAL = "Steal!"
NOPE = "Nope!"
ACTION_NAMES: tuple[str, ...] = (WILD, DRAW_TWO, STEAL, NOPE)

#: ASSUMPTION (rulebook gives only "50 money cards ... values 1 to 5"): ten of each value.
DEFAULT_MONEY_COUNTS: dict[int, int] = {1: 10, 2: 10, 3: 10, 4: 10, 5: 10}
#: ASSUMPTION (rulebook gives only "32 action cards"): eight of each of the four kinds.
DEFAULT_ACTION_COUNTS: dict[str, int] = {WILD: 8, DRAW_TWO: 8, STEAL: 8, NOPE: 8}

#: The option that sets how many copies of each money value / action card are in the deck.
MONEY_OPTION: dict[int, str] = {value: f"count_money_{value}" for value in DEFAULT_MONEY_COUNTS}
ACTION_OPTION: dict[str, str] = {
    WILD: "count_wild",
    DRAW_TWO: "count_draw_two",
    STEAL: "count_steal",
    NOPE: "count_nope",
}


def money_name(value: int) -> str:
    """The printed name of a money card: ``$3M``."""
    return f"${value}M"


MONEY_NAMES: dict[str, int] = {money_name(v): v for v in DEFAULT_MONEY_COUNTS}
PROPERTY_COLOUR: dict[str, str] = dict(PROPERTIES)


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card as printed.

    ``kind`` is "property", "money" or "action"; ``value`` is the money value
    ($M, 0 for non-money); ``colour`` is the property's colour (None otherwise).
    """

    name: str
    kind: str
    value: int = 0
    colour: str | None = None

    def to_dict(self, card_id: int, assigned: str | None = None) -> dict[str, Any]:
        """The JSON form used in observations (``colour``: where it lies on the table)."""
        if self.kind == "property":
            colours = [self.colour]
        elif self.name == WILD:
            colours = list(COLOURS)
        else:
            colours = []
        return {
            "id": card_id,
            "name": self.name,
            "kind": self.kind,
            "value": self.value,
            "colours": colours,
            "colour": assigned if assigned is not None else self.colour,
        }


def build_deck(options: Mapping[str, Any]) -> tuple[CardSpec, ...]:
    """The whole deck for these options: properties, then money, then action cards."""
    deck = [CardSpec(name, "property", 0, colour) for name, colour in PROPERTIES]
    for value, option_name in MONEY_OPTION.items():
        deck += [CardSpec(money_name(value), "money", value)] * options[option_name]
    for name, option_name in ACTION_OPTION.items():
        deck += [CardSpec(name, "action")] * options[option_name]
    return tuple(deck)

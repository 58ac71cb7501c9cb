"""The 60 cards of Monopoly: The Card Game (1999), named as printed.

Rulebook "THE DECK": 28 Property cards (one per board property), 14 House cards
numbered 1st to 4th, 2 Hotel cards, and 16 bonus cards: 6 Tokens, 2 Chance,
4 GO and 4 Mr. Monopoly.

The rulebook leaves some printed values out. Those are ASSUMPTIONS, marked
below, and every one can be changed with a rule option (``options.py``):

* each colour's set value (the rulebook gives only the range $50..$400 and
  Yellow = $300): option ``set_values``;
* how the 14 House cards split between 1st, 2nd, 3rd and 4th: option
  ``house_split``;
* what 2, 3 or 4 Railroads score: option ``railroad_values``.

A physical card's id is its index in the deck built by :func:`build_deck`.
Positions and action ids use card *names*, never ids, so a position typed by
a teacher plays exactly like the game it was copied from.
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoly_widgets.core.board import BOARD_PROPERTIES
from monopoly_widgets.core.board import COLOUR_HEX as COLOUR_HEX  # re-exported: card colours
from monopoly_widgets.core.memo import remembered

#: Colour -> its properties in board order. The count is the group size.
PROPERTIES: dict[str, tuple[str, ...]] = BOARD_PROPERTIES
COLOURS: tuple[str, ...] = tuple(PROPERTIES)
#: Groups that can never take houses or hotels (rulebook: "House Cards").
NO_BUILDINGS = frozenset({"Railroad", "Utility"})
#: "A Railroad group can be 2, 3 or all 4 Railroad cards" (rulebook: Object of the Game).
MIN_RAILROADS = 2

HOUSES: tuple[str, ...] = ("1st House", "2nd House", "3rd House", "4th House")
HOTEL = "Hotel"
TOKEN = "Token"
CHANCE = "Chance"
GO = "GO"
MR_MONOPOLY = "Mr. Monopoly"
BONUS_COUNTS: dict[str, int] = {HOTEL: 2, TOKEN: 6, CHANCE: 2, GO: 4, MR_MONOPOLY: 4}

#: ASSUMPTION (rulebook gives only the range $50..$400 and Yellow = $300):
#: set values rising around the board in $50 steps, like the board's prices.
DEFAULT_SET_VALUES: dict[str, int] = {
    "Brown": 50,
    "Light Blue": 100,
    "Pink": 150,
    "Orange": 200,
    "Red": 250,
    "Yellow": 300,
    "Green": 350,
    "Dark Blue": 400,
    "Utility": 100,
}
#: ASSUMPTION: what a Railroad group of 2, 3 or 4 cards is worth (the rulebook
#: says a group can be 2, 3 or 4 Railroads but not what each scores).
DEFAULT_RAILROAD_VALUES: tuple[int, int, int] = (100, 200, 300)
#: ASSUMPTION: how many 1st, 2nd, 3rd and 4th House cards make up the 14.
DEFAULT_HOUSE_SPLIT: tuple[int, int, int, int] = (4, 4, 3, 3)
#: Rulebook "Scoring": a Hotel always adds $500; each GO pays $200; the single
#: player with the most Mr. Monopoly cards wins $1,000.
HOTEL_VALUE = 500
GO_VALUE = 200
MR_MONOPOLY_VALUE = 1000

COLOUR_OF: dict[str, str] = {name: c for c, names in PROPERTIES.items() for name in names}
HOUSE_LEVEL: dict[str, int] = {name: level for level, name in enumerate(HOUSES, start=1)}


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One physical card: ``id`` (index in the deck), printed ``name`` and ``kind``.

    ``kind`` is "property", "house", "hotel", "token", "chance", "go" or
    "mr_monopoly"; ``colour`` is set for properties, ``level`` (1..4) for houses.
    """

    id: int
    name: str
    kind: str
    colour: str | None = None
    level: int | None = None

    def to_dict(self) -> dict[str, object]:
        """JSON-safe form used by observations."""
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "colour": self.colour,
            "level": self.level,
        }


def kind_of(name: str) -> str:
    """The kind of the card printed ``name`` (raises ``KeyError`` if no such card)."""
    if name in COLOUR_OF:
        return "property"
    if name in HOUSE_LEVEL:
        return "house"
    kinds = {HOTEL: "hotel", TOKEN: "token", CHANCE: "chance", GO: "go", MR_MONOPOLY: "mr_monopoly"}
    return kinds[name]


def is_card_name(name: object) -> bool:
    """True if ``name`` is printed on some card of the deck."""
    return isinstance(name, str) and (
        name in COLOUR_OF or name in HOUSE_LEVEL or name in BONUS_COUNTS
    )


@remembered(16)
def build_deck(
    house_split: tuple[int, int, int, int] = DEFAULT_HOUSE_SPLIT,
) -> tuple[CardSpec, ...]:
    """The 60 cards in a fixed order: properties, houses, hotels, bonus cards."""
    names: list[str] = [name for names in PROPERTIES.values() for name in names]
    for house, count in zip(HOUSES, house_split, strict=True):
        names.extend([house] * count)
    for bonus, count in BONUS_COUNTS.items():
        names.extend([bonus] * count)
    return tuple(
        CardSpec(
            id=index,
            name=name,
            kind=kind_of(name),
            colour=COLOUR_OF.get(name),
            level=HOUSE_LEVEL.get(name),
        )
        for index, name in enumerate(names)
    )

"""The 106 playable cards of one Monopoly Deal pack, with their printed values.

Sources: the rulebook's "Contents" list (how many of each card), the cards
themselves (values, rent ladders, names) and ``RULES-NOTES.md`` ("Deck"). The
4 quick-reference cards are not played, so a pack here has 106 cards.

A physical card is an ``int`` id: its index in the deck. With two packs (6 or
more players) ids 106..211 are the second pack, so ``spec(card)`` is
``CARDS[card % 106]``. All card facts are looked up by index: no objects per
card, which keeps cloning a state to a few list copies.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from monopoly_widgets.core.board import BOARD_PROPERTIES, GROUP_SIZE
from monopoly_widgets.core.board import COLOUR_HEX as COLOUR_HEX  # re-exported: card colours

#: Rent for 1, 2, ... cards in a set of each colour, as printed on the property cards.
RENT_BY_COLOUR: dict[str, tuple[int, ...]] = {
    "Brown": (1, 2),
    "Light Blue": (1, 2, 3),
    "Pink": (1, 2, 4),
    "Orange": (1, 3, 5),
    "Red": (2, 3, 6),
    "Yellow": (2, 4, 6),
    "Green": (2, 4, 7),
    "Dark Blue": (3, 8),
    "Railroad": (1, 2, 3, 4),
    "Utility": (1, 2),
}
#: The value printed on the property cards of each colour ($M).
PROPERTY_VALUE: dict[str, int] = {
    "Brown": 1,
    "Light Blue": 1,
    "Pink": 2,
    "Orange": 2,
    "Red": 3,
    "Yellow": 3,
    "Green": 4,
    "Dark Blue": 4,
    "Railroad": 2,
    "Utility": 2,
}
#: Where a Deal card prints a board property's name differently.
DEAL_CARD_NAMES = {"Short Line": "Short Line Railroad"}
#: Colour name -> (cards needed for a full set: the board's group size, the rent ladder).
COLOURS: dict[str, tuple[int, tuple[int, ...]]] = {
    colour: (GROUP_SIZE[colour], RENT_BY_COLOUR[colour]) for colour in BOARD_PROPERTIES
}
COLOUR_NAMES: tuple[str, ...] = tuple(COLOURS)
COLOUR_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLOUR_NAMES)}
SET_SIZE: tuple[int, ...] = tuple(size for size, _ in COLOURS.values())
RENT_LADDER: tuple[tuple[int, ...], ...] = tuple(ladder for _, ladder in COLOURS.values())
#: Houses and hotels never go on these (rulebook: House, Hotel).
NO_BUILDINGS: frozenset[int] = frozenset({COLOUR_INDEX["Railroad"], COLOUR_INDEX["Utility"]})


HOUSE_RENT = 3  # rulebook, House: "add $3M to the rent value"
HOTEL_RENT = 4  # rulebook, Hotel: "add $4M to the rent value"
HAND_LIMIT = 7  # rulebook, On Your Turn
PLAYS_PER_TURN = 3  # rulebook, On Your Turn
PACK_SIZE = 106


@dataclass(frozen=True, slots=True)
class CardSpec:
    """What is printed on one card.

    ``kind`` is "money", "property", "wild", "action" or "rent". ``action``
    names what an action or rent card does ("sly_deal", "rent", ...), or is
    "" for other cards. ``colours`` are the colour names a property, wild or
    rent card stands for (all 10 for the multicolour wild and any-colour rent).
    """

    name: str
    kind: str
    value: int
    colours: tuple[str, ...] = ()
    action: str = ""

    @property
    def colour_names(self) -> list[str]:
        """The colour names as a list."""
        return list(self.colours)

    @property
    def colour_ids(self) -> tuple[int, ...]:
        """The colours as indexes into ``COLOUR_NAMES`` (what the engine works with)."""
        return tuple(COLOUR_INDEX[c] for c in self.colours)


ALL_COLOURS = COLOUR_NAMES


def _build_pack() -> tuple[CardSpec, ...]:
    cards: list[CardSpec] = []

    def add(count: int, spec: CardSpec) -> None:
        cards.extend([spec] * count)

    # 20 money cards: 6 x $1M, 5 x $2M, 3 x $3M, 3 x $4M, 2 x $5M, 1 x $10M (total $57M).
    for value, count in ((1, 6), (2, 5), (3, 3), (4, 3), (5, 2), (10, 1)):
        add(count, CardSpec(f"${value}M", "money", value))

    # 28 property cards: the board's properties (core/board.py), valued as printed.
    for colour, names in BOARD_PROPERTIES.items():
        for name in names:
            name = DEAL_CARD_NAMES.get(name, name)
            add(1, CardSpec(name, "property", PROPERTY_VALUE[colour], (colour,)))

    # 11 property wild cards; the two multicolour wilds are worth nothing.
    wilds = (
        ("Light Blue", "Brown", 1, 1),
        ("Light Blue", "Railroad", 4, 1),
        ("Pink", "Orange", 2, 2),
        ("Red", "Yellow", 3, 2),
        ("Dark Blue", "Green", 4, 1),
        ("Green", "Railroad", 4, 1),
        ("Railroad", "Utility", 2, 1),
    )
    for first, second, value, count in wilds:
        add(count, CardSpec(f"{first}/{second} wild", "wild", value, (first, second)))
    add(2, CardSpec("Multicolour wild", "wild", 0, ALL_COLOURS))

    # 34 action cards.
    actions = (
        ("Deal Breaker", "deal_breaker", 5, 2),
        ("Forced Deal", "forced_deal", 3, 3),
        ("Sly Deal", "sly_deal", 3, 3),
        ("Just Say No", "just_say_no", 4, 3),
        ("Debt Collector", "debt_collector", 3, 3),
        ("It's My Birthday", "birthday", 2, 3),
        ("Double the Rent", "double_rent", 1, 2),
        ("House", "house", 3, 3),
        ("Hotel", "hotel", 4, 2),
        ("Pass Go", "pass_go", 1, 10),
    )
    for name, action, value, count in actions:
        add(count, CardSpec(name, "action", value, (), action))

    # 13 rent cards: two-colour ($1M, charges every opponent), any-colour ($3M, one opponent).
    for first, second in (
        ("Light Blue", "Brown"),
        ("Pink", "Orange"),
        ("Red", "Yellow"),
        ("Dark Blue", "Green"),
        ("Railroad", "Utility"),
    ):
        add(2, CardSpec(f"{first}/{second} rent", "rent", 1, (first, second), "rent"))
    add(3, CardSpec("Any-colour rent", "rent", 3, ALL_COLOURS, "any_rent"))
    return tuple(cards)


#: The 106 card specs of one pack; a card id's spec is ``CARDS[id % PACK_SIZE]``.
CARDS: tuple[CardSpec, ...] = _build_pack()
assert len(CARDS) == PACK_SIZE

#: Card name -> how many copies one pack holds.
COPIES_PER_PACK: dict[str, int] = {}
for _spec in CARDS:
    COPIES_PER_PACK[_spec.name] = COPIES_PER_PACK.get(_spec.name, 0) + 1
CARD_NAMES: tuple[str, ...] = tuple(COPIES_PER_PACK)

#: Per card id of one pack (index 0..105): name, value, kind, action, colours.
#: Plain tuples, so the hot paths read ``NAME[card % 106]`` without attribute lookups.
NAME: tuple[str, ...] = tuple(s.name for s in CARDS)
VALUE: tuple[int, ...] = tuple(s.value for s in CARDS)
KIND: tuple[str, ...] = tuple(s.kind for s in CARDS)
ACTION: tuple[str, ...] = tuple(s.action for s in CARDS)
CARD_COLOURS: tuple[tuple[int, ...], ...] = tuple(s.colour_ids for s in CARDS)
MULTICOLOUR_WILD = "Multicolour wild"

#: Card ids (both packs) by kind, as sets: ``NATURAL_IDS.isdisjoint(pile)`` asks "does this
#: pile hold a real property card?" in one C-level call, which the hot paths do constantly.
NATURAL_IDS = frozenset(c for c in range(2 * PACK_SIZE) if KIND[c % PACK_SIZE] == "property")
WILD_IDS = frozenset(c for c in range(2 * PACK_SIZE) if KIND[c % PACK_SIZE] == "wild")
MULTICOLOUR_IDS = frozenset(c for c in WILD_IDS if NAME[c % PACK_SIZE] == MULTICOLOUR_WILD)
JUST_SAY_NO_IDS = frozenset(
    c for c in range(2 * PACK_SIZE) if ACTION[c % PACK_SIZE] == "just_say_no"
)

#: ``only_wilds(cards)``: do ``cards`` hold no property card that is not a wild (only wilds,
#: or nothing)? Such a pile is never a complete set and collects no rent (``full_set``).
only_wilds = NATURAL_IDS.isdisjoint


def full_set(cards: Collection[int], size: int) -> bool:
    """Do ``cards``, all of one colour whose sets need ``size`` cards, make a complete set?
    As many cards as that, one of them a property card that is not a wild: RULES-NOTES,
    Wild property cards, a set made only of wilds is not complete.

    The one place this rule is written: ``properties.is_complete`` asks it of a pile, and
    ``speed.py``'s fast paths of a pile's cards. It lives with the cards, below both (the
    properties module calls the speed module), and is a plain function of two arguments,
    for the hot paths (``len`` and one C-level set test).
    """
    return len(cards) >= size and not only_wilds(cards)


def spec(card: int) -> CardSpec:
    """The printed facts of card id ``card`` (either pack)."""
    return CARDS[card % PACK_SIZE]


def packs_for(players: int) -> int:
    """One pack for 2 to 5 players; two shuffled together for 6 or more (leaflet: 6 OR MORE)."""
    return 1 if players <= 5 else 2


def card_dict(card: int, colour: int | None = None) -> dict[str, object]:
    """The JSON-safe form of a card used in observations (see ``observation.py``)."""
    s = CARDS[card % PACK_SIZE]
    return {
        "id": card,
        "name": s.name,
        "kind": s.kind,
        "value": s.value,
        "colours": s.colour_names,
        "colour": None if colour is None else COLOUR_NAMES[colour],
    }

"""Property sets: completeness, rent, wilds, buildings, and how piles are kept tidy.

Rules followed here (rulebook sections in quotes):

- "Property Cards": each card shows how many properties make a FULL SET.
- RULES-NOTES, Wild property cards: a wild counts as the colour it is assigned
  (the colour of its pile); a set made only of wilds is not complete and
  collects no rent.
- "House and Hotel Cards": only on complete sets, not Railroads or Utilities;
  one House and one Hotel per set, the Hotel after the House; +$3M and +$4M.
- "How to Win": 3 complete sets of DIFFERENT colours (two Red sets count once).

How piles are kept (an engine convention, documented in docs/rules/deal.md):
complete piles stay as they are. All the cards of a colour that are not in a
complete pile are "loose"; they are always arranged the same way: natural
property cards first, then wilds, cut into piles of the set size. Piles are
listed by colour, complete piles of a colour before unfinished ones. So laying a
card never needs a choice of pile, a wild orphaned by a steal simply stays in
its colour's loose pile, and a natural card laid next to an all-wild pile
joins up with the wilds to complete a set.
"""

from __future__ import annotations

from collections.abc import Collection

from monopoly_widgets.core.actions import Event
from monopoly_widgets.deal.cards import (
    COLOUR_NAMES,
    HOTEL_RENT,
    HOUSE_RENT,
    NAME,
    NO_BUILDINGS,
    PACK_SIZE,
    RENT_LADDER,
    SET_SIZE,
    WILD_IDS,
    full_set,
    only_wilds,
)
from monopoly_widgets.deal.rulebook import OPTION_BROKEN_SET
from monopoly_widgets.deal.speed import flip_in_place, may_have_won, table_changed, tidy_in_place
from monopoly_widgets.deal.state import DealState, PropertySet

#: Houses and Hotels never go on Railroads or Utilities (rulebook: House).
NO_BUILDING_COLOURS = NO_BUILDINGS
_is_wild = WILD_IDS.__contains__


def has_natural_card(cards: Collection[int]) -> bool:
    """True if ``cards`` hold at least one property card that is not a wild."""
    return not only_wilds(cards)


def has_natural(pile: PropertySet) -> bool:
    """True if the pile holds at least one property card that is not a wild."""
    return not only_wilds(pile.cards)


def completes(count: int, colour: int, natural: bool) -> bool:
    """Do ``count`` cards of ``colour`` make a full set? As many cards as the colour needs,
    one of them (``natural``) a property card that is not a wild: RULES-NOTES, a set made
    only of wilds is not complete. Agents ask it of a set they would add a card to."""
    return count >= SET_SIZE[colour] and bool(natural)


def is_complete(pile: PropertySet) -> bool:
    """A full set (``cards.full_set``: a set made only of wilds is not complete)."""
    return full_set(pile.cards, SET_SIZE[pile.colour])


def pile_rent(pile: PropertySet) -> int:
    """The rent this one set collects (rulebook: Property Cards, House and Hotel Cards)."""
    if only_wilds(pile.cards):  # not has_natural(pile); an empty pile too
        return 0  # RULES-NOTES: a set made only of wilds collects no rent
    ladder = RENT_LADDER[pile.colour]
    rent = ladder[min(len(pile.cards), len(ladder)) - 1]
    if pile.house >= 0:
        rent += HOUSE_RENT
    if pile.hotel >= 0:
        rent += HOTEL_RENT
    return rent


def best_rent(table: list[PropertySet], colour: int) -> int:
    """The rent for ONE set of ``colour``: the owner's best pile of that colour."""
    best = 0
    for pile in table:
        if pile.colour == colour:
            rent = pile_rent(pile)
            if rent > best:
                best = rent
    return best


def rents_by_colour(table: list[PropertySet]) -> dict[int, int]:
    """Colour -> the rent ``best_rent`` gives, for each colour whose best set collects rent
    (in colour order, as the piles are kept)."""
    rents: dict[int, int] = {}
    for pile in table:
        rent = pile_rent(pile)
        if rent > rents.get(pile.colour, 0):
            rents[pile.colour] = rent
    return rents


def complete_colours(table: list[PropertySet]) -> set[int]:
    """The distinct colours in which the player has a complete set."""
    return {pile.colour for pile in table if is_complete(pile)}


def has_won(table: list[PropertySet]) -> bool:
    """3 complete sets in different colours (rulebook: How to Win). Most tables are ruled
    out at once by ``speed.may_have_won`` (fewer than 3 piles of a set's size)."""
    return may_have_won(table) and len(complete_colours(table)) >= 3


def can_take_house(pile: PropertySet) -> bool:
    return pile.house < 0 and pile.colour not in NO_BUILDING_COLOURS and is_complete(pile)


def can_take_hotel(pile: PropertySet) -> bool:
    return pile.house >= 0 and pile.hotel < 0 and is_complete(pile)


def add_property(
    state: DealState, player: int, card: int, colour: int, events: list[Event]
) -> bool:
    """Put a property or wild card into the player's collection as ``colour``: it joins the
    loose cards of that colour, which are then tidied (see the module docstring).
    Returns True if that made a complete set of ``colour`` (``tidy_colour``)."""
    return tidy_colour(state, player, colour, events, card)


def take_from_pile(
    state: DealState, player: int, pile_index: int, card: int, events: list[Event]
) -> int:
    """Remove ``card`` from a pile and re-tidy that colour; return the card's colour."""
    colour = state.tables[player][pile_index].colour
    tidy_colour(state, player, colour, events, removed=card, removed_from=pile_index)
    return colour


def move_card(
    state: DealState, player: int, pile_index: int, card: int, colour: int, events: list[Event]
) -> bool:
    """Move ``card`` from one of the player's piles into ``colour`` (a wild flipped): what
    ``take_from_pile`` then ``add_property`` do, with one ``table_changed`` for both.
    Returns True if that made a complete set of ``colour``."""
    table = state.tables[player]
    completed = flip_in_place(table, pile_index, card, colour)
    if completed is not None:  # both ends changed in place (``speed.flip_in_place``)
        table_changed(state, player, completed)
        return completed
    old_colour = table[pile_index].colour
    renamed = []
    removed = tidy_in_place(table, old_colour, -1, card, pile_index)
    if removed is None:
        removed = _lay_out_again(state, player, table, old_colour, events, -1, card)
        renamed.append(old_colour)
    added = tidy_in_place(table, colour, card, -1, -1)
    if added is None:
        added = _lay_out_again(state, player, table, colour, events, card, -1)
        renamed.append(colour)
    table_changed(state, player, removed or added, renamed=renamed)
    return added


def move_pile(state: DealState, giver: int, index: int, taker: int) -> PropertySet:
    """Hand a whole pile, buildings and all, to another player (rulebook: Deal Breaker)."""
    pile = state.tables[giver].pop(index)
    state.tables[taker].append(pile)
    order_piles(state.tables[taker])
    renamed = (pile.colour,)  # both players' piles of the colour are renamed, and this one
    table_changed(state, giver, renamed=renamed)  # changes hands
    table_changed(state, taker, completed=True, renamed=renamed)  # a complete set gained
    return pile


def put_building(state: DealState, player: int, pile: PropertySet, card: int) -> None:
    """Put a House or Hotel card on one of the player's complete sets (rulebook: House and
    Hotel Cards; the caller has checked it fits)."""
    if NAME[card % PACK_SIZE] == "Hotel":
        pile.hotel = card
    else:
        pile.house = card
    table_changed(state, player, wilds=False)


def take_building(state: DealState, player: int, pile: PropertySet, name: str) -> int:
    """Take the House or Hotel (``name``) off a pile; return its card."""
    if name == "Hotel":
        card, pile.hotel = pile.hotel, -1
    else:
        card, pile.house = pile.house, -1
    table_changed(state, player, wilds=False)
    return card


def tidy_colour(
    state: DealState,
    player: int,
    colour: int,
    events: list[Event],
    new_card: int = -1,
    removed: int = -1,
    removed_from: int = -1,
) -> bool:
    """Re-arrange the player's loose cards of ``colour`` (see the module docstring), with
    ``new_card`` among them when given (a card just laid, paid or taken), and without
    ``removed`` (a card just paid, taken or moved away, from the pile at index
    ``removed_from`` when the caller knows it).

    The player's piles must already be in order (``order_piles``), as they always are
    during a game, so the piles of ``colour`` sit together: complete ones stay, the
    cards of the others are laid out again, natural property cards first, in piles of
    the set size. A pile that is no longer complete loses its House and Hotel first, to
    the owner's bank or the discard pile (option: broken_set_buildings_to).

    Returns True if a complete pile was made out of loose cards (the only way, besides a
    Deal Breaker, that a player gains a complete set): then the win check must look.

    The common cases (one loose pile gains or loses a card) are done in place by
    ``speed.tidy_in_place``, with the same result as laying the colour out again.
    """
    table = state.tables[player]
    piles = len(table)
    completed = tidy_in_place(table, colour, new_card, removed, removed_from)
    if completed is None:
        completed = _lay_out_again(state, player, table, colour, events, new_card, removed)
        table_changed(state, player, completed, renamed=(colour,))
    else:  # one pile gained or lost a card: the wild moves change only if it was a wild
        card = new_card if new_card >= 0 else removed
        table_changed(state, player, completed, card in WILD_IDS or len(table) != piles)
    return completed


def _lay_out_again(
    state: DealState,
    player: int,
    table: list[PropertySet],
    colour: int,
    events: list[Event],
    new_card: int,
    removed: int,
) -> bool:
    """``tidy_colour`` the plain way: every pile of the colour is looked at, the complete
    ones kept, the loose cards laid out again from scratch."""
    start = 0
    for pile in table:  # the piles of ``colour`` start after those of lower colours
        if pile.colour >= colour:
            break
        start += 1
    count = len(table)
    end = start
    size = SET_SIZE[colour]
    piles: list[PropertySet] = []  # the complete piles stay as they are
    loose: list[int] = []
    while end < count and table[end].colour == colour:
        pile = table[end]
        end += 1
        cards = pile.cards
        if removed in cards:
            cards = [card for card in cards if card != removed]
            if full_set(cards, size):
                piles.append(PropertySet(colour, cards, pile.house, pile.hotel))
                continue
            if pile.house >= 0 or pile.hotel >= 0:  # only complete piles have buildings
                _drop_buildings(state, player, pile, events)
        elif full_set(cards, size):  # is_complete(pile)
            piles.append(pile)
            continue
        loose += cards
    if new_card >= 0:
        loose.append(new_card)
    if len(loose) > 1 and not WILD_IDS.isdisjoint(loose):
        loose.sort(key=_is_wild)  # natural property cards first (the sort keeps their order)
    loose_count = len(loose)
    if loose_count > size:
        for first in range(0, loose_count, size):
            piles.append(PropertySet(colour, loose[first : first + size]))
    elif loose:
        piles.append(PropertySet(colour, loose))
    table[start:end] = piles  # they may be renamed ("Red" to "Red 1"): see ``table_changed``
    # Natural cards come first, so the first pile cut from the loose cards is complete
    # exactly when there are enough of them and the first is not a wild (``is_complete``).
    return loose_count >= size and loose[0] not in WILD_IDS


def order_piles(table: list[PropertySet]) -> None:
    """Sort piles by colour, complete piles before unfinished ones (the order is stable)."""
    table.sort(key=_pile_order)


def _pile_order(pile: PropertySet) -> tuple[int, bool]:
    return (pile.colour, not is_complete(pile))


def _drop_buildings(state: DealState, player: int, pile: PropertySet, events: list[Event]) -> None:
    to_bank = state.options["broken_set_buildings_to"] == "bank"
    for card in (pile.hotel, pile.house):
        if card < 0:
            continue
        if to_bank:
            state.banks[player].append(card)
            where = "their bank"
        else:
            state.discard_pile.append(card)
            where = "the discard pile"
        events.append(
            Event(
                f"Player {player}'s {COLOUR_NAMES[pile.colour]} set is no longer complete: "
                f"the {NAME[card % PACK_SIZE]} goes to {where}.",
                OPTION_BROKEN_SET,
                player,
                "building",
            )
        )
    pile.house = -1
    pile.hotel = -1


def find_loose_card(table: list[PropertySet], colour: int, name: str) -> tuple[int, int]:
    """(pile index, card id) of a card called ``name`` in a NOT complete pile of ``colour``.

    Returns (-1, -1) if there is none. Identical cards in loose piles of one
    colour are interchangeable, so the last one found is as good as any.
    """
    found = (-1, -1)
    for index, pile in enumerate(table):
        if pile.colour != colour or is_complete(pile):
            continue
        for card in pile.cards:
            if NAME[card % PACK_SIZE] == name:
                found = (index, card)
    return found


def find_card_in_pile(pile: PropertySet, name: str, skip: Collection[int] = ()) -> int:
    """The id of a card called ``name`` in the pile and not in ``skip``, or -1."""
    for card in pile.cards:
        if NAME[card % PACK_SIZE] == name and card not in skip:
            return card
    return -1

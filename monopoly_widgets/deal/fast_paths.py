"""The engine's fast paths, in one place: each does what a plain rule function does, quicker.

Random play (simulations, tournaments, the search agent's playouts) spends most of its
decisions on a few common moves: a random player flips wilds back and forth about half the
time. The rules modules say what happens in the plain way (``properties.tidy_colour`` lays a
colour out again from scratch); the functions here handle the common cases of those same
steps by changing one pile in place. Each returns None when its case does not apply, and the
caller then takes the plain path.

Every fast path must give exactly what the plain path gives: ``tests/deal/test_fast_paths.py``
plays random games twice, with ``ENABLED`` on and off, and compares every state, event and
list of legal actions. Set ``ENABLED = False`` to run the plain rules alone.
"""

from __future__ import annotations

from monopoly_widgets.deal.cards import NATURAL_IDS, SET_SIZE, WILD_IDS
from monopoly_widgets.deal.state import PropertySet

#: False: every caller takes the plain path (for tests, and to check a suspected fast-path bug).
ENABLED = True


def tidy_in_place(
    table: list[PropertySet], colour: int, new_card: int, removed: int
) -> bool | None:
    """``properties.tidy_colour`` for one card added to, or removed from, ``colour`` when
    the colour has at most one pile that is not complete ("loose"), changed in place.

    Returns what ``tidy_colour`` returns (did a complete set appear?), or None when the case
    needs the plain path: a complete pile loses a card (it may break, and drop its House and
    Hotel), several loose piles must be cut again, or a loose pile is already full (all wilds).

    Why it gives the same piles: the plain path keeps the complete piles of the colour and
    lays out its loose cards again, natural property cards first, in piles of the set size.
    With one loose pile that was laid out so already (last among the colour's piles, as
    ``order_piles`` and ``tidy_colour`` keep it), taking a card out keeps that order, and a
    card put in goes after the natural cards (a natural card) or at the end (a wild).
    A pile changed in place forgets its remembered wild moves (``PropertySet.wild_moves``).
    """
    if not ENABLED:
        return None
    count = len(table)
    start = 0
    while start < count and table[start].colour < colour:
        start += 1
    end = start
    while end < count and table[end].colour == colour:
        end += 1
    size = SET_SIZE[colour]
    last = table[end - 1] if end > start else None
    if last is not None and len(last.cards) >= size and not NATURAL_IDS.isdisjoint(last.cards):
        last = None  # the last pile of the colour is complete: there is no loose pile
    if last is not None and end - 2 >= start:
        before = table[end - 2].cards
        if len(before) < size or NATURAL_IDS.isdisjoint(before):
            return None  # several loose piles: the plain path cuts them again
    if removed >= 0:
        if last is None or new_card >= 0 or removed not in last.cards:
            return None  # the card leaves a complete pile
        cards = last.cards
        cards.remove(removed)
        if cards:
            last.wild_moves = None
        else:
            del table[end - 1]
        return False  # fewer loose cards never complete a set
    if last is None:
        table.insert(end, PropertySet(colour, [new_card]))
        return False  # one card is never a full set (every set needs 2 or more)
    cards = last.cards
    if len(cards) >= size:
        return None  # a full pile of wilds: the new card starts the next pile
    if new_card in WILD_IDS:
        cards.append(new_card)
    else:  # after the natural property cards, before the wilds
        at = 0
        while at < len(cards) and cards[at] not in WILD_IDS:
            at += 1
        cards.insert(at, new_card)
    last.wild_moves = None
    return len(cards) >= size and cards[0] not in WILD_IDS

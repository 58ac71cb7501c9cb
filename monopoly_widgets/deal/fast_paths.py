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

from bisect import bisect_right
from collections.abc import Callable
from operator import attrgetter
from typing import TypeVar

from monopoly_widgets.deal.cards import NATURAL_IDS, SET_SIZE, WILD_IDS
from monopoly_widgets.deal.pile_moves import CHANGES, after_change
from monopoly_widgets.deal.state import PropertySet

T = TypeVar("T")
#: A pile's colour (piles are kept in colour order, so a table can be searched by colour).
COLOUR_OF = attrgetter("colour")

#: False: every caller takes the plain path (for tests, and to check a suspected fast-path bug).
ENABLED = True


def tidy_in_place(
    table: list[PropertySet], colour: int, new_card: int, removed: int, removed_from: int
) -> bool | None:
    """``properties.tidy_colour`` when one card is added to ``colour`` (``new_card``), or
    removed from the pile at index ``removed_from`` (``removed``), and the colour has at most
    one pile that is not complete ("loose"): that pile is changed in place.

    Returns what ``tidy_colour`` returns (did a complete set appear?), or None when the case
    needs the plain path: a complete pile loses a card (it may break, and drop its House and
    Hotel), several loose piles must be cut again, or a loose pile is already full (all wilds).

    Why it gives the same piles: the plain path keeps the complete piles of the colour and
    lays out its loose cards again, natural property cards first, in piles of the set size,
    after the complete ones. With one loose pile laid out so already, taking a card out keeps
    that order, and a card put in goes after the natural cards (a natural card) or at the end
    (a wild). A pile changed in place keeps its set label, so its remembered wild moves
    (``PropertySet.wild_moves``) stay when a natural card comes or goes, and follow the wild
    that came or went (``pile_moves.after_change``).
    """
    if not ENABLED or (new_card >= 0) == (removed >= 0):
        return None
    size = SET_SIZE[colour]
    if removed >= 0:
        if removed_from < 0:
            return None
        pile = table[removed_from]
        cards = pile.cards
        if len(cards) >= size and not NATURAL_IDS.isdisjoint(cards):
            return None  # a complete pile loses a card: it may break
        after = removed_from + 1
        if after < len(table) and table[after].colour == colour:
            return None  # another loose pile of the colour follows
        before = removed_from - 1  # the colour test first: it rules out most piles at once
        if before >= 0 and table[before].colour == colour and _is_loose(table[before], size):
            return None  # another loose pile of the colour comes before
        cards.remove(removed)
        if cards:
            if removed in WILD_IDS:  # a natural card leaving changes no wild move
                follow_wild(pile, removed)
        else:
            del table[removed_from]
            if removed_from > 0 and table[removed_from - 1].colour == colour:
                forget_moves(table, colour)  # the other piles of the colour are renamed
        return False  # fewer loose cards never complete a set
    end = bisect_right(table, colour, key=COLOUR_OF)  # after the last pile of the colour
    if end == 0 or table[end - 1].colour != colour:
        table.insert(end, PropertySet(colour, [new_card]))
        return False  # one card is never a full set (every set needs 2 or more)
    last = table[end - 1]
    cards = last.cards
    if len(cards) >= size:
        if NATURAL_IDS.isdisjoint(cards):
            return None  # a full pile of wilds: the plain path cuts the loose cards again
        table.insert(end, PropertySet(colour, [new_card]))  # the colour has no loose pile
        forget_moves(table, colour)  # the complete piles of the colour are renamed
        return False
    if end > 1 and table[end - 2].colour == colour and _is_loose(table[end - 2], size):
        return None  # several loose piles: the plain path cuts them again
    if new_card in WILD_IDS:
        cards.append(new_card)
        follow_wild(last, new_card)
    else:  # after the natural property cards, before the wilds (no wild move changes)
        at = 0
        while at < len(cards) and cards[at] not in WILD_IDS:
            at += 1
        cards.insert(at, new_card)
    return len(cards) >= size and cards[0] not in WILD_IDS


def flip_in_place(table: list[PropertySet], index: int, wild: int, colour: int) -> bool | None:
    """``properties.move_card`` for a wild flipped from the pile at ``index`` to ``colour``,
    in the common cases: the wild leaves the one loose pile of its colour, or a complete pile
    with no House or Hotel, the last of its colour, which it breaks; and it joins the one
    loose pile of ``colour``, or starts one.

    Returns what ``move_card`` returns (did a complete set appear?), or None, having changed
    nothing, when either end needs the plain path. Both ends are checked first, then both are
    changed (the new end first, so the old pile keeps its index unless a pile is put in
    before it). A random player flips a wild in almost half its decisions.

    Why it gives the same piles: the plain path (``_lay_out_again``) keeps the complete piles
    of each colour and lays the loose cards out again after them, natural property cards
    first, in piles of the set size. At the old end, the wild's pile is the only loose one
    of its colour, or the complete pile it breaks becomes that (it is the last of its colour
    and has exactly the set size, so it holds fewer cards than a set after); taking the wild
    out and putting the natural cards first is what laying them out again gives. The new end
    is ``tidy_in_place`` adding a wild: after the cards of the one loose pile, or a new pile.
    """
    if not ENABLED:
        return None
    pile = table[index]
    old = pile.colour
    size = SET_SIZE[old]
    cards = pile.cards
    breaks = len(cards) >= size and not NATURAL_IDS.isdisjoint(cards)  # a complete pile
    if breaks and (len(cards) != size or pile.house >= 0 or pile.hotel >= 0):
        return None  # it stays complete, or its buildings must go (events): the plain path
    if index + 1 < len(table) and table[index + 1].colour == old:
        return None  # another loose pile of its colour follows (or the broken pile moves)
    if index > 0 and table[index - 1].colour == old and _is_loose(table[index - 1], size):
        return None  # another loose pile of its colour comes before
    end = bisect_right(table, colour, key=COLOUR_OF)  # after the last pile of ``colour``
    join = None  # the loose pile of ``colour`` it joins (None: it starts a pile at ``end``)
    renamed = False  # does ``colour`` gain a pile next to its complete ones?
    if end and table[end - 1].colour == colour:
        last = table[end - 1]
        their = last.cards
        new_size = SET_SIZE[colour]
        if len(their) >= new_size:
            if NATURAL_IDS.isdisjoint(their):
                return None  # a full pile of wilds: the plain path cuts the loose cards again
            renamed = True
        elif end > 1 and table[end - 2].colour == colour and _is_loose(table[end - 2], new_size):
            return None  # several loose piles: the plain path cuts them again
        else:
            join = last
    completed = False
    if join is not None:
        their.append(wild)  # a wild goes after the natural property cards
        follow_wild(join, wild)  # its set label stays: its moves follow the wild
        completed = len(their) >= new_size and their[0] not in WILD_IDS
    else:
        table.insert(end, PropertySet(colour, [wild]))
        if renamed:
            forget_moves(table, colour)  # the complete piles of the colour are renamed
        if end <= index:
            index += 1
    cards.remove(wild)
    if breaks:
        cards.sort(key=_is_wild_card)  # natural property cards first, as laid out again
    if cards:  # the last pile of its colour keeps its set label: its moves follow the wild
        follow_wild(pile, wild)
    else:
        del table[index]
        if index > 0 and table[index - 1].colour == old:
            forget_moves(table, old)  # the other piles of its colour are renamed
    return completed


def follow_wild(pile: PropertySet, wild: int) -> None:
    """The pile, its set label unchanged, just lost or gained ``wild``: its remembered wild
    moves (if any) become the ones it has now (``pile_moves.after_change``)."""
    known = pile.wild_moves
    if known is not None:
        pile.wild_moves = CHANGES.get((known, wild)) or after_change(known, wild)


def forget_moves(table: list[PropertySet], colour: int) -> None:
    """Drop the wild moves remembered by the piles of ``colour`` (``PropertySet.wild_moves``):
    called whenever the colour gains or loses a pile, as that renames its piles ("Red" becomes
    "Red 1"), and the moves' ids name the pile."""
    for pile in table:
        if pile.colour == colour:
            pile.wild_moves = None


_is_wild_card = WILD_IDS.__contains__


def _is_loose(pile: PropertySet, size: int) -> bool:
    """Is ``pile`` (of a colour whose sets have ``size`` cards) not complete?"""
    cards = pile.cards
    return len(cards) < size or NATURAL_IDS.isdisjoint(cards)


#: The hand ``same_hand`` saw last: (seat, a copy of the hand, what was worked out from it).
_last_hand: tuple[int, list[int], object] = (-1, [], None)


def same_hand(player: int, hand: list[int], work_out: Callable[[int, list[int]], T]) -> T:
    """``work_out(player, hand)`` (which must depend on nothing else), remembered for the last
    hand asked about. A turn's decisions mostly see the same hand (moving a wild, the commonest
    random move, changes no hand), and comparing two short lists costs far less than going
    through the cards again. The result is shared: read it, do not change it."""
    global _last_hand
    seat, seen, found = _last_hand
    if seat == player and seen == hand and ENABLED:
        return found  # type: ignore[return-value]
    result = work_out(player, hand)
    _last_hand = (player, hand.copy(), result)
    return result

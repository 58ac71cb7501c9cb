"""The Deal engine's speed, in one place: every cache, every fast path, and their switch.

The rules modules say what happens in the plain way; everything here only makes the same
result come sooner, and nothing outside this module remembers a result or re-writes a rule
for speed. Random play (simulations, tournaments, the search agent's playouts) spends most of
its decisions on a few common moves: a random player flips wilds back and forth about half
the time, and lists the same legal actions again and again. So:

- **Remembered actions** (``Memo``s, ``core/memo.py``): an ``Action`` is immutable, so one
  built for the same facts is shared (``ACTIONS``, ``STEALS``, ``PLAYS``, ``HAND_PLAYS``,
  ``PILE_MOVES``, ``WILD_MOVES``, ``CHANGES``), and an action id is cut into its parts once
  (``ID_PARTS``). Every read and fill is here, behind named functions (``known_action``,
  ``known_pay_actions``, ``known_steal``, ``known_plays``,
  ``hand_plays``, ``keep_hand_card``, ``id_parts``, ``take_completed``): ``legal.py``,
  ``plays.py`` and ``turns.py`` call them, and ``tests/test_speed_switch.py`` checks that no
  other Deal module touches a cache.
- **Remembered per game**: a player's wild moves until their table changes
  (``state.wild_moves_memo``), each pile's own moves (``PropertySet.wild_moves``), and the
  plays worked out from the last hand seen (``same_hand``): ``wild_moves`` and ``legal.py``;
  the RL encoder's slots of each seat's bank and piles (``seat_slots``,
  ``state.seat_slots_memo``): ``encoding.py``;
  the decision views' copies of each table until it changes (``table_copies``).
- **The one notification** (``table_changed``): every change to a player's property
  collection, made by ``properties.py``, ends with one call here, which drops what was worked
  out from the old table.
- **Fast paths**: ``tidy_in_place`` and ``flip_in_place`` change one pile in place where
  ``properties.tidy_colour`` would lay a colour out again (each returns what the plain rule
  returns, or None when its case does not apply and the caller takes the plain path);
  ``wild_moves`` writes out ``checks.multicolour_may_go`` for a whole table at once, and
  ``may_have_won`` rules most tables out before ``properties.has_won`` looks.

**The switch**: ``set_enabled(False)`` (``core.memo.set_enabled`` itself) empties every memo, and
until it is turned on again nothing is remembered (here, in the action catalogues and slot
names, in every game's ``carry_out`` and in Bid's and The Card Game's memos) and every fast
path declines, so the rules run as plainly written.
``tests/deal/test_speed.py`` plays random games with it off and on, asserts that every cache
stayed empty while off (``filled_caches``), and compares every state, event and list of legal
actions.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any, TypeVar

from monopoly_widgets.core import memo
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.memo import Memo
from monopoly_widgets.deal.cards import COLOUR_NAMES, SET_SIZE, WILD_IDS, full_set, only_wilds
from monopoly_widgets.deal.labels import pile_label
from monopoly_widgets.deal.pile_moves import PileMoves, pile_wild_moves, wild_card_moves
from monopoly_widgets.deal.state import DealState, PropertySet

T = TypeVar("T")
#: A pile's colour (piles are kept in colour order, so a table can be searched by colour).
COLOUR_OF = attrgetter("colour")


# --- the switch ---------------------------------------------------------------------------------
#: Turn every cache and fast path on or off (``core.memo.set_enabled``, the one switch: every
#: cache here is a ``Memo`` or reads it); either way every memo is emptied. A game made while
#: it was on may still hold remembered wild moves: make the games to compare after switching.
set_enabled = memo.set_enabled


def enabled() -> bool:
    """Are the caches and fast paths on?"""
    return memo.ENABLED


def filled_caches(states: Iterable[DealState] = ()) -> list[str]:
    """The caches that hold something: the memos (``core.memo.filled``; the remembered hand is
    one), and for each of ``states`` its remembered wild moves, those of its piles, the seats
    noted for the win check and the RL encoder's seat slots."""
    found = memo.filled()
    for state in states:
        if state.wild_moves_memo:
            found.append("state.wild_moves_memo")
        if any(pile.wild_moves is not None for table in state.tables for pile in table):
            found.append("PropertySet.wild_moves")
        if state.completed_by:
            found.append("state.completed_by")
        if state.seat_slots_memo:
            found.append("state.seat_slots_memo")
        if state.table_copies:
            found.append("state.table_copies")
    return found


# --- the RL encoder's seat slots -----------------------------------------------------------------
def seat_slots(
    state: DealState,
    seat: int,
    compute: Callable[[list[PropertySet], int, int], T],
    bank_total: Callable[[list[int]], int],
) -> T:
    """``compute(table, len(bank), bank_total(bank))`` for the seat's table and bank,
    remembered in ``state.seat_slots_memo`` while the seat's ``state.table_changes`` count
    (``table_changed`` counts every change) and its bank stay the same, and the bank's total
    while the bank does; plain with the switch off. A table changes at few decisions, a bank
    at fewer, and counting the piles and adding up the bank again was most of an encoding's
    cost. One ``compute`` per state: the encoder's."""
    bank = state.banks[seat]
    if not memo.ENABLED:
        return compute(state.tables[seat], len(bank), bank_total(bank))
    count = state.table_changes.get(seat, 0)
    known = state.seat_slots_memo
    seen = known.get(seat)
    if seen is not None and seen[0] == count and seen[1] == bank:
        return seen[3]
    table = state.tables[seat]
    if seen is not None and seen[1] == bank:
        kept, total = seen[1], seen[2]  # only the table changed
    else:
        kept, total = bank.copy(), bank_total(bank)
    slots = compute(table, len(bank), total)
    known[seat] = (count, kept, total, slots)
    return slots


# --- the decision views' copies of the tables --------------------------------------------------
def table_copies(state: DealState, copy: Callable[[list[PropertySet]], T]) -> tuple[T, ...]:
    """``copy(table)`` of every seat's table, each remembered until the seat's table changes
    (``table_changed`` drops it; ``state.table_copies``, under the seat's number, and the
    whole tuple under -1); plain with the switch off. A decision view copies every table at
    every decision (it may keep nothing of the game's, ``observation.DealView``), and most
    decisions change no table, so the copies of the decision before serve again. ``copy``
    must make immutable values (tuples of numbers): the same copy is handed to every view
    until its table changes."""
    if not memo.ENABLED:
        return tuple(map(copy, state.tables))
    known = state.table_copies
    every = known.get(-1)
    if every is None:
        copies = []
        for seat, table in enumerate(state.tables):
            found = known.get(seat)
            if found is None:
                found = known[seat] = copy(table)
            copies.append(found)
        every = known[-1] = tuple(copies)
    return every  # type: ignore[no-any-return]


# --- remembered actions --------------------------------------------------------------------------
#: Action objects are immutable, so identical ones are shared: building one (and its label)
#: is the slow part of listing legal actions. Keyed by everything the action holds (and, for
#: a rent, the amount its label says; for an "accept", the demand its label names). Used by
#: ``legal.py``.
ACTIONS: Memo[tuple[object, ...], Action] = Memo(name="speed.ACTIONS")
#: Steals, keyed by the facts their id is made of (so the id is built once, not per listing).
STEALS: Memo[tuple[int, int, int, int, str, int, str], Action] = Memo(name="speed.STEALS")
#: Lists of table-dependent plays, keyed by the facts they depend on (``legal._card_plays``).
PLAYS: Memo[tuple[object, ...], list[Action]] = Memo(name="speed.PLAYS")
#: ``HAND_PLAYS[seat][card]``: (the card's name, its plays that do not depend on the table
#: (``legal._simple_actions``), do other plays of it depend on the table, 1 if it is Double
#: the Rent else 0): what ``legal._hand_summary`` reads of a hand card, one memo per seat (a
#: card id is a cheaper key than a pair).
HAND_PLAYS: tuple[Memo[int, tuple[str, list[Action], bool, int]], ...] = tuple(
    Memo(name=f"speed.HAND_PLAYS[{seat}]") for seat in range(10)
)


#: Each action id cut into its parts (``verb:...``): the same ids come back all game long, and
#: a dict lookup costs less than splitting the id again. Used by ``plays.py``.
class _IdParts(Memo[str, tuple[str, ...]]):
    """``ID_PARTS[action_id]``: the id's parts, cut (and remembered) when first asked for."""

    __slots__ = ()

    def __missing__(self, action_id: str) -> tuple[str, ...]:
        return self.keep(action_id, tuple(action_id.split(":")))


ID_PARTS: Memo[str, tuple[str, ...]] = _IdParts(name="speed.ID_PARTS")
#: ``id_parts(action_id)``: the id cut at its colons, remembered (``ID_PARTS``). The memo's
#: own lookup, so a known id costs no Python call (a move is carried out at every decision).
id_parts: Callable[[str], tuple[str, ...]] = ID_PARTS.__getitem__


#: One object per (owner, colour, set label, the pile's wilds): see ``pile_moves``.
PILE_MOVES: Memo[tuple[int, int, str, tuple[int, ...]], PileMoves] = Memo(name="speed.PILE_MOVES")
#: (a pile's moves, a wild taken out of it or put at its end) -> the pile's moves after that.
CHANGES: Memo[tuple[PileMoves, int], PileMoves] = Memo(name="speed.CHANGES")
#: One wild's moves, keyed by (owner, card, colour now, set label): see ``card_moves``.
WILD_MOVES: Memo[tuple[int, int, int, str], tuple[list[Action], tuple[Action | None, ...]]] = Memo(
    name="speed.WILD_MOVES"
)


def known_action(key: tuple[object, ...], build: Callable[..., Action], *args: object) -> Action:
    """The action remembered in ``ACTIONS`` under ``key`` (everything the action holds), or
    ``build(*args)``, remembered. ``legal.py`` reads every listed action this way."""
    found = ACTIONS.get(key)
    if found is None:
        found = ACTIONS.keep(key, build(*args))
    return found


def known_pay_actions(
    debtor: int,
    receiver: int,
    choices: Iterable[tuple[str, int]],
    build: Callable[[int, int, str, int], Action],
) -> list[Action]:
    """The ``pay:`` action of each of ``choices`` (where, card), remembered in ``ACTIONS``
    under ("pay", debtor, receiver, where, card); ``build(debtor, receiver, where, card)``
    makes (and remembers) one not known yet. A debt is paid card by card, and each payment
    lists every card the debtor may give: one lookup each, without a call."""
    get = ACTIONS.get
    return [
        get(("pay", debtor, receiver, where, card)) or build(debtor, receiver, where, card)
        for where, card in choices
    ]


def known_steal(
    key: tuple[int, int, int, int, str, int, str], build: Callable[..., Action]
) -> Action:
    """The steal remembered in ``STEALS`` under ``key`` (the facts its id is made of), or
    ``build(*key)``, remembered."""
    found = STEALS.get(key)
    if found is None:
        found = STEALS.keep(key, build(*key))
    return found


def known_plays(
    key: tuple[object, ...], build: Callable[[tuple[object, ...]], list[Action]]
) -> list[Action]:
    """The table-dependent plays remembered in ``PLAYS`` under ``key`` (the facts they depend
    on), or ``build(key)``, remembered. Read the list, do not change it."""
    found = PLAYS.get(key)
    if found is None:
        found = PLAYS.keep(key, build(key))
    return found


#: ``hand_plays(player)``: what ``legal._hand_summary`` remembered of each card seen in
#: ``player``'s hand (``HAND_PLAYS``), to be read by card id (a miss is a ``KeyError``; with
#: the switch off it is always empty); ``keep_hand_card`` adds to it. The tuple's own lookup.
hand_plays: Callable[[int], Memo[int, tuple[str, list[Action], bool, int]]] = HAND_PLAYS.__getitem__


def keep_hand_card(
    player: int, card: int, facts: tuple[str, list[Action], bool, int]
) -> tuple[str, list[Action], bool, int]:
    """Remember ``facts`` of ``card`` in ``player``'s hand (``hand_plays``); return them."""
    return HAND_PLAYS[player].keep(card, facts)


def pile_moves(player: int, colour: int, label: str, wilds: tuple[int, ...]) -> PileMoves:
    """The moves of a pile of ``player``'s, of ``colour``, called ``label``, holding ``wilds``
    (in pile order): one object per key (``pile_moves.PileMoves`` is compared by identity)."""
    key = (player, colour, label, wilds)
    found = PILE_MOVES.get(key)
    if found is None:
        fixed, multicolour = pile_wild_moves(player, colour, label, wilds, (), card_moves)
        found = PILE_MOVES.keep(key, PileMoves(key, fixed, multicolour))
    return found


def card_moves(
    player: int, card: int, here: int, label: str
) -> tuple[list[Action], tuple[Action | None, ...]]:
    """``pile_moves.wild_card_moves``, remembered by its four facts."""
    key = (player, card, here, label)
    found = WILD_MOVES.get(key)
    if found is None:
        found = WILD_MOVES.keep(key, wild_card_moves(player, card, here, label))
    return found


def after_change(known: PileMoves, wild: int) -> PileMoves:
    """The moves of the pile that had ``known`` once ``wild`` was taken out of it (if it held
    it) or put at its end (if not), its set label unchanged."""
    found = CHANGES.get((known, wild))
    if found is None:
        player, colour, label, wilds = known.key
        if wild in wilds:
            wilds = tuple([card for card in wilds if card != wild])
        else:
            wilds = (*wilds, wild)
        found = CHANGES.keep((known, wild), pile_moves(player, colour, label, wilds))
    return found


# --- remembered per game -------------------------------------------------------------------------
def wild_moves(
    state: DealState, player: int, plain: Callable[[DealState, int], list[Action]]
) -> list[Action]:
    """``plain(state, player)`` (``wild_moves.wild_moves``), remembered: the player's list
    until their table changes (``state.wild_moves_memo``, dropped by ``table_changed``), and
    each pile's own moves (``PropertySet.wild_moves``) until its wilds, set label or owner
    change. When the list is worked out again, most piles are the same objects as before, so
    it only puts their moves together. With wilds just moved (option ``wild_moves`` =
    "once_between_plays"), or the switch off, ``plain`` works it out.

    The multicolour wild's check (``checks.multicolour_may_go``, by default: only to a colour
    in which the player has a set) is written out for the whole table in one pass: its
    piles of one colour sit together, in colour order (``properties.order_piles``).
    Read the list, do not change it.
    """
    if state.moved_wilds or not memo.ENABLED:
        return plain(state, player)
    remembered = state.wild_moves_memo.get(player)
    if remembered is not None:
        return remembered
    actions: list[Action] = []
    table = state.tables[player]
    for index, pile in enumerate(table):
        known = pile.wild_moves
        if known is None:
            known = pile.wild_moves = _pile_moves_at(player, table, index)
        if not known.wilds:
            continue  # most piles hold no wild
        actions += known.fixed
        by_colour = known.multicolour  # its multicolour wild's move to each colour, or None
        if by_colour is None:
            continue
        if state.options["multicolour_wild_moves_to"] == "any_colour":
            actions += [move for move in by_colour if move is not None]
            continue
        previous = -1
        for other in table:
            colour = other.colour
            if colour != previous:
                previous = colour
                move = by_colour[colour]
                if move is not None:
                    actions.append(move)
    state.wild_moves_memo[player] = actions
    return actions


def _pile_moves_at(player: int, table: list[PropertySet], index: int) -> PileMoves:
    """The moves of pile ``index``, from its label and wilds (``pile_moves``)."""
    pile = table[index]
    colour = pile.colour
    if (index == 0 or table[index - 1].colour != colour) and (
        index == len(table) - 1 or table[index + 1].colour != colour
    ):
        label = COLOUR_NAMES[colour]  # the only pile of its colour (the usual case)
    else:
        label = pile_label(table, index)
    return pile_moves(player, colour, label, tuple(filter(_is_wild_card, pile.cards)))


def table_changed(
    state: DealState,
    player: int,
    completed: bool = False,
    wilds: bool = True,
    renamed: Iterable[int] = (),
) -> None:
    """The one notification: every change to a player's property collection ends here.

    What was worked out from the old table (their wild moves, the views' copy of it) is
    dropped, to be worked out again, and (switch on) a change that may have completed a set
    is noted for the win check (``state.completed_by``, read by ``win_check_needed``) unless
    the table cannot hold 3 complete sets (``may_have_won``): most completed sets leave
    fewer than 3 piles of a set's size, and only a change that completes a set can bring a
    table to 3 complete sets (a later one in the same action is noted by its own call).
    ``wilds`` False says the wild moves cannot have changed (a building, or a property card
    put into or taken out of a pile that stays, which changes no pile's wilds, label or
    colour). ``renamed``: colours
    whose piles were laid out again or gained or lost a pile (so "Red" may now be "Red 1"):
    their piles forget their own moves, whose ids name the pile.
    """
    changes = state.table_changes  # every change counted (the RL encoder's seat slots)
    changes[player] = changes.get(player, 0) + 1
    copies = state.table_copies  # the decision views' copies (``table_copies``)
    if copies:
        copies.pop(player, None)
        copies.pop(-1, None)
    if wilds:
        state.wild_moves_memo.pop(player, None)
    for colour in renamed:
        forget_moves(state.tables[player], colour)
    if completed and memo.ENABLED and may_have_won(state.tables[player]):
        state.completed_by.add(player)


#: The hand ``same_hand`` saw last: seat -> (a copy of the hand, what was worked out from it),
#: for one seat at a time.
LAST_HAND: Memo[int, tuple[list[int], Any]] = Memo(limit=1, name="speed.same_hand")


def same_hand(player: int, hand: list[int], work_out: Callable[[int, list[int]], T]) -> T:
    """``work_out(player, hand)`` (which must depend on nothing else), remembered for the last
    hand asked about. A turn's decisions mostly see the same hand (moving a wild, the commonest
    random move, changes no hand), and comparing two short lists costs far less than going
    through the cards again. The result is shared: read it, do not change it."""
    seen = LAST_HAND.get(player)
    if seen is not None and seen[0] == hand:
        return seen[1]  # type: ignore[no-any-return]
    result = work_out(player, hand)
    if memo.ENABLED:  # ``LAST_HAND.keep`` written out (one entry): a hand changes often
        LAST_HAND.clear()
        LAST_HAND[player] = (hand.copy(), result)
    return result


# --- the win check's shortcut --------------------------------------------------------------------
def win_check_needed(state: DealState) -> bool:
    """Must ``turns.check_win`` look after this action?

    The plain rule (rulebook, How to Win) looks after every action, at every seat: so it
    does with the switch off, and with the option ``win_declared_on_own_turn`` (leaflet),
    where the turn player's win may have come on another player's turn. Otherwise a player
    can only come to hold 3 complete sets when one of their sets is completed, so it looks
    only after an action that completed a set (``state.completed_by``, noted by
    ``table_changed``), and ``check_win`` only at those seats: banking, ending a turn, most
    plays and payments complete none. ``tests/deal/test_win_check.py`` compares this with
    the full check over random play.
    """
    return bool(state.completed_by) or not memo.ENABLED or state.options["win_declared_on_own_turn"]


def take_completed(state: DealState) -> set[int] | frozenset[int]:
    """The seats noted in ``state.completed_by`` (a change may have completed one of their
    sets), forgotten as they are handed over: ``turns.check_win`` looks at them now."""
    noted = state.completed_by
    if not noted:
        return _NO_SEATS
    state.completed_by = set()
    return noted


_NO_SEATS: frozenset[int] = frozenset()


# --- fast paths ----------------------------------------------------------------------------------
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
    if not memo.ENABLED or (new_card >= 0) == (removed >= 0):
        return None
    size = SET_SIZE[colour]
    if removed >= 0:
        if removed_from < 0:
            return None
        pile = table[removed_from]
        cards = pile.cards
        if len(cards) >= size and full_set(cards, size):  # the size test first: no call
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
        if only_wilds(cards):
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
    if not memo.ENABLED:
        return None
    pile = table[index]
    old = pile.colour
    size = SET_SIZE[old]
    cards = pile.cards
    breaks = len(cards) >= size and full_set(cards, size)  # a complete pile (size test first)
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
            if only_wilds(their):
                return None  # a full pile of wilds: the plain path cuts the loose cards again
            renamed = True
        elif end > 1 and table[end - 2].colour == colour and _is_loose(table[end - 2], new_size):
            return None  # several loose piles: the plain path cuts them again
        else:
            join = last
    completed = False
    if join is not None:
        their.append(wild)  # a wild goes after the natural property cards
        known = join.wild_moves  # its set label stays: its moves follow the wild
        if known is not None:  # (``follow_wild``, written out: a flip is the commonest move)
            join.wild_moves = CHANGES.get((known, wild)) or after_change(known, wild)
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
        known = pile.wild_moves
        if known is not None:
            pile.wild_moves = CHANGES.get((known, wild)) or after_change(known, wild)
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
    return not full_set(pile.cards, size)


def may_have_won(table: list[PropertySet]) -> bool:
    """False when the table cannot hold 3 complete sets of different colours (fewer than 3
    piles, or than 3 piles of a set's size), so ``properties.has_won`` need not look; True
    otherwise (and always, with the switch off). Most tables fail these cheap tests."""
    if not memo.ENABLED:
        return True
    if len(table) < 3:
        return False
    full = 0
    for pile in table:
        if len(pile.cards) >= SET_SIZE[pile.colour]:
            full += 1
    return full >= 3

"""Moving a wild to another of its colours: the legal moves, listed fast.

Rulebook, Property Wild Cards: "You can flip the card to change the color of the
Property any time on your turn!" (and "swap Property Wild Cards around among different
sets on your turn"). A move is free and uses no play. A Multicolour wild moves only to a
colour in which the player already has a set, unless the option
``multicolour_wild_moves_to`` is "any_colour". With the option ``wild_moves`` =
"once_between_plays", a wild just moved is not offered again until the player does
something else (``state.moved_wilds``). The id is ``wild:<set>:<wild>:<colour>``.

Why memos: these moves are listed before every decision of a turn, and a random player
spends almost half its decisions moving wilds, so this is the busiest code of the engine.
Each player's list is remembered in ``state.wild_moves_memo`` until their table changes
(``properties.table_changed`` drops it). When it is worked out again, most piles are the
same objects as before, with the same cards and the same set labels, so each pile remembers
its own moves (``PropertySet.wild_moves``). Only ``properties.py`` changes piles, and it drops
what a pile remembered when the pile's cards change or its colour gains or loses a pile (which
renames it: "Red" becomes "Red 1"); a pile that changes hands (Deal Breaker) forgets too.
Piles that must work theirs out get them from the memo ``PILE_MOVES``, keyed by what they
depend on: owner, colour, set label and the pile's wilds (not its other cards, and not the
colours a multicolour wild may go to, which are narrowed afterwards: keyed by those, the
memo never warmed up, as each game brought thousands of new keys).
"""

from __future__ import annotations

from collections.abc import Collection

from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.memo import Memo
from monopoly_widgets.deal.cards import (
    CARD_COLOURS,
    COLOUR_NAMES,
    MULTICOLOUR_IDS,
    NAME,
    PACK_SIZE,
    WILD_IDS,
)
from monopoly_widgets.deal.properties import pile_label
from monopoly_widgets.deal.state import DealState, PropertySet
from monopoly_widgets.deal.texts import action_text

#: A pile's wild moves: those of its two-colour wilds, and its multicolour wild's move to each
#: colour (or None), which ``_add_multicolour_moves`` narrows to the colours allowed.
PileMoves = tuple[list[Action], tuple[Action | None, ...] | None]
#: What ``PropertySet.wild_moves`` holds for a pile with no wild in it.
NO_WILDS: PileMoves = ([], None)
#: A pile's moves, keyed by (owner, colour, set label, the pile's wilds).
PILE_MOVES: Memo[tuple[int, int, str, tuple[int, ...]], PileMoves] = Memo()
#: One wild's moves, keyed by (owner, card, colour now, set label): see ``_wild_card_moves``.
WILD_MOVES: Memo[tuple[int, int, int, str], tuple[list[Action], tuple[Action | None, ...]]] = Memo()
_is_wild = WILD_IDS.__contains__


def wild_moves(state: DealState, player: int) -> list[Action]:
    """Flip a wild on your table to another of its colours: free, on your own turn only.

    One action per distinct wild name in a pile and colour it can go to. A multicolour
    wild moves only to a colour in which you already have a set, unless the option
    ``multicolour_wild_moves_to`` is "any_colour". A wild in ``state.moved_wilds`` is not
    offered (option ``wild_moves`` = "once_between_plays").

    The list is remembered until the player's table changes (``state.wild_moves_memo``):
    read it, do not change it.
    """
    moved = state.moved_wilds
    if not moved:
        remembered = state.wild_moves_memo.get(player)
        if remembered is not None:
            return remembered
    actions: list[Action] = []
    table = state.tables[player]
    for index, pile in enumerate(table):
        known = pile.wild_moves  # remembered on the pile (see PropertySet.wild_moves)
        if known is NO_WILDS:
            continue
        if known is not None and not moved:
            fixed, multicolour = known
        else:
            cards = pile.cards
            if WILD_IDS.isdisjoint(cards):
                pile.wild_moves = NO_WILDS  # most piles hold no wild
                continue
            colour = pile.colour
            if (index == 0 or table[index - 1].colour != colour) and (
                index == len(table) - 1 or table[index + 1].colour != colour
            ):
                label = COLOUR_NAMES[colour]  # the only pile of its colour (the usual case)
            else:
                label = pile_label(table, index)
            wilds = tuple(filter(_is_wild, cards))
            if moved:
                fixed, multicolour = _pile_wild_moves(player, colour, label, wilds, moved)
            else:  # the moves depend only on the pile's wilds (not its other cards)
                key = (player, colour, label, wilds)
                known = PILE_MOVES.get(key)
                if known is None:
                    known = PILE_MOVES.keep(key, _pile_wild_moves(player, colour, label, wilds, ()))
                fixed, multicolour = pile.wild_moves = known
        actions.extend(fixed)
        if multicolour is not None:
            _add_multicolour_moves(state, table, multicolour, actions)
    if not moved:
        state.wild_moves_memo[player] = actions
    return actions


def _add_multicolour_moves(
    state: DealState,
    table: list[PropertySet],
    by_colour: tuple[Action | None, ...],
    actions: list[Action],
) -> None:
    """A multicolour wild's moves: by default only to colours in which the player has a set
    (option multicolour_wild_moves_to). ``by_colour[c]`` is its move to colour ``c`` (None for
    the colour it is in now)."""
    if state.options["multicolour_wild_moves_to"] == "any_colour":
        actions.extend([move for move in by_colour if move is not None])
        return
    previous = -1
    for pile in table:  # piles of one colour sit together, in colour order (order_piles)
        colour = pile.colour
        if colour != previous:
            previous = colour
            move = by_colour[colour]
            if move is not None:
                actions.append(move)


def _pile_wild_moves(
    player: int, colour: int, label: str, wilds: tuple[int, ...], moved: Collection[int]
) -> PileMoves:
    """The moves of the wilds in one pile, except wilds in ``moved``."""
    fixed: list[Action] = []
    multicolour: tuple[Action | None, ...] | None = None
    seen: list[str] = []
    for card in wilds:
        if card in moved:
            continue
        name = NAME[card % PACK_SIZE]
        if name in seen:
            continue  # two identical wilds in one pile give the same moves
        seen.append(name)
        moves, by_colour = _wild_card_moves(player, card, colour, label)
        if card in MULTICOLOUR_IDS:
            multicolour = by_colour
        else:
            fixed.extend(moves)
    return fixed, multicolour


def _wild_card_moves(
    player: int, card: int, here: int, label: str
) -> tuple[list[Action], tuple[Action | None, ...]]:
    """``wild:<set>:<wild>:<colour>`` to each other colour of the wild, as a list and by
    colour (``by_colour[c]`` is the move to colour ``c``, or None), for an option to narrow
    them. Cached by these four facts."""
    key = (player, card, here, label)
    found = WILD_MOVES.get(key)
    if found is None:
        index = card % PACK_SIZE
        name = NAME[index]
        moves: list[Action] = []
        by_colour: list[Action | None] = [None] * len(COLOUR_NAMES)
        for to in CARD_COLOURS[index]:
            if to != here:
                action_id = f"wild:{label}:{name}:{COLOUR_NAMES[to]}"
                move = Action(action_id, action_text(action_id), player, "move_wild", card)
                moves.append(move)
                by_colour[to] = move
        found = WILD_MOVES.keep(key, (moves, tuple(by_colour)))
    return found

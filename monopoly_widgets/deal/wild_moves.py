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
its own moves (``PropertySet.wild_moves``, a ``pile_moves.PileMoves``). Only ``properties.py``
and ``fast_paths.py`` change piles: a pile whose wilds or set label may have changed forgets
what it remembered (its colour gaining or losing a pile renames it: "Red" becomes "Red 1"),
a pile that changes hands (Deal Breaker) forgets too, and a pile that one wild left or
joined, keeping its label, gets its new moves from its old ones (``pile_moves.after_change``:
what a flip changes). The listing then only puts the piles' moves together.
"""

from __future__ import annotations

from monopoly_widgets.core.actions import Action
from monopoly_widgets.deal.cards import COLOUR_NAMES, WILD_IDS
from monopoly_widgets.deal.pile_moves import PileMoves, pile_moves, pile_wild_moves
from monopoly_widgets.deal.properties import pile_label
from monopoly_widgets.deal.state import DealState, PropertySet

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
        if known is None or moved:
            known = _work_out(player, table, index, moved)
        if not known.wilds:
            continue  # most piles hold no wild
        actions += known.fixed
        by_colour = known.multicolour  # its multicolour wild's move to each colour, or None
        if by_colour is None:
            continue
        # Option multicolour_wild_moves_to: by default only to colours in which the player has
        # a set. (Written out here, not called: a random player lists this at most flips.)
        if state.options["multicolour_wild_moves_to"] == "any_colour":
            actions += [move for move in by_colour if move is not None]
            continue
        previous = -1
        for other in table:  # piles of one colour sit together, in colour order (order_piles)
            colour = other.colour
            if colour != previous:
                previous = colour
                move = by_colour[colour]
                if move is not None:
                    actions.append(move)
    if not moved:
        state.wild_moves_memo[player] = actions
    return actions


def _work_out(player: int, table: list[PropertySet], index: int, moved: list[int]) -> PileMoves:
    """The moves of pile ``index``, worked out from its label and wilds (and remembered on
    the pile, unless some wilds were moved: see ``state.moved_wilds``)."""
    pile = table[index]
    colour = pile.colour
    if (index == 0 or table[index - 1].colour != colour) and (
        index == len(table) - 1 or table[index + 1].colour != colour
    ):
        label = COLOUR_NAMES[colour]  # the only pile of its colour (the usual case)
    else:
        label = pile_label(table, index)
    wilds = tuple(filter(_is_wild, pile.cards))
    if moved:
        key = (player, colour, label, wilds)
        return PileMoves(key, *pile_wild_moves(player, colour, label, wilds, moved))
    known = pile.wild_moves = pile_moves(player, colour, label, wilds)
    return known

"""Moving a wild to another of its colours: the legal moves, listed fast.

Rulebook, Property Wild Cards: "You can flip the card to change the color of the
Property any time on your turn!" (and "swap Property Wild Cards around among different
sets on your turn"). A move is free and uses no play. A Multicolour wild moves only to a
colour in which the player already has a set, unless the option
``multicolour_wild_moves_to`` is "any_colour". With the option ``wild_moves`` =
"once_between_plays", a wild just moved is not offered again until the player does
something else (``state.moved_wilds``). The id is ``wild:<set>:<wild>:<colour>``.

This is the plain listing, worked out from the table. These moves are listed before every
decision of a turn, and a random player spends almost half its decisions moving wilds, so
``legal.py`` asks ``speed.wild_moves``, which remembers each player's list until their table
changes and each pile's own moves until its wilds, set label or owner change, and gives
what this function gives (``tests/deal/test_speed.py``).
"""

from __future__ import annotations

from monopoly_widgets.core.actions import Action
from monopoly_widgets.deal.cards import WILD_IDS
from monopoly_widgets.deal.checks import multicolour_may_go
from monopoly_widgets.deal.labels import set_labels
from monopoly_widgets.deal.pile_moves import pile_wild_moves, wild_card_moves
from monopoly_widgets.deal.state import DealState

_is_wild = WILD_IDS.__contains__


def wild_moves(state: DealState, player: int) -> list[Action]:
    """Flip a wild on your table to another of its colours: free, on your own turn only.

    One action per distinct wild name in a pile and colour it can go to, pile by pile: the
    two-colour wilds' moves, then the multicolour wild's, to each colour in colour order
    where ``checks.multicolour_may_go`` lets it go (by default only to a colour in which you
    already have a set; option ``multicolour_wild_moves_to``). A wild in
    ``state.moved_wilds`` is not offered (option ``wild_moves`` = "once_between_plays").
    """
    table = state.tables[player]
    labels = set_labels(table)
    actions: list[Action] = []
    for index, pile in enumerate(table):
        wilds = tuple(filter(_is_wild, pile.cards))
        if not wilds:
            continue
        fixed, by_colour = pile_wild_moves(
            player, pile.colour, labels[index], wilds, state.moved_wilds, wild_card_moves
        )
        actions += fixed
        if by_colour is not None:
            actions += [
                move
                for colour, move in enumerate(by_colour)
                if move is not None and multicolour_may_go(state, table, colour)
            ]
    return actions

"""One pile's wild moves, remembered: what ``wild_moves.py`` lists for each pile.

Rulebook, Property Wild Cards: a wild may be flipped to another of its colours "any time on
your turn". The id of such a move is ``wild:<set>:<wild>:<colour>``, so a pile's moves
depend only on its owner, its colour, its set label ("Red", "Red 2") and the wilds in it
(not its other cards). :class:`PileMoves` holds them for one such combination, made once
(``speed.pile_moves``) and shared by every pile that has it.

Why a pile's moves are also worked out from the moves it had (``after_change``): a random
player flips a wild in almost half its decisions, and a flip takes one wild out of one pile
and puts it into another, each keeping its set label. The new moves of those two piles are
then known from the old ones and the wild that moved, remembered as one step in
``speed.CHANGES``, without working out the pile's label and wilds again. ``speed.py`` does
this (``after_change``) when it changes a pile in place; this module holds the plain
parts. ``tests/deal/test_remembered_moves.py`` checks, at every step of random games, that
the list equals one worked out from scratch.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from monopoly_widgets.core.actions import Action
from monopoly_widgets.deal.cards import (
    CARD_COLOURS,
    COLOUR_NAMES,
    MULTICOLOUR_IDS,
    NAME,
    PACK_SIZE,
)
from monopoly_widgets.deal.texts import action_text


class PileMoves:
    """The wild moves of a pile with these wilds, owner, colour and set label (``key``).

    ``fixed``: the moves of its two-colour wilds. ``multicolour``: its multicolour wild's
    move to each colour (``multicolour[c]``, None for the colour it is in), or None when it
    holds no multicolour wild; ``wild_moves.wild_moves`` narrows them to the colours
    allowed. Compared and hashed by identity: one object per key.
    """

    __slots__ = ("key", "wilds", "fixed", "multicolour")

    def __init__(
        self,
        key: tuple[int, int, str, tuple[int, ...]],
        fixed: list[Action],
        multicolour: tuple[Action | None, ...] | None,
    ) -> None:
        self.key = key
        self.wilds = key[3]  # empty: the pile holds no wild, and has no moves
        self.fixed = fixed
        self.multicolour = multicolour


#: How ``pile_wild_moves`` gets one wild's moves: (owner, card, colour now, set label).
CardMoves = Callable[[int, int, int, str], tuple[list[Action], tuple[Action | None, ...]]]


def pile_wild_moves(
    player: int,
    colour: int,
    label: str,
    wilds: tuple[int, ...],
    moved: Collection[int],
    card_moves: CardMoves,
) -> tuple[list[Action], tuple[Action | None, ...] | None]:
    """The moves of the wilds in one pile, except wilds in ``moved`` (option ``wild_moves``):
    (the two-colour wilds' moves, the multicolour wild's moves by colour or None).
    ``card_moves`` gives one wild's moves (``wild_card_moves``, or ``speed.card_moves``)."""
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
        moves, by_colour = card_moves(player, card, colour, label)
        if card in MULTICOLOUR_IDS:
            multicolour = by_colour
        else:
            fixed.extend(moves)
    return fixed, multicolour


def wild_card_moves(
    player: int, card: int, here: int, label: str
) -> tuple[list[Action], tuple[Action | None, ...]]:
    """``wild:<set>:<wild>:<colour>`` to each other colour of the wild, as a list and by
    colour (``by_colour[c]`` is the move to colour ``c``, or None), for an option to narrow
    them."""
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
    return moves, tuple(by_colour)

"""One pile's wild moves, remembered: what ``wild_moves.py`` lists for each pile.

Rulebook, Property Wild Cards: a wild may be flipped to another of its colours "any time on
your turn". The id of such a move is ``wild:<set>:<wild>:<colour>``, so a pile's moves
depend only on its owner, its colour, its set label ("Red", "Red 2") and the wilds in it
(not its other cards). :class:`PileMoves` holds them for one such combination, made once
(``pile_moves``) and shared by every pile that has it.

Why a pile's moves are also worked out from the moves it had (``after_change``): a random
player flips a wild in almost half its decisions, and a flip takes one wild out of one pile
and puts it into another, each keeping its set label. The new moves of those two piles are
then known from the old ones and the wild that moved, remembered as one step in
``CHANGES``, without working out the pile's label and wilds again. ``fast_paths.py`` does
this when it changes a pile in place; ``tests/deal/test_remembered_moves.py`` checks, at
every step of random games, that the list equals one worked out from scratch.
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


#: One object per (owner, colour, set label, the pile's wilds).
PILE_MOVES: Memo[tuple[int, int, str, tuple[int, ...]], PileMoves] = Memo()
#: (a pile's moves, a wild taken out of it or put at its end) -> the pile's moves after that.
CHANGES: Memo[tuple[PileMoves, int], PileMoves] = Memo()
#: One wild's moves, keyed by (owner, card, colour now, set label): see ``_wild_card_moves``.
WILD_MOVES: Memo[tuple[int, int, int, str], tuple[list[Action], tuple[Action | None, ...]]] = Memo()


def pile_moves(player: int, colour: int, label: str, wilds: tuple[int, ...]) -> PileMoves:
    """The moves of a pile of ``player``'s, of ``colour``, called ``label``, holding ``wilds``
    (in pile order): made once per key."""
    key = (player, colour, label, wilds)
    found = PILE_MOVES.get(key)
    if found is None:
        fixed, multicolour = pile_wild_moves(player, colour, label, wilds, ())
        found = PILE_MOVES.keep(key, PileMoves(key, fixed, multicolour))
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


def pile_wild_moves(
    player: int, colour: int, label: str, wilds: tuple[int, ...], moved: Collection[int]
) -> tuple[list[Action], tuple[Action | None, ...] | None]:
    """The moves of the wilds in one pile, except wilds in ``moved`` (option ``wild_moves``):
    (the two-colour wilds' moves, the multicolour wild's moves by colour or None)."""
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

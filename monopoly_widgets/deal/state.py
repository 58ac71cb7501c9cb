"""The state of a game of Monopoly Deal: plain lists of card ids, cheap to clone.

Where things are:

- ``hands[p]``, ``banks[p]``: lists of card ids (hand order kept, bank in the
  order the cards arrived).
- ``tables[p]``: the player's property collection, a list of
  :class:`PropertySet` piles. A pile has one colour; a wild in it counts as that
  colour (rulebook: Property Wild Cards).
- ``draw_pile``: the TOP card is the LAST element (so drawing is ``pop()``).
- ``discard_pile``: the top card is the last element.
- ``pending``: an action card being answered or paid (see :class:`Pending`).
- ``moved_wilds``: wilds moved since the turn player last did anything else
  (option ``wild_moves``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PHASE_PLAY = "play"  # the turn player chooses plays
PHASE_RESPOND = "respond"  # someone may answer with Just Say No
PHASE_PAY = "pay"  # a debtor chooses the next card to pay with
PHASE_DISCARD = "discard"  # the turn player discards down to 7
PHASE_OVER = "over"


@dataclass(slots=True)
class PropertySet:
    """One pile of properties of one colour, with its House and Hotel (-1: none)."""

    colour: int
    cards: list[int]
    house: int = -1
    hotel: int = -1
    #: The wild moves worked out for this pile (``pile_moves.PileMoves``), or None until then.
    #: Kept by ``speed.py``, which sets it back to None whenever they may change (new cards, a
    #: new set label, a new owner), or to the new moves when one wild left or joined the
    #: pile. Not part of the game: not copied or compared (see ``wild_moves.py``).
    wild_moves: Any = field(default=None, compare=False, repr=False)

    def copy(self) -> PropertySet:
        return PropertySet(self.colour, self.cards.copy(), self.house, self.hotel)


@dataclass(slots=True)
class Pending:
    """An action card played against other players, still being resolved.

    The played cards are already on the discard pile ("play into center");
    ``cards`` remembers which, for display. ``targets`` are the seats still to
    be dealt with, the first one now. For that target the game's phase is
    "respond" while Just Say No cards may be played (``jsn`` counts them: odd
    means the action is cancelled for this target unless answered again), then
    "pay" while they choose cards to pay with (``paid`` so far of ``amount``).

    Steals: ``take_colour``/``take_card`` is the card a Sly or Forced Deal
    takes, ``give_colour``/``give_card`` the card a Forced Deal gives, and
    ``take_set`` the index of the pile a Deal Breaker takes.
    """

    kind: str  # "rent" | "debt" | "birthday" | "sly_deal" | "forced_deal" | "deal_breaker"
    source: int
    cards: list[int]
    targets: list[int]
    amount: int = 0
    colour: int = -1
    jsn: int = 0
    paid: int = 0
    take_colour: int = -1
    take_card: int = -1
    give_colour: int = -1
    give_card: int = -1
    take_set: int = -1

    def copy(self) -> Pending:
        return Pending(
            self.kind,
            self.source,
            self.cards.copy(),
            self.targets.copy(),
            self.amount,
            self.colour,
            self.jsn,
            self.paid,
            self.take_colour,
            self.take_card,
            self.give_colour,
            self.give_card,
            self.take_set,
        )

    @property
    def responder(self) -> int:
        """Who may play the next Just Say No: the target, then the player who acted, and so on."""
        return self.targets[0] if self.jsn % 2 == 0 else self.source


@dataclass(slots=True)
class DealState:
    """Everything about one game at one moment (see the module docstring)."""

    players: int
    seed: int
    options: dict[str, Any]
    packs: int
    hands: list[list[int]]
    banks: list[list[int]]
    tables: list[list[PropertySet]]
    draw_pile: list[int]
    discard_pile: list[int] = field(default_factory=list)
    turn: int = 1
    turn_player: int = 0
    plays_used: int = 0
    phase: str = PHASE_PLAY
    pending: Pending | None = None
    reshuffles: int = 0
    winner: int | None = None
    draw_reason: str | None = None
    #: True for a game dealt by ``new_state`` (False when set up from a position).
    dealt: bool = False
    #: Wilds the turn player has moved since they last did anything else; they cannot be moved
    #: again until then (option ``wild_moves`` = "once_between_plays"; always empty otherwise).
    moved_wilds: list[int] = field(default_factory=list)
    #: The wild moves worked out for each player's table at an earlier decision; dropped by
    #: ``speed.table_changed`` whenever that table changes. Not part of the game: not
    #: cloned, saved or compared (see ``wild_moves.py``).
    wild_moves_memo: dict[int, list[Any]] = field(default_factory=dict, compare=False, repr=False)
    #: The seats for which a change may have completed a set (``speed.table_changed``, with
    #: the speed switch on), until ``turns.check_win`` has looked; ``speed.win_check_needed``
    #: reads it to skip the check after actions that completed nothing, and the check looks
    #: only at these seats. Not part of the game either: a clone starts with none (a
    #: position's own check looks at every seat).
    completed_by: set[int] = field(default_factory=set, compare=False, repr=False)
    #: How many times each seat's property collection has changed (``speed.table_changed``
    #: counts every change): what was worked out from a table holds while its count stays
    #: the same (the RL encoder's seat slots, ``encoding.py``). Not part of the game either.
    table_changes: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    #: The RL encoder's slots of each seat's bank and property piles, with that seat's
    #: ``table_changes`` count, a copy of its bank and the bank's total when they were
    #: worked out (``speed.seat_slots``). Not part of the game either.
    seat_slots_memo: dict[int, tuple[int, list[int], int, Any]] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: Each seat's table as decision views copy it, until it changes, and all of them under -1
    #: (``speed.table_copies``). Not part of the game either.
    table_copies: dict[int, Any] = field(default_factory=dict, compare=False, repr=False)

    def clone(self) -> DealState:
        """An independent copy made of list copies (no deepcopy)."""
        return DealState(
            self.players,
            self.seed,
            self.options,  # never changed after the game starts
            self.packs,
            [h.copy() for h in self.hands],
            [b.copy() for b in self.banks],
            [[s.copy() for s in table] for table in self.tables],
            self.draw_pile.copy(),
            self.discard_pile.copy(),
            self.turn,
            self.turn_player,
            self.plays_used,
            self.phase,
            None if self.pending is None else self.pending.copy(),
            self.reshuffles,
            self.winner,
            self.draw_reason,
            self.dealt,
            self.moved_wilds.copy(),
        )


def current_player(state: DealState) -> int | None:
    """Whoever must decide next: the turn player, or the player answering or paying an action
    card (None once the game is over)."""
    phase = state.phase
    if phase == PHASE_PLAY or phase == PHASE_DISCARD:
        return state.turn_player
    if phase == PHASE_OVER:
        return None
    pending = state.pending
    assert pending is not None
    if phase == PHASE_RESPOND:
        return pending.responder
    return pending.targets[0]

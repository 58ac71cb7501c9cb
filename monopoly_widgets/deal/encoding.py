"""A seat's view of a game of Monopoly Deal as a fixed-length vector of numbers.

For learning code (``monopoly_widgets.rl``): a linear or tabular policy needs the same
numbers in the same places at every step. :func:`slot_names` says what each slot means.

Only what the seat can see goes in (the same facts ``observation.py`` shows it): its own
hand by card name; for every seat its hand *size*, its bank and its property piles; the
discard pile's size, the draw pile's size, whose turn and what is pending. Other hands and
the draw pile's order never go in (``tests/rl/test_encodings.py`` re-deals everything the
seat cannot see, with ``determinize``, and checks the vector is unchanged).

Seats are rotated so the viewer comes first: slot ``seat1_bank`` is always the next seat
to the viewer's left, whoever the viewer is. It is read straight from the state, not from
the observation dict, because a learner encodes before every step and the dict (with
every card's name and colours) costs more than the step itself.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from monopoly_widgets.deal.cards import (
    CARD_NAMES,
    COLOUR_NAMES,
    NAME,
    PACK_SIZE,
    PLAYS_PER_TURN,
    VALUE,
)
from monopoly_widgets.deal.properties import is_complete
from monopoly_widgets.deal.state import (
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PAY,
    PHASE_PLAY,
    PHASE_RESPOND,
    DealState,
    current_player,
)

PHASES = (PHASE_PLAY, PHASE_RESPOND, PHASE_PAY, PHASE_DISCARD, PHASE_OVER)
PENDING_KINDS = ("rent", "debt", "birthday", "sly_deal", "forced_deal", "deal_breaker")
#: Per card id (both packs): the index of its name in ``CARD_NAMES``.
NAME_SLOT: tuple[int, ...] = tuple(
    CARD_NAMES.index(NAME[c % PACK_SIZE]) for c in range(2 * PACK_SIZE)
)
_COLOURS = len(COLOUR_NAMES)
#: What each seat block holds, in order (``seat<k>_<name>``).
SEAT_FIELDS: tuple[str, ...] = (
    "hand_count",
    "bank_total",
    "bank_cards",
    *(f"{colour}_cards" for colour in COLOUR_NAMES),
    *(f"{colour}_complete" for colour in COLOUR_NAMES),
    "houses",
    "hotels",
    "complete_sets",
)
#: The slots before the seat blocks.
GLOBAL_FIELDS: tuple[str, ...] = (
    *(f"phase_{phase}" for phase in PHASES),
    "plays_left",
    "i_must_decide",
    "draw_pile",
    "discard_pile",
    *(f"pending_{kind}" for kind in PENDING_KINDS),
    "pending_amount",
    "pending_paid",
    "pending_just_say_no_count",
    *(f"hand_{name}" for name in CARD_NAMES),
)


@lru_cache(maxsize=16)
def slot_names(players: int) -> tuple[str, ...]:
    """What each slot of :func:`encode`'s vector means; seat 0 is the viewer."""
    names = list(GLOBAL_FIELDS)
    names += [f"turn_player_is_seat{k}" for k in range(players)]
    names += [f"pending_source_is_seat{k}" for k in range(players)]
    for k in range(players):
        names += [f"seat{k}_{field}" for field in SEAT_FIELDS]
    return tuple(names)


def encoding_size(players: int) -> int:
    """How many numbers :func:`encode` gives for a game of ``players``."""
    return len(slot_names(players))


_HAND = GLOBAL_FIELDS.index(f"hand_{CARD_NAMES[0]}")
_PENDING = GLOBAL_FIELDS.index(f"pending_{PENDING_KINDS[0]}")
_PLAYS = GLOBAL_FIELDS.index("plays_left")


def encode(state: DealState, viewer: int) -> np.ndarray:
    """``viewer``'s view as a float32 vector laid out as :func:`slot_names` says."""
    players = state.players
    out = np.zeros(encoding_size(players), dtype=np.float32)
    out[PHASES.index(state.phase)] = 1.0
    out[_PLAYS] = PLAYS_PER_TURN - state.plays_used if state.phase == PHASE_PLAY else 0
    out[_PLAYS + 1] = 1.0 if current_player(state) == viewer else 0.0
    out[_PLAYS + 2] = len(state.draw_pile)
    out[_PLAYS + 3] = len(state.discard_pile)
    pending = state.pending
    base = len(GLOBAL_FIELDS)
    if pending is not None:
        out[_PENDING + PENDING_KINDS.index(pending.kind)] = 1.0
        out[_PENDING + 6] = pending.amount
        out[_PENDING + 7] = pending.paid
        out[_PENDING + 8] = pending.jsn
        out[base + players + (pending.source - viewer) % players] = 1.0
    for card in state.hands[viewer]:
        out[_HAND + NAME_SLOT[card]] += 1.0
    out[base + (state.turn_player - viewer) % players] = 1.0
    seat_base = base + 2 * players
    width = len(SEAT_FIELDS)
    for k in range(players):
        seat = (viewer + k) % players
        at = seat_base + k * width
        out[at] = len(state.hands[seat])
        bank = state.banks[seat]
        out[at + 1] = sum(VALUE[c % PACK_SIZE] for c in bank)
        out[at + 2] = len(bank)
        complete = 0
        for pile in state.tables[seat]:
            out[at + 3 + pile.colour] += len(pile.cards)
            if is_complete(pile):
                out[at + 3 + _COLOURS + pile.colour] += 1.0
                complete += 1
            out[at + 3 + 2 * _COLOURS] += pile.house >= 0
            out[at + 4 + 2 * _COLOURS] += pile.hotel >= 0
        out[at + 5 + 2 * _COLOURS] = complete
    return out

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
every card's name and colours) costs more than the step itself. For the same reason each
seat's bank and table slots are remembered while its bank is the same and
``state.table_changes`` (counted by the engine's one notification, ``speed.table_changed``)
says its table is unchanged: counting every pile again, ``is_complete`` for each, and adding
up the bank was most of an encoding's cost. That memo lives with Deal's other caches in
``speed.py`` (``speed.seat_slots``), behind the one switch
(``core/memo.py``); ``tests/rl/test_memo_switch.py`` compares the two.
"""

from __future__ import annotations

from array import array

import numpy as np

from monopoly_widgets.core.memo import remembered
from monopoly_widgets.deal import speed
from monopoly_widgets.deal.cards import (
    CARD_NAMES,
    COLOUR_NAMES,
    NAME,
    PACK_SIZE,
    PLAYS_PER_TURN,
    SET_SIZE,
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
    PropertySet,
    current_player,
)

PHASES = (PHASE_PLAY, PHASE_RESPOND, PHASE_PAY, PHASE_DISCARD, PHASE_OVER)
PENDING_KINDS = ("rent", "debt", "birthday", "sly_deal", "forced_deal", "deal_breaker")
#: The pending kinds that ask for money (the others steal: no amount).
_DEMANDS = PENDING_KINDS[:3]
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


@remembered(16)
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


#: Per player count: an all-zero float32 vector to copy (one memcpy; numpy then sees the
#: copy without copying it again).
_ZEROS = {players: array("f", bytes(4 * encoding_size(players))) for players in range(2, 11)}
_SHAPE = {players: (encoding_size(players),) for players in range(2, 11)}
#: ``_ROTATION[players][viewer]``: the seats in slot order (``seat<k>`` is ``viewer + k``).
_ROTATION = {
    players: tuple(
        tuple((viewer + k) % players for k in range(players)) for viewer in range(players)
    )
    for players in range(2, 11)
}
_PHASE_SLOT = {phase: i for i, phase in enumerate(PHASES)}
_HAND = GLOBAL_FIELDS.index(f"hand_{CARD_NAMES[0]}")
_PENDING = GLOBAL_FIELDS.index(f"pending_{PENDING_KINDS[0]}")
_PENDING_SLOT = {kind: _PENDING + i for i, kind in enumerate(PENDING_KINDS)}
_PLAYS = GLOBAL_FIELDS.index("plays_left")
#: Per card id (both packs): what it is worth in a bank.
_BANK_VALUE: tuple[int, ...] = tuple(VALUE[c % PACK_SIZE] for c in range(2 * PACK_SIZE))
_WIDTH = len(SEAT_FIELDS)
_HOUSES = 3 + 2 * _COLOURS  # offsets in a seat block
_HOTELS = _HOUSES + 1
_COMPLETE_SETS = _HOUSES + 2
_SEAT_ZEROS = array("f", bytes(4 * (_WIDTH - 1)))
_FLOAT32 = np.dtype(np.float32)  # a dtype object: numpy converts a type each call


def encode(state: DealState, viewer: int) -> np.ndarray:
    """``viewer``'s view as a float32 vector laid out as :func:`slot_names` says."""
    players = state.players
    # Written into a copy of a zero float32 ``array``, which numpy then sees without a
    # copy: each seat's table as a whole block (remembered, see above), the other slots
    # one by one. Every number is a whole one, well inside float32's exact range. The
    # offsets are worked out once (module tables): this runs before every step.
    out = _ZEROS[players][:]
    out[_PHASE_SLOT[state.phase]] = 1.0
    if state.phase == PHASE_PLAY:
        out[_PLAYS] = PLAYS_PER_TURN - state.plays_used
    if current_player(state) == viewer:
        out[_PLAYS + 1] = 1.0
    out[_PLAYS + 2] = len(state.draw_pile)
    out[_PLAYS + 3] = len(state.discard_pile)
    pending = state.pending
    base = len(GLOBAL_FIELDS)
    if pending is not None:
        kind = pending.kind
        out[_PENDING_SLOT[kind]] = 1.0
        if kind in _DEMANDS:
            out[_PENDING + 6] = pending.amount
        out[_PENDING + 7] = pending.paid
        out[_PENDING + 8] = pending.jsn
        out[base + players + (pending.source - viewer) % players] = 1.0
    hands = state.hands
    for card in hands[viewer]:
        out[_HAND + NAME_SLOT[card]] += 1.0
    out[base + (state.turn_player - viewer) % players] = 1.0
    at = base + 2 * players
    tables = state.tables
    banks = state.banks
    seat_slots = speed.seat_slots  # remembered per seat (speed.py)
    for seat in _ROTATION[players][viewer]:
        out[at] = len(hands[seat])
        if tables[seat] or banks[seat]:
            out[at + 1 : at + _WIDTH] = seat_slots(state, seat, _seat_slots, _bank_total)
        at += _WIDTH
    return np.ndarray(_SHAPE[players], _FLOAT32, out)  # no copy; ``np.frombuffer`` costs more


def _seat_slots(table: list[PropertySet], bank_cards: int, bank_total: int) -> array:
    """The slots of one seat's bank and property piles, from ``seat<k>_bank_total`` to
    ``seat<k>_complete_sets`` (all of it public)."""
    # Set in a copy of a zero ``array``: making one from a list of floats costs more than
    # counting the piles.
    slots = _SEAT_ZEROS[:]
    if bank_cards:
        slots[0] = bank_total
        slots[1] = bank_cards
    # The piles of one colour sit together (``properties.order_piles``), so each colour's
    # cards are counted in a local and set once: adding to an array slot costs twice as much.
    complete = houses = hotels = 0
    last = -1
    cards = 0
    for pile in table:
        colour = pile.colour
        if colour != last:
            if cards:
                slots[2 + last] = cards
            last = colour
            cards = 0
        in_pile = len(pile.cards)
        cards += in_pile
        # ``is_complete`` asks for a full set's worth of cards first: most piles have fewer,
        # and testing that here saves a call for each of them.
        if in_pile >= SET_SIZE[colour] and is_complete(pile):
            slots[2 + _COLOURS + colour] += 1.0
            complete += 1
        if pile.house >= 0:
            houses += 1
        if pile.hotel >= 0:
            hotels += 1
    if cards:
        slots[2 + last] = cards
    if houses:
        slots[_HOUSES - 1] = houses
    if hotels:
        slots[_HOTELS - 1] = hotels
    if complete:
        slots[_COMPLETE_SETS - 1] = complete
    return slots


def _bank_total(bank: list[int]) -> int:
    """What a bank's cards are worth."""
    total = 0
    value = _BANK_VALUE
    for card in bank:  # a plain loop: a quarter of what ``sum(map(...))`` costs here
        total += value[card]
    return total


_NAME_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
_COLOUR_INDEX = {name: i for i, name in enumerate(COLOUR_NAMES)}


def encode_observation(observation: dict) -> np.ndarray:
    """The same vector as :func:`encode`, from ``game.observation(viewer)``: what a bot in
    the explorer or the class league is handed. ``tests/rl/test_encodings.py`` checks the
    two agree at every step of random games, so neither can see more than the other."""
    players = observation["players"]
    viewer = observation["viewer"]
    out = array("f", bytes(4 * encoding_size(players)))
    phase = observation["phase"]
    out[PHASES.index(phase)] = 1.0
    out[_PLAYS] = observation["plays_left"] if phase == PHASE_PLAY else 0
    out[_PLAYS + 1] = 1.0 if observation["current_player"] == viewer else 0.0
    out[_PLAYS + 2] = observation["draw_pile"]
    out[_PLAYS + 3] = len(observation["discard_pile"])
    pending = observation["pending"]
    base = len(GLOBAL_FIELDS)
    if pending is not None:
        out[_PENDING + PENDING_KINDS.index(pending["kind"])] = 1.0
        out[_PENDING + 6] = pending["amount"] or 0  # None for a steal
        out[_PENDING + 7] = pending["paid"]
        out[_PENDING + 8] = pending["just_say_no"]
        out[base + players + (pending["from"] - viewer) % players] = 1.0
    seats = observation["seats"]
    for card in seats[viewer]["hand"]:
        out[_HAND + _NAME_INDEX[card["name"]]] += 1.0
    out[base + (observation["turn_player"] - viewer) % players] = 1.0
    seat_base = base + 2 * players
    width = len(SEAT_FIELDS)
    for k in range(players):
        seen = seats[(viewer + k) % players]
        at = seat_base + k * width
        out[at] = seen["hand_count"]
        out[at + 1] = seen["bank_total"]
        out[at + 2] = len(seen["bank"])
        complete = 0
        for pile in seen["sets"]:
            colour = _COLOUR_INDEX[pile["colour"]]
            out[at + 3 + colour] += len(pile["cards"])
            if pile["complete"]:
                out[at + 3 + _COLOURS + colour] += 1.0
                complete += 1
            out[at + 3 + 2 * _COLOURS] += 1.0 if pile["house"] is not None else 0.0
            out[at + 4 + 2 * _COLOURS] += 1.0 if pile["hotel"] is not None else 0.0
        out[at + 5 + 2 * _COLOURS] = complete
    return np.frombuffer(out, dtype=np.float32)

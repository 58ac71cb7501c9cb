"""A seat's view of a match of Monopoly: The Card Game as a fixed-length vector of numbers.

For learning code (``monopoly_widgets.rl``): the same numbers in the same places at every
step; :func:`slot_names` says what each slot means.

Only what the seat can see goes in (what ``observation.py`` shows it): its own hand and the
card it passed, by name; for every seat its hand *size*, its match score and its trade pile
(face up, so every card of it); the extra piles and the reward (face up); the phase and
whose turn. Other hands, passed cards and the draw pile never go in
(``tests/rl/test_encodings.py`` checks it with ``determinize``). Seats are rotated so the
viewer comes first. Read straight from the state, for speed (see ``deal/encoding.py``).
"""

from __future__ import annotations

from array import array

import numpy as np

from monopoly_widgets.cardgame.cards import build_deck
from monopoly_widgets.cardgame.state import (
    DONE_VALUES,
    PHASES,
    CardGameState,
    current_player,
    extra_pile_count,
)
from monopoly_widgets.core.memo import Memo, remembered
from monopoly_widgets.core.slots import seat_slot_names

#: Every card name, in deck order (the slots of a "count by name" block).
CARD_NAMES: tuple[str, ...] = tuple(dict.fromkeys(card.name for card in build_deck()))
_NAME_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
_N = len(CARD_NAMES)
GLOBAL_FIELDS: tuple[str, ...] = (
    *(f"phase_{phase}" for phase in PHASES),
    "i_must_decide",
    "draw_pile",
    "added_to_trade_pile",
    "hand_turns",
    *(f"done_{done}" for done in DONE_VALUES[1:]),
    *(f"hand_{name}" for name in CARD_NAMES),
    *(f"my_pass_{name}" for name in CARD_NAMES),
    *(f"reward_{name}" for name in CARD_NAMES),
)
SEAT_FIELDS: tuple[str, ...] = (
    "hand_count",
    "score_thousands",
    "went_out",
    "trade_pile_size",
    *(f"trade_top_{name}" for name in CARD_NAMES),
    *(f"trade_pile_{name}" for name in CARD_NAMES),
)


@remembered(16)
def slot_names(players: int) -> tuple[str, ...]:
    """What each slot of :func:`encode`'s vector means; seat 0 is the viewer."""
    names = seat_slot_names(GLOBAL_FIELDS, ("turn_player",), SEAT_FIELDS, players)
    for pile in range(extra_pile_count(players)):
        names += [f"extra{pile}_size", *(f"extra{pile}_top_{name}" for name in CARD_NAMES)]
    return tuple(names)


def encoding_size(players: int) -> int:
    """How many numbers :func:`encode` gives for a match of ``players``."""
    return len(slot_names(players))


#: id(deck) -> (the deck, its name slots): hashing a deck of 60 cards costs more than a
#: step, so a deck is known by its ``id``, kept to tell a new deck at the same address.
#: Off with ``memo.set_enabled``.
_SLOTS: Memo[int, tuple[tuple, tuple[int, ...]]] = Memo(64, "cardgame.encoding name slots")


def _slots(deck: tuple) -> tuple[int, ...]:
    """Per card id of this deck (its house split is an option): its name's slot."""
    found = _SLOTS.get(id(deck))
    if found is None or found[0] is not deck:
        found = _SLOTS.keep(id(deck), (deck, tuple(_NAME_INDEX[card.name] for card in deck)))
    return found[1]


_HAND = GLOBAL_FIELDS.index(f"hand_{CARD_NAMES[0]}")
_FLOAT32 = np.dtype(np.float32)  # a dtype object: numpy converts a type each call
_DECIDE = GLOBAL_FIELDS.index("i_must_decide")
_PHASE_SLOT = {phase: i for i, phase in enumerate(PHASES)}
_DONE_SLOT = {done: _DECIDE + 3 + i for i, done in enumerate(DONE_VALUES) if done is not None}
_WIDTH = len(SEAT_FIELDS)
#: Per player count: an all-zero float32 vector to copy (one memcpy), and its shape.
_ZEROS = {players: array("f", bytes(4 * encoding_size(players))) for players in range(2, 7)}
_SHAPE = {players: (encoding_size(players),) for players in range(2, 7)}


def encode(state: CardGameState, viewer: int) -> np.ndarray:
    """``viewer``'s view as a float32 vector laid out as :func:`slot_names` says."""
    players = state.players
    slot = _slots(state.deck)
    # Filled as a standard-library float array (a copy of a zero one), then seen by numpy
    # without a copy: setting numpy items one by one, or converting a list, costs several
    # times as much. Only the slots that are not zero are set.
    out = _ZEROS[players][:]
    out[_PHASE_SLOT[state.phase]] = 1.0
    if current_player(state) == viewer:
        out[_DECIDE] = 1.0
    out[_DECIDE + 1] = len(state.draw_pile)
    if state.added:
        out[_DECIDE + 2] = 1.0
    out[_DECIDE + 3] = state.hand_turns
    if state.done is not None:
        out[_DONE_SLOT[state.done]] = 1.0
    hands = state.hands
    for card in hands[viewer]:
        out[_HAND + slot[card]] += 1.0
    if state.passes and state.passes[viewer] is not None:
        out[_HAND + _N + slot[state.passes[viewer]]] = 1.0
    for card in state.reward:
        out[_HAND + 2 * _N + slot[card]] += 1.0
    base = len(GLOBAL_FIELDS)
    out[base + (state.to_play - viewer) % players] = 1.0
    at = base + players
    trade_piles = state.trade_piles
    scores = state.scores
    went_out = state.went_out
    for k in range(players):
        seat = (viewer + k) % players
        pile = trade_piles[seat]
        out[at] = len(hands[seat])
        if scores[seat]:
            out[at + 1] = scores[seat] / 1000
        if went_out == seat:
            out[at + 2] = 1.0
        if pile:
            out[at + 3] = len(pile)
            out[at + 4 + slot[pile[-1]]] = 1.0
            counts = at + 4 + _N
            for card in pile:
                out[counts + slot[card]] += 1.0
        at += _WIDTH
    for pile in state.extra_piles:
        if pile:
            out[at] = len(pile)
            out[at + 1 + slot[pile[-1]]] = 1.0
        at += 1 + _N
    return np.ndarray(_SHAPE[players], _FLOAT32, out)


def encode_observation(observation: dict) -> np.ndarray:
    """The same vector as :func:`encode`, from ``game.observation(viewer)``: what a bot in
    the explorer or the class league is handed. ``tests/rl/test_encodings.py`` checks the
    two agree at every step of random games, so neither can see more than the other."""
    players = observation["players"]
    viewer = observation["viewer"]
    out = array("f", bytes(4 * encoding_size(players)))
    out[PHASES.index(observation["phase"])] = 1.0
    out[_DECIDE] = 1.0 if observation["current_player"] == viewer else 0.0
    out[_DECIDE + 1] = observation["draw_pile"]
    out[_DECIDE + 2] = float(observation["added_to_trade_pile"])
    out[_DECIDE + 3] = observation["hand_turns"]
    done = observation["done_this_turn"]
    if done is not None:
        out[_DECIDE + 3 + DONE_VALUES.index(done)] = 1.0
    seats = observation["seats"]
    for card in seats[viewer]["hand"]:
        out[_HAND + _NAME_INDEX[card["name"]]] += 1.0
    if observation["my_pass"] is not None:
        out[_HAND + _N + _NAME_INDEX[observation["my_pass"]["name"]]] = 1.0
    for card in observation["reward"]:
        out[_HAND + 2 * _N + _NAME_INDEX[card["name"]]] += 1.0
    base = len(GLOBAL_FIELDS)
    out[base + (observation["turn_player"] - viewer) % players] = 1.0
    width = len(SEAT_FIELDS)
    for k in range(players):
        seat = (viewer + k) % players
        seen = seats[seat]
        at = base + players + k * width
        pile = seen["trade_pile"]
        out[at] = seen["hand_count"]
        out[at + 1] = seen["score"] / 1000
        out[at + 2] = 1.0 if observation["went_out"] == seat else 0.0
        out[at + 3] = len(pile)
        if pile:
            out[at + 4 + _NAME_INDEX[pile[-1]["name"]]] = 1.0
        for card in pile:
            out[at + 4 + _N + _NAME_INDEX[card["name"]]] += 1.0
    at = base + players + players * width
    for extra in observation["extra_piles"]:
        pile = extra["cards"]
        out[at] = len(pile)
        if pile:
            out[at + 1 + _NAME_INDEX[pile[-1]["name"]]] = 1.0
        at += 1 + _N
    return np.frombuffer(out, dtype=np.float32)

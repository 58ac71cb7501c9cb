"""A seat's view of a game of Monopoly Bid as a fixed-length vector of numbers.

For learning code (``monopoly_widgets.rl``): the same numbers in the same places at every
step; :func:`slot_names` says what each slot means. Seats are rotated so the viewer comes
first.

Only what the seat can see goes in (what ``observation.py`` shows it): its own hand by
card name; a proposed deal (public: what goes each way); for every seat its hand size
(with the cards set aside while choosing a bid, as ``observation`` counts them), its
sets by colour, whether it has sealed a bid or a raise, and the bid's or raise's total
once it may be seen (``observation``'s own
``_bid_visible`` and ``_raise_visible`` decide: a sealed bid stays hidden, except the
viewer's own). :func:`encode` reads the state, for speed; :func:`encode_observation`
reads the observation dict (a bot in the league); ``tests/rl/test_encodings.py`` checks
they agree at every step, and that re-dealing the hidden cards changes nothing.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from monopoly_widgets.bid.cards import ACTION_NAMES, COLOURS, MONEY_NAMES, PROPERTIES
from monopoly_widgets.bid.observation import _bid_visible, _raise_visible, chosen_so_far
from monopoly_widgets.bid.state import PHASES, BidState, current_player
from monopoly_widgets.bid.table import set_is_complete
from monopoly_widgets.core.memo import remembered
from monopoly_widgets.core.slots import seat_slot_names

_COLOURS = tuple(COLOURS)
_COLOUR_INDEX = {colour: i for i, colour in enumerate(_COLOURS)}
_HAND_NAMES = (*MONEY_NAMES, *ACTION_NAMES)
_HAND_INDEX = {name: i for i, name in enumerate(_HAND_NAMES)}
_PROPERTY_INDEX = {name: i for i, (name, _) in enumerate(PROPERTIES)}
GLOBAL_FIELDS: tuple[str, ...] = (
    *(f"phase_{phase}" for phase in PHASES),
    "i_must_decide",
    "property_pile",
    "draw_pile",
    "discard_pile",
    "sets_to_win",
    "auction_revealed",
    "tied_players",
    "raise_round",
    "action_pending",
    "trade_offer_to_me",
    "deal_money_offered",
    "deal_money_asked",
    *(f"auction_{name}" for name, _ in PROPERTIES),
    *(f"deal_gives_{name}" for name, _ in PROPERTIES),
    *(f"deal_asks_{name}" for name, _ in PROPERTIES),
    *(f"hand_{name}" for name in _HAND_NAMES),
)
SEAT_FIELDS: tuple[str, ...] = (
    "hand_count",
    *(f"{colour}_cards" for colour in _COLOURS),
    *(f"{colour}_complete" for colour in _COLOURS),
    "complete_sets",
    "has_bid",
    "bid_total",
    "has_raised",
    "raise_total",
)


@remembered(16)
def slot_names(players: int) -> tuple[str, ...]:
    """What each slot of :func:`encode`'s vector means; seat 0 is the viewer."""
    return tuple(seat_slot_names(GLOBAL_FIELDS, ("host",), SEAT_FIELDS, players))


def encoding_size(players: int) -> int:
    """How many numbers :func:`encode` gives for a game of ``players``."""
    return len(slot_names(players))


_DECIDE = GLOBAL_FIELDS.index("i_must_decide")
_AUCTION = GLOBAL_FIELDS.index(f"auction_{PROPERTIES[0][0]}")
_HAND = GLOBAL_FIELDS.index(f"hand_{_HAND_NAMES[0]}")
_PHASE_SLOT = {phase: i for i, phase in enumerate(PHASES)}
_DEAL_GIVES = GLOBAL_FIELDS.index(f"deal_gives_{PROPERTIES[0][0]}")
_DEAL_ASKS = GLOBAL_FIELDS.index(f"deal_asks_{PROPERTIES[0][0]}")
#: Per player count: an all-zero float32 vector to copy (one memcpy), and its shape.
_ZEROS = {players: array("f", bytes(4 * encoding_size(players))) for players in range(2, 11)}
_SHAPE = {players: (encoding_size(players),) for players in range(2, 11)}
_FLOAT32 = np.dtype(np.float32)  # a dtype object: numpy converts a type each call
_WIDTH = len(SEAT_FIELDS)
_N = len(_COLOURS)


def _encode_deal(
    out: Any, to: int, viewer: int, give: list[str], ask: list[str], pay: list[int], want: list[int]
) -> None:
    """A proposed deal is public (``deals.py``): which properties go each way and the money,
    and whether it waits for the viewer's answer."""
    if to == viewer:
        out[_DECIDE + 9] = 1.0
    out[_DECIDE + 10] = sum(pay)
    out[_DECIDE + 11] = sum(want)
    for name in give:
        out[_DEAL_GIVES + _PROPERTY_INDEX[name]] = 1.0
    for name in ask:
        out[_DEAL_ASKS + _PROPERTY_INDEX[name]] = 1.0


def encode(state: BidState, viewer: int) -> np.ndarray:
    """``viewer``'s view as a float32 vector laid out as :func:`slot_names` says."""
    players = state.players
    deck = state.deck
    # Written into a copy of a zero float32 ``array``, which numpy then sees without a copy
    # (packing a list of every slot cost more than setting the few that are not zero); this
    # runs before every step, so offsets are module tables.
    out = _ZEROS[players][:]
    out[_PHASE_SLOT[state.phase]] = 1.0
    if current_player(state) == viewer:
        out[_DECIDE] = 1.0
    out[_DECIDE + 1] = len(state.property_pile)
    out[_DECIDE + 2] = len(state.draw_pile)
    out[_DECIDE + 3] = len(state.discard_pile)
    out[_DECIDE + 4] = state.options["sets_to_win"]
    revealed = state.revealed
    if revealed:
        out[_DECIDE + 5] = 1.0
    out[_DECIDE + 6] = len(state.tied)
    out[_DECIDE + 7] = state.raise_round
    if state.auction_property is not None:
        out[_AUCTION + _PROPERTY_INDEX[deck[state.auction_property].name]] = 1.0
    if state.chain:
        out[_DECIDE + 8] = 1.0
    offer = state.offer
    if offer is not None and offer.to == viewer:
        out[_DECIDE + 9] = 1.0
    deal = state.deal
    if deal is not None:
        _encode_deal(out, deal.to, viewer, deal.give, deal.ask, deal.pay, deal.want)
    for card in state.hands[viewer]:
        slot = _HAND_INDEX.get(deck[card].name)
        if slot is not None:
            out[_HAND + slot] += 1.0
    base = len(GLOBAL_FIELDS)
    out[base + (state.host - viewer) % players] = 1.0
    bids = state.bids
    raises = state.raises
    hands = state.hands
    sets = state.sets
    at = base + players
    for k in range(players):
        seat = (viewer + k) % players
        bid = bids[seat] if bids else None
        raised = raises[seat] if raises else None
        held = len(hands[seat])  # as observation._seat_view counts a hand
        if bid is not None and not revealed:
            held += len(bid)
        if raised is not None:
            held += len(raised)
        held += len(chosen_so_far(state, seat))
        out[at] = held
        complete = 0  # table.complete_sets, counted from the same set_is_complete
        for prop_set in sets[seat]:
            colour = _COLOUR_INDEX[prop_set.colour]
            out[at + 1 + colour] += len(prop_set.cards)
            if set_is_complete(state, prop_set):
                out[at + 1 + _N + colour] += 1.0
                complete += 1
        out[at + 1 + 2 * _N] = complete
        if bid is not None:
            out[at + 2 + 2 * _N] = 1.0
            if _bid_visible(state, seat, viewer):
                out[at + 3 + 2 * _N] = sum([deck[c].value for c in bid])
        if raised is not None:
            out[at + 4 + 2 * _N] = 1.0
            if _raise_visible(state, seat, viewer):
                out[at + 5 + 2 * _N] = sum([deck[c].value for c in raised])
        at += _WIDTH
    return np.ndarray(_SHAPE[players], _FLOAT32, out)


def _total(cards: list[dict] | None) -> float:
    return float(sum(card["value"] for card in cards)) if cards else 0.0


def encode_observation(observation: dict) -> np.ndarray:
    """The vector from ``game.observation(viewer)`` (what a bot in the league is handed)."""
    players = observation["players"]
    viewer = observation["viewer"]
    out = array("f", bytes(4 * encoding_size(players)))
    out[PHASES.index(observation["phase"])] = 1.0
    out[_DECIDE] = 1.0 if observation["current_player"] == viewer else 0.0
    out[_DECIDE + 1] = observation["property_pile"]
    out[_DECIDE + 2] = observation["draw_pile"]
    out[_DECIDE + 3] = len(observation["discard_pile"])
    out[_DECIDE + 4] = observation["sets_to_win"]
    auction = observation["auction"]
    if auction is not None:
        out[_DECIDE + 5] = 1.0 if auction["revealed"] else 0.0
        out[_DECIDE + 6] = len(auction["tied"])
        out[_DECIDE + 7] = auction["raise_round"]
        if auction["property"] is not None:
            out[_AUCTION + _PROPERTY_INDEX[auction["property"]["name"]]] = 1.0
    out[_DECIDE + 8] = 1.0 if observation["pending"] is not None else 0.0
    offer = observation["offer"]
    out[_DECIDE + 9] = 1.0 if offer is not None and offer["to"] == viewer else 0.0
    deal = observation["deal"]
    if deal is not None:
        _encode_deal(out, deal["to"], viewer, deal["give"], deal["ask"], deal["pay"], deal["want"])
    seats = observation["seats"]
    for card in seats[viewer]["hand"] or ():
        if card["name"] in _HAND_INDEX:
            out[_HAND + _HAND_INDEX[card["name"]]] += 1.0
    base = len(GLOBAL_FIELDS)
    out[base + (observation["host"] - viewer) % players] = 1.0
    width = len(SEAT_FIELDS)
    n = len(_COLOURS)
    for k in range(players):
        seen = seats[(viewer + k) % players]
        at = base + players + k * width
        out[at] = seen["hand_count"]
        for prop_set in seen["sets"]:
            colour = _COLOUR_INDEX[prop_set["colour"]]
            out[at + 1 + colour] += len(prop_set["cards"])
            if prop_set["complete"]:
                out[at + 1 + n + colour] += 1.0
        out[at + 1 + 2 * n] = seen["complete_sets"]
        out[at + 2 + 2 * n] = 1.0 if seen["has_bid"] else 0.0
        out[at + 3 + 2 * n] = _total(seen["bid"])
        out[at + 4 + 2 * n] = 1.0 if seen["has_raised"] else 0.0
        out[at + 5 + 2 * n] = _total(seen["raise"])
    return np.frombuffer(out, dtype=np.float32)

"""Trading properties between players (rulebook "Tips": "You may make deals with other
players to trade properties at any time.").

The rulebook says "at any time"; an engine that asks one decision at a time needs
decision points. Option ``trade_offers`` says where they are:

* ``"host"`` (default): while hosting, before turning over the property (when the
  host may also play action cards), the host may offer trades to any other player.
  Every player hosts in turn, so everyone gets to offer.
* ``"none"``: no trading (the engine before trading was modelled; for comparisons).

Making an offer takes two decisions, so the host's list of choices stays short: ``trade``
("Offer a trade ..."), then one property card of the host's for one property card of
another player's (``offer:<seat>:<give>:<take>``, cards by name) or ``offer:none`` (no offer
after all). The other player accepts or refuses (``accept`` / ``refuse``). ASSUMPTIONS,
each for a reason:

* properties for properties only: the rulebook says "trade properties" (money
  cards are for bidding);
* only real property cards: "Once you place a Wild! card in a set, you cannot move
  it" (Wild!);
* two cards of the same colour are never swapped (it would change nothing);
* games stay finite: at most ``max_trade_offers_per_round`` offers per round (an
  ``offer:none`` counts), and the same offer is not made twice in one round.

A traded card joins the receiver's sets as a won card does (``table.place_property``);
if the trade completes sets, the offerer is checked for a win first ("How to Win").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monopoly_widgets.bid import rulebook
from monopoly_widgets.bid.state import (
    PHASE_ACTIONS,
    PHASE_OFFER,
    PHASE_OVER,
    PHASE_TRADE,
    BidState,
    TradeOffer,
)
from monopoly_widgets.bid.table import check_winner, place_property
from monopoly_widgets.core.actions import Event
from monopoly_widgets.core.errors import PositionError

RULE = rulebook.TRADE


NO_OFFER = "offer:none"


def offer_id(to: int, give: str, take: str) -> str:
    """``offer:<seat>:<give>:<take>``."""
    return f"offer:{to}:{give}:{take}"


def tradeable(state: BidState, seat: int) -> list[tuple[str, str]]:
    """(name, colour) of the real property cards ``seat`` has on the table."""
    deck = state.deck
    return [
        (deck[card].name, prop_set.colour)
        for prop_set in state.sets[seat]
        for card in prop_set.cards
        if deck[card].kind == "property"
    ]


def start_offer(state: BidState) -> list[Event]:
    """The host will choose an offer next (phase "offer")."""
    state.phase = PHASE_OFFER
    return [Event(f"Player {state.host} prepares a trade offer.", RULE, state.host, "trade_start")]


def no_offer(state: BidState) -> list[Event]:
    """The host makes no offer after all (it counts towards the round's offers)."""
    state.offers_made.append(NO_OFFER)
    state.phase = PHASE_ACTIONS
    return [Event(f"Player {state.host} makes no offer.", RULE, state.host, "trade_none")]


def make_offer(state: BidState, to: int, give: str, take: str) -> list[Event]:
    """The host offers a trade; the other player must now answer."""
    state.offer = TradeOffer(state.host, to, give, take)
    state.offers_made.append(offer_id(to, give, take))
    state.phase = PHASE_TRADE
    return [
        Event(
            f"Player {state.host} offers player {to} a trade: {give} for {take}.",
            RULE,
            state.host,
            "offer",
            {"to": to, "give": give, "take": take},
        )
    ]


def answer(state: BidState, accepted: bool) -> list[Event]:
    """Carry out (or refuse) the pending offer; the host goes on with their turn."""
    offer = state.offer
    assert offer is not None
    state.offer = None
    state.phase = PHASE_ACTIONS
    if not accepted:
        return [
            Event(
                f"Player {offer.to} refuses player {offer.offerer}'s offer of {offer.give} for "
                f"{offer.take}.",
                RULE,
                offer.to,
                "trade_refused",
            )
        ]
    _move(state, offer.offerer, offer.to, offer.give)
    _move(state, offer.to, offer.offerer, offer.take)
    events = [
        Event(
            f"Player {offer.to} accepts: player {offer.offerer} gives {offer.give} and takes "
            f"{offer.take}.",
            RULE,
            offer.to,
            "trade",
            {"from": offer.offerer, "to": offer.to, "give": offer.give, "take": offer.take},
        )
    ]
    events += check_winner(state, offer.offerer)
    if state.phase != PHASE_OVER:
        events += check_winner(state, offer.to)
    return events


def _move(state: BidState, giver: int, receiver: int, name: str) -> None:
    """Take the property card ``name`` from ``giver``'s sets into ``receiver``'s."""
    for index, prop_set in enumerate(state.sets[giver]):
        for card in prop_set.cards:
            if state.deck[card].name == name:
                prop_set.cards.remove(card)
                if not prop_set.cards:
                    del state.sets[giver][index]
                place_property(state, receiver, card, prop_set.colour)
                return
    raise AssertionError(f"player {giver} has no {name} on the table")


# --- positions ---------------------------------------------------------------------
def position_fields(state: BidState) -> dict[str, Any]:
    """The position's ``offer`` and ``offers_this_round`` fields."""
    offer = state.offer
    return {
        "offer": None
        if offer is None
        else {"from": offer.offerer, "to": offer.to, "give": offer.give, "take": offer.take},
        "offers_this_round": list(state.offers_made),
    }


def read_position_fields(state: BidState, position: Mapping[str, Any]) -> None:
    """Read ``offer`` and ``offers_this_round``; :class:`PositionError` names the field."""
    made = position.get("offers_this_round", [])
    if not isinstance(made, list) or not all(
        isinstance(m, str) and m.startswith(("offer:", "deal:")) for m in made
    ):
        raise PositionError(
            "offers_this_round", "must be a list of offer ids ('offer:...') and deals ('deal:...')"
        )
    state.offers_made = list(made)
    if state.phase in (PHASE_OFFER, PHASE_TRADE) and state.options["trade_offers"] != "host":
        raise PositionError("phase", "phases 'offer' and 'trade' need option trade_offers = 'host'")
    value = position.get("offer")
    if (state.phase == PHASE_TRADE) != (value is not None):
        raise PositionError("offer", "is needed in phase 'trade' and only there")
    if value is None:
        return
    if not isinstance(value, Mapping) or set(value) != {"from", "to", "give", "take"}:
        raise PositionError("offer", "must be {'from': seat, 'to': seat, 'give': ..., 'take': ...}")
    offerer, to = value["from"], value["to"]
    seats = range(state.players)
    if offerer != state.host or not isinstance(offerer, int) or isinstance(offerer, bool):
        raise PositionError("offer.from", f"must be the host ({state.host})")
    if not isinstance(to, int) or isinstance(to, bool) or to not in seats or to == offerer:
        raise PositionError("offer.to", "must be another player's seat")
    if value["give"] not in [name for name, _ in tradeable(state, offerer)]:
        raise PositionError("offer.give", "must be a property card the host has on the table")
    if value["take"] not in [name for name, _ in tradeable(state, to)]:
        raise PositionError("offer.take", f"must be a property card player {to} has on the table")
    state.offer = TradeOffer(offerer, to, value["give"], value["take"])

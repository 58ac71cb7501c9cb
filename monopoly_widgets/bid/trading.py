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
from monopoly_widgets.bid.state import BidState, TradeOffer
from monopoly_widgets.bid.table import check_winner, place_property
from monopoly_widgets.core.actions import Action, Event
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


def offers_left(state: BidState) -> bool:
    """Whether the host may still make an offer this round (options)."""
    return (
        state.options["trade_offers"] == "host"
        and len(state.offers_made) < state.options["max_trade_offers_per_round"]
    )


def start_action(state: BidState) -> list[Action]:
    """``trade``: the host starts choosing an offer (if any offer can be made now)."""
    if not offers_left(state) or not can_offer(state):
        return []
    return [Action("trade", "Offer a trade to another player", state.host, "trade")]


def can_offer(state: BidState) -> bool:
    """Whether :func:`offer_actions` would offer anything (cheaper: stops at the first)."""
    host = state.host
    mine = tradeable(state, host)
    if not mine:
        return False
    made = state.offers_made
    for other in range(state.players):
        if other == host:
            continue
        for take, take_colour in tradeable(state, other):
            for give, give_colour in mine:
                if give_colour != take_colour and offer_id(other, give, take) not in made:
                    return True
    return False


def start_offer(state: BidState) -> list[Event]:
    """The host will choose an offer next (phase "offer")."""
    state.phase = "offer"
    return [Event(f"Player {state.host} prepares a trade offer.", RULE, state.host, "trade_start")]


def choose_actions(state: BidState) -> list[Action]:
    """Phase "offer": every offer the host may make, and ``offer:none``."""
    none = Action(NO_OFFER, "Make no offer after all", state.host, "trade")
    return [*offer_actions(state), none]


def offer_actions(state: BidState) -> list[Action]:
    """Every offer the host may make now: one property of theirs for one of another's."""
    host = state.host
    mine = tradeable(state, host)
    if not mine:
        return []
    made = set(state.offers_made)
    actions = []
    for other in state.seats_from_left_of_host():
        if other == host:
            continue
        for take, take_colour in tradeable(state, other):
            for give, give_colour in mine:
                action_id = f"offer:{other}:{give}:{take}"  # offer_id, inlined: a hot loop
                if give_colour != take_colour and action_id not in made:
                    text = f"Offer player {other} your {give} for their {take}"
                    actions.append(Action(action_id, text, host, "trade", target=other))
    return actions


def answer_actions(state: BidState) -> list[Action]:
    """The player offered a trade accepts or refuses it."""
    offer = state.offer
    assert offer is not None
    text = f"player {offer.offerer}'s {offer.give} for your {offer.take}"
    return [
        Action("accept", f"Accept the trade: {text}", offer.to, "trade_answer"),
        Action("refuse", f"Refuse the trade: {text}", offer.to, "trade_answer"),
    ]


def no_offer(state: BidState) -> list[Event]:
    """The host makes no offer after all (it counts towards the round's offers)."""
    state.offers_made.append(NO_OFFER)
    state.phase = "actions"
    return [Event(f"Player {state.host} makes no offer.", RULE, state.host, "trade_none")]


def make_offer(state: BidState, to: int, give: str, take: str) -> list[Event]:
    """The host offers a trade; the other player must now answer."""
    state.offer = TradeOffer(state.host, to, give, take)
    state.offers_made.append(offer_id(to, give, take))
    state.phase = "trade"
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
    state.phase = "actions"
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
    if state.phase != "over":
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
        isinstance(m, str) and m.startswith("offer:") for m in made
    ):
        raise PositionError("offers_this_round", "must be a list of offer ids ('offer:...')")
    state.offers_made = list(made)
    if state.phase == "offer" and not (offers_left(state) and can_offer(state)):
        raise PositionError("phase", "'offer' needs an offer the host may still make")
    value = position.get("offer")
    if (state.phase == "trade") != (value is not None):
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

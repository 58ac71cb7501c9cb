"""Every rule's check in Monopoly Bid, written once: a reason why not, or None.

Each check returns the reason an action would break a rule (a sentence that
names the rule) or ``None`` when the rule allows it. ``legal.py`` lists the
actions whose checks pass; ``illegal.why_illegal`` reads an id and returns the
first failing check's reason, so the two cannot drift apart
(``monopoly_widgets.testing`` holds them to it at every step of random games).
The deal window's checks live beside the window (``deals.*_check``), and the
choice of a bid's cards one value at a time beside that (``card_choice``).
"""

from __future__ import annotations

from collections.abc import Iterator

from monopoly_widgets.bid.actions_cards import find_in_hand
from monopoly_widgets.bid.auction import cheapest_sets, money_values
from monopoly_widgets.bid.cards import COLOURS, NOPE
from monopoly_widgets.bid.state import (
    PHASE_ACTIONS,
    PHASE_BID,
    PHASE_DEAL,
    PHASE_DEALS,
    PHASE_DRAFT,
    PHASE_OFFER,
    PHASE_RAISE,
    PHASE_RESPOND,
    PHASE_TRADE,
    BidState,
)
from monopoly_widgets.bid.table import has_room, set_is_complete
from monopoly_widgets.bid.trading import offer_id, tradeable

#: What the table is waiting for in each phase (for "..., but now ..." reasons).
PHASE_WORDS = {
    PHASE_ACTIONS: "the host is playing action cards",
    PHASE_RESPOND: "players are answering an action card (Nope! or pass)",
    PHASE_OFFER: "the host is choosing a trade offer",
    PHASE_TRADE: "a player is answering a trade offer",
    PHASE_DEALS: "players are asked in turn whether to propose a deal",
    PHASE_DRAFT: "a player is preparing a deal",
    PHASE_DEAL: "a player is answering a deal",
    PHASE_BID: "players are sealing their bids",
    PHASE_RAISE: "tied players are choosing raises",
    "over": "the game is over",
}


# --- the host's action cards ("Action Cards": "Play as many of these as you like") ----
def action_limit_check(state: BidState) -> str | None:
    """Option max_action_cards_per_round: after that many, the property must be auctioned."""
    limit = state.options["max_action_cards_per_round"]
    if state.action_cards_played >= limit:
        return (
            f"player {state.host} has played {limit} action cards this round, the most "
            "allowed: the property must now be auctioned (option: max_action_cards_per_round)"
        )
    return None


def host_card_check(state: BidState, card: str) -> str | None:
    """The host may play ``card`` while the round's limit allows, if they hold one
    (``find_in_hand``: the listing plays the card it finds)."""
    reason = action_limit_check(state)
    if reason is None and find_in_hand(state, state.host, card) is None:
        return f"player {state.host} has no {card} card in hand (rulebook: Action Cards)"
    return reason


def wild_set_check(state: BidState, index: int) -> str | None:
    """Rule (Wild!): a Wild! counts as one property of a set that still needs one."""
    host = state.host
    if index >= len(state.sets[host]):
        return f"player {host} has no set number {index}"
    if not has_room(state.sets[host][index]):
        return (
            f"set {index} already holds all its cards; a Wild! counts as one property "
            "of a set that still needs one (rulebook: Wild!)"
        )
    return None


def wild_colour_check(colour: str) -> str | None:
    """A Wild! may start a new set of any colour ("count as any one property in any set")."""
    if colour not in COLOURS:
        return f"{colour!r} is not a colour; the colours are {list(COLOURS)}"
    return None


def steal_set_check(state: BidState, victim: int, index: int) -> str | None:
    """Rule (Steal!): from another player, and "not ... part of a complete set"."""
    if victim >= state.players:
        return _no_seat(state, victim)
    if victim == state.host:
        return f"Steal! takes from another player, not seat {victim} (rulebook: Steal!)"
    if index >= len(state.sets[victim]):
        return f"player {victim} has no set number {index}"
    target = state.sets[victim][index]
    if set_is_complete(state, target):
        return (
            f"player {victim}'s {target.colour} set is complete: Steal! may not take a "
            "property that is part of a complete set (rulebook: Steal!)"
        )
    return None


def steal_check(state: BidState, victim: int, index: int, name: str) -> str | None:
    """A Steal! names a card that lies in a set it may take from."""
    reason = steal_set_check(state, victim, index)
    if reason is None and name not in names_in_set(state, victim, index):
        return f"{name!r} is not in player {victim}'s set {index}"
    return reason


def _no_seat(state: BidState, seat: int) -> str:
    return f"there is no seat {seat}: the seats are 0 to {state.players - 1}"


def names_in_set(state: BidState, seat: int, index: int) -> list[str]:
    """The card names in a set, each once (two Wild!s in one set are the same choice)."""
    deck = state.deck
    names: list[str] = []
    for card in state.sets[seat][index].cards:
        name = deck[card].name
        if name not in names:
            names.append(name)
    return names


def auction_check(state: BidState) -> str | None:
    """Rule ("Hosting an Auction"): the host turns over the top property card."""
    if not state.property_pile:
        return "there is no property card left to auction; the host ends the round ('end_round')"
    return None


def end_round_check(state: BidState) -> str | None:
    """ASSUMPTION (rounds.end_round_without_auction): only once every property is sold."""
    if state.property_pile:
        return "there is still a property card to auction ('auction'), so the round cannot end yet"
    return None


# --- trading (rulebook "Tips"; options trade_offers, max_trade_offers_per_round) -----
def trading_check(state: BidState) -> str | None:
    """Whether the options let the host make another offer this round."""
    if state.options["trade_offers"] == "none":
        return "trading is switched off (option trade_offers = 'none')"
    if state.options["trade_offers"] != "host":
        return (
            "'trade' is the host's offer under option trade_offers = 'host'; now every player "
            "proposes deals in the deal window before the auction ('deal:...')"
        )
    limit = state.options["max_trade_offers_per_round"]
    if len(state.offers_made) >= limit:
        made = "1 offer" if limit == 1 else f"{limit} offers"
        return f"the host has made {made} this round (option max_trade_offers_per_round)"
    return None


def swap_check(
    state: BidState, to: int, give: str, give_colour: str, take: str, take_colour: str
) -> str | None:
    """Two property cards of different colours, in an offer not yet made this round."""
    if give_colour == take_colour:
        return "a trade swaps two properties of different colours"
    if state.offers_made and offer_id(to, give, take) in state.offers_made:
        return "that offer was already made this round: the same offer is not made twice"
    return None


def trade_check(state: BidState) -> str | None:
    """``trade`` (start choosing an offer) needs an offer the host may make now."""
    reason = trading_check(state)
    if reason is None and next(offer_choices(state), None) is None:
        return "no trade can be offered now: nobody has a property card to swap for yours"
    return reason


def offer_check(state: BidState, to: int, give: str, take: str) -> str | None:
    """The host's ``give`` for player ``to``'s ``take``: both real property cards on the
    table (Wild!: "you cannot move it"), of different colours, not offered before."""
    host = state.host
    if to >= state.players:
        return _no_seat(state, to)
    if to == host:
        return f"an offer goes to another player, not seat {to}"
    give_colour = dict(tradeable(state, host)).get(give)
    if give_colour is None:
        return f"{give!r} is not a property card you have on the table (Wild! cards never move)"
    take_colour = dict(tradeable(state, to)).get(take)
    if take_colour is None:
        return f"{take!r} is not a property card player {to} has on the table"
    return swap_check(state, to, give, give_colour, take, take_colour)


def offer_choices(state: BidState) -> Iterator[tuple[int, str, str]]:
    """(to, give, take) of every offer the host may make now, from the host's left."""
    host = state.host
    mine = tradeable(state, host)
    if not mine:
        return
    for other in state.seats_from_left_of_host():
        if other == host:
            continue
        for take, take_colour in tradeable(state, other):
            for give, give_colour in mine:
                if swap_check(state, other, give, give_colour, take, take_colour) is None:
                    yield other, give, take


# --- answers, bids and raises -------------------------------------------------------
def nope_check(state: BidState) -> str | None:
    """Rule (Nope!): only a player holding a Nope! can play one."""
    seat = state.waiting[0]
    if find_in_hand(state, seat, NOPE) is None:
        return f"player {seat} holds no Nope! card (rulebook: Nope!)"
    return None


def amount_check(state: BidState, seat: int, total: int) -> str | None:
    """Rule ("To Auction"): a bid (or raise) is money cards adding up to the amount."""
    made = [amount for amount, _ in cheapest_sets(money_values(state, seat))]
    if total not in made:
        return (
            f"player {seat}'s money cards cannot add up to exactly ${total}M; "
            f"the totals they can make are {made} (rulebook: To Auction: bid with money cards)"
        )
    return None


def stand_check(state: BidState, seat: int) -> str | None:
    """``raise:none``: allowed unless option tie_raise_must_add_card and money is held."""
    if state.options["tie_raise_must_add_card"] and cheapest_sets(money_values(state, seat)):
        return (
            f"player {seat} still holds money and must add at least one money card to raise "
            "(option: tie_raise_must_add_card)"
        )
    return None

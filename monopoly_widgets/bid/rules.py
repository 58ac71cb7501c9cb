"""``BidRules``: Monopoly Bid behind the shared game protocol.

The rules live in small modules, laid out as in every game package
(``core.rules.LAYOUT``): ``setup`` (deal, mulligan), ``rounds`` (the rhythm of a
round), ``checks`` (each rule's check: a reason why not, or None), ``legal`` (the
legal actions, listed by those checks), ``illegal`` (why an id is not legal, by the
same checks), ``position``, ``observation``, ``render`` and ``rulebook`` (every
citation); then what is particular to Bid: ``actions_cards`` (Wild!, Draw 2!,
Steal!, Nope! windows), ``auction`` (sealed bids, ties, raises), ``card_choice``
(choosing a bid's cards one value at a time), ``deals`` (the deal window: any
player with any other), ``trading`` (the host-only reading), ``catalogue`` (every
id there can be) and ``table`` (drawing, sets, winning). Here: ``carry_out`` and
its table, one entry per kind of action id, and where the cards are.
"""

from __future__ import annotations

from monopoly_widgets.bid import actions_cards, auction, card_choice, deals, trading
from monopoly_widgets.bid.options import OPTIONS
from monopoly_widgets.bid.rounds import end_round_without_auction, next_round
from monopoly_widgets.bid.state import BidState, Link
from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.rules import CarryOut, Rules, carry_out_by_kind


def _auction(state: BidState, action: Action, rest: str) -> list[Event]:
    """Rule "Hosting an Auction"; first, everyone may propose a deal (deals.py)."""
    if deals.window_opens(state):
        return deals.open_window(state)
    return auction.start_auction(state)


def _end_round(state: BidState, action: Action, rest: str) -> list[Event]:
    """No property left to auction (rounds.end_round_without_auction); deals come first."""
    if deals.window_opens(state):
        return deals.open_window(state)
    return end_round_without_auction(state)


def _bid_or_raise(state: BidState, action: Action, rest: str) -> list[Event]:
    """Seal a bid or choose a raise (once its cards are chosen), then settle the auction."""
    head = action.id.partition(":")[0]
    cards = _money_chosen(state, action.player, rest)
    if cards is None:  # part-way through choosing the cards (card_choice.py)
        return []
    commit = auction.seal_bid if head == "bid" else auction.choose_raise
    return commit(state, action.player, cards) + _after_auction(state)


def _money_chosen(state: BidState, seat: int, rest: str) -> list[int] | None:
    """The cards a ``bid:...`` / ``raise:...`` id commits, or None while the cards
    are still being chosen one value at a time."""
    if rest == "none":
        return []
    if rest == card_choice.CHOOSE:
        card_choice.start(state)
        return None
    step = card_choice.read_step(rest)
    if step is not None:
        return card_choice.take_step(state, seat, *step)
    cards = auction.cards_for(state, seat, int(rest))
    assert cards is not None
    return cards


def _after_auction(state: BidState) -> list[Event]:
    """Once the auction is settled, the next round starts (or the game has ended)."""
    if state.auction_property is None:
        return next_round(state)
    return []


def _offer(state: BidState, action: Action, rest: str) -> list[Event]:
    """The host's offer (``offer:<to>:<give>:<take>``), or none after all (``NO_OFFER``)."""
    if action.id == trading.NO_OFFER:
        return trading.no_offer(state)
    to, give, take = rest.split(":", 2)
    return trading.make_offer(state, int(to), give, take)


def _play_card(state: BidState, action: Action, rest: str) -> list[Event]:
    """The host plays Draw 2!, Wild! or Steal!: the card waits in the chain for answers.

    ``action.card`` is the very card the listing chose (the first of its name in hand)."""
    return actions_cards.play_card(state, _link(state, action))


def _link(state: BidState, action: Action) -> Link:
    """The chain link for a host's ``draw2`` / ``wild:...`` / ``steal:...`` action."""
    parts = action.id.split(":")
    host = state.host
    assert action.card is not None
    if parts[0] == "draw2":
        return Link(host, action.card, "draw2")
    if parts[0] == "wild":
        if parts[1] == "new":
            return Link(host, action.card, "wild", colour=parts[2])
        index = int(parts[1])
        colour = state.sets[host][index].colour
        return Link(host, action.card, "wild", colour=colour, set_index=index)
    victim, index = int(parts[1]), int(parts[2])
    return Link(host, action.card, "steal", set_index=index, victim=victim, target=parts[3])


#: Each kind of action id (its first part) -> the function that carries it out, given the
#: state, the action and the rest of the id (``core.rules.CarryOut``, the same shape in
#: every game).
CARRY_OUT: dict[str, CarryOut] = {
    "draw2": _play_card,
    "wild": _play_card,
    "steal": _play_card,
    "trade": lambda state, action, rest: trading.start_offer(state),
    "offer": _offer,
    "accept": lambda state, action, rest: trading.answer(state, True),
    "refuse": lambda state, action, rest: trading.answer(state, False),
    "nope": lambda state, action, rest: actions_cards.answer_nope(state, action.player),
    "pass": lambda state, action, rest: actions_cards.answer_pass(state, action.player),
    "deal": lambda state, action, rest: deals.apply(state, action.player, rest),
    "auction": _auction,
    "end_round": _end_round,
    "bid": _bid_or_raise,
    "raise": _bid_or_raise,
}

#: Carry out a legal action: the function for the id's kind does it.
carry_out = carry_out_by_kind("bid", CARRY_OUT)


class BidRules(Rules):
    """Monopoly Bid for 2 to 5 players.

    ASSUMPTION: the rulebook gives no number of players; 2 to 5 is our choice (an
    auction needs two bidders, and five hands of five cards leave a draw pile).
    Every method that only hands the state to a module is that module's function
    (``core.rules.LAYOUT``).
    """

    name = "bid"
    package = "monopoly_widgets.bid"
    options = OPTIONS

    apply = staticmethod(carry_out)

    def turn(self, state: BidState) -> int:
        """The round number: one round per auction."""
        return state.round

    def card_census(self, state: BidState) -> list[int]:
        found = [c for hand in state.hands for c in hand]
        found += [c for seat in state.sets for s in seat for c in s.cards]
        found += state.property_pile + state.draw_pile + state.discard_pile
        found += [link.card for link in state.chain]
        found += [c for bid in state.bids if bid for c in bid]
        found += [c for extra in state.raises if extra for c in extra]
        found += state.card_choice or []
        if state.auction_property is not None:
            found.append(state.auction_property)
        return found

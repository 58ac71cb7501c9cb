"""Which actions are legal now: every rule's check, written once.

Each check below returns the reason an action would break a rule (a sentence
that names the rule) or ``None`` when the rule allows it. ``legal_actions``
lists the actions whose checks pass; ``illegal.why_illegal`` reads an id and
returns the first failing check's reason. So the list of legal actions and the
explanations cannot drift apart (``monopoly_widgets.testing`` holds them to it
at every step of random games).

The listing walks the candidates the table offers (the host's sets, other
players' incomplete sets, the property cards on the table, the totals a hand of
money can make) and keeps those whose checks pass. The order of the list is
part of the game's behaviour (seeded agents pick by position), so it is fixed:
Draw 2!, Wild!s, Steal!s, ``trade``, then ``auction`` or ``end_round``.
"""

from __future__ import annotations

from collections.abc import Iterator

from monopoly_widgets.bid import card_choice, deals
from monopoly_widgets.bid.actions_cards import describe, find_in_hand
from monopoly_widgets.bid.auction import cheapest_sets, money_values
from monopoly_widgets.bid.cards import COLOURS, DRAW_TWO, NOPE, STEAL, WILD
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
    bidder,
    raiser,
)
from monopoly_widgets.bid.table import has_room, only_wilds, set_is_complete
from monopoly_widgets.bid.trading import NO_OFFER, offer_id, tradeable
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.memo import remembered

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
def action_limit_reason(state: BidState) -> str | None:
    """Option max_action_cards_per_round: after that many, the property must be auctioned."""
    limit = state.options["max_action_cards_per_round"]
    if state.action_cards_played >= limit:
        return (
            f"player {state.host} has played {limit} action cards this round, the most "
            "allowed: the property must now be auctioned (option: max_action_cards_per_round)"
        )
    return None


def host_card_reason(state: BidState, card: str) -> str | None:
    """The host may play ``card`` while the round's limit allows, if they hold one
    (``find_in_hand``: the listing plays the card it finds)."""
    reason = action_limit_reason(state)
    if reason is None and find_in_hand(state, state.host, card) is None:
        return f"player {state.host} has no {card} card in hand (rulebook: Action Cards)"
    return reason


def wild_set_reason(state: BidState, index: int) -> str | None:
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


def wild_colour_reason(colour: str) -> str | None:
    """A Wild! may start a new set of any colour ("count as any one property in any set")."""
    if colour not in COLOURS:
        return f"{colour!r} is not a colour; the colours are {list(COLOURS)}"
    return None


def steal_set_reason(state: BidState, victim: int, index: int) -> str | None:
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


def steal_reason(state: BidState, victim: int, index: int, name: str) -> str | None:
    """A Steal! names a card that lies in a set it may take from."""
    reason = steal_set_reason(state, victim, index)
    if reason is None and name not in _names_in_set(state, victim, index):
        return f"{name!r} is not in player {victim}'s set {index}"
    return reason


def _no_seat(state: BidState, seat: int) -> str:
    return f"there is no seat {seat}: the seats are 0 to {state.players - 1}"


def _names_in_set(state: BidState, seat: int, index: int) -> list[str]:
    """The card names in a set, each once (two Wild!s in one set are the same choice)."""
    deck = state.deck
    names: list[str] = []
    for card in state.sets[seat][index].cards:
        name = deck[card].name
        if name not in names:
            names.append(name)
    return names


def auction_reason(state: BidState) -> str | None:
    """Rule ("Hosting an Auction"): the host turns over the top property card."""
    if not state.property_pile:
        return "there is no property card left to auction; the host ends the round ('end_round')"
    return None


def end_round_reason(state: BidState) -> str | None:
    """ASSUMPTION (rounds.end_round_without_auction): only once every property is sold."""
    if state.property_pile:
        return "there is still a property card to auction ('auction'), so the round cannot end yet"
    return None


# --- trading (rulebook "Tips"; options trade_offers, max_trade_offers_per_round) -----
def trading_reason(state: BidState) -> str | None:
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


def swap_reason(
    state: BidState, to: int, give: str, give_colour: str, take: str, take_colour: str
) -> str | None:
    """Two property cards of different colours, in an offer not yet made this round."""
    if give_colour == take_colour:
        return "a trade swaps two properties of different colours"
    if state.offers_made and offer_id(to, give, take) in state.offers_made:
        return "that offer was already made this round: the same offer is not made twice"
    return None


def trade_reason(state: BidState) -> str | None:
    """``trade`` (start choosing an offer) needs an offer the host may make now."""
    reason = trading_reason(state)
    if reason is None and next(_offer_choices(state), None) is None:
        return "no trade can be offered now: nobody has a property card to swap for yours"
    return reason


def offer_reason(state: BidState, to: int, give: str, take: str) -> str | None:
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
    return swap_reason(state, to, give, give_colour, take, take_colour)


def _offer_choices(state: BidState) -> Iterator[tuple[int, str, str]]:
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
                if swap_reason(state, other, give, give_colour, take, take_colour) is None:
                    yield other, give, take


# --- answers, bids and raises -------------------------------------------------------
def nope_reason(state: BidState) -> str | None:
    """Rule (Nope!): only a player holding a Nope! can play one."""
    seat = state.waiting[0]
    if find_in_hand(state, seat, NOPE) is None:
        return f"player {seat} holds no Nope! card (rulebook: Nope!)"
    return None


def amount_reason(state: BidState, seat: int, total: int) -> str | None:
    """Rule ("To Auction"): a bid (or raise) is money cards adding up to the amount."""
    made = [amount for amount, _ in cheapest_sets(money_values(state, seat))]
    if total not in made:
        return (
            f"player {seat}'s money cards cannot add up to exactly ${total}M; "
            f"the totals they can make are {made} (rulebook: To Auction: bid with money cards)"
        )
    return None


def stand_reason(state: BidState, seat: int) -> str | None:
    """``raise:none``: allowed unless option tie_raise_must_add_card and money is held."""
    if state.options["tie_raise_must_add_card"] and cheapest_sets(money_values(state, seat)):
        return (
            f"player {seat} still holds money and must add at least one money card to raise "
            "(option: tie_raise_must_add_card)"
        )
    return None


# --- the list --------------------------------------------------------------------------
@remembered(8192)
def offer_action(host: int, to: int, give: str, take: str) -> Action:
    """The action for one offer, built once and then reused (actions are frozen).

    The offer step lists every pair of cards (about 90 with five players), and an
    offer depends only on who offers which card for which, so each is built the
    first time it is offered: at most 5 x 4 x 28 x 27 of them, in practice far fewer.
    """
    text = f"Offer player {to} your {give} for their {take}"
    return Action(offer_id(to, give, take), text, host, "trade", target=to)


@remembered(1024)
def amount_menu(values: tuple[int, ...], seat: int, head: str) -> tuple[Action, ...]:
    """``bid:T`` (or ``raise:T``) for every exact total these money values make.

    The same hands come back auction after auction, so each menu is built once;
    its totals are those of ``cheapest_sets``, which ``amount_reason`` checks.
    """
    menu = []
    for total, used in cheapest_sets(values):
        shown = " + ".join(f"${v}M" for v in used)
        if head == "bid":
            text = f"Seal a bid of ${total}M ({shown})"
        else:
            text = f"Raise your bid by ${total}M ({shown})"
        menu.append(Action(f"{head}:{total}", text, seat, head))
    return tuple(menu)


def legal_actions(state: BidState) -> list[Action]:
    """The current player's legal actions, in a fixed order (empty once the game is over)."""
    phase = state.phase
    if phase == PHASE_ACTIONS:
        return _host_actions(state)
    if phase == PHASE_OFFER:
        host = state.host
        offers = [offer_action(host, *choice) for choice in _offer_choices(state)]
        return [*offers, Action(NO_OFFER, "Make no offer after all", host, "trade")]
    if phase == PHASE_RESPOND:
        return _respond_actions(state)
    if phase == PHASE_TRADE:
        return _answer_actions(state)
    if phase in (PHASE_DEALS, PHASE_DRAFT, PHASE_DEAL):
        return deals.legal_actions(state)
    if phase == PHASE_BID:
        return _amount_actions(state, bidder(state), "bid")
    if phase == PHASE_RAISE:
        return _amount_actions(state, raiser(state), "raise")
    return []


def _host_actions(state: BidState) -> list[Action]:
    """Draw 2!, Wild!s, Steal!s, ``trade``, then ``auction`` (or ``end_round``)."""
    host = state.host
    actions: list[Action] = []
    may_play = action_limit_reason(state) is None
    card = find_in_hand(state, host, DRAW_TWO) if may_play else None
    if card is not None:
        actions.append(Action("draw2", "Play Draw 2!: draw two cards", host, "play", card))
    card = find_in_hand(state, host, WILD) if may_play else None
    if card is not None:
        for index, prop_set in enumerate(state.sets[host]):
            if wild_set_reason(state, index) is None:
                text = f"Play Wild! into your {prop_set.colour} set (set {index})"
                if (
                    only_wilds(state, prop_set)
                    and len(prop_set.cards) + 1 == COLOURS[prop_set.colour]
                ):
                    text += (
                        f": all Wild!s, so not complete until a {prop_set.colour} property "
                        "is laid beside them"
                    )
                actions.append(Action(f"wild:{index}", text, host, "play", card))
        for colour in COLOURS:
            text = f"Play Wild! to start a new {colour} set"
            actions.append(Action(f"wild:new:{colour}", text, host, "play", card))
    card = find_in_hand(state, host, STEAL) if may_play else None
    if card is not None:
        for victim in state.seats_from_left_of_host():
            for index, prop_set in enumerate(state.sets[victim]):
                if steal_set_reason(state, victim, index) is None:
                    for name in _names_in_set(state, victim, index):
                        text = (
                            f"Play Steal! to take {name} from player {victim}'s "
                            f"{prop_set.colour} set"
                        )
                        action_id = f"steal:{victim}:{index}:{name}"
                        actions.append(Action(action_id, text, host, "play", card, victim))
    if trade_reason(state) is None:
        actions.append(Action("trade", "Offer a trade to another player", host, "trade"))
    if auction_reason(state) is None:
        text = "Turn over the top property card and auction it"
        actions.append(Action("auction", text, host, "auction"))
    else:
        text = "No property card is left to auction: end your turn as host"
        actions.append(Action("end_round", text, host, "end_turn"))
    return actions


def _respond_actions(state: BidState) -> list[Action]:
    """The player asked may play a Nope! (if they hold one) or pass."""
    seat = state.waiting[0]
    actions = []
    card = find_in_hand(state, seat, NOPE)  # nope_reason: no card, no Nope!
    if card is not None:
        newest = state.chain[-1]
        text = f"Play Nope! to cancel player {newest.player}'s {describe(state, newest)}"
        actions.append(Action("nope", text, seat, "respond", card, newest.player))
    actions.append(Action("pass", "Pass: let it stand", seat, "respond"))
    return actions


def _answer_actions(state: BidState) -> list[Action]:
    """The player offered a trade accepts or refuses it."""
    offer = state.offer
    assert offer is not None
    text = f"player {offer.offerer}'s {offer.give} for your {offer.take}"
    return [
        Action("accept", f"Accept the trade: {text}", offer.to, "trade_answer"),
        Action("refuse", f"Refuse the trade: {text}", offer.to, "trade_answer"),
    ]


def _amount_actions(state: BidState, seat: int, head: str) -> list[Action]:
    """``bid:none`` / ``raise:none``, one choice per exact total the hand can make (in
    the fewest cards), then ``bid:choose`` (choose the cards yourself, option bid_cards);
    or, part-way through choosing, the choices for the money value asked now."""
    if card_choice.choosing(state):
        return card_choice.step_actions(state, seat, head)
    actions = []
    if head == "bid":
        actions.append(Action("bid:none", "Make no bid", seat, "bid"))
    elif stand_reason(state, seat) is None:
        actions.append(Action("raise:none", "Do not raise: stand on your bid", seat, "raise"))
    actions += amount_menu(money_values(state, seat), seat, head)
    if card_choice.may_choose(state, seat) is None:
        word = "bid" if head == "bid" else "raise"
        text = f"Choose the money cards of your {word} yourself, one value at a time"
        actions.append(Action(f"{head}:{card_choice.CHOOSE}", text, seat, head))
    return actions

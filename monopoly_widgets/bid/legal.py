"""Which actions are legal now: the actions whose checks (``checks.py``) pass.

``legal_actions`` lists the actions whose checks pass; ``illegal.why_illegal``
reads an id and returns the first failing check's reason. So the list of legal
actions and the explanations cannot drift apart (``monopoly_widgets.testing``
holds them to it at every step of random games).

The listing walks the candidates the table offers (the host's sets, other
players' incomplete sets, the property cards on the table, the totals a hand of
money can make) and keeps those whose checks pass. The order of the list is
part of the game's behaviour (seeded agents pick by position), so it is fixed:
Draw 2!, Wild!s, Steal!s, ``trade``, then ``auction`` or ``end_round``.
"""

from __future__ import annotations

from monopoly_widgets.bid import card_choice, deals
from monopoly_widgets.bid.actions_cards import describe, find_in_hand
from monopoly_widgets.bid.auction import cheapest_sets, money_values
from monopoly_widgets.bid.cards import COLOURS, DRAW_TWO, NOPE, STEAL, WILD
from monopoly_widgets.bid.checks import (
    action_limit_check,
    auction_check,
    names_in_set,
    offer_choices,
    stand_check,
    steal_set_check,
    trade_check,
    wild_set_check,
)
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
from monopoly_widgets.bid.table import only_wilds
from monopoly_widgets.bid.trading import NO_OFFER, offer_id
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.memo import remembered


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
    its totals are those of ``cheapest_sets``, which ``amount_check`` checks.
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
        offers = [offer_action(host, *choice) for choice in offer_choices(state)]
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
    may_play = action_limit_check(state) is None
    card = find_in_hand(state, host, DRAW_TWO) if may_play else None
    if card is not None:
        actions.append(Action("draw2", "Play Draw 2!: draw two cards", host, "play", card))
    card = find_in_hand(state, host, WILD) if may_play else None
    if card is not None:
        for index, prop_set in enumerate(state.sets[host]):
            if wild_set_check(state, index) is None:
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
                if steal_set_check(state, victim, index) is None:
                    for name in names_in_set(state, victim, index):
                        text = (
                            f"Play Steal! to take {name} from player {victim}'s "
                            f"{prop_set.colour} set"
                        )
                        action_id = f"steal:{victim}:{index}:{name}"
                        actions.append(Action(action_id, text, host, "play", card, victim))
    if trade_check(state) is None:
        actions.append(Action("trade", "Offer a trade to another player", host, "trade"))
    if auction_check(state) is None:
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
    card = find_in_hand(state, seat, NOPE)  # nope_check: no card, no Nope!
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
    elif stand_check(state, seat) is None:
        actions.append(Action("raise:none", "Do not raise: stand on your bid", seat, "raise"))
    actions += amount_menu(money_values(state, seat), seat, head)
    if card_choice.may_choose(state, seat) is None:
        word = "bid" if head == "bid" else "raise"
        text = f"Choose the money cards of your {word} yourself, one value at a time"
        actions.append(Action(f"{head}:{card_choice.CHOOSE}", text, seat, head))
    return actions

"""Deals between any two players, built one small decision at a time (option
``trade_offers = "anyone"``, the default).

Rulebook "Tips": "You may make deals with other players to trade properties at any time."
An engine asks one decision at a time, so "at any time" becomes a **deal window** in every
round: when the host has played their action cards and chooses ``auction`` (or
``end_round``), every player, from the host's left and the host last, is asked in turn
before the property is turned over. Everyone is asked whatever they hold, so being asked
reveals nothing.

A deal is built in small steps, so that the ids are few and fixed (one per seat, property
name or money value, never one per set of properties):

* ``deal:to:<seat>`` start a deal with that player, or ``deal:pass`` (no deal now);
* ``deal:give:<property>`` add one of your property cards to give,
  ``deal:ask:<property>`` add one of theirs to ask for, and with option ``trade_money``
  ``deal:pay:<value>`` / ``deal:want:<value>`` one money card of that value;
* ``deal:propose`` (something each way, at least one property) or ``deal:cancel``;
* the other player answers ``deal:accept`` or ``deal:refuse``.

A deal being built is the proposer's secret (``state.draft``): the others see only that
the proposer is preparing a deal, as at a table. Once proposed, it is public
(``state.deal``), and so is the answer. ASSUMPTIONS, each for a reason:

* only real property cards move ("Once you place a Wild! card in a set, you cannot move
  it");
* money only with option ``trade_money`` (default false: the line says "trade
  properties"; money cards are what players bid with, "To Auction");
* games stay finite: each player proposes at most ``max_trade_offers_per_round`` deals in a
  round (a cancelled one counts), never the same deal twice in a round.

Traded cards join their new owner's sets as won cards do (``table.place_property``); if
the deal completes sets, the proposer is checked for a win first ("How to Win").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monopoly_widgets.bid import auction, rulebook
from monopoly_widgets.bid.cards import MONEY_OPTION, PROPERTY_COLOUR, money_name
from monopoly_widgets.bid.rounds import end_round_without_auction
from monopoly_widgets.bid.state import (
    PHASE_DEAL,
    PHASE_DEALS,
    PHASE_DRAFT,
    PHASE_OVER,
    BidState,
    Deal,
)
from monopoly_widgets.bid.table import check_winner, place_property
from monopoly_widgets.bid.trading import tradeable
from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.errors import PositionError
from monopoly_widgets.core.wording import and_list

RULE = rulebook.DEALS
ANYONE = "anyone"
#: The money values a deal may hold (with option trade_money), highest first.
VALUES: tuple[int, ...] = tuple(sorted(MONEY_OPTION, reverse=True))


# --- the window ---------------------------------------------------------------------
def window_opens(state: BidState) -> bool:
    """Whether a deal is possible at all, from what everyone sees: two players with
    property cards on the table (one is enough with money in deals)."""
    if state.options["trade_offers"] != ANYONE or state.options["max_trade_offers_per_round"] < 1:
        return False
    owners = sum(1 for seat in range(state.players) if tradeable(state, seat))
    return owners >= (1 if state.options["trade_money"] else 2)


def open_window(state: BidState) -> list[Event]:
    """The host has chosen to auction: first everyone, from the host's left, may deal."""
    state.phase = PHASE_DEALS
    state.deal_queue = state.seats_from_left_of_host()
    limit = state.options["max_trade_offers_per_round"]
    most = "one deal" if limit == 1 else f"up to {limit} deals"
    return [
        Event(
            f"Before the property is turned over, each player in turn from player "
            f"{state.deal_queue[0]} may propose {most} to another player "
            "(option trade_offers = 'anyone').",
            RULE,
            state.host,
            "deal_window",
        )
    ]


def close_window(state: BidState) -> list[Event]:
    """Everyone has been asked: the host turns over the property (or ends the round)."""
    state.deal_queue = []
    if state.property_pile:
        return auction.start_auction(state)
    return end_round_without_auction(state)


def _next_seat(state: BidState) -> list[Event]:
    """The seat asked now is done: ask the next one, or close the window."""
    state.deal_queue.pop(0)
    state.phase = PHASE_DEALS
    if state.deal_queue:
        return []
    return close_window(state)


def offers_by(state: BidState, seat: int) -> int:
    """How many deals ``seat`` has proposed (or cancelled) this round."""
    return sum(1 for made in state.offers_made if made.startswith(f"deal:{seat}>"))


def deal_key(deal: Deal) -> str:
    """One deal written out, to recognise it again this round (``offers_this_round``)."""
    parts = [
        ",".join(sorted(deal.give)),
        ",".join(sorted(deal.ask)),
        ",".join(map(str, sorted(deal.pay))),
        ",".join(map(str, sorted(deal.want))),
    ]
    return f"deal:{deal.proposer}>{deal.to}:" + "|".join(parts)


# --- checks (each returns why not, or None) -----------------------------------------
def pass_check(state: BidState) -> str | None:
    return None if state.phase == PHASE_DEALS else _not_now(state, "pass")


def to_check(state: BidState, seat: int, other: int) -> str | None:
    """``deal:to:<other>``: the window asks ``seat``, who has offers left, and a deal with
    ``other`` could hold something each way."""
    if state.phase != PHASE_DEALS:
        return _not_now(state, "start a deal")
    if other >= state.players:
        return f"there is no seat {other}: the seats are 0 to {state.players - 1}"
    if other == seat:
        return "a deal is made with another player"
    limit = state.options["max_trade_offers_per_round"]
    if offers_by(state, seat) >= limit:
        return (
            f"player {seat} has proposed {limit} deal(s) this round, the most "
            "(option max_trade_offers_per_round)"
        )
    money = state.options["trade_money"]
    mine, theirs = tradeable(state, seat), tradeable(state, other)
    if not (mine or theirs) or not (mine or money) or not (theirs or money):
        return f"no deal is possible with player {other}: a deal trades property cards"
    return None


def add_check(state: BidState, what: str, item: str, names: list[str] | None = None) -> str | None:
    """``deal:give|ask:<property>`` and ``deal:pay|want:<value>`` while building a deal.

    ``names``, for give and ask: the property cards the owner has on the table, when
    the caller has listed them already. The legal actions check every such card, and
    listing the table again for each one made a random bot's Bid game spend a fifth
    of its time here.
    """
    draft = state.draft
    if state.phase != PHASE_DRAFT or draft is None:
        return _not_now(state, f"add to a deal ('deal:{what}:...')")
    if what in ("give", "ask"):
        owner = draft.proposer if what == "give" else draft.to
        if names is None:
            names = [name for name, _ in tradeable(state, owner)]
        if item not in names:
            return (
                f"{item!r} is not a property card player {owner} has on the table "
                "(Wild! cards never move)"
            )
        if item in (draft.give if what == "give" else draft.ask):
            return f"{item} is in the deal already"
        return None
    if not state.options["trade_money"]:
        return "money is not part of a deal (option trade_money = false: 'trade properties')"
    if not item.isdigit() or int(item) not in VALUES:
        return f"write a money value 1 to 5: 'deal:{what}:<value>'"
    value = int(item)
    if what == "pay":
        held = _money_of(state, draft.proposer, value)
        if draft.pay.count(value) >= len(held):
            return f"player {draft.proposer} has no more {money_name(value)} cards to pay"
        return None
    if draft.want.count(value) >= state.options[MONEY_OPTION[value]]:
        return f"the deck has no more {money_name(value)} cards to ask for"
    return None


def propose_check(state: BidState) -> str | None:
    """Something each way, at least one property card, and not proposed before this round."""
    draft = state.draft
    if state.phase != PHASE_DRAFT or draft is None:
        return _not_now(state, "propose a deal")
    if not (draft.give or draft.pay) or not (draft.ask or draft.want):
        return "a deal gives something and asks for something: add to both sides first"
    if not (draft.give or draft.ask):
        return "a deal trades property cards: add at least one property"
    if deal_key(draft) in state.offers_made:
        return "that deal was already proposed this round: the same deal is not made twice"
    return None


def cancel_check(state: BidState) -> str | None:
    return None if state.phase == PHASE_DRAFT else _not_now(state, "cancel a deal")


def accept_check(state: BidState) -> str | None:
    """The answerer can only accept if they hold the money asked for."""
    deal = state.deal
    if state.phase != PHASE_DEAL or deal is None:
        return _not_now(state, "answer a deal")
    for value in set(deal.want):
        if len(_money_of(state, deal.to, value)) < deal.want.count(value):
            return f"player {deal.to} does not hold the {money_name(value)} cards asked for"
    return None


def refuse_check(state: BidState) -> str | None:
    return None if state.phase == PHASE_DEAL else _not_now(state, "answer a deal")


def _not_now(state: BidState, what: str) -> str:
    from monopoly_widgets.bid.checks import PHASE_WORDS

    return (
        f"you cannot {what} now: {PHASE_WORDS[state.phase]} (deals are made in the deal window "
        "before the property is turned over; option trade_offers = 'anyone')"
    )


def _money_of(state: BidState, seat: int, value: int) -> list[int]:
    deck = state.deck
    return [c for c in state.hands[seat] if deck[c].kind == "money" and deck[c].value == value]


# --- the legal actions --------------------------------------------------------------
def legal_actions(state: BidState) -> list[Action]:
    """The choices in the deal window, while building a deal, and answering one."""
    if state.phase == PHASE_DEALS:
        seat = state.deal_queue[0]
        actions = []
        for other in state.seats_from_left_of_host():
            if to_check(state, seat, other) is None:
                text = f"Start a deal with player {other}"
                actions.append(Action(f"deal:to:{other}", text, seat, "deal", target=other))
        actions.append(Action("deal:pass", "Propose no deal now", seat, "deal"))
        return actions
    if state.phase == PHASE_DRAFT:
        return _draft_actions(state)
    deal = state.deal
    assert deal is not None
    text = describe(deal)
    actions = []
    if accept_check(state) is None:
        actions.append(Action("deal:accept", f"Accept: {text}", deal.to, "deal_answer"))
    actions.append(Action("deal:refuse", f"Refuse: {text}", deal.to, "deal_answer"))
    return actions


def _draft_actions(state: BidState) -> list[Action]:
    draft = state.draft
    assert draft is not None
    me, other = draft.proposer, draft.to
    actions = []
    mine = [name for name, _ in tradeable(state, me)]
    theirs = [name for name, _ in tradeable(state, other)]
    for name in mine:
        if add_check(state, "give", name, mine) is None:
            text = f"Offer your {name}"
            actions.append(Action(f"deal:give:{name}", text, me, "deal", target=other))
    for name in theirs:
        if add_check(state, "ask", name, theirs) is None:
            text = f"Ask for player {other}'s {name}"
            actions.append(Action(f"deal:ask:{name}", text, me, "deal", target=other))
    if state.options["trade_money"]:
        for value in VALUES:
            if add_check(state, "pay", str(value)) is None:
                text = f"Offer one of your {money_name(value)} cards"
                actions.append(Action(f"deal:pay:{value}", text, me, "deal", target=other))
        for value in VALUES:
            if add_check(state, "want", str(value)) is None:
                text = f"Ask player {other} for a {money_name(value)} card"
                actions.append(Action(f"deal:want:{value}", text, me, "deal", target=other))
    if propose_check(state) is None:
        actions.append(
            Action("deal:propose", f"Propose: {describe(draft)}", me, "deal", None, other)
        )
    actions.append(Action("deal:cancel", "Drop this deal (it counts as one)", me, "deal"))
    return actions


def describe(deal: Deal) -> str:
    """ "player 0 gives Boardwalk and $2M for player 1's Park Place" """
    gives = [*deal.give, *(money_name(v) for v in deal.pay)]
    asks = [*deal.ask, *(money_name(v) for v in deal.want)]
    return (
        f"player {deal.proposer} gives {and_list(gives) or 'nothing'} for player "
        f"{deal.to}'s {and_list(asks) or 'nothing'}"
    )


# --- applying -----------------------------------------------------------------------
def apply(state: BidState, seat: int, rest: str) -> list[Event]:
    """Carry out ``deal:<rest>`` for ``seat`` (already checked legal)."""
    step, _, item = rest.partition(":")
    if step == "pass":
        event = Event(f"Player {seat} proposes no deal.", RULE, seat, "deal_pass")
        return [event, *_next_seat(state)]
    if step == "to":
        state.draft = Deal(seat, int(item))
        state.phase = PHASE_DRAFT
        return []  # a deal being built is the proposer's secret
    draft = state.draft
    if step in ("give", "ask", "pay", "want"):
        assert draft is not None
        if step in ("give", "ask"):
            (draft.give if step == "give" else draft.ask).append(item)
        else:
            (draft.pay if step == "pay" else draft.want).append(int(item))
        return []
    if step == "cancel":
        assert draft is not None
        state.offers_made.append(deal_key(draft))
        state.draft = None
        event = Event(f"Player {seat} proposes no deal after all.", RULE, seat, "deal_cancel")
        return [event, *_after_offer(state, seat)]
    if step == "propose":
        assert draft is not None
        state.offers_made.append(deal_key(draft))
        state.deal, state.draft = draft, None
        state.phase = PHASE_DEAL
        text = f"Player {seat} proposes a deal: {describe(draft)}."
        return [Event(text, RULE, seat, "deal_offer", deal_facts(draft))]
    return _answer(state, step == "accept")


def deal_facts(deal: Deal) -> dict[str, Any]:
    """A deal as plain data: for its events, and for the observation's ``deal`` (public
    once proposed) and ``draft`` (its proposer's only)."""
    return {
        "from": deal.proposer,
        "to": deal.to,
        "give": list(deal.give),
        "ask": list(deal.ask),
        "pay": list(deal.pay),
        "want": list(deal.want),
    }


def _after_offer(state: BidState, seat: int) -> list[Event]:
    """The proposer may propose again while the bound allows; else the next seat."""
    state.phase = PHASE_DEALS
    if offers_by(state, seat) >= state.options["max_trade_offers_per_round"]:
        return _next_seat(state)
    return []


def _answer(state: BidState, accepted: bool) -> list[Event]:
    deal = state.deal
    assert deal is not None
    state.deal = None
    if not accepted:
        text = f"Player {deal.to} refuses the deal: {describe(deal)}."
        return [Event(text, RULE, deal.to, "deal_refused"), *_after_offer(state, deal.proposer)]
    for name in deal.give:
        _move_property(state, deal.proposer, deal.to, name)
    for name in deal.ask:
        _move_property(state, deal.to, deal.proposer, name)
    for value in deal.pay:
        _move_money(state, deal.proposer, deal.to, value)
    for value in deal.want:
        _move_money(state, deal.to, deal.proposer, value)
    text = f"Player {deal.to} accepts the deal: {describe(deal)}."
    events = [Event(text, RULE, deal.to, "deal", deal_facts(deal))]
    events += check_winner(state, deal.proposer)
    if state.phase != PHASE_OVER:
        events += check_winner(state, deal.to)
    if state.phase == PHASE_OVER:
        state.deal_queue = []
        return events
    return events + _after_offer(state, deal.proposer)


def _move_property(state: BidState, giver: int, receiver: int, name: str) -> None:
    for index, prop_set in enumerate(state.sets[giver]):
        for card in prop_set.cards:
            if state.deck[card].name == name:
                prop_set.cards.remove(card)
                if not prop_set.cards:
                    del state.sets[giver][index]
                place_property(state, receiver, card, PROPERTY_COLOUR[name])
                return
    raise AssertionError(f"player {giver} has no {name} on the table")


def _move_money(state: BidState, giver: int, receiver: int, value: int) -> None:
    card = _money_of(state, giver, value)[0]
    state.hands[giver].remove(card)
    state.hands[receiver].append(card)


def money_shown(state: BidState) -> list[int]:
    """The money cards a proposed deal offers (``pay``): shown to everyone with the deal,
    so a searching agent's sampled worlds keep them in the proposer's hand."""
    deal = state.deal
    if deal is None:
        return []
    shown: list[int] = []
    for value in set(deal.pay):
        shown += _money_of(state, deal.proposer, value)[: deal.pay.count(value)]
    return shown


# --- positions ------------------------------------------------------------------------
def _deal_dict(deal: Deal | None) -> dict[str, Any] | None:
    if deal is None:
        return None
    facts = deal_facts(deal)
    return facts


def position_fields(state: BidState) -> dict[str, Any]:
    """The position's ``deal_queue``, ``draft`` and ``deal`` fields."""
    return {
        "deal_queue": list(state.deal_queue),
        "draft": _deal_dict(state.draft),
        "deal": _deal_dict(state.deal),
    }


def read_position_fields(state: BidState, position: Mapping[str, Any]) -> None:
    """Read ``deal_queue``, ``draft`` and ``deal``; :class:`PositionError` names the field."""
    queue = position.get("deal_queue", [])
    order = state.seats_from_left_of_host()
    if not isinstance(queue, list) or queue != order[len(order) - len(queue) :]:
        raise PositionError(
            "deal_queue", f"must be the seats still to be asked, the end of {order}"
        )
    state.deal_queue = list(queue)
    in_window = state.phase in (PHASE_DEALS, PHASE_DRAFT, PHASE_DEAL)
    if in_window != bool(queue):
        raise PositionError("deal_queue", "is needed in phases 'deals', 'draft', 'deal' only")
    if in_window and state.options["trade_offers"] != ANYONE:
        raise PositionError("phase", "the deal window needs option trade_offers = 'anyone'")
    for name, phase in (("draft", PHASE_DRAFT), ("deal", PHASE_DEAL)):
        value = position.get(name)
        if (state.phase == phase) != (value is not None):
            raise PositionError(name, f"is needed in phase {phase!r} and only there")
        if value is not None:
            setattr(state, name, _read_deal(state, value, name))


def _read_deal(state: BidState, value: Any, field: str) -> Deal:
    keys = {"from", "to", "give", "ask", "pay", "want"}
    if not isinstance(value, Mapping) or set(value) != keys:
        raise PositionError(field, f"must be a dict with the keys {sorted(keys)}")
    proposer, to = value["from"], value["to"]
    if proposer != state.deal_queue[0]:
        raise PositionError(f"{field}.from", f"must be the seat asked now ({state.deal_queue[0]})")
    if (
        not isinstance(to, int)
        or isinstance(to, bool)
        or to == proposer
        or not (0 <= to < state.players)
    ):
        raise PositionError(f"{field}.to", "must be another player's seat")
    deal = Deal(proposer, to)
    state.draft, saved = deal, state.phase
    state.phase = PHASE_DRAFT  # the same checks as the steps that build a deal
    try:
        for what in ("give", "ask", "pay", "want"):
            items = value[what]
            if not isinstance(items, list):
                raise PositionError(f"{field}.{what}", "must be a list")
            for item in items:
                reason = add_check(state, what, str(item))
                if reason is not None:
                    raise PositionError(f"{field}.{what}", reason)
                if what in ("give", "ask"):
                    getattr(deal, what).append(item)
                else:
                    getattr(deal, what).append(int(item))
    finally:
        state.phase = saved
        state.draft = None
    return deal

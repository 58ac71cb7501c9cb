"""Why an action id is not legal now, in plain words with the rule; ``None`` if it is legal.

The id is read part by part, and each part goes through the same checks
(``checks.py``) that list the legal actions: the phase first, then the rule
checks in order, and the first one that fails gives the reason. An id the
checks all pass is legal, so the answer is ``None``; an id that is not written
the way the engine writes it gets a reason that shows how to write it.
"""

from __future__ import annotations

from monopoly_widgets.bid import card_choice, checks, deals
from monopoly_widgets.bid.cards import DRAW_TWO, STEAL, WILD
from monopoly_widgets.bid.state import (
    PHASE_ACTIONS,
    PHASE_BID,
    PHASE_OFFER,
    PHASE_RAISE,
    PHASE_RESPOND,
    PHASE_TRADE,
    BidState,
    current_player,
)
from monopoly_widgets.bid.trading import NO_OFFER

EXAMPLES = (
    "Actions look like 'auction', 'draw2', 'wild:0', 'wild:new:Red', 'steal:1:0:Boardwalk', "
    "'nope', 'pass', 'bid:7', 'bid:none', 'bid:choose', 'bid:5x1', 'raise:2', 'raise:none', "
    "'trade', "
    "'offer:1:Boardwalk:Park Place', 'offer:none', 'accept', 'refuse', 'deal:to:1', "
    "'deal:give:Boardwalk', 'deal:ask:Park Place', 'deal:propose', 'deal:accept'"
)
HOST_CARDS = {"draw2": DRAW_TWO, "wild": WILD, "steal": STEAL}


def why_illegal(state: BidState, action_id: str) -> str | None:
    """The first rule ``action_id`` breaks now, or ``None`` if it is legal."""
    head, _, rest = action_id.partition(":")
    if head in ("auction", "end_round", "draw2", "wild", "steal"):
        return _host_reason(state, action_id, head, rest)
    if head in ("trade", "offer"):
        return _trade_reason(state, action_id, head, rest)
    if head == "deal":
        return _deal_reason(state, rest)
    if head in ("nope", "pass", "accept", "refuse"):
        return _answer_reason(state, action_id, head, rest)
    if head in ("bid", "raise"):
        return _amount_reason(state, action_id, head, rest)
    return f"{action_id!r} is not an action of Monopoly Bid; {_now(state)}. {EXAMPLES}"


def _now(state: BidState) -> str:
    return f"now {checks.PHASE_WORDS[state.phase]}"


def _number(text: str) -> int | None:
    """A seat, set number or amount written as the engine writes it ("7", not "07" or "+7")."""
    if text.isascii() and text.isdigit() and str(int(text)) == text:
        return int(text)
    return None


def _bare(action_id: str, head: str, rest: str) -> str | None:
    """Actions without parts ('auction', 'pass', ...) take nothing after their name."""
    if rest or action_id != head:
        return f"write {head!r} on its own, not {action_id!r}"
    return None


def _host_reason(state: BidState, action_id: str, head: str, rest: str) -> str | None:
    """The host's choices before the auction (rulebook "Hosting an Auction", "Action Cards")."""
    if state.phase != PHASE_ACTIONS:
        return (
            f"{action_id!r} is for the host before the auction, but {_now(state)} "
            "(rulebook: Hosting an Auction)"
        )
    if head == "auction":
        return _bare(action_id, head, rest) or checks.auction_check(state)
    if head == "end_round":
        return _bare(action_id, head, rest) or checks.end_round_check(state)
    reason = checks.host_card_check(state, HOST_CARDS[head])
    if reason is not None:
        return reason
    if head == "draw2":
        return _bare(action_id, head, rest)
    if head == "wild":
        return _wild_reason(state, rest)
    return _steal_reason(state, rest)


def _wild_reason(state: BidState, rest: str) -> str | None:
    """``wild:<set number>`` or ``wild:new:<colour>``."""
    kind, _, colour = rest.partition(":")
    if kind == "new" and colour:
        return checks.wild_colour_check(colour)
    index = _number(rest)
    if index is None:
        return "write a Wild! play as 'wild:<your set number>' or 'wild:new:<Colour>'"
    return checks.wild_set_check(state, index)


def _steal_reason(state: BidState, rest: str) -> str | None:
    """``steal:<seat>:<set number>:<card name>``."""
    parts = rest.split(":", 2)
    victim = _number(parts[0])
    index = _number(parts[1]) if len(parts) == 3 else None
    if victim is None or index is None:
        return "write a Steal! as 'steal:<seat>:<set number>:<card name>'"
    return checks.steal_check(state, victim, index, parts[2])


def _trade_reason(state: BidState, action_id: str, head: str, rest: str) -> str | None:
    """Starting an offer, and the offer itself (rulebook "Tips"; option trade_offers)."""
    if state.options["trade_offers"] != "host":
        return checks.trading_check(state)
    if state.phase not in (PHASE_ACTIONS, PHASE_OFFER):
        return (
            f"the host offers trades before turning over the property, but {_now(state)} "
            "(option trade_offers = 'host')"
        )
    if head == "trade":
        if state.phase != PHASE_ACTIONS:
            return f"'trade' starts an offer, but {_now(state)}: choose the offer"
        return _bare(action_id, head, rest) or checks.trade_check(state)
    if state.phase == PHASE_ACTIONS:
        return checks.trade_check(state) or "first choose 'trade' (offer a trade), then the offer"
    if action_id == NO_OFFER:
        return None
    parts = rest.split(":", 2)
    to = _number(parts[0])
    if to is None or len(parts) != 3:
        return "write an offer as 'offer:<seat>:<your property>:<their property>'"
    return checks.offer_check(state, to, parts[1], parts[2])


def _deal_reason(state: BidState, rest: str) -> str | None:
    """``deal:...``: the deal window, building a deal, answering one (``bid/deals.py``)."""
    if state.options["trade_offers"] != deals.ANYONE:
        return (
            f"deals are made with option trade_offers = 'anyone', not "
            f"{state.options['trade_offers']!r}"
        )
    step, _, item = rest.partition(":")
    seat = current_player(state)
    if step in ("pass", "propose", "cancel", "accept", "refuse"):
        if item:
            return f"write 'deal:{step}' on its own"
        reason = {
            "pass": deals.pass_check,
            "propose": deals.propose_check,
            "cancel": deals.cancel_check,
            "accept": deals.accept_check,
            "refuse": deals.refuse_check,
        }[step](state)
        return reason
    if step == "to":
        other = _number(item)
        if other is None or seat is None:
            return "write 'deal:to:<seat>'"
        return deals.to_check(state, seat, other)
    if step in ("give", "ask", "pay", "want"):
        return deals.add_check(state, step, item)
    return (
        "a deal step is 'deal:to:<seat>', 'deal:give:<property>', 'deal:ask:<property>', "
        "'deal:pay:<value>', 'deal:want:<value>', 'deal:propose', 'deal:cancel', "
        "'deal:pass', 'deal:accept' or 'deal:refuse'"
    )


def _answer_reason(state: BidState, action_id: str, head: str, rest: str) -> str | None:
    """Nope! or pass to an action card; accept or refuse a trade offer."""
    if head in ("accept", "refuse"):
        if state.phase != PHASE_TRADE:
            return (
                f"{action_id!r} answers a trade offer, but {_now(state)} (rulebook: Tips, trading)"
            )
        return _bare(action_id, head, rest)
    if state.phase != PHASE_RESPOND:
        return (
            f"{action_id!r} answers a played action card, but {_now(state)}; Nope! can only "
            "cancel an action card (rulebook: Nope!)"
        )
    reason = _bare(action_id, head, rest)
    if reason is None and head == "nope":
        return checks.nope_check(state)
    return reason


def _amount_reason(state: BidState, action_id: str, head: str, rest: str) -> str | None:
    """``bid:<total>`` / ``bid:none`` and ``raise:<total>`` / ``raise:none`` ("To Auction")."""
    wanted = PHASE_BID if head == "bid" else PHASE_RAISE
    if state.phase != wanted:
        return (
            f"{action_id!r} is only possible while {checks.PHASE_WORDS[wanted]}; {_now(state)} "
            "(rulebook: To Auction)"
        )
    seat = current_player(state)
    assert seat is not None
    step = card_choice.read_step(rest)
    if step is not None:
        return card_choice.step_check(state, seat, head, *step)
    if card_choice.choosing(state):
        value = state.card_choice_value
        return (
            f"player {seat} is choosing the cards one value at a time: write "
            f"'{head}:{value}x<count>' (how many ${value}M cards to add)"
        )
    if rest == card_choice.CHOOSE:
        return card_choice.may_choose(state, seat)
    if rest == "none":
        return checks.stand_check(state, seat) if head == "raise" else None
    total = _number(rest)
    if total is None:
        return (
            f"write a {head} as '{head}:<total in $M>', '{head}:none' or '{head}:choose', "
            f"not {action_id!r}"
        )
    return checks.amount_check(state, seat, total)

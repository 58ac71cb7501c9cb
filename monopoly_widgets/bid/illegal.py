"""Why an action id is not legal now, in plain words with the rule.

``Game.apply`` only calls this after the id was not found among the legal
actions, so the job here is to explain, not to decide.
"""

from __future__ import annotations

from monopoly_widgets.bid import auction
from monopoly_widgets.bid.actions_cards import find_in_hand, steal_targets
from monopoly_widgets.bid.cards import COLOURS, DRAW_TWO, STEAL, WILD
from monopoly_widgets.bid.observation import current_player
from monopoly_widgets.bid.state import BidState
from monopoly_widgets.bid.table import has_room, set_is_complete
from monopoly_widgets.bid.trading import tradeable

PHASE_WORDS = {
    "actions": "the host is playing action cards",
    "respond": "players are answering an action card (Nope! or pass)",
    "offer": "the host is choosing a trade offer",
    "trade": "a player is answering a trade offer",
    "bid": "players are sealing their bids",
    "raise": "tied players are choosing raises",
    "over": "the game is over",
}


def explain(state: BidState, action_id: str) -> str:
    """A reason for a rejected ``action_id``."""
    seat = current_player(state)
    now = f"now {PHASE_WORDS[state.phase]}"
    head = action_id.split(":", 1)[0]
    if head in ("auction", "end_round", "draw2", "wild", "steal"):
        if state.phase != "actions":
            return (
                f"{action_id!r} is for the host before the auction, but {now} "
                "(rulebook: Hosting an Auction)"
            )
        return _host_reason(state, action_id, head)
    if head in ("nope", "pass"):
        if state.phase != "respond":
            return (
                f"{action_id!r} answers a played action card, but {now}; Nope! can only cancel "
                "an action card (rulebook: Nope!)"
            )
        return f"player {seat} holds no Nope! card (rulebook: Nope!)"
    if head in ("trade", "offer", "accept", "refuse"):
        return _trade_reason(state, action_id, head, now)
    if head in ("bid", "raise"):
        wanted = "bid" if head == "bid" else "raise"
        if state.phase != wanted:
            return (
                f"{action_id!r} is only possible while {PHASE_WORDS[wanted]}; {now} "
                "(rulebook: To Auction)"
            )
        return _amount_reason(state, action_id, seat, head)
    return (
        f"{action_id!r} is not an action of Monopoly Bid; {now}. Actions look like 'auction', "
        "'draw2', 'wild:0', 'wild:new:Red', 'steal:1:0:Boardwalk', 'nope', 'pass', 'bid:7', "
        "'bid:none', 'raise:2', 'raise:none', 'offer:1:Boardwalk:Park Place', 'accept', "
        "'refuse'"
    )


def _trade_reason(state: BidState, action_id: str, head: str, now: str) -> str:
    """Why a trade offer or answer is not legal now (rulebook Tips; option trade_offers)."""
    if head in ("accept", "refuse"):
        return f"{action_id!r} answers a trade offer, but {now} (rulebook: Tips, trading)"
    if state.options["trade_offers"] == "none":
        return "trading is switched off (option trade_offers = 'none')"
    limit = state.options["max_trade_offers_per_round"]
    if state.phase not in ("actions", "offer"):
        return (
            f"the host offers trades before turning over the property, but {now} "
            "(option trade_offers = 'host')"
        )
    if len(state.offers_made) >= limit:
        return f"the host has made {limit} offers this round (option max_trade_offers_per_round)"
    if head == "trade":
        return "no trade can be offered now: nobody has a property card to swap for yours"
    if state.phase == "actions":
        return "first choose 'trade' (offer a trade), then the offer"
    if action_id in state.offers_made:
        return "that offer was already made this round: the same offer is not made twice"
    parts = action_id.split(":", 3)
    if len(parts) != 4 or not parts[1].isdigit():
        return "write an offer as 'offer:<seat>:<your property>:<their property>'"
    other, give, take = int(parts[1]), parts[2], parts[3]
    if other == state.host or other >= state.players:
        return f"an offer goes to another player, not seat {other}"
    if give not in [name for name, _ in tradeable(state, state.host)]:
        return f"{give!r} is not a property card you have on the table (Wild! cards never move)"
    if take not in [name for name, _ in tradeable(state, other)]:
        return f"{take!r} is not a property card player {other} has on the table"
    return "a trade swaps two properties of different colours"


def _host_reason(state: BidState, action_id: str, head: str) -> str:
    host = state.host
    limit = state.options["max_action_cards_per_round"]
    if head != "auction" and state.action_cards_played >= limit:
        return (
            f"player {host} has played {limit} action cards this round, the most allowed: the "
            "property must now be auctioned (option: max_action_cards_per_round)"
        )
    card = {"draw2": DRAW_TWO, "wild": WILD, "steal": STEAL}.get(head)
    if card is not None and find_in_hand(state, host, card) is None:
        return f"player {host} has no {card} card in hand (rulebook: Action Cards)"
    parts = action_id.split(":")
    if head == "wild":
        if len(parts) == 3 and parts[1] == "new":
            return f"{parts[2]!r} is not a colour; the colours are {list(COLOURS)}"
        if len(parts) == 2 and parts[1].isdigit():
            index = int(parts[1])
            if index >= len(state.sets[host]):
                return f"player {host} has no set number {index}"
            if not has_room(state.sets[host][index]):
                return (
                    f"set {index} already holds all its cards; a Wild! counts as one property "
                    "of a set that still needs one (rulebook: Wild!)"
                )
        return "write a Wild! play as 'wild:<your set number>' or 'wild:new:<Colour>'"
    if head == "steal":
        if len(parts) == 4 and parts[1].isdigit() and parts[2].isdigit():
            victim, index, name = int(parts[1]), int(parts[2]), parts[3]
            if victim == host or victim >= state.players:
                return f"Steal! takes from another player, not seat {victim} (rulebook: Steal!)"
            if index >= len(state.sets[victim]):
                return f"player {victim} has no set number {index}"
            target = state.sets[victim][index]
            if set_is_complete(state, target):
                return (
                    f"player {victim}'s {target.colour} set is complete: Steal! may not take a "
                    "property that is part of a complete set (rulebook: Steal!)"
                )
            if (victim, index, name) not in steal_targets(state, host):
                return f"{name!r} is not in player {victim}'s set {index}"
        return "write a Steal! as 'steal:<seat>:<set number>:<card name>'"
    if head == "auction":
        return "there is no property card left to auction; the host ends the round ('end_round')"
    if head == "end_round":
        return "there is still a property card to auction ('auction'), so the round cannot end yet"
    return f"{action_id!r} is not possible now"


def _amount_reason(state: BidState, action_id: str, seat: int | None, head: str) -> str:
    assert seat is not None
    amount = action_id.split(":", 1)[1] if ":" in action_id else ""
    if head == "raise" and amount == "none":
        return (
            f"player {seat} still holds money and must add at least one money card to raise "
            "(option: tie_raise_must_add_card)"
        )
    if not amount.isdigit():
        return f"write a {head} as '{head}:<total in $M>' or '{head}:none', not {action_id!r}"
    made = [total for total, _ in auction.cheapest_sets(auction.money_values(state, seat))]
    return (
        f"player {seat}'s money cards cannot add up to exactly ${int(amount)}M; "
        f"the totals they can make are {made} (rulebook: To Auction: bid with money cards)"
    )

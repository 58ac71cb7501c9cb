"""The rhythm of rounds: everyone draws, the host acts and auctions, the host passes left.

Rules: "Hosting an Auction" (all players draw one card at the start of each
round), "To Auction" (then the player to the left hosts). Setting up the first
round is in ``setup.py``.
"""

from __future__ import annotations

from monopoly_widgets.bid import rulebook
from monopoly_widgets.bid.state import PHASE_ACTIONS, PHASE_OVER, BidState
from monopoly_widgets.bid.table import draw_cards, end_as_draw
from monopoly_widgets.core.actions import Event


def start_round(state: BidState, why: str = "", rule: str = rulebook.HOSTING) -> list[Event]:
    """Rule ("Hosting an Auction"): "All players draw one card", the host first, then left."""
    state.phase = PHASE_ACTIONS
    state.action_cards_played = 0
    state.offers_made = []
    events = [
        Event(
            f"Round {state.round}: player {state.host} hosts the auction{why}.",
            rule,
            state.host,
            "round",
            {"round": state.round},
        )
    ]
    for k in range(state.players):
        seat = (state.host + k) % state.players
        events += draw_cards(state, seat, 1, rulebook.HOSTING, "everyone draws one card")
    return events


def next_round(state: BidState) -> list[Event]:
    """After the auction the player to the host's left hosts, unless the game must end.

    The game ends as a draw when the ``max_rounds`` option is reached. Rounds go on
    when the property pile is empty (the rulebook ends the game only with a winner;
    Wild! and Steal! can still complete sets), see :func:`end_round_without_auction`.
    """
    if state.phase == PHASE_OVER:
        return []
    state.host = (state.host + 1) % state.players
    state.round += 1
    if state.round > state.options["max_rounds"]:
        return end_as_draw(
            state,
            f"{state.options['max_rounds']} rounds have been played (the max_rounds limit)",
            rulebook.MAX_ROUNDS,
        )
    return start_round(state, " (the player to the left of the last host)", rulebook.NEXT_HOST)


def end_round_without_auction(state: BidState) -> list[Event]:
    """ASSUMPTION (the rulebook is silent): once every property card is sold, a host still
    draws and may play action cards, then ends the round with no auction.
    """
    event = Event(
        f"No property card is left to auction, so player {state.host}'s round ends without one.",
        rulebook.HOSTING,
        state.host,
        "no_auction",
    )
    return [event, *next_round(state)]

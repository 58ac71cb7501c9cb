"""Setting up and the rhythm of rounds: deal, mulligan, draw, host passes left.

Rules: "Set It Up" (deal five each; a hand with no money is replaced),
"Hosting an Auction" (all players draw one card at the start of each round),
"To Auction" (then the player to the left hosts).
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.bid import rulebook
from monopoly_widgets.bid.cards import build_deck
from monopoly_widgets.bid.state import PHASE_ACTIONS, PHASE_OVER, BidState
from monopoly_widgets.bid.table import draw_cards, end_as_draw
from monopoly_widgets.core.actions import Event
from monopoly_widgets.core.rng import make_rng

HAND_SIZE = 5


def deal_new_game(players: int, seed: int, options: dict[str, Any]) -> BidState:
    """Shuffle both piles, deal five cards each, mulligan, and start round 1.

    Seat 0 hosts first. ASSUMPTION: the rulebook says "the youngest player hosts
    the first auction"; seats are numbered so that seat 0 is the youngest.
    """
    deck = build_deck(options)
    properties = [i for i, spec in enumerate(deck) if spec.kind == "property"]
    others = [i for i, spec in enumerate(deck) if spec.kind != "property"]
    make_rng(seed, "properties").shuffle(properties)
    make_rng(seed, "deck").shuffle(others)
    state = BidState(
        deck=deck,
        options=options,
        seed=seed,
        players=players,
        hands=[[] for _ in range(players)],
        sets=[[] for _ in range(players)],
        property_pile=properties,
        draw_pile=others,
        discard_pile=[],
    )
    events = [
        Event(
            f"The 28 property cards are shuffled into their own pile; the {len(others)} money "
            f"and action cards are shuffled into the draw pile; each player is dealt "
            f"{HAND_SIZE} cards.",
            rulebook.SET_UP,
        )
    ]
    for seat in range(players):
        for _ in range(HAND_SIZE):
            if state.draw_pile:
                state.hands[seat].append(state.draw_pile.pop(0))
    if options["mulligan"]:
        for seat in range(players):
            events += mulligan(state, seat)
    events += start_round(state)
    state.setup_log = tuple(events)
    return state


def mulligan(state: BidState, seat: int) -> list[Event]:
    """Rule ("Set It Up", Note): "If you didn't get any money cards, discard your hand and
    draw five new cards!" Once by default; option ``max_mulligans`` allows more (a house
    rule), as long as some money card is left to find in the draw or discard pile.
    """
    events: list[Event] = []
    deck = state.deck
    for count in range(state.options["max_mulligans"]):
        rule = rulebook.MULLIGAN if count == 0 else rulebook.option("max_mulligans")
        if any(deck[c].kind == "money" for c in state.hands[seat]):
            break
        if not any(deck[c].kind == "money" for c in state.draw_pile + state.discard_pile):
            break
        state.discard_pile.extend(state.hands[seat])
        state.hands[seat] = []
        events.append(
            Event(
                f"Player {seat} has no money cards, so discards their hand and draws five new "
                "cards.",
                rule,
                seat,
                "mulligan",
            )
        )
        events += draw_cards(state, seat, HAND_SIZE, rule, "a new hand")
    return events


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
            rulebook.option("max_rounds"),
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

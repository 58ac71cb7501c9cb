"""Setting up a game of Monopoly Bid: shuffle, deal five cards each, mulligans, round 1.

Rule "Set It Up": the property cards are shuffled into their own pile, the money
and action cards into the draw pile, and each player is dealt five cards; a hand
with no money card is replaced ("Note"). The first round then starts as every
round does (``rounds.start_round``).
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.bid import rulebook
from monopoly_widgets.bid.cards import build_deck
from monopoly_widgets.bid.options import check_option_values
from monopoly_widgets.bid.rounds import start_round
from monopoly_widgets.bid.state import BidState
from monopoly_widgets.bid.table import draw_cards
from monopoly_widgets.core.actions import Event
from monopoly_widgets.core.rng import make_rng

HAND_SIZE = 5


def new_state(players: int, seed: int, options: dict[str, Any]) -> BidState:
    """Shuffle both piles, deal five cards each, mulligan, and start round 1.

    Seat 0 hosts first. ASSUMPTION: the rulebook says "the youngest player hosts
    the first auction"; seats are numbered so that seat 0 is the youngest.
    """
    check_option_values(options)
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
        rule = rulebook.MULLIGAN if count == 0 else rulebook.MAX_MULLIGANS
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


def setup_events(state: BidState) -> list[Event]:
    """The deal and the mulligans, as they were told when the game was set up."""
    return list(state.setup_log)

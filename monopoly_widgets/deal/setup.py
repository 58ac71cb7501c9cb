"""Setting up a game of Monopoly Deal: shuffle, deal 5 each, draw for the first turn.

Rulebook, Set It Up: "Shuffle the cards and deal 5 to each player"; the leaflet
(6 OR MORE PLAYERS): two packs shuffled together. The shuffle is seeded by
``make_rng(seed, "deal")``, so a seed always deals the same game.
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.core.actions import Event
from monopoly_widgets.core.rng import make_rng, shuffle
from monopoly_widgets.deal.cards import PACK_SIZE, packs_for
from monopoly_widgets.deal.rulebook import RULE_SET_UP, RULE_TURN
from monopoly_widgets.deal.state import DealState
from monopoly_widgets.deal.turns import start_turn

STARTING_HAND = 5  # rulebook, Set It Up: "deal 5 to each player"


def new_state(players: int, seed: int, options: dict[str, Any]) -> DealState:
    """Shuffle (two packs for 6+ players), deal 5 each, and draw for player 0's first turn."""
    packs = packs_for(players)
    deck = list(range(PACK_SIZE * packs))
    shuffle(make_rng(seed, "deal"), deck)
    state = DealState(
        players=players,
        seed=seed,
        options=options,
        packs=packs,
        hands=[[] for _ in range(players)],
        banks=[[] for _ in range(players)],
        tables=[[] for _ in range(players)],
        draw_pile=deck,
    )
    for _ in range(STARTING_HAND):
        for p in range(players):
            state.hands[p].append(deck.pop())
    state.dealt = True
    start_turn(state, [])
    return state


def setup_events(state: DealState) -> list[Event]:
    """The deal and the first draw (a new game), or where a position starts."""
    packs = "one pack" if state.packs == 1 else "two packs shuffled together"
    if not state.dealt:
        return [
            Event(
                f"Monopoly Deal for {state.players} players ({packs}), set up from a "
                f"position: turn {state.turn}, player {state.turn_player} to play.",
                RULE_SET_UP,
                None,
                "setup",
            )
        ]
    return [
        Event(
            f"Monopoly Deal for {state.players} players with {packs}: the cards are "
            f"shuffled and each player is dealt {STARTING_HAND}.",
            RULE_SET_UP,
            None,
            "setup",
        ),
        Event(
            f"Turn 1: player {state.turn_player} draws 2 cards.",
            RULE_TURN,
            state.turn_player,
            "draw",
            {"cards": 2},
        ),
    ]

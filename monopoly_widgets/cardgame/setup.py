"""Setting up a match: the first deal, each later deal, and the words that announce them.

Rulebook "The Deal": shuffle, deal 10 cards each (5 players 11, 6 players 9) and
one face-up trade card before each player; the rest is the draw pile (5-6 players:
the whole deck is dealt, no draw pile). "Rules for Two/Three Players": the extra
trading piles get a face-up card too. ASSUMPTION: seat 0 deals the first hand (the
rulebook says only "Select a Dealer"); the player to the dealer's left plays first
(from the summary).
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.cardgame.cards import build_deck
from monopoly_widgets.cardgame.observation import decision_text
from monopoly_widgets.cardgame.options import settings_from
from monopoly_widgets.cardgame.rulebook import FIRST_DEALER, RULE_FROM_POSITION, deal_rule
from monopoly_widgets.cardgame.state import (
    PHASE_TURN,
    CardGameState,
    extra_pile_count,
    extra_pile_label,
)
from monopoly_widgets.core.actions import Event
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.wording import and_list


def cards_each(players: int) -> int:
    """Rulebook "The Deal": 10 cards each; "Rules for Five or Six Players": 11 or 9."""
    return {5: 11, 6: 9}.get(players, 10)


def new_state(players: int, seed: int, options: dict[str, Any]) -> CardGameState:
    """A new match with hand 1 dealt (options already resolved to their defaults)."""
    settings = settings_from(options)
    state = CardGameState(
        players=players,
        settings=settings,
        deck=build_deck(settings.house_split),
        seed=seed,
        scores=[0] * players,
        hand_number=1,
        dealer=0,
        turn=1,
        hand_turns=0,
        to_play=1 % players,
        phase=PHASE_TURN,
        done=None,
        added=False,
        discards=0,
        hands=[],
        trade_piles=[],
        extra_piles=[],
        draw_pile=[],
    )
    deal_hand(state)
    return state


def setup_events(state: CardGameState) -> list[Event]:
    """The first deal, or, for a match set up from a position, where it starts."""
    n = state.players
    each = cards_each(n)
    fresh = all(len(h) == each for h in state.hands) and all(len(p) == 1 for p in state.trade_piles)
    target = f"First to ${state.settings.target_for(n):,} at the end of a hand wins."
    if state.phase != PHASE_TURN or state.hand_turns or not fresh:
        return [
            Event(
                f"The game starts from a position: hand {state.hand_number}, "
                f"{decision_text(state)} {target}",
                RULE_FROM_POSITION,
            )
        ]
    return [
        Event(
            f"Player {state.dealer} deals {deal_text(state, each)}. "
            f"Player {state.to_play} plays first. {target}",
            f"{deal_rule(n)}; {FIRST_DEALER}",
            state.dealer,
            "deal",
        )
    ]


def deal_hand(state: CardGameState) -> list[Event]:
    """Rulebook "The Deal": 10 each (5 players 11, 6 players 9), one face-up trade card each."""
    n = state.players
    cards = list(range(len(state.deck)))
    make_rng(state.seed, "deal", state.hand_number).shuffle(cards)
    each = cards_each(n)
    first = (state.dealer + 1) % n
    state.hands = [[] for _ in range(n)]
    state.trade_piles = [[] for _ in range(n)]
    state.extra_piles = [[] for _ in range(extra_pile_count(n))]
    for _ in range(each):
        for k in range(n):
            state.hands[(first + k) % n].append(cards.pop())
    for hand in state.hands:
        hand.sort()
    for k in range(n):
        state.trade_piles[(first + k) % n].append(cards.pop())
    for pile in state.extra_piles:
        pile.append(cards.pop())
    state.draw_pile = cards
    state.out_of_play = []
    state.reward = []
    state.passes = [None] * n
    state.went_out = None
    state.chance_roles = ()
    state.to_play = first
    state.phase = PHASE_TURN
    state.done = None
    state.added = False
    state.discards = 0
    state.hand_turns = 0
    return [
        Event(
            f"Hand {state.hand_number}: player {state.dealer} deals {deal_text(state, each)}. "
            f"Player {first} plays first.",
            deal_rule(state.players),
            state.dealer,
            "deal",
            {"hand": state.hand_number},
        )
    ]


def deal_text(state: CardGameState, each: int) -> str:
    """What the deal puts on the table, every pile named (rulebook "The Deal" and the rules
    for Two, Three, Five or Six Players)."""
    text = f"{each} cards each and one face-up trade card before each player"
    labels = [extra_pile_label(state.players, i) for i in range(len(state.extra_piles))]
    if labels:
        word = "pile" if len(labels) == 1 else "piles"
        text += f", plus one face-up trade card for extra trading {word} {seat_list(labels)}"
    if state.big_table:
        return text + "; the whole deck is dealt, so there is no draw pile"
    return text + f"; {len(state.draw_pile)} cards form the draw pile"


def seat_list(seats: list[int]) -> str:
    """Seats for a sentence: "0 and 1", "0, 2 and 3"."""
    return and_list(seats)

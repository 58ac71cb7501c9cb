"""``DealRules``: Monopoly Deal behind the shared game protocol.

Where each rule lives:

- ``cards.py``        the 106 cards, values, colours, rent ladders
- ``options.py``      every contested point, as a named option with its source
- ``turns.py``        draw 2 / 5, reshuffle, hand limit, passing the turn, winning, draws
- ``plays.py``        banking, laying properties, playing each action card, moving wilds
- ``wild_moves.py``   which wild moves are legal (listed before every decision, so remembered)
- ``responses.py``    Just Say No chains and carrying out steals
- ``payment.py``      paying debts card by card
- ``properties.py``   sets, completeness, rent, buildings, tidy piles
- ``legal.py``        the legal action ids; ``texts.py`` their labels; ``illegal.py`` says
                      why an id is not legal
- ``position.py``     hand-written positions; ``observation.py``, ``render.py`` what players see
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.rules import Rules
from monopoly_widgets.deal import illegal, legal, observation, render
from monopoly_widgets.deal import position as position_format
from monopoly_widgets.deal.cards import NAME, PACK_SIZE, packs_for
from monopoly_widgets.deal.options import OPTIONS
from monopoly_widgets.deal.payment import pay_one
from monopoly_widgets.deal.plays import apply_play
from monopoly_widgets.deal.responses import accept, advance, say_no
from monopoly_widgets.deal.state import (
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PAY,
    PHASE_PLAY,
    PHASE_RESPOND,
    DealState,
)
from monopoly_widgets.deal.turns import check_win, discard, start_turn

STARTING_HAND = 5  # rulebook, Set It Up: "deal 5 to each player"
#: Actions that never change anyone's properties, so cannot complete a third set.
TABLE_UNCHANGED = frozenset({"bank", "discard", "end_turn"})
#: Actions that change only the turn player's properties (laying a card, moving a wild).
OWN_TABLE_ONLY = frozenset({"property", "move_wild"})


class DealRules(Rules):
    """The rules of Monopoly Deal (rulebook + 2008 leaflet + RULES-NOTES)."""

    name = "deal"
    title = "Monopoly Deal"
    min_players = 2
    max_players = 10
    options = OPTIONS

    # --- setting up -------------------------------------------------------------------------
    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> DealState:
        """Shuffle (two packs for 6+ players), deal 5 each, and draw for player 0's first turn."""
        packs = packs_for(players)
        deck = list(range(PACK_SIZE * packs))
        make_rng(seed, "deal").shuffle(deck)
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

    def setup_events(self, state: DealState) -> list[Event]:
        """The deal and the first draw (a new game), or where a position starts."""
        packs = "one pack" if state.packs == 1 else "two packs shuffled together"
        if not state.dealt:
            return [
                Event(
                    f"Monopoly Deal for {state.players} players ({packs}), set up from a "
                    f"position: turn {state.turn}, player {state.turn_player} to play.",
                    "rulebook: Set It Up",
                    None,
                    "setup",
                )
            ]
        return [
            Event(
                f"Monopoly Deal for {state.players} players with {packs}: the cards are "
                f"shuffled and each player is dealt {STARTING_HAND}.",
                "rulebook: Set It Up",
                None,
                "setup",
            ),
            Event(
                f"Turn 1: player {state.turn_player} draws 2 cards.",
                "rulebook: On Your Turn",
                state.turn_player,
                "draw",
                {"cards": 2},
            ),
        ]

    def state_from_position(
        self, position: Mapping[str, Any], seed: int, options: dict[str, Any]
    ) -> DealState:
        state = position_format.from_position(position, seed, options)
        if state.phase in (PHASE_RESPOND, PHASE_PAY):
            advance(state, [])
        check_win(state, [])
        return state

    def position(self, state: DealState) -> dict[str, Any]:
        return position_format.to_position(state)

    def clone(self, state: DealState) -> DealState:
        return state.clone()

    # --- playing ----------------------------------------------------------------------------
    def current_player(self, state: DealState) -> int | None:
        return state.current_player()

    def legal_actions(self, state: DealState) -> list[Action]:
        return legal.legal_actions(state)

    def apply(self, state: DealState, action: Action) -> list[Event]:
        events: list[Event] = []
        phase = state.phase
        may_complete = True  # could this action have completed a set?
        if phase == PHASE_PLAY:
            may_complete = apply_play(state, action, events)
        elif phase == PHASE_RESPOND:
            if action.id == "jsn":
                say_no(state, events)
            else:
                accept(state, events)
        elif phase == PHASE_PAY:
            _, where, name = action.id.split(":", 2)
            pending = state.pending
            assert pending is not None
            pay_one(state, pending.targets[0], where, name, events)
            advance(state, events)
        elif phase == PHASE_DISCARD:
            wanted = action.id.split(":", 1)[1]
            hand = state.hands[state.turn_player]
            discard(state, next(c for c in hand if NAME[c % PACK_SIZE] == wanted), events)
        win_later = state.options["win_declared_on_own_turn"]
        if action.kind in OWN_TABLE_ONLY:
            if may_complete or win_later:
                check_win(state, events, turn_player_only=True)
        elif action.kind not in TABLE_UNCHANGED or win_later:
            check_win(state, events)
        return events

    def why_illegal(self, state: DealState, action_id: str) -> str:
        return illegal.why_illegal(state, action_id)

    def is_over(self, state: DealState) -> bool:
        return state.phase == PHASE_OVER

    def winner(self, state: DealState) -> int | None:
        return state.winner

    def turn(self, state: DealState) -> int:
        return state.turn

    def num_players(self, state: DealState) -> int:
        return state.players

    # --- seeing -------------------------------------------------------------------------------
    def observation(self, state: DealState, player: int | None) -> dict[str, Any]:
        return observation.observe(state, player)

    def metrics(self, state: DealState) -> dict[str, list[int]]:
        return observation.metrics(state)

    def render_text(self, state: DealState, perspective: int | None = None) -> str:
        return render.render_text(state, perspective)

    def render_html(self, state: DealState, perspective: int | None = None) -> str:
        return render.render_html(state, perspective)

    # --- checking and searching -------------------------------------------------------------
    def card_census(self, state: DealState) -> list[int]:
        cards: list[int] = []
        for p in range(state.players):
            cards.extend(state.hands[p])
            cards.extend(state.banks[p])
            for pile in state.tables[p]:
                cards.extend(pile.cards)
                cards.extend(b for b in (pile.house, pile.hotel) if b >= 0)
        cards.extend(state.draw_pile)
        cards.extend(state.discard_pile)
        return cards

    def deck_ids(self, state: DealState) -> list[int]:
        return list(range(PACK_SIZE * state.packs))

    def determinize(self, state: DealState, player: int, rng: random.Random) -> DealState:
        """Re-deal the draw pile and the other players' hands at random (same counts)."""
        sampled = state.clone()
        hidden = list(sampled.draw_pile)
        others = [p for p in range(sampled.players) if p != player]
        for p in others:
            hidden.extend(sampled.hands[p])
        # Sorted first, so the world depends only on what ``player`` sees, not on where
        # the hidden cards really are; and a fresh seed, so later reshuffles are unknown too.
        hidden.sort()
        rng.shuffle(hidden)
        sampled.seed = rng.getrandbits(31)
        for p in others:
            count = len(sampled.hands[p])
            sampled.hands[p] = hidden[:count]
            hidden = hidden[count:]
        sampled.draw_pile = hidden
        return sampled

    def determinize_draws(self, state: DealState, rng: random.Random) -> DealState:
        """Shuffle only the draw pile afresh; every hand stays (the coach's "cards known")."""
        sampled = state.clone()
        sampled.draw_pile = sorted(sampled.draw_pile)
        rng.shuffle(sampled.draw_pile)
        sampled.seed = rng.getrandbits(31)
        return sampled

"""``DealRules``: Monopoly Deal behind the shared game protocol.

Where each rule lives:

- ``cards.py``        the 106 cards, values, colours, rent ladders
- ``setup.py``        shuffling and dealing a new game
- ``rulebook.py``     every rule citation of the game
- ``options.py``      every contested point, as a named option with its source
- ``turns.py``        draw 2 / 5, reshuffle, hand limit, passing the turn, winning, draws
- ``plays.py``        banking, laying properties, playing each action card, moving wilds
- ``wild_moves.py``   which wild moves are legal (listed before every decision, so remembered)
- ``responses.py``    Just Say No chains and carrying out steals
- ``payment.py``      paying debts card by card
- ``properties.py``   sets, completeness, rent, buildings, tidy piles
- ``checks.py``       each rule's check: a reason why not, or None
- ``legal.py``        the legal action ids (the ids whose checks pass); ``texts.py`` their
                      labels; ``illegal.py`` the first failing check's reason
- ``position.py``     hand-written positions; ``observation.py``, ``render.py`` what players see
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.rules import Rules
from monopoly_widgets.deal import illegal, legal, observation, render, setup
from monopoly_widgets.deal import position as position_format
from monopoly_widgets.deal.cards import NAME, PACK_SIZE
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
    current_player,
)
from monopoly_widgets.deal.turns import check_win, discard, win_check_needed


def carry_out(state: DealState, action: Action) -> list[Event]:
    """Everything a legal action does, except looking for a winner (``check_win``)."""
    events: list[Event] = []
    phase = state.phase
    if phase == PHASE_PLAY:
        apply_play(state, action, events)
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
    return events


class DealRules(Rules):
    """The rules of Monopoly Deal (rulebook + 2008 leaflet + RULES-NOTES)."""

    name = "deal"
    options = OPTIONS

    # --- setting up -------------------------------------------------------------------------
    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> DealState:
        return setup.new_state(players, seed, options)

    def setup_events(self, state: DealState) -> list[Event]:
        return setup.setup_events(state)

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
        return current_player(state)

    # Asked before every decision, so ``legal.py``'s function is the method itself (a method
    # that only passed the state on would cost a call per decision).
    legal_actions = staticmethod(legal.legal_actions)

    def apply(self, state: DealState, action: Action) -> list[Event]:
        events = carry_out(state, action)
        if win_check_needed(state):
            check_win(state, events, completed_only=True)
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

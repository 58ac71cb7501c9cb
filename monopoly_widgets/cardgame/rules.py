"""Monopoly: The Card Game (1999), 2 to 6 players: the rules engine.

A turn (rulebook "Play"), 2-4 players: exactly one of DRAW (then discard),
TRADE (optionally add a card to your trade pile first; then discard) or LAY
DOWN. Discarding ends the turn, onto your own trade pile, leaving at most 10
cards in hand ("Discarding"). A player who begins the turn with more than 10
cards because of a trade may discard the excess and still lay down ("Lay
Down", Note).

5-6 players ("Rules for Five or Six Players"): exchange trade cards (putting
one down first if you have none), discard one, then everyone passes one card
face down to the left; you may go out before the pass.

Decisions, one action each: ``draw``, ``add:<card>``, ``trade:<seat>:<n>``,
``swap:<pile>``, ``swap2:<pile>``, ``excess:<card>``, ``lay_down`` (a hand with a
Chance: ``lay_down`` declares the suggested role, ``lay_down:<role>`` another),
``discard:<card>``, ``reward:none`` / ``reward:<card>+<card>``, and for 5-6
players ``put:<card>``, ``exchange:<seat>``, ``pass:<card>``. Cards in ids are
printed names, so a position typed by hand offers the same actions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from monopoly_widgets.cardgame import illegal, legal, observation, render, setup, turns
from monopoly_widgets.cardgame.observation import decision
from monopoly_widgets.cardgame.options import OPTIONS, settings_from
from monopoly_widgets.cardgame.position import from_position, to_position
from monopoly_widgets.cardgame.state import PHASE_OVER, CardGameState, current_player
from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.rules import Rules


class CardGameRules(Rules):
    """The rules of Monopoly: The Card Game for 2 to 6 players (thin: each call is
    answered by the module that holds that part of the rules)."""

    name = "cardgame"
    options = OPTIONS

    # --- setting up ---------------------------------------------------------
    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> CardGameState:
        return setup.new_state(players, seed, options)

    def setup_events(self, state: CardGameState) -> list[Event]:
        return setup.setup_events(state)

    def state_from_position(
        self, position: Mapping[str, Any], seed: int, options: dict[str, Any]
    ) -> CardGameState:
        return from_position(position, seed, settings_from(options))

    def position(self, state: CardGameState) -> dict[str, Any]:
        return to_position(state)

    def clone(self, state: CardGameState) -> CardGameState:
        return state.clone()

    # --- playing --------------------------------------------------------------
    def current_player(self, state: CardGameState) -> int | None:
        return current_player(state)

    def legal_actions(self, state: CardGameState) -> list[Action]:
        return legal.legal_actions(state)

    def apply(self, state: CardGameState, action: Action) -> list[Event]:
        return turns.apply(state, action)

    def why_illegal(self, state: CardGameState, action_id: str) -> str | None:
        return illegal.why_illegal(state, action_id)

    def is_over(self, state: CardGameState) -> bool:
        return state.phase == PHASE_OVER

    def winner(self, state: CardGameState) -> int | None:
        return state.winner

    def turn(self, state: CardGameState) -> int:
        return state.turn

    def num_players(self, state: CardGameState) -> int:
        return state.players

    # --- seeing -----------------------------------------------------------------
    def observation(self, state: CardGameState, player: int | None) -> dict[str, Any]:
        return observation.observe(state, player, decision(state))

    def metrics(self, state: CardGameState) -> dict[str, list[int]]:
        return observation.metrics(state)

    def render_text(self, state: CardGameState, perspective: int | None = None) -> str:
        return render.text(state, perspective, decision(state))

    def render_html(self, state: CardGameState, perspective: int | None = None) -> str:
        return render.html(state, perspective, decision(state))

    # --- checking and searching ---------------------------------------------------
    def card_census(self, state: CardGameState) -> list[int]:
        cards = [c for hand in state.hands for c in hand]
        for pile in [*state.trade_piles, *state.extra_piles]:
            cards.extend(pile)
        cards.extend(state.draw_pile)
        cards.extend(state.out_of_play)
        cards.extend(state.reward)
        cards.extend(c for c in state.passes if c is not None)
        return cards

    def deck_ids(self, state: CardGameState) -> list[int]:
        return list(range(len(state.deck)))

    def determinize(self, state: CardGameState, player: int, rng: random.Random) -> CardGameState:
        return observation.determinize(state, player, rng)

    def determinize_draws(self, state: CardGameState, rng: random.Random) -> CardGameState:
        return observation.determinize_draws(state, rng)

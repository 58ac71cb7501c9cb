"""Bank to thirty: the whole engine, written on the rules class (no ``LAYOUT`` package)."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.citations import option, rules_notes
from monopoly_widgets.core.errors import PositionError
from monopoly_widgets.core.options import RuleOption
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.rules import PHASE_OVER, Rules

VALUES = [1 + card % 6 for card in range(24)]
TURN = rules_notes("Toy game", "draw or bank")
OPTIONS = {"target": RuleOption("target", 30, "Bank worth that wins.", "toy", kind=int, low=2)}


@dataclass
class ToyState:
    players: int
    target: int
    pile: list[int]
    hands: list[list[int]]
    banks: list[list[int]] = field(default_factory=list)
    current: int = 0
    turn: int = 1
    phase: str = "play"
    winner: int | None = None
    deck: list[int] = field(default_factory=lambda: list(VALUES))

    def clone(self) -> ToyState:
        return copy.deepcopy(self)


def card_dict(card: int) -> dict[str, Any]:
    return {"id": card, "name": f"${VALUES[card]}M", "kind": "money"}


def worth(cards: list[int]) -> int:
    return sum(VALUES[card] for card in cards)


class ToyRules(Rules):
    name = "toy"
    options = OPTIONS

    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> ToyState:
        pile = list(range(len(VALUES)))
        make_rng(seed, "deal").shuffle(pile)
        hands = [[pile.pop(), pile.pop()] for _ in range(players)]
        return ToyState(players, options["target"], pile, hands, [[] for _ in range(players)])

    def state_from_position(self, position: Any, seed: int, options: dict[str, Any]) -> ToyState:
        try:
            return ToyState(**copy.deepcopy(dict(position)))
        except (TypeError, ValueError) as error:
            raise PositionError(f"the toy position's fields are wrong: {error}") from None

    def position(self, state: ToyState) -> dict[str, Any]:
        return {k: copy.deepcopy(v) for k, v in vars(state).items() if k != "deck"}

    def current_player(self, state: ToyState) -> int | None:
        return None if state.phase == PHASE_OVER else state.current

    def legal_actions(self, state: ToyState) -> list[Action]:
        if state.phase == PHASE_OVER:
            return []
        seat = state.current
        actions = [Action("draw", "Draw a card", seat, "draw")] if state.pile else []
        for card in state.hands[seat]:
            actions.append(Action(f"bank:{card}", f"Bank ${VALUES[card]}", seat, "bank", card))
        return actions or [Action("pass", "Pass", seat, "pass")]

    def why_illegal(self, state: ToyState, action_id: str) -> str | None:
        if any(action.id == action_id for action in self.legal_actions(state)):
            return None
        return f"{action_id!r} is not a move of player {state.current} now (draw, bank:<card>)"

    def apply(self, state: ToyState, action: Action) -> list[Event]:
        seat = state.current
        if action.kind == "draw":
            state.hands[seat].append(state.pile.pop())
        elif action.kind == "bank":
            state.hands[seat].remove(action.card)
            state.banks[seat].append(action.card)
        events = [Event(f"Player {seat}: {action.text}.", TURN, player=seat)]
        richest = max(range(state.players), key=lambda s: worth(state.banks[s]))
        everything_banked = not state.pile and not any(state.hands)
        if worth(state.banks[richest]) >= state.target or everything_banked:
            totals = [worth(bank) for bank in state.banks]
            state.phase = PHASE_OVER
            state.winner = richest if totals.count(max(totals)) == 1 else None
            events.append(Event(f"Game over: {totals}.", option("target"), player=state.winner))
        else:
            state.current = (seat + 1) % state.players
            state.turn += state.current == 0
        return events

    def observation(self, state: ToyState, player: int | None) -> dict[str, Any]:
        seats = [
            {
                "seat": seat,
                "bank": worth(state.banks[seat]),
                "hand": [card_dict(c) for c in state.hands[seat]]
                if player in (None, seat)
                else None,
                "hand_count": len(state.hands[seat]),
            }
            for seat in range(state.players)
        ]
        deciding = self.current_player(state)
        return {
            "game": "toy",
            "viewer": player,
            "players": state.players,
            "turn": state.turn,
            "current_player": deciding,
            "decision": "" if deciding is None else f"Player {deciding}: draw or bank",
            "is_over": state.phase == PHASE_OVER,
            "winner": state.winner,
            "draw_pile": len(state.pile),
            "seats": seats,
        }

    def metrics(self, state: ToyState) -> dict[str, list[int]]:
        money = [worth(bank) for bank in state.banks]
        return {
            "money": money,
            "properties": [len(b) for b in state.banks],
            "sets": [0] * len(money),
        }

    def render_text(self, state: ToyState, perspective: int | None = None) -> str:
        return f"Banks {self.metrics(state)['money']}, draw pile {len(state.pile)}"

    def render_html(self, state: ToyState, perspective: int | None = None) -> str:
        return f"<p>{self.render_text(state, perspective)}</p>"

    def card_census(self, state: ToyState) -> list[int]:
        return [
            *state.pile,
            *(c for h in state.hands for c in h),
            *(c for b in state.banks for c in b),
        ]

    def determinize(self, state: ToyState, player: int, rng: random.Random) -> ToyState:
        world = state.clone()
        unseen = [*world.pile, *(c for s, h in enumerate(world.hands) if s != player for c in h)]
        rng.shuffle(unseen)
        for seat, hand in enumerate(world.hands):
            if seat != player:
                hand[:] = [unseen.pop() for _ in hand]
        world.pile[:] = unseen
        return world

    def determinize_draws(self, state: ToyState, rng: random.Random) -> ToyState:
        world = state.clone()
        rng.shuffle(world.pile)
        return world

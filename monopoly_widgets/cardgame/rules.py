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

from monopoly_widgets.cardgame import laydown, observation, render, trading
from monopoly_widgets.cardgame.cards import build_deck
from monopoly_widgets.cardgame.explain import RULE_EXCESS, decision, why_illegal
from monopoly_widgets.cardgame.options import OPTIONS, settings_from
from monopoly_widgets.cardgame.position import from_position, to_position
from monopoly_widgets.cardgame.state import HAND_LIMIT, State, next_passer
from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.rules import Rules

RULE_DRAW = 'rulebook "Draw"'
RULE_DISCARD = 'rulebook "Discarding"'
RULE_PASS = 'rulebook "Rules for Five or Six Players" (pass one card left)'


class CardGameRules(Rules):
    """The rules of Monopoly: The Card Game for 2 to 6 players."""

    name = "cardgame"
    title = "Monopoly: The Card Game"
    min_players = 2
    max_players = 6
    options = OPTIONS

    # --- setting up ---------------------------------------------------------
    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """Deal hand 1. ASSUMPTION: seat 0 deals first (the rulebook says only "Select a
        Dealer"); the player to the dealer's left plays first (from the summary)."""
        settings = settings_from(options)
        state = State(
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
            phase="turn",
            done=None,
            added=False,
            discards=0,
            hands=[],
            trade_piles=[],
            extra_piles=[],
            draw_pile=[],
        )
        laydown.deal_hand(state)
        return state

    def setup_events(self, state: State) -> list[Event]:
        n = state.players
        each = {5: 11, 6: 9}.get(n, 10)
        fresh = all(len(h) == each for h in state.hands) and all(
            len(p) == 1 for p in state.trade_piles
        )
        target = f"First to ${state.settings.target_for(n):,} at the end of a hand wins."
        if state.phase != "turn" or state.hand_turns or not fresh:
            return [
                Event(
                    f"The game starts from a position: hand {state.hand_number}, "
                    f"{decision(state)} {target}",
                    "from_position (a hand-written position)",
                )
            ]
        return [
            Event(
                f"Player {state.dealer} deals {laydown.deal_text(state, each)}. "
                f"Player {state.to_play} plays first. {target}",
                laydown.deal_rule(state)
                + '; ASSUMPTION: seat 0 deals the first hand (the rulebook says only "Select a '
                'Dealer")',
                state.dealer,
                "deal",
            )
        ]

    def state_from_position(
        self, position: Mapping[str, Any], seed: int, options: dict[str, Any]
    ) -> State:
        return from_position(position, seed, settings_from(options))

    def position(self, state: State) -> dict[str, Any]:
        return to_position(state)

    def clone(self, state: State) -> State:
        return state.clone()

    # --- playing --------------------------------------------------------------
    def current_player(self, state: State) -> int | None:
        if state.phase == "over":
            return None
        if state.phase == "reward":
            return state.went_out
        if state.phase == "pass":
            return next_passer(state)
        return state.to_play

    def legal_actions(self, state: State) -> list[Action]:
        phase = state.phase
        if phase == "over":
            return []
        if phase == "reward":
            return laydown.reward_actions(state)
        if phase == "pass":
            seat = next_passer(state)
            assert seat is not None
            actions = _card_actions(
                state, seat, "pass", f"Pass {{}} face down to player {(seat + 1) % state.players}"
            )
            if seat == state.to_play:  # the turn player may still go out before the pass
                actions.extend(_lay_down_action(state, seat))
            return actions
        seat = state.to_play
        if state.big_table:
            actions = _big_table_actions(state, seat)
        else:
            actions = _small_table_actions(state, seat)
        if not actions:  # only a hand-written position can leave a player stuck
            actions.append(
                Action("end_turn", "You cannot draw, trade or lay down: pass", seat, "end_turn")
            )
        return actions

    def apply(self, state: State, action: Action) -> list[Event]:
        seat = action.player
        kind, _, arg = action.id.partition(":")
        if kind == "draw":
            card = state.draw_pile.pop()
            state.hands[seat].append(card)
            state.hands[seat].sort()
            state.done = "draw"
            state.phase = "discard"
            return [
                Event(
                    f"Player {seat} draws the top card of the draw pile.", RULE_DRAW, seat, "draw"
                )
            ]
        if kind == "add":
            return trading.apply_add(state, seat, arg)
        if kind == "put":
            return trading.apply_put(state, seat, arg)
        if kind == "trade":
            other, count = (int(part) for part in arg.split(":"))
            state.phase = "discard"
            return trading.apply_trade(state, seat, other, count)
        if kind in ("swap", "swap2"):
            state.phase = "discard"
            return trading.apply_swap(state, seat, int(arg), with_draw=kind == "swap2")
        if kind == "exchange":
            state.phase = "discard"
            return trading.apply_exchange(state, seat, int(arg))
        if kind == "no_exchange":
            state.phase = "discard"
            state.done = "trade"
            return [
                Event(
                    f"No other player has a trade card, so player {seat} cannot "
                    "exchange and goes on to discard.",
                    trading.RULE_BIG,
                    seat,
                )
            ]
        if kind == "excess":
            _to_trade_pile(state, seat, arg)
            state.done = "excess"
            state.discards += 1
            return [
                Event(
                    f"Player {seat} began the turn with more than {HAND_LIMIT} cards and "
                    f"discards {arg} to their trade pile.",
                    RULE_EXCESS,
                    seat,
                    "discard",
                    {"card": arg},
                )
            ]
        if kind == "discard":
            return self._discard(state, seat, arg)
        if kind == "pass":
            return self._pass(state, seat, arg)
        if kind == "lay_down":
            return laydown.apply_lay_down(state, seat, arg)
        if kind == "reward":
            choice = () if arg == "none" else tuple(arg.split("+"))
            return laydown.apply_reward(state, choice)
        if kind == "end_turn":
            event = Event(
                f"Player {seat} can neither draw (the draw pile is empty), trade nor lay down, "
                "and passes.",
                "option: empty_draw_pile",
                seat,
            )
            return [event, *_end_turn(state)]
        raise AssertionError(f"unknown action {action.id!r}")

    def _discard(self, state: State, seat: int, name: str) -> list[Event]:
        _to_trade_pile(state, seat, name)
        state.discards += 1
        events = [
            Event(
                f"Player {seat} discards {name} onto their trade pile.",
                laydown.RULE_BIG if state.big_table else RULE_DISCARD,
                seat,
                "discard",
                {"card": name},
            )
        ]
        if state.big_table:
            state.phase = "pass"
            state.passes = [None] * state.players
            if next_passer(state) is None:
                return events + _deliver_passes(state)
            return events
        if len(state.hands[seat]) <= HAND_LIMIT:
            events.extend(_end_turn(state))
        return events

    def _pass(self, state: State, seat: int, name: str) -> list[Event]:
        card = state.find_in(state.hands[seat], name)
        assert card is not None
        state.hands[seat].remove(card)
        state.passes[seat] = card
        events = [
            Event(
                f"Player {seat} sets a card aside to pass face down to player "
                f"{(seat + 1) % state.players}.",
                RULE_PASS,
                seat,
                "pass",
            )
        ]
        if next_passer(state) is None:
            events.extend(_deliver_passes(state))
        return events

    def why_illegal(self, state: State, action_id: str) -> str:
        return why_illegal(state, action_id)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def winner(self, state: State) -> int | None:
        return state.winner

    def turn(self, state: State) -> int:
        return state.turn

    def num_players(self, state: State) -> int:
        return state.players

    # --- seeing -----------------------------------------------------------------
    def observation(self, state: State, player: int | None) -> dict[str, Any]:
        return observation.observe(state, player, decision(state))

    def metrics(self, state: State) -> dict[str, list[int]]:
        return observation.metrics(state)

    def render_text(self, state: State, perspective: int | None = None) -> str:
        return render.text(state, perspective, decision(state))

    def render_html(self, state: State, perspective: int | None = None) -> str:
        return render.html(state, perspective, decision(state))

    # --- checking and searching ---------------------------------------------------
    def card_census(self, state: State) -> list[int]:
        cards = [c for hand in state.hands for c in hand]
        for pile in [*state.trade_piles, *state.extra_piles]:
            cards.extend(pile)
        cards.extend(state.draw_pile)
        cards.extend(state.out_of_play)
        cards.extend(state.reward)
        cards.extend(c for c in state.passes if c is not None)
        return cards

    def deck_ids(self, state: State) -> list[int]:
        return list(range(len(state.deck)))

    def determinize(self, state: State, player: int, rng: random.Random) -> State:
        return observation.determinize(state, player, rng)

    def determinize_draws(self, state: State, rng: random.Random) -> State:
        return observation.determinize_draws(state, rng)


# --- legal actions -------------------------------------------------------------
#: Card actions are the same every time the same card is offered: build each once
#: (keyed by the text template, which names the kind and, for passes, the receiver).
_CARD_ACTIONS: dict[tuple[str, int, int, str], Action] = {}


def _card_actions(state: State, seat: int, kind: str, text: str) -> list[Action]:
    """One action per distinct card name in ``seat``'s hand (``kind:<name>``)."""
    actions = []
    seen: set[str] = set()
    deck = state.deck
    for card in state.hands[seat]:
        name = deck[card].name
        if name not in seen:
            seen.add(name)
            key = (text, seat, card, name)
            action = _CARD_ACTIONS.get(key)
            if action is None:
                action = Action(f"{kind}:{name}", text.format(name), seat, kind, card=card)
                _CARD_ACTIONS[key] = action
            actions.append(action)
    return actions


def _lay_down_action(state: State, seat: int) -> list[Action]:
    if laydown.lay_down_block(state, seat) is None and laydown.hand_problem(state, seat) is None:
        return laydown.lay_down_actions(state, seat)
    return []


def _small_table_actions(state: State, seat: int) -> list[Action]:
    """2-4 players (rulebook "Play", "Trade", "Discarding")."""
    if state.phase == "discard":
        return _card_actions(state, seat, "discard", "Discard {} onto your trade pile")
    if state.added:
        return trading.trade_actions(state, seat)
    actions: list[Action] = []
    if state.draw_pile:
        actions.append(Action("draw", "Draw the top card of the draw pile", seat, "draw"))
    # Excess discarded this turn went onto the trade pile too (option trade_pile_adds).
    literal = state.settings.trade_pile_adds == "one"
    if not literal or state.discards <= 1:
        actions.extend(trading.trade_actions(state, seat))
    if (not literal or state.discards == 0) and trading.other_piles_have_cards(state, seat):
        actions.extend(_card_actions(state, seat, "add", "Add {} to your trade pile, then trade"))
    if len(state.hands[seat]) > HAND_LIMIT:
        actions.extend(_card_actions(state, seat, "excess", "Discard {} now (more than 10 cards)"))
    actions.extend(_lay_down_action(state, seat))
    return actions


def _big_table_actions(state: State, seat: int) -> list[Action]:
    """5-6 players (rulebook "Rules for Five or Six Players")."""
    if state.phase == "discard":
        actions = _card_actions(state, seat, "discard", "Discard {} onto your trade pile")
        return actions + _lay_down_action(state, seat)
    actions: list[Action] = []
    partners = trading.exchange_actions(state, seat) if state.trade_piles[seat] else []
    if state.trade_piles[seat]:
        actions.extend(partners)
    elif any(state.trade_piles[o] for o in range(state.players) if o != seat):
        actions.extend(_card_actions(state, seat, "put", "Put {} down as your trade card"))
    if (
        not partners
        and not state.added
        and not any(state.trade_piles[o] for o in range(state.players) if o != seat)
    ):
        actions.append(
            Action("no_exchange", "Nobody has a trade card: go on to discard", seat, "exchange")
        )
    return actions + _lay_down_action(state, seat)  # lay-downs last (agents/random_agent.py)


# --- turn flow -------------------------------------------------------------------
def _to_trade_pile(state: State, seat: int, name: str) -> None:
    card = state.find_in(state.hands[seat], name)
    assert card is not None
    state.hands[seat].remove(card)
    state.trade_piles[seat].append(card)


def _deliver_passes(state: State) -> list[Event]:
    n = state.players
    for seat, card in enumerate(state.passes):
        if card is not None:
            state.hands[(seat + 1) % n].append(card)
    for hand in state.hands:
        hand.sort()
    state.passes = [None] * n
    events = [Event("Every player picks up the card passed to them from the right.", RULE_PASS)]
    return events + _end_turn(state)


def _end_turn(state: State) -> list[Event]:
    """The turn is over: caps, an empty draw pile, or the next player (to the left)."""
    settings = state.settings
    state.hand_turns += 1
    if state.turn >= settings.max_turns:
        return laydown.cap_match(
            state, f"the match reached max_turns ({settings.max_turns})", "option: max_turns"
        )
    if not state.big_table and not state.draw_pile and settings.empty_draw_pile == "end_hand":
        return laydown.unfinished_hand(
            state,
            "The draw pile is empty at the end of the turn: the hand ends.",
            "option: empty_draw_pile",
        )
    if state.hand_turns >= settings.max_turns_per_hand:
        return laydown.unfinished_hand(
            state,
            f"The hand reached max_turns_per_hand ({settings.max_turns_per_hand}) with nobody "
            "out: it ends.",
            "option: max_turns_per_hand",
        )
    state.turn += 1
    state.to_play = (state.to_play + 1) % state.players
    state.phase = "turn"
    state.done = None
    state.added = False
    state.discards = 0
    return []

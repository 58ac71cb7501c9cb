"""Carrying out the actions of a turn: draw, discard, pass, and the end of the turn.

Rulebook "Play" (2-4 players): draw, trade or lay down, then discard onto your own
trade pile, keeping at most 10 cards in hand ("Discarding"). "Rules for Five or Six
Players": exchange trade cards, discard, then everyone passes one card face down to
the left. Trading is in ``trading.py``; laying down and the reward in ``laydown.py``.
Each function here carries out one kind of action (``rules.CARRY_OUT``).
"""

from __future__ import annotations

from monopoly_widgets.cardgame import ending, laydown, trading
from monopoly_widgets.cardgame.rulebook import (
    OPTION_EMPTY_DRAW_PILE,
    OPTION_MAX_TURNS,
    OPTION_MAX_TURNS_PER_HAND,
    RULE_BIG,
    RULE_DISCARD,
    RULE_DRAW,
    RULE_EXCESS,
    RULE_PASS,
)
from monopoly_widgets.cardgame.state import (
    HAND_LIMIT,
    PHASE_DISCARD,
    PHASE_PASS,
    PHASE_TURN,
    CardGameState,
    next_passer,
)
from monopoly_widgets.core.actions import Action, Event


def draw(state: CardGameState, action: Action, arg: str) -> list[Event]:
    """Rulebook "Draw": take the top card of the draw pile, then discard."""
    seat = action.player
    card = state.draw_pile.pop()
    state.hands[seat].append(card)
    state.hands[seat].sort()
    state.done = "draw"
    state.phase = PHASE_DISCARD
    return [Event(f"Player {seat} draws the top card of the draw pile.", RULE_DRAW, seat, "draw")]


def trade(state: CardGameState, action: Action, arg: str) -> list[Event]:
    seat = action.player
    other, count = (int(part) for part in arg.split(":"))
    state.phase = PHASE_DISCARD
    return trading.apply_trade(state, seat, other, count)


def swap(state: CardGameState, action: Action, arg: str) -> list[Event]:
    seat = action.player
    state.phase = PHASE_DISCARD
    return trading.apply_swap(state, seat, int(arg), with_draw=False)


def swap2(state: CardGameState, action: Action, arg: str) -> list[Event]:
    seat = action.player
    state.phase = PHASE_DISCARD
    return trading.apply_swap(state, seat, int(arg), with_draw=True)


def exchange(state: CardGameState, action: Action, arg: str) -> list[Event]:
    seat = action.player
    state.phase = PHASE_DISCARD
    return trading.apply_exchange(state, seat, int(arg))


def no_exchange(state: CardGameState, action: Action, arg: str) -> list[Event]:
    """5-6 players: nobody else has a trade card, so there is nothing to exchange."""
    seat = action.player
    state.phase = PHASE_DISCARD
    state.done = "trade"
    text = (
        f"No other player has a trade card, so player {seat} cannot exchange and goes on "
        "to discard."
    )
    return [Event(text, RULE_BIG, seat)]


def excess(state: CardGameState, action: Action, arg: str) -> list[Event]:
    """Rulebook "Lay Down", Note: discard the excess over 10 cards first, then lay down."""
    seat = action.player
    _to_trade_pile(state, seat, arg)
    state.done = "excess"
    state.discards += 1
    text = (
        f"Player {seat} began the turn with more than {HAND_LIMIT} cards and discards {arg} "
        "to their trade pile."
    )
    return [Event(text, RULE_EXCESS, seat, "discard", {"card": arg})]


def reward(state: CardGameState, action: Action, arg: str) -> list[Event]:
    return laydown.apply_reward(state, () if arg == "none" else tuple(arg.split("+")))


def pass_the_turn(state: CardGameState, action: Action, arg: str) -> list[Event]:
    """Option empty_draw_pile "trade_on": a player who can do nothing passes."""
    seat = action.player
    event = Event(
        f"Player {seat} can neither draw (the draw pile is empty), trade nor lay down, and passes.",
        OPTION_EMPTY_DRAW_PILE,
        seat,
    )
    return [event, *_end_turn(state)]


def discard(state: CardGameState, action: Action, name: str) -> list[Event]:
    seat = action.player
    _to_trade_pile(state, seat, name)
    state.discards += 1
    events = [
        Event(
            f"Player {seat} discards {name} onto their trade pile.",
            RULE_BIG if state.big_table else RULE_DISCARD,
            seat,
            "discard",
            {"card": name},
        )
    ]
    if state.big_table:
        state.phase = PHASE_PASS
        state.passes = [None] * state.players
        if next_passer(state) is None:
            return events + _deliver_passes(state)
        return events
    if len(state.hands[seat]) <= HAND_LIMIT:
        events.extend(_end_turn(state))
    return events


def pass_card(state: CardGameState, action: Action, name: str) -> list[Event]:
    seat = action.player
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


def _to_trade_pile(state: CardGameState, seat: int, name: str) -> None:
    card = state.find_in(state.hands[seat], name)
    assert card is not None
    state.hands[seat].remove(card)
    state.trade_piles[seat].append(card)


def _deliver_passes(state: CardGameState) -> list[Event]:
    n = state.players
    for seat, card in enumerate(state.passes):
        if card is not None:
            state.hands[(seat + 1) % n].append(card)
    for hand in state.hands:
        hand.sort()
    state.passes = [None] * n
    events = [Event("Every player picks up the card passed to them from the right.", RULE_PASS)]
    return events + _end_turn(state)


def _end_turn(state: CardGameState) -> list[Event]:
    """The turn is over: caps, an empty draw pile, or the next player (to the left)."""
    settings = state.settings
    state.hand_turns += 1
    if state.turn >= settings.max_turns:
        return ending.cap_match(
            state, f"the match reached max_turns ({settings.max_turns})", OPTION_MAX_TURNS
        )
    if not state.big_table and not state.draw_pile and settings.empty_draw_pile == "end_hand":
        return ending.unfinished_hand(
            state,
            "The draw pile is empty at the end of the turn: the hand ends.",
            OPTION_EMPTY_DRAW_PILE,
        )
    if state.hand_turns >= settings.max_turns_per_hand:
        return ending.unfinished_hand(
            state,
            f"The hand reached max_turns_per_hand ({settings.max_turns_per_hand}) with nobody "
            "out: it ends.",
            OPTION_MAX_TURNS_PER_HAND,
        )
    state.turn += 1
    state.to_play = (state.to_play + 1) % state.players
    state.phase = PHASE_TURN
    state.done = None
    state.added = False
    state.discards = 0
    return []

"""What each player can see, the chart metrics, and re-dealing the unseen cards.

Observation (``game.observation(viewer)``, JSON-safe), in the style of the
Monopoly Deal contract::

    {
      "game": "cardgame", "viewer": int | None, "players": n, "turn": int,
      "turn_player": int, "current_player": int | None,
      "phase": "turn" | "discard" | "pass" | "reward" | "over",
      "decision": "plain words", "is_over": bool, "winner": int | None,
      "result": str | None, "hand_number": int, "dealer": int, "target": int,
      "hand_turns": int, "done_this_turn": None | "excess" | "draw" | "trade",
      "added_to_trade_pile": bool, "draw_pile": int (count),
      "seats": [ {"seat": i, "hand_count": int,
                  "hand": [card, ...] or None when hidden from the viewer,
                  "trade_pile": [card, ...] (public, top last), "score": int (match money),
                  "laid_down": None or {"chance_roles": [name, ...]},
                  "passing": bool (has set a card aside to pass left),
                  "last_hand": int | None (money won in the last hand scored)} ],
      "extra_piles": [ {"label": 4, "cards": [card, ...]} ],   # 2-3 players
      "reward": [card, ...], "went_out": int | None,
      "my_pass": card | None (the card the viewer set aside to pass),
      "out_of_play": [card, ...],
      "unseen": {"Boardwalk": 1, ...}  # cards the viewer cannot see, by name
    }
    card = {"id", "name", "kind", "colour", "level"}

A hand is visible to its owner, to the teacher (viewer None), once it is laid
down (the player who went out) and when the match is over.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from monopoly_widgets.cardgame.cards import COLOURS, MIN_RAILROADS, PROPERTIES
from monopoly_widgets.cardgame.state import (
    HAND_LIMIT,
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PASS,
    PHASE_REWARD,
    CardGameState,
    current_player,
    extra_pile_label,
    next_passer,
)


def _cards(state: CardGameState, cards: list[int]) -> list[dict[str, Any]]:
    deck = state.deck
    return [deck[c].to_dict() for c in cards]


def hand_visible(state: CardGameState, seat: int, viewer: int | None) -> bool:
    """Can ``viewer`` see ``seat``'s hand?"""
    return viewer is None or viewer == seat or state.phase == PHASE_OVER or state.went_out == seat


def observe(state: CardGameState, viewer: int | None) -> dict[str, Any]:
    """The observation of ``viewer`` (None: the teacher sees everything)."""
    phase = state.phase
    current = current_player(state)
    seats = []
    unseen: Counter[str] = Counter(state.names(state.draw_pile))
    for seat in range(state.players):
        visible = hand_visible(state, seat, viewer)
        hand = state.hands[seat]
        if not visible:
            unseen.update(state.names(hand))
        passed = state.passes[seat] if state.passes else None
        if viewer is not None and seat != viewer and passed is not None:
            unseen[state.name(passed)] += 1
        seats.append(
            {
                "seat": seat,
                "hand_count": len(hand),
                "hand": _cards(state, hand) if visible else None,
                "trade_pile": _cards(state, state.trade_piles[seat]),
                "score": state.scores[seat],
                "laid_down": {"chance_roles": list(state.chance_roles)}
                if state.went_out == seat
                else None,
                "passing": bool(state.passes) and state.passes[seat] is not None,
                "last_hand": state.last_hand[seat] if state.last_hand is not None else None,
            }
        )
    my_pass = None
    if viewer is not None and state.passes and state.passes[viewer] is not None:
        my_pass = state.deck[state.passes[viewer]].to_dict()  # type: ignore[index]
    return {
        "game": "cardgame",
        "viewer": viewer,
        "players": state.players,
        "turn": state.turn,
        "turn_player": state.to_play,
        "current_player": current,
        "phase": phase,
        "decision": decision_text(state),
        "is_over": phase == PHASE_OVER,
        "winner": state.winner,
        "result": state.result,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "target": state.settings.target_for(state.players),
        "hand_turns": state.hand_turns,
        "done_this_turn": state.done,
        "added_to_trade_pile": state.added,
        "draw_pile": len(state.draw_pile),
        "seats": seats,
        "extra_piles": [
            {"label": extra_pile_label(state.players, i), "cards": _cards(state, pile)}
            for i, pile in enumerate(state.extra_piles)
        ],
        "reward": _cards(state, state.reward),
        "went_out": state.went_out,
        "my_pass": my_pass,
        "out_of_play": _cards(state, state.out_of_play),
        "unseen": dict(sorted(unseen.items())),
    }


def decision_text(state: CardGameState) -> str:
    """What the current player is deciding, in words."""
    phase = state.phase
    if phase == PHASE_OVER:
        return f"The match is over: {state.result}."
    if phase == PHASE_REWARD:
        return f"Player {state.went_out}: choose which reward cards to add to your hand."
    if phase == PHASE_PASS:
        seat = next_passer(state) or 0
        left = (seat + 1) % state.players
        if seat == state.to_play:
            return f"Player {seat}: pass a card face down to player {left}, or go out first."
        return f"Player {seat}: choose a card to pass face down to player {left}."
    seat = state.to_play
    if phase == PHASE_DISCARD:
        hand = len(state.hands[seat])
        if state.big_table:
            return f"Player {seat}: discard one card onto your trade pile, or go out."
        return (
            f"Player {seat}: discard onto your trade pile to end your turn "
            f"({hand} cards in hand, at most {HAND_LIMIT} at the end of the turn)."
        )
    if state.big_table:
        return f"Player {seat}: exchange trade cards with another player (or go out)."
    if state.added:
        return f"Player {seat}: make your trade."
    if not state.draw_pile:
        return f"Player {seat}: trade or lay down (the draw pile is empty)."
    return f"Player {seat}: draw, trade, or lay down."


def complete_groups(state: CardGameState, hand: list[int]) -> int:
    """How many complete colour groups the cards hold (no Chance used)."""
    names = set(state.names(hand))
    total = 0
    for colour in COLOURS:
        held = sum(1 for n in PROPERTIES[colour] if n in names)
        need = MIN_RAILROADS if colour == "Railroad" else len(PROPERTIES[colour])
        total += held >= need
    return total


def metrics(state: CardGameState) -> dict[str, list[int]]:
    """money = match score; properties = property cards in hand; sets = complete groups."""
    deck = state.deck
    return {
        "money": list(state.scores),
        "properties": [sum(1 for c in h if deck[c].kind == "property") for h in state.hands],
        "sets": [complete_groups(state, h) for h in state.hands],
    }


def determinize(state: CardGameState, player: int, rng: random.Random) -> CardGameState:
    """A copy where the cards ``player`` cannot see are dealt again at random.

    Hidden: the draw pile, the hands of the others (unless laid down), and the
    cards others have set aside to pass. Counts stay the same.
    """
    copy = state.clone()
    slots: list[tuple[list[int], int]] = []
    pool: list[int] = []
    for seat in range(copy.players):
        if not hand_visible(copy, seat, player):
            slots.append((copy.hands[seat], len(copy.hands[seat])))
            pool.extend(copy.hands[seat])
            copy.hands[seat].clear()
    slots.append((copy.draw_pile, len(copy.draw_pile)))
    pool.extend(copy.draw_pile)
    copy.draw_pile.clear()
    hidden_passes = [
        seat for seat, card in enumerate(copy.passes) if card is not None and seat != player
    ]
    pool.extend(copy.passes[seat] for seat in hidden_passes)  # type: ignore[misc]
    # Sorted first, so the world depends only on what ``player`` sees, not on where the
    # hidden cards really are; and a fresh seed, so the next hands' deals are unknown too.
    pool.sort()
    rng.shuffle(pool)
    copy.seed = rng.getrandbits(31)
    for pile, size in slots:
        pile.extend(pool[:size])
        del pool[:size]
    for seat in hidden_passes:
        copy.passes[seat] = pool.pop()
    for hand in copy.hands:
        hand.sort()
    return copy


def determinize_draws(state: CardGameState, rng: random.Random) -> CardGameState:
    """A copy where only the draw pile is shuffled afresh; hands and passes stay.

    The coach's "cards known" comparison: the other players' hands as they really
    are, but not the order of the draw pile or the next hands' deals.
    """
    copy = state.clone()
    copy.draw_pile.sort()
    rng.shuffle(copy.draw_pile)
    copy.seed = rng.getrandbits(31)
    return copy

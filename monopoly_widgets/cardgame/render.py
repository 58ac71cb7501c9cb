"""The table as plain text and as simple HTML (what ``str(game)`` and notebooks show)."""

from __future__ import annotations

import html as html_lib

from monopoly_widgets.cardgame.cards import COLOUR_HEX
from monopoly_widgets.cardgame.observation import decision_text, hand_visible
from monopoly_widgets.cardgame.state import PHASE_OVER, CardGameState, extra_pile_label


def _hand_text(state: CardGameState, seat: int, perspective: int | None) -> str:
    hand = state.hands[seat]
    if hand_visible(state, seat, perspective):
        return ", ".join(state.names(hand)) or "(empty)"
    return f"{len(hand)} hidden cards"


def render_text(state: CardGameState, perspective: int | None = None) -> str:
    """Plain-text table."""
    target = state.settings.target_for(state.players)
    lines = [
        f"Monopoly: The Card Game - hand {state.hand_number}, turn {state.turn}, "
        f"dealer {state.dealer}, target ${target:,}",
        f"Draw pile: {len(state.draw_pile)} cards",
    ]
    for seat in range(state.players):
        marker = ">" if seat == state.to_play and state.phase != PHASE_OVER else " "
        pile = ", ".join(state.names(state.trade_piles[seat])) or "(empty)"
        lines.append(f"{marker} Player {seat} ${state.scores[seat]:,}")
        lines.append(f"    hand: {_hand_text(state, seat, perspective)}")
        lines.append(f"    trade pile (top last): {pile}")
    for index, pile in enumerate(state.extra_piles):
        label = extra_pile_label(state.players, index)
        lines.append(f"  Pile {label} (top last): {', '.join(state.names(pile)) or '(empty)'}")
    if state.reward:
        lines.append(f"  Reward cards: {', '.join(state.names(state.reward))}")
    if state.chance_roles:
        lines.append(f"  Chance stands for: {', '.join(state.chance_roles)}")
    lines.append(decision_text(state))
    return "\n".join(lines)


def _card_html(state: CardGameState, card: int) -> str:
    spec = state.deck[card]
    colour = COLOUR_HEX.get(spec.colour or "", "#ffffff")
    name = html_lib.escape(spec.name)
    return (
        f'<span style="display:inline-block;border:1px solid #333;border-radius:4px;'
        f'padding:2px 4px;margin:1px;border-top:6px solid {colour};font-size:12px">{name}</span>'
    )


def _cards_html(state: CardGameState, cards: list[int]) -> str:
    return "".join(_card_html(state, c) for c in cards) or "<i>empty</i>"


def render_html(state: CardGameState, perspective: int | None = None) -> str:
    """A small HTML table for notebooks."""
    target = state.settings.target_for(state.players)
    rows = []
    for seat in range(state.players):
        if hand_visible(state, seat, perspective):
            hand = _cards_html(state, state.hands[seat])
        else:
            hand = f"<i>{len(state.hands[seat])} hidden cards</i>"
        bold = "font-weight:bold" if seat == state.to_play and state.phase != PHASE_OVER else ""
        rows.append(
            f'<tr style="{bold}"><td>Player {seat}</td><td>${state.scores[seat]:,}</td>'
            f"<td>{hand}</td><td>{_cards_html(state, state.trade_piles[seat])}</td></tr>"
        )
    extras = "".join(
        f"<div>Pile {extra_pile_label(state.players, i)}: {_cards_html(state, pile)}</div>"
        for i, pile in enumerate(state.extra_piles)
    )
    reward = f"<div>Reward: {_cards_html(state, state.reward)}</div>" if state.reward else ""
    return (
        f"<div><b>Monopoly: The Card Game</b> - hand {state.hand_number}, turn {state.turn}, "
        f"target ${target:,}, draw pile {len(state.draw_pile)} cards"
        "<table><tr><th>Seat</th><th>Money</th><th>Hand</th><th>Trade pile (top last)</th></tr>"
        f"{''.join(rows)}</table>{extras}{reward}"
        f"<div><i>{html_lib.escape(decision_text(state))}</i></div></div>"
    )

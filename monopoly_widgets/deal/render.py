"""The table drawn as text (``str(game)``) and as HTML (``game._repr_html_()``)."""

from __future__ import annotations

from html import escape

from monopoly_widgets.core.wording import plural
from monopoly_widgets.deal.cards import COLOUR_HEX, COLOUR_NAMES, NAME, PACK_SIZE, VALUE
from monopoly_widgets.deal.labels import set_labels
from monopoly_widgets.deal.observation import decision_text
from monopoly_widgets.deal.properties import is_complete, pile_rent
from monopoly_widgets.deal.state import DealState, PropertySet


def _names(cards: list[int]) -> str:
    return ", ".join(NAME[c % PACK_SIZE] for c in cards) or "-"


def _pile_text(pile: PropertySet, label: str) -> str:
    extras = ""
    if pile.house >= 0:
        extras += " +House"
    if pile.hotel >= 0:
        extras += " +Hotel"
    mark = "complete" if is_complete(pile) else "incomplete"
    return f"{label} [{_names(pile.cards)}]{extras} ({mark}, rent ${pile_rent(pile)}M)"


def render_text(state: DealState, perspective: int | None = None) -> str:
    """Plain text, one block per seat; hands other than ``perspective``'s are hidden."""
    lines = [
        f"Monopoly Deal, turn {state.turn}: player {state.turn_player}'s turn, "
        f"{state.plays_used}/3 plays used.",
        f"Draw pile: {plural(len(state.draw_pile), 'card')}. "
        f"Discard pile: {plural(len(state.discard_pile), 'card')}"
        + (f" (top: {NAME[state.discard_pile[-1] % PACK_SIZE]})." if state.discard_pile else "."),
    ]
    for p in range(state.players):
        hand = state.hands[p]
        shown = (
            _names(hand) if perspective is None or perspective == p else plural(len(hand), "card")
        )
        bank_total = sum(VALUE[c % PACK_SIZE] for c in state.banks[p])
        lines.append(f"Player {p}:")
        lines.append(f"  hand: {shown}")
        lines.append(f"  bank (${bank_total}M): {_names(state.banks[p])}")
        table = state.tables[p]
        for pile, label in zip(table, set_labels(table), strict=True):
            lines.append("  " + _pile_text(pile, label))
    lines.append(decision_text(state))
    return "\n".join(lines)


def render_html(state: DealState, perspective: int | None = None) -> str:
    """A compact HTML table: each set drawn in its colour."""
    rows = []
    for p in range(state.players):
        hand = state.hands[p]
        shown = (
            _names(hand) if perspective is None or perspective == p else plural(len(hand), "card")
        )
        bank_total = sum(VALUE[c % PACK_SIZE] for c in state.banks[p])
        sets = []
        table = state.tables[p]
        for pile, label in zip(table, set_labels(table), strict=True):
            colour = COLOUR_HEX[COLOUR_NAMES[pile.colour]]
            border = "3px solid" if is_complete(pile) else "1px dashed"
            sets.append(
                f'<span style="border-left:{border} {colour};padding:0 4px;margin:2px;'
                f'display:inline-block">{escape(_pile_text(pile, label))}</span>'
            )
        turn = " &#9664;" if p == state.turn_player else ""
        rows.append(
            f"<tr><td><b>Player {p}</b>{turn}</td><td>{escape(shown)}</td>"
            f"<td>${bank_total}M</td><td>{''.join(sets) or '-'}</td></tr>"
        )
    return (
        '<div class="mw-deal"><p>Monopoly Deal, turn '
        f"{state.turn}. Draw pile {len(state.draw_pile)}, discard pile "
        f"{len(state.discard_pile)}.</p><table><tr><th>Seat</th><th>Hand</th><th>Bank</th>"
        f"<th>Properties</th></tr>{''.join(rows)}</table>"
        f"<p>{escape(decision_text(state))}</p></div>"
    )

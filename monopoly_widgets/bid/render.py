"""The table as plain text and as HTML, seen by one player (or the teacher)."""

from __future__ import annotations

import html

from monopoly_widgets.bid.cards import COLOUR_HEX
from monopoly_widgets.bid.observation import observe
from monopoly_widgets.bid.state import BidState


def _names(cards: list[dict] | None) -> str:
    if cards is None:
        return "(hidden)"
    return ", ".join(c["name"] for c in cards) or "-"


def render_text(state: BidState, perspective: int | None = None) -> str:
    """A few lines per seat: hand, sets, bid; then the piles and who decides."""
    obs = observe(state, perspective)
    lines = [
        f"Monopoly Bid - round {obs['round']}, host: player {obs['host']}, phase: {obs['phase']}",
        f"Property pile: {obs['property_pile']}  Draw pile: {obs['draw_pile']}  "
        f"Discard pile: {len(obs['discard_pile'])}",
    ]
    prop = obs["auction"]["property"]
    if prop is not None:
        lines.append(f"On auction: {prop['name']} ({prop['colour']})")
    for seat in obs["seats"]:
        sets = "; ".join(
            f"{s['colour']} {len(s['cards'])}/{s['size']}{' complete' if s['complete'] else ''}"
            f" [{_names(s['cards'])}]"
            for s in seat["sets"]
        )
        bid = ""
        if seat["has_bid"]:
            bid = f"  bid: {_names(seat['bid']) if seat['bid'] is not None else '(sealed)'}"
        lines.append(
            f"Player {seat['seat']}: {seat['hand_count']} cards [{_names(seat['hand'])}]"
            f"  sets: {sets or '-'}{bid}"
        )
    if obs["pending"]:
        lines.append(obs["pending"]["text"])
    lines.append(obs["decision"])
    return "\n".join(lines)


def render_html(state: BidState, perspective: int | None = None) -> str:
    """A small HTML table: one row per seat, set cards in their colours."""
    obs = observe(state, perspective)
    rows = []
    for seat in obs["seats"]:
        chips = "".join(
            f'<span style="border:2px solid {COLOUR_HEX[s["colour"]]};padding:1px 4px;'
            f'margin:1px;border-radius:4px">{html.escape(s["colour"])} '
            f"{len(s['cards'])}/{s['size']}{' &#10003;' if s['complete'] else ''}</span>"
            for s in seat["sets"]
        )
        bid = "sealed" if seat["has_bid"] and seat["bid"] is None else _names(seat["bid"])
        rows.append(
            f"<tr><td>Player {seat['seat']}</td><td>{seat['hand_count']}</td>"
            f"<td>{html.escape(_names(seat['hand']))}</td><td>{chips}</td>"
            f"<td>{html.escape(bid if seat['has_bid'] else '')}</td></tr>"
        )
    prop = obs["auction"]["property"]
    auction = f"<p>On auction: <b>{html.escape(prop['name'])}</b></p>" if prop else ""
    return (
        f"<div><p><b>Monopoly Bid</b> - round {obs['round']}, host: player {obs['host']}</p>"
        f"{auction}<table><tr><th>Seat</th><th>Cards</th><th>Hand</th><th>Sets</th>"
        f"<th>Bid</th></tr>{''.join(rows)}</table><p>{html.escape(obs['decision'])}</p></div>"
    )

"""The coach's move chart: each move's chance of winning, with its interval, best marked.

Horizontal bars read well with long move names ("Play Just Say No against the
$2M Pink rent") on a laptop or projector. The dictionary form, :func:`chart_data`,
is what the explorer's coach panel draws in the browser.
"""

from __future__ import annotations

import textwrap
from typing import Any

from monopoly_widgets.coach.result import NOT_MEASURED, Analysis

#: A move's name is wrapped to lines of at most this many characters ...
LABEL_CHARS = 48
#: ... and cut with an ellipsis on the last of these (the hover shows it whole). Moves of
#: one card differ late in their names ("Play Forced Deal: swap your Atlantic Avenue
#: (Yellow) for player 0's Boardwalk (Dark Blue)"): cut to one line, they read alike.
LABEL_LINES = 3


def chart_data(analysis: Analysis) -> dict[str, Any]:
    """JSON-safe rows for a chart: label (the move's name in lines, joined by "<br>", as
    Plotly breaks them), chance, interval, playouts, and which is best."""
    return {
        "title": _title(analysis),
        "rows": [
            {
                "label": _label(m.text),
                "text": m.text,
                "probability": m.probability,
                "low": m.low,
                "high": m.high,
                "playouts": m.playouts,
                "best": m.action_id == analysis.best,
                "same_as": m.same_as,
            }
            for m in analysis.moves
        ],
        "note": analysis.why_no_best()
        or f"Stopped: {analysis.stopped}; {analysis.playouts} playouts. {analysis.lead()}".strip(),
    }


def move_chart(analysis: Analysis) -> Any:
    """A Plotly figure of :func:`chart_data` (best move in its own colour)."""
    import plotly.graph_objects as go

    data = chart_data(analysis)
    rows = list(reversed(data["rows"]))  # Plotly draws the first row at the bottom
    # Rows by number, named by tick labels: two moves whose labels read alike still get a
    # bar each (bars on the same name would be drawn over each other).
    places = list(range(len(rows)))
    figure = go.Figure(
        go.Bar(
            orientation="h",
            y=places,
            x=[row["probability"] for row in rows],
            error_x={
                "type": "data",
                "symmetric": False,
                # No whisker for a move not measured: its "0 to 100%" is no interval.
                "array": [
                    (row["high"] - row["probability"]) * bool(row["playouts"]) for row in rows
                ],
                "arrayminus": [
                    (row["probability"] - row["low"]) * bool(row["playouts"]) for row in rows
                ],
            },
            marker_color=["#2e7d32" if row["best"] else "#7f8c9a" for row in rows],
            customdata=[[row["text"], _figures(row)] for row in rows],
            hovertemplate="%{customdata[0]}<br>%{customdata[1]}<extra></extra>",
        )
    )
    figure.update_layout(
        title=data["title"],
        xaxis={"title": "chance of winning (95% interval)", "range": [0, 1], "tickformat": ".0%"},
        height=140 + sum(34 + 14 * row["label"].count("<br>") for row in rows),  # 14 a line
        margin={"l": 10, "r": 20, "t": 60, "b": 50},
        yaxis={
            "automargin": True,
            "tickmode": "array",
            "tickvals": places,
            "ticktext": [row["label"] for row in rows],
        },
    )
    return figure


def _figures(row: dict[str, Any]) -> str:
    """A row's chance and playouts in words, or that the move was not measured."""
    if not row["playouts"]:
        return NOT_MEASURED
    return f"{row['probability']:.1%} from {row['playouts']} playouts"


def _title(analysis: Analysis) -> str:
    view = "their hands known (cheating)" if analysis.cards_known else "hidden cards sampled"
    return f"Player {analysis.seat}: chance of winning after each move ({view})"


def _label(text: str) -> str:
    lines = textwrap.wrap(text, LABEL_CHARS, max_lines=LABEL_LINES, placeholder="…")
    return "<br>".join(lines)

"""Plotly charts for the simulation lessons.

Each function takes the tables that ``simulate``, ``summarize``,
``monte_carlo_convergence`` and ``prob.panel`` produce and returns a
``plotly.graph_objects.Figure`` (show it with ``fig.show()`` or just leave it
as the last line of a notebook cell).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from typing import Any

import plotly.graph_objects as go

from monopoly_widgets.core.text import plotly_text
from monopoly_widgets.sim.table import records
from monopoly_widgets.sim.tournament import Summary, summarize


def win_rate_chart(results: Any, title: str = "Win rate by seat") -> go.Figure:
    """Bars of each seat's win rate with its 95% Wilson interval as error bars.

    A dashed line marks the fair share ``1 / players``: a seat whose interval
    lies above it wins more often than chance would give.
    """
    summary = results if isinstance(results, Summary) else summarize(results)
    seats = records(summary.seats)
    labels = [plotly_text(f"seat {row['seat']} ({row['agent']})") for row in seats]
    figure = go.Figure(
        go.Bar(
            x=labels,
            y=[row["win_rate"] for row in seats],
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [row["high"] - row["win_rate"] for row in seats],
                "arrayminus": [row["win_rate"] - row["low"] for row in seats],
            },
            hovertemplate="%{x}: %{y:.3f}<extra></extra>",
        )
    )
    figure.add_hline(
        y=1 / summary.players,
        line_dash="dash",
        annotation_text=f"fair share 1/{summary.players}",
    )
    figure.update_layout(
        title=f"{title} ({summary.games} games, 95% intervals)",
        yaxis_title="win rate",
        yaxis_range=[0, 1],
    )
    return figure


def game_length_histogram(results: Any, title: str = "Game length") -> go.Figure:
    """A histogram of game length in turns, with the mean and median marked."""
    turns = [row["turns"] for row in records(results) if row.get("error") is None]
    figure = go.Figure(go.Histogram(x=turns, name="games"))
    figure.add_vline(x=statistics.fmean(turns), line_dash="dash", annotation_text="mean")
    figure.add_vline(
        x=float(statistics.median(turns)),
        line_dash="dot",
        annotation_text="median",
        annotation_position="bottom right",
    )
    figure.update_layout(title=title, xaxis_title="turns", yaxis_title="games", bargap=0.05)
    return figure


def convergence_chart(
    frame: Any, exact: float | None = None, title: str = "Monte Carlo estimate"
) -> go.Figure:
    """The running estimate with its 95% band; optionally the exact value as a line.

    ``frame`` is what ``monte_carlo_convergence`` or ``convergence_frame``
    returns. The band narrows like ``1 / sqrt(trials)``: the law of large numbers.
    """
    figure = go.Figure()
    figure.add_trace(
        go.Scatter(
            x=list(frame["trials"]) + list(frame["trials"])[::-1],
            y=list(frame["high"]) + list(frame["low"])[::-1],
            fill="toself",
            line={"width": 0},
            opacity=0.3,
            name="95% interval",
            hoverinfo="skip",
        )
    )
    figure.add_trace(
        go.Scatter(x=list(frame["trials"]), y=list(frame["estimate"]), name="estimate")
    )
    if exact is not None:
        figure.add_hline(y=exact, line_dash="dash", annotation_text=f"exact {exact:.4f}")
    figure.update_layout(
        title=title, xaxis_title="trials", yaxis_title="probability", yaxis_range=[0, 1]
    )
    return figure


def odds_table(odds: Iterable[Any], title: str = "Odds") -> go.Figure:
    """A table of ``(label, probability, explanation)`` rows, e.g. from ``prob.panel``."""
    rows = [tuple(row) for row in odds]
    figure = go.Figure(
        go.Table(
            columnwidth=[2, 1, 6],
            header={"values": ["event", "probability", "how it is worked out"], "align": "left"},
            cells={
                "values": [
                    [row[0] for row in rows],
                    [f"{row[1]:.4f}" for row in rows],
                    [row[2] for row in rows],
                ],
                "align": "left",
            },
        )
    )
    # Plotly does not grow a figure to fit its table: at the default 450 px, long
    # explanations were cut off in a notebook at 1280x720. About 75 characters fit on a
    # line of the widest column at notebook width, a line is about 22 px, and the title,
    # margins and header take about 200 px.
    lines = sum(len(str(row[2])) // 75 + 1 for row in rows)
    figure.update_layout(title=title, height=max(450, 200 + 22 * lines + 10 * len(rows)))
    return figure

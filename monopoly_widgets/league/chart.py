"""The league's chart for a projector: each bot's rating with its interval, and its win rate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.text import plotly_text
from monopoly_widgets.sim.table import records


def league_chart(table: Any, title: str) -> Any:
    """Bots from strongest to weakest: the rating (Elo scale) with its 95%
    interval on the left, the win rate with its 95% Wilson interval on the right.
    ``table``: ``LeagueResult.table`` (a DataFrame, or the package's own table).

    The bots' names come from students' files: each is drawn literally
    (``core/text.py``), and rows go by number with the names as tick labels, so two
    names that read alike once cleaned still get a row each."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    ordered = sorted(records(table), key=lambda line: line["rating"])
    bots = [plotly_text(line["bot"]) for line in ordered]
    places = list(range(len(ordered)))
    figure = make_subplots(
        rows=1,
        cols=2,
        shared_yaxes=True,
        horizontal_spacing=0.04,
        subplot_titles=("Rating (Bradley-Terry, Elo scale)", "Win rate"),
    )
    rating = go.Scatter(
        x=[line["rating"] for line in ordered],
        y=places,
        customdata=bots,
        mode="markers",
        marker={"size": 13},
        error_x=interval_bars(ordered, "rating", "rating_low", "rating_high"),
        hovertemplate="%{customdata}: %{x:.0f}<extra></extra>",
        name="rating",
    )
    win_rate = go.Bar(
        x=[line["win_rate"] for line in ordered],
        y=places,
        customdata=bots,
        orientation="h",
        error_x=interval_bars(ordered, "win_rate", "win_low", "win_high"),
        hovertemplate="%{customdata}: %{x:.2f}<extra></extra>",
        name="win rate",
    )
    for column, trace in enumerate((rating, win_rate), start=1):
        figure.add_trace(trace, row=1, col=column)
    figure.add_vline(x=0.5, line_dash="dash", row=1, col=2)
    figure.update_xaxes(title_text="rating (0: average)", row=1, col=1)
    figure.update_xaxes(title_text="share of games won", range=[0, 1], row=1, col=2)
    figure.update_yaxes(tickmode="array", tickvals=places, ticktext=bots, row=1, col=1)
    figure.update_layout(
        title=plotly_text(title),
        showlegend=False,
        height=max(360, 48 * len(ordered) + 160),
        font={"size": 16},
    )
    return figure


def interval_bars(
    lines: Sequence[dict[str, Any]], value: str, low: str, high: str
) -> dict[str, Any]:
    """Plotly's error bars from ``value`` to the interval's ends ``low`` and ``high``
    (keys of each line): an interval need not be symmetric about its estimate. A bot
    that has not played yet has no interval (None or NaN): no bar."""

    def part(line: dict[str, Any], top: str, bottom: str) -> float:
        ends = (line[top], line[bottom])
        return 0.0 if any(end is None or end != end for end in ends) else ends[0] - ends[1]

    return {
        "type": "data",
        "symmetric": False,
        "array": [part(line, high, value) for line in lines],
        "arrayminus": [part(line, value, low) for line in lines],
    }

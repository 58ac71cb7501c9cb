"""The chart a teacher projects: every student's interval beside the class's, narrowing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from monopoly_widgets.core.text import plotly_text

if TYPE_CHECKING:
    from monopoly_widgets.classroom.pooling import Pool


def pool_chart(pool: Pool, truth: float | None = None) -> Any:
    """Left: each student's estimate with its interval, and the pooled one. Right: the
    pooled estimate and its interval after the first 1, 2, ... results came in.
    Students' names and the experiment's come from their files: drawn literally
    (``core/text.py``)."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    figure = make_subplots(
        rows=1,
        cols=2,
        column_widths=[0.55, 0.45],
        subplot_titles=("Each student, and the class", "The class's estimate as results come in"),
    )
    labels = [plotly_text(row.label) for row in pool.rows] + ["class (pooled)"]
    estimates = [row.estimate for row in pool.rows] + [pool.pooled]
    # Rows by number, named by tick labels: a row per result, even if two names read alike.
    places = list(range(len(labels)))
    figure.add_trace(
        go.Scatter(
            x=[e.probability for e in estimates],
            y=places,
            customdata=labels,
            mode="markers",
            marker={
                "size": [9] * len(pool.rows) + [14],
                "symbol": ["circle"] * len(pool.rows) + ["diamond"],
            },
            error_x={
                "type": "data",
                "symmetric": False,
                "array": [e.high - e.probability for e in estimates],
                "arrayminus": [e.probability - e.low for e in estimates],
            },
            name="estimate",
            hovertemplate="%{customdata}: %{x:.3f}<extra></extra>",
        ),
        row=1,
        col=1,
    )
    trials = []
    total = 0
    for row in pool.rows:
        total += row.result.trials
        trials.append(total)
    running = pool.running
    figure.add_trace(
        go.Scatter(
            x=trials + trials[::-1],
            y=[e.high for e in running] + [e.low for e in running][::-1],
            fill="toself",
            mode="lines",
            opacity=0.3,
            line={"width": 0},
            name="interval",
            hoverinfo="skip",
        ),
        row=1,
        col=2,
    )
    figure.add_trace(
        go.Scatter(
            x=trials,
            y=[e.probability for e in running],
            mode="lines+markers",
            name="pooled estimate",
            hovertemplate="%{x} trials: %{y:.3f}<extra></extra>",
        ),
        row=1,
        col=2,
    )
    if truth is not None:
        figure.add_vline(x=truth, line_dash="dash", row=1, col=1)
        figure.add_hline(y=truth, line_dash="dash", row=1, col=2)
    percent = round(pool.pooled.confidence * 100)
    # Both panels on one scale, zoomed to the intervals: on 0 to 1 the narrowing is lost.
    low = min([e.low for e in estimates] + ([truth] if truth is not None else []))
    high = max([e.high for e in estimates] + ([truth] if truth is not None else []))
    span = [max(0.0, low - 0.05), min(1.0, high + 0.05)]
    figure.update_xaxes(title_text=f"estimate, {percent}% interval", range=span, row=1, col=1)
    figure.update_xaxes(title_text="trials pooled", row=1, col=2)
    figure.update_yaxes(
        autorange="reversed", tickmode="array", tickvals=places, ticktext=labels, row=1, col=1
    )
    figure.update_yaxes(title_text="estimate", range=span, row=1, col=2)
    figure.update_layout(
        title=plotly_text(f"{pool.experiment} (lesson {pool.lesson}): {len(pool.rows)} results"),
        showlegend=False,
        height=min(680, max(400, 22 * len(labels) + 180)),  # fits a 1280x720 projector
        font={"size": 16},
    )
    return figure

"""The lessons' charts and tables, in the colours of JupyterLab's light or dark theme.

Plotly's own notebook renderer draws every figure on white, whatever the theme, so
a dark-theme classroom saw white boxes with grey text. Here a figure travels to
the browser without its colours, as a small anywidget (:class:`LessonChart`), and
``static/lesson_charts.js`` paints it in the page's text colour with a transparent
background, again whenever the theme changes. Plotly's JavaScript is the
explorer's shared copy (``widgets.charts.plotly_library``), so no CDN is needed
and the 4.9 MB bundle reaches the browser once per kernel.

Tables are plain HTML with no colours of their own, so they inherit the theme.

Each chart takes what the lesson just computed and has a name that says what it
shows, so a lesson's cell reads ``charts.running_estimate(frame, exact=...)``
instead of a 35-line figure.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping, Sequence
from itertools import zip_longest
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import plotly.graph_objects as go
import traitlets
from plotly.io.base_renderers import ExternalRenderer

from monopoly_widgets.widgets.charts import plotly_library

STATIC = Path(__file__).parent / "static"

#: The best move's colour and the other moves' colour, as in the explorer's coach panel.
BEST = "#2e7d32"
OTHER = "#7f8c9a"
#: Lines that must read on white and on near-black (reference lines, exact values).
NEUTRAL = "#8a8a8a"
#: The output type of a Plotly figure as JSON: what a printed handout draws a chart from.
PLOTLY_MIMETYPE = "application/vnd.plotly.v1+json"
#: Set by the handout command (``lessons/handout.py``): a chart is then shown as its
#: Plotly JSON, which the handout draws on the page, since paper has no live widget.
ON_PAPER = False


class LessonChart(anywidget.AnyWidget):
    """A Plotly figure drawn in the theme's colours (see the module's docstring)."""

    _esm = (STATIC / "lesson_charts.js").read_text()
    #: The figure as Plotly JSON (``data`` and ``layout``), with no template.
    figure = traitlets.Dict().tag(sync=True)
    #: What the chart shows, in words: its accessible name and its text form.
    description = traitlets.Unicode("").tag(sync=True)
    #: The chart's points as a table (:func:`figure_table`), shown on request under
    #: it: no value needs a hover or sight to be read (issue 46).
    data_table = traitlets.Dict().tag(sync=True)
    plotly = traitlets.Instance(widgets.Widget, allow_none=True).tag(
        sync=True, **widgets.widget_serialization
    )

    def __init__(self, figure: go.Figure, description: str = "") -> None:
        layout = figure.layout
        title = layout.title.text if layout.title and layout.title.text else "chart"
        plain = figure_json(figure)
        super().__init__(
            figure=plain,
            description=description or str(title),
            data_table=figure_table(plain),
            plotly=plotly_library(),
        )
        self._plain = figure

    @property
    def plotly_figure(self) -> go.Figure:
        """The figure itself (for ``write_html`` or ``write_image``)."""
        return self._plain

    def __repr__(self) -> str:
        return f"<chart: {self.description}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live widget; on paper (a handout, no kernel) the figure as Plotly JSON."""
        if ON_PAPER:
            return {
                PLOTLY_MIMETYPE: json.loads(self._plain.to_json()),
                "text/plain": repr(self),
            }, {}
        return super()._repr_mimebundle_(**kwargs)


def figure_json(figure: go.Figure) -> dict[str, Any]:
    """``figure`` as plain JSON without its template, so the browser picks the colours."""
    plain = json.loads(figure.to_json())
    plain.get("layout", {}).pop("template", None)
    return {"data": plain.get("data", []), "layout": plain.get("layout", {})}


#: A chart's data table shows at most this many rows (a running estimate has thousands).
TABLE_ROWS = 60


def _axis_title(layout: Mapping[str, Any], axis: str, default: str) -> str:
    title = (layout.get(axis) or {}).get("title") or {}
    text = title.get("text") if isinstance(title, Mapping) else title
    return str(text) if text else default


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return "" if value is None else str(value)


def figure_table(figure: Mapping[str, Any]) -> dict[str, Any]:
    """The points of a figure's traces as ``{"head", "rows", "note"}``: a row per point.

    A row is the trace's name, its x and its y (axis titles head the columns); a long
    series is thinned to :data:`TABLE_ROWS` evenly spaced rows, its last point kept,
    and ``note`` says so. Traces without points (a table, a shape) add nothing.
    """
    layout = figure.get("layout") or {}
    head = ["series", _axis_title(layout, "xaxis", "x"), _axis_title(layout, "yaxis", "y")]
    rows: list[list[str]] = []
    for index, trace in enumerate(figure.get("data") or []):
        xs, ys = trace.get("x"), trace.get("y")
        if xs is None and ys is None:
            continue
        ys = list(ys) if ys is not None else []
        xs = list(xs) if xs is not None else list(range(len(ys)))
        name = str(trace.get("name") or f"series {index + 1}")
        # A histogram has x alone (its values): a row each, with no y.
        rows += [[name, _cell(x), _cell(y)] for x, y in zip_longest(xs, ys)]
    note = ""
    if len(rows) > TABLE_ROWS:
        step = len(rows) / TABLE_ROWS
        kept = [rows[int(i * step)] for i in range(TABLE_ROWS - 1)] + [rows[-1]]
        note = f"{TABLE_ROWS} of {len(rows)} points, evenly spaced"
        rows = kept
    return {"head": head, "rows": rows, "note": note}


def themed(figure: go.Figure, description: str = "") -> LessonChart:
    """Any Plotly figure, drawn in the theme's colours (axis labels get the room they need)."""
    figure.update_yaxes(automargin=True)
    return LessonChart(figure, description)


def running_estimate(
    frame: Any, exact: float | None = None, title: str = "Monte Carlo estimate"
) -> LessonChart:
    """The running estimate after each trial, its 95% band, and the exact value if known.

    The x axis is logarithmic: the first ten trials take as much room as the next
    ninety, so the early jumps of the estimate can be seen before it settles (the
    law of large numbers). ``frame`` is what ``sim.convergence_frame`` or
    ``monte_carlo_convergence`` returns: columns trials, estimate, low, high.
    """
    trials = [int(value) for value in frame["trials"]]
    figure = go.Figure()
    figure.add_trace(
        go.Scatter(
            x=trials + trials[::-1],
            y=list(frame["high"]) + list(frame["low"])[::-1],
            fill="toself",
            fillcolor="rgba(99,110,250,0.25)",
            line={"width": 0},
            name="95% interval",
            hoverinfo="skip",
        )
    )
    figure.add_trace(
        go.Scatter(x=trials, y=list(frame["estimate"]), name="estimate", line={"color": "#636efa"})
    )
    if exact is not None:
        figure.add_hline(
            y=exact,
            line={"dash": "dash", "color": NEUTRAL},
            annotation_text=f"exact {exact:.4f}",
        )
    figure.update_layout(
        title=title,
        xaxis={"title": "trials (log scale)", "type": "log", "dtick": 1},
        yaxis={"title": "probability", "range": [0, 1]},
        height=420,
    )
    return LessonChart(figure, f"{title}: the running estimate over {trials[-1]} trials")


def win_rates(summary: Any, title: str = "Win rate by seat") -> LessonChart:
    """Each seat's win rate with its 95% interval, and the fair share as a dashed line."""
    from monopoly_widgets.sim.plots import win_rate_chart

    figure = win_rate_chart(summary, title=title)
    figure.update_shapes(line_color=NEUTRAL)
    figure.update_layout(height=420)
    return LessonChart(figure, title)


def game_lengths(results: Any, title: str = "Game length") -> LessonChart:
    """A histogram of turns per game, with the mean and the median marked."""
    from monopoly_widgets.sim.plots import game_length_histogram

    figure = game_length_histogram(results, title=title)
    figure.update_shapes(line_color=NEUTRAL)
    figure.update_layout(height=400)
    return LessonChart(figure, title)


def move_chances(analysis: Any) -> LessonChart:
    """The coach's chance of winning after each move, with its interval; the best in green."""
    from monopoly_widgets.coach.chart import move_chart

    return LessonChart(move_chart(analysis), "the coach's chance of winning after each move")


def estimates_by_sample_size(
    outcomes: Mapping[str, Sequence[int]],
    names: Mapping[str, str],
    sizes: Sequence[int],
    title: str = "Chance of winning, with 95% intervals, as playouts grow",
) -> LessonChart:
    """Each move's estimate from its first ``n`` playouts, for each ``n`` in ``sizes``.

    ``outcomes[move]`` lists 1 for a won playout and 0 for a lost one; the whiskers
    are Wilson 95% intervals (``sim.wilson_interval``), as the coach's own.
    """
    from monopoly_widgets.sim import wilson_interval

    figure = go.Figure()
    colours = [BEST, OTHER, "#c62828", "#1565c0"]
    for index, (move, won) in enumerate(outcomes.items()):
        estimates, above, below = [], [], []
        for n in sizes:
            wins = sum(won[:n])
            low, high = wilson_interval(wins, n)
            estimates.append(wins / n)
            above.append(high - wins / n)
            below.append(wins / n - low)
        figure.add_trace(
            go.Scatter(
                x=list(sizes),
                y=estimates,
                name=names.get(move, move),
                mode="markers+lines",
                marker={"color": colours[index % len(colours)], "size": 9},
                line={"color": colours[index % len(colours)]},
                error_y={"type": "data", "symmetric": False, "array": above, "arrayminus": below},
            )
        )
    figure.update_layout(
        title=title,
        xaxis={"title": "playouts per move (log scale)", "type": "log", "tickvals": list(sizes)},
        yaxis={"title": "chance of winning", "range": [0, 1], "tickformat": ".0%"},
        height=420,
    )
    return LessonChart(figure, title)


class HtmlTable:
    """A small HTML table with no colours of its own, so it takes the theme's."""

    def __init__(self, title: str, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
        self.title = title
        self.header = list(header)
        self.rows = [list(row) for row in rows]

    def _repr_html_(self) -> str:
        cell = 'style="text-align:left;vertical-align:top;white-space:normal"'
        head = "".join(f"<th {cell}>{html.escape(str(name))}</th>" for name in self.header)
        body = "".join(
            "<tr>"
            + "".join(f"<td {cell}>{html.escape(str(value))}</td>" for value in row)
            + "</tr>"
            for row in self.rows
        )
        return (
            f"<p><b>{html.escape(self.title)}</b></p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )

    def __repr__(self) -> str:
        lines = [self.title, " | ".join(self.header)]
        lines += [" | ".join(str(value) for value in row) for row in self.rows]
        return "\n".join(lines)


def odds_table(odds: Iterable[Any], title: str = "Odds", hide: Iterable[str] = ()) -> HtmlTable:
    """``(event, probability, how it is worked out)`` rows, such as ``prob.deal.panel``'s.

    Rows whose event contains any text in ``hide`` are left out: a lesson hides the
    row that would answer one of its exercises.
    """
    hidden = tuple(hide)
    rows = [
        (row[0], f"{row[1]:.4f}", row[2])
        for row in (tuple(item) for item in odds)
        if not any(word in str(row[0]) for word in hidden)
    ]
    return HtmlTable(title, ["event", "probability", "how it is worked out"], rows)


#: The Plotly renderer that draws a figure as a :class:`LessonChart` (no nbformat needed).
RENDERER = "monopoly_widgets"


def _nbformat_missing() -> bool:
    import importlib.util

    return importlib.util.find_spec("nbformat") is None


class _LessonChartRenderer(ExternalRenderer):
    """Shows a figure as a :class:`LessonChart`: the page's theme, the shared Plotly."""

    def render(self, fig_dict: dict[str, Any]) -> None:
        from IPython.display import display

        display(LessonChart(go.Figure(fig_dict)))


def draw_figures_without_nbformat() -> bool:
    """Where nbformat is missing, draw plain Plotly figures as lesson charts; True if so.

    Plotly shows a figure in a notebook only if ``import nbformat`` works, and the
    offline JupyterLite site cannot carry nbformat (it needs jsonschema, whose
    rpds-py has no WebAssembly wheel), so a ``go.Figure`` left as a cell's last
    line stopped the lesson with "Mime type rendering requires nbformat". Plotly
    calls an "external" renderer without asking for nbformat, so this one becomes
    the default there. Where nbformat is installed nothing changes.
    """
    if not _nbformat_missing():
        return False
    import plotly.io as pio

    pio.renderers[RENDERER] = _LessonChartRenderer()
    pio.renderers.default = RENDERER
    return True


draw_figures_without_nbformat()

"""The charts beside the table: Plotly ``FigureWidget``s updated in place.

* money (bank, or money for The Card Game) per player, turn by turn;
* properties on the table and complete sets per player, turn by turn;
* the probability panel of the player being watched.

Each point is the value at the end of that turn; the last point is the step
the cursor is on, so the charts follow the scrubber. Updates go through
``batch_update`` and only when the numbers changed, so a step sends one small
restyle message instead of a new figure.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from monopoly_widgets.widgets.probability import ProbabilityRow
from monopoly_widgets.widgets.views.common import seat_colour, seat_name

WIDTH = 440
FONT = {"size": 14}
GRID = "rgba(128,128,128,0.3)"


def _layout(title: str, height: int) -> dict:
    return {
        "title": {"text": title, "font": {"size": 16}},
        "height": height,
        "width": WIDTH,
        "margin": {"l": 50, "r": 10, "t": 40, "b": 90},
        "legend": {"orientation": "h", "y": -0.22, "yanchor": "top", "x": 0},
        "template": "plotly_white",
        # Transparent, with grey text and grid, so the charts read on light and dark themes.
        "paper_bgcolor": "rgba(0,0,0,0)",
        "plot_bgcolor": "rgba(0,0,0,0)",
        "font": {**FONT, "color": "#808080"},
        "xaxis": {"gridcolor": GRID},
        "yaxis": {"gridcolor": GRID},
    }


class Charts:
    """Three FigureWidgets and the box that shows them."""

    def __init__(self, players: int, money_label: str = "Money ($M)") -> None:
        self.players = players
        self.money = go.FigureWidget(layout=_layout(money_label, 260))
        for seat in range(players):
            self.money.add_scatter(
                x=[],
                y=[],
                mode="lines+markers",
                name=seat_name(seat),
                line={"color": seat_colour(seat), "width": 3},
                marker={"size": 5},
            )
        self.money.update_xaxes(title_text="turn", rangemode="tozero", title_standoff=4)
        self.money.update_yaxes(rangemode="tozero")

        board = make_subplots(
            rows=2,
            cols=1,
            shared_xaxes=True,
            vertical_spacing=0.1,
            subplot_titles=("Properties on the table", "Complete sets"),
        )
        self.board = go.FigureWidget(board)
        self.board.update_layout(**_layout("", 380))
        for row in (1, 2):
            for seat in range(players):
                self.board.add_scatter(
                    x=[],
                    y=[],
                    mode="lines",
                    name=seat_name(seat),
                    row=row,
                    col=1,
                    showlegend=row == 1,
                    legendgroup=f"seat{seat}",
                    line={"color": seat_colour(seat), "width": 3, "shape": "hv"},
                )
        self.board.update_xaxes(title_text="turn", row=2, col=1, title_standoff=4)
        self.board.update_yaxes(rangemode="tozero", gridcolor=GRID)
        self.board.update_xaxes(gridcolor=GRID)

        self.odds = go.FigureWidget(layout=_layout("Next draw odds", 240))
        self.odds.add_bar(
            x=[],
            y=[],
            orientation="h",
            marker={"color": "#1976d2"},
            textposition="auto",
            hoverinfo="text",
        )
        self.odds.update_xaxes(range=[0, 1], tickformat=".0%")
        self.odds.update_yaxes(autorange="reversed", automargin=True)
        self.odds_notes = widgets.HTML(layout=widgets.Layout(width=f"{WIDTH}px"))
        self.odds_notes.add_class("mw-odds-notes")

        self.box = widgets.VBox(
            [self.money, self.board, self.odds, self.odds_notes],
            layout=widgets.Layout(flex="0 1 auto", min_width=f"{WIDTH}px"),
        )
        self._series: tuple = ()
        self._odds: tuple = ()

    def show_series(
        self,
        turns: Sequence[int],
        money: Sequence[Sequence[int]],
        properties: Sequence[Sequence[int]],
        sets: Sequence[Sequence[int]],
    ) -> None:
        """Per-player values at each turn in ``turns`` (one list per seat)."""
        key = (tuple(turns), *(tuple(map(tuple, m)) for m in (money, properties, sets)))
        if key == self._series:
            return
        self._series = key
        x = list(turns)
        with self.money.batch_update():
            for seat, trace in enumerate(self.money.data):
                trace.x = x
                trace.y = list(money[seat])
        with self.board.batch_update():
            for index, trace in enumerate(self.board.data):
                values = properties if index < self.players else sets
                trace.x = x
                trace.y = list(values[index % self.players])

    def show_odds(self, title: str, rows: Sequence[ProbabilityRow]) -> None:
        """The probability panel: one bar per row, explanations underneath."""
        key = (title, tuple(rows))
        if key == self._odds:
            return
        self._odds = key
        labels = [label for label, _, _ in rows]
        values = [round(float(p), 4) for _, p, _ in rows]
        with self.odds.batch_update():
            self.odds.layout.title.text = title
            bar = self.odds.data[0]
            bar.y = labels
            bar.x = values
            bar.text = [f"{p:.0%}" for p in values]
            bar.hovertext = [text for _, _, text in rows]
        items = "".join(
            f"<li><b>{_escape(label)}: {p:.1%}</b>. {_escape(text)}</li>" for label, p, text in rows
        )
        self.odds_notes.value = (
            "<details><summary>How these odds are worked out</summary>"
            f"<ul style='margin:0;padding-left:18px'>{items}</ul></details>"
            if rows
            else ""
        )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

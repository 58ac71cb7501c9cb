"""The charts beside the table: their data, drawn by ``static/charts.js`` with Plotly.

* money (bank, or score for The Card Game) per player, turn by turn;
* properties and complete sets per player, turn by turn;
* the probability panel of the player being watched.

Each point is the value at the end of that turn; the last point is the step
the cursor is on, so the charts follow the scrubber. The numbers come from the
explorer's cursor (``widgets/cursor.py``), which works each step out once.

Why not Plotly ``FigureWidget``s? Each FigureWidget is its own widget model
that ships and evaluates its own copy of Plotly's 4.9 MB bundle (three per
explorer), and its view draws the real figure only when JupyterLab tells it
that it was attached to the page; until then it shows an empty placeholder
plot, and later updates are applied to that placeholder. A view that missed
that moment stayed blank, whatever was clicked. Here the charts are plain
JSON traits of the table (a few KB), the browser loads Plotly once per page
from a :class:`PlotlyLibrary` model (one per kernel in Jupyter, one per
session in marimo: ``widgets/plotly_library.py``), and ``charts.js`` draws every
chart from its complete data whenever the data or the element's size changes,
so a chart cannot be left half-drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.registry import describe
from monopoly_widgets.widgets import probability, views
from monopoly_widgets.widgets.cursor import TimelineCursor
from monopoly_widgets.widgets.plotly_library import plotly_library
from monopoly_widgets.widgets.probability import ProbabilityFn, ProbabilityRow
from monopoly_widgets.widgets.views.common import seat_colour, seat_name


def chart_labels(game_name: str, players: int) -> dict[str, Any]:
    """Titles, seat names and seat colours for the charts of ``game_name``.

    The titles are the game's descriptor's ``chart_titles`` (``core/registry.py``):
    each money title names the unit its axis counts in.
    """
    return {
        **describe(game_name).chart_titles,
        "names": [seat_name(seat) for seat in range(players)],
        "colours": [seat_colour(seat) for seat in range(players)],
    }


class Charts:
    """Puts the charts' data into the table's ``chart_series`` and ``odds`` traits.

    Only values that changed are assigned, so a step that changes nothing in
    the charts sends nothing for them.
    """

    def __init__(self, table: Any, game_name: str, players: int) -> None:
        self.table = table
        self.game_name = game_name
        self.players = players
        table.chart_labels = chart_labels(game_name, players)
        table.plotly = plotly_library(table)

    def show(
        self, cursor: TimelineCursor, perspective: int | None, panel: ProbabilityFn | None
    ) -> None:
        """The charts up to the cursor as ``perspective`` may see them, and the odds panel.

        While the timer plays, the odds panel waits (exact odds can take a while:
        Bid's are a big sum), and it is filled in when play stops.
        """
        self.set_series(series_at(cursor, self.game_name, perspective))
        if self.table.playing:
            title = "Odds" if panel is not None else describe(self.game_name).odds_title
            self.set_odds(odds_data(title, [], "shown when paused"))
            return
        self.set_odds(odds_at(cursor, self.game_name, perspective, panel))

    def set_series(self, series: dict[str, Any]) -> None:
        """Assign ``chart_series`` only if it changed (nothing is sent otherwise)."""
        if series != self.table.chart_series:
            self.table.chart_series = series

    def set_odds(self, odds: dict[str, Any]) -> None:
        """Assign ``odds`` only if it changed."""
        if odds != self.table.odds:
            self.table.odds = odds

    def show_series(
        self,
        turns: Sequence[int],
        money: Sequence[Sequence[int | None]],
        properties: Sequence[Sequence[int | None]],
        sets: Sequence[Sequence[int | None]],
    ) -> None:
        """Per-player values at each turn in ``turns`` (one list per seat)."""
        self.set_series(series_data(turns, money, properties, sets))

    def show_odds(self, title: str, rows: Sequence[ProbabilityRow], note: str = "") -> None:
        """The probability panel: one bar per row, its explanation on hover and below."""
        self.set_odds(odds_data(title, rows, note))

    @property
    def odds_rows(self) -> list[tuple[str, float, str]]:
        """The panel's rows as shown: ``(label, probability, explanation)``."""
        return [(r["label"], r["p"], r["text"]) for r in self.table.odds.get("rows", [])]


# --- the charts' data, for the table's traits and for a saved replay (widgets/replay.py) ---
def series_data(
    turns: Sequence[int],
    money: Sequence[Sequence[int | None]],
    properties: Sequence[Sequence[int | None]],
    sets: Sequence[Sequence[int | None]],
) -> dict[str, Any]:
    """The ``chart_series`` value: per-player values at each turn in ``turns``."""
    return {
        "turns": list(turns),
        "money": [list(m) for m in money],
        "properties": [list(p) for p in properties],
        "sets": [list(s) for s in sets],
    }


def odds_data(title: str, rows: Sequence[ProbabilityRow], note: str = "") -> dict[str, Any]:
    """The ``odds`` value: one bar per row, with its explanation."""
    return {
        "title": title,
        "note": note,
        "rows": [
            {"label": str(label), "p": round(float(p), 4), "text": str(text)}
            for label, p, text in rows
        ],
    }


def series_at(cursor: TimelineCursor, game_name: str, perspective: int | None) -> dict[str, Any]:
    """The charts' series up to the cursor, as ``perspective`` may see them.

    In a seat's view, the metrics worked out from hidden cards show only that
    seat's line (``views.private_metrics``).
    """
    turns, values = cursor.chart_points()
    if perspective is not None:
        for key in views.private_metrics(game_name):
            for seat, series in enumerate(values[key]):
                if seat != perspective:
                    values[key][seat] = [None] * len(series)
    return series_data(turns, values["money"], values["properties"], values["sets"])


def odds_at(
    cursor: TimelineCursor, game_name: str, perspective: int | None, panel: ProbabilityFn | None
) -> dict[str, Any]:
    """The odds panel at the cursor: of the seat watched, else of the seat deciding.

    ``panel`` replaces the game's own (``explorer.probability_panel``).
    """
    title = "Odds" if panel is not None else describe(game_name).odds_title
    panel = panel or probability.probability_function(game_name)
    seat = perspective if perspective is not None else cursor.current_player()
    if panel is None or seat is None:
        return odds_data(title, [], "nothing to show at this step")
    rows = cursor.odds(panel, seat)
    return odds_data(
        f"{title}: {seat_name(seat)}", rows, "" if rows else "nothing to show at this step"
    )

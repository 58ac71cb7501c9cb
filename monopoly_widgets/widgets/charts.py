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
from one shared :class:`PlotlyLibrary` model, and ``charts.js`` draws every
chart from its complete data whenever the data or the element's size changes,
so a chart cannot be left half-drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly
import traitlets

from monopoly_widgets.core.registry import describe
from monopoly_widgets.widgets import probability, views
from monopoly_widgets.widgets.cursor import TimelineCursor
from monopoly_widgets.widgets.probability import ProbabilityFn, ProbabilityRow
from monopoly_widgets.widgets.views.common import seat_colour, seat_name

#: Plotly's own standalone build, shipped in the ``plotly`` package (no CDN).
PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


class PlotlyLibrary(widgets.Widget):
    """Plotly's JavaScript, sent to the browser once per kernel in one shared model.

    Every explorer's table points at the same instance, and ``charts.js``
    evaluates the source at most once per page.

    The source is bytes (UTF-8), so it travels as a binary buffer beside the
    widget state instead of inside its JSON: when a page opens, the browser asks
    for every widget's state in one message, and parsing 4.9 MB of JSON there
    delayed every widget on the page (Voila showed "model not found" on busy
    machines; docs/compatibility.md).
    """

    source = traitlets.Bytes(b"").tag(sync=True)


_LIBRARY: PlotlyLibrary | None = None


def plotly_library() -> PlotlyLibrary:
    """The one :class:`PlotlyLibrary` of this kernel (made on first use)."""
    global _LIBRARY
    if _LIBRARY is None:
        _LIBRARY = PlotlyLibrary(source=PLOTLY_JS.read_bytes())
    return _LIBRARY


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
        table.plotly = plotly_library()

    def show(
        self, cursor: TimelineCursor, perspective: int | None, panel: ProbabilityFn | None
    ) -> None:
        """The charts up to the cursor as ``perspective`` may see them, and the odds panel.

        In a seat's view, the metrics worked out from hidden cards show only that
        seat's line. The odds are those of the seat watched, else of the seat
        deciding; ``panel`` replaces the game's own (``explorer.probability_panel``).
        """
        turns, values = cursor.chart_points()
        if perspective is not None:
            for key in views.private_metrics(self.game_name):
                for seat, series in enumerate(values[key]):
                    if seat != perspective:
                        values[key][seat] = [None] * len(series)
        self.show_series(turns, values["money"], values["properties"], values["sets"])
        title = "Odds" if panel is not None else describe(self.game_name).odds_title
        if self.table.playing:
            # Exact odds can take a while (Bid's are a big sum); while the timer
            # plays, the panel waits, and it is filled in when play stops.
            self.show_odds(title, [], "shown when paused")
            return
        panel = panel or probability.probability_function(self.game_name)
        seat = perspective if perspective is not None else cursor.current_player()
        if panel is None or seat is None:
            self.show_odds(title, [], "nothing to show at this step")
            return
        rows = cursor.odds(panel, seat)
        self.show_odds(
            f"{title}: {seat_name(seat)}", rows, "" if rows else "nothing to show at this step"
        )

    def show_series(
        self,
        turns: Sequence[int],
        money: Sequence[Sequence[int | None]],
        properties: Sequence[Sequence[int | None]],
        sets: Sequence[Sequence[int | None]],
    ) -> None:
        """Per-player values at each turn in ``turns`` (one list per seat)."""
        series = {
            "turns": list(turns),
            "money": [list(m) for m in money],
            "properties": [list(p) for p in properties],
            "sets": [list(s) for s in sets],
        }
        if series != self.table.chart_series:
            self.table.chart_series = series

    def show_odds(self, title: str, rows: Sequence[ProbabilityRow], note: str = "") -> None:
        """The probability panel: one bar per row, its explanation on hover and below."""
        odds = {
            "title": title,
            "note": note,
            "rows": [
                {"label": str(label), "p": round(float(p), 4), "text": str(text)}
                for label, p, text in rows
            ],
        }
        if odds != self.table.odds:
            self.table.odds = odds

    @property
    def odds_rows(self) -> list[tuple[str, float, str]]:
        """The panel's rows as shown: ``(label, probability, explanation)``."""
        return [(r["label"], r["p"], r["text"]) for r in self.table.odds.get("rows", [])]

"""The league's progress widget: a bar, and the table as it fills (plain ipywidgets)."""

from __future__ import annotations

from typing import Any

from monopoly_widgets.core.text import html_text
from monopoly_widgets.league.result import LeagueResult
from monopoly_widgets.sim.table import records

#: The table columns the widget shows.
SHOWN = ("bot", "games", "wins", "draws", "losses", "forfeits", "win_rate", "rating")


class LeagueProgress:
    """``widget``: a progress bar over the games, the failures, and the table so far."""

    def __init__(self, total: int) -> None:
        import ipywidgets as widgets

        self.bar = widgets.IntProgress(value=0, min=0, max=max(total, 1), description="Games")
        self.status = widgets.HTML()
        self.board = widgets.HTML()
        self.widget = widgets.VBox([self.bar, self.status, self.board])
        self.widget.add_class("mw-league")

    def update(self, result: LeagueResult, done: int, total: int, finished: bool = False) -> None:
        """Show ``done`` of ``total`` games and the table of ``result`` so far."""
        self.bar.max = max(total, 1)
        self.bar.value = done
        notes = [f"<b>Sat out:</b> {html_text(report)}" for report in result.failures.values()]
        notes += [f"<b>Note:</b> {html_text(note)}" for note in result.notes]
        state = "League finished" if finished else "Playing"
        self.status.value = "<br>".join([f"{state}: {done} of {total} games", *notes])
        self.board.value = table_html(result) if result.rows else ""

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def table_html(result: LeagueResult) -> str:
    """The league table as a small HTML table (its class: ``mw-league-table``)."""
    table = result.table
    pad = 'style="padding: 2px 12px; text-align: left"'
    head = "".join(f"<th {pad}>{html_text(name.replace('_', ' '))}</th>" for name in SHOWN)
    rows = []
    for line in records(table):
        cells = []
        for name in SHOWN:
            value: Any = line[name]
            if value is None:  # a win rate before the bot's first game (read as missing)
                value = "–"
            elif name == "win_rate":
                value = f"{value:.2f} ({line['win_low']:.2f}–{line['win_high']:.2f})"
            elif name == "rating" and line["rating_low"] is None:  # no game yet: no interval
                value = "–"
            elif name == "rating":
                value = f"{value:+.0f} ({line['rating_low']:+.0f} to {line['rating_high']:+.0f})"
            cells.append(f"<td {pad}>{html_text(value)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (
        '<table class="mw-league-table" style="border-collapse: collapse; font-size: 1.05em">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )

"""The teacher's dashboard as a widget, for a teacher who runs the class server from a
notebook (``server.dashboard_widget()``): the same lines as the teacher's page (public
facts only, ``dashboard.py``), redrawn every few seconds.

It is behind the teacher key the way the notebook is: only the notebook that holds the
:class:`~monopoly_widgets.server.running.ClassServer` can make it. Every name goes in
through :func:`~monopoly_widgets.core.text.html_text`, so a name with markup shows as
its characters.
"""

from __future__ import annotations

import threading
from typing import Any

import ipywidgets

from monopoly_widgets.core.text import html_text

#: Seconds between redraws.
EVERY = 2.0


def dashboard_html(tables: list[dict[str, Any]]) -> str:
    """The dashboard's lines as an HTML table (every text escaped)."""
    rows = []
    for table in tables:
        state = (
            "closed"
            if table["closed"]
            else "over"
            if table["over"]
            else "paused"
            if table["paused"]
            else f"now: {table['turn_of']}"
        )
        rows.append(
            f'<tr class="mw-dash-table"><th colspan="5">Table {html_text(table["id"])}: '
            f"{html_text(table['spec']['game'])}, {table['moves']} moves, {html_text(state)}"
            "</th></tr>"
        )
        for line in table["lines"]:
            who = f"{line['bot']} bot" if line["bot"] else line["name"] or "nobody yet"
            here = "bot" if line["bot"] else "here" if line["connected"] else "away"
            cells = [
                f"Player {line['seat']}: {who}",
                here,
                "" if line["money"] is None else f"${line['money']}M",
                "" if line["complete_sets"] is None else f"{line['complete_sets']} sets",
                "" if line["hand_count"] is None else f"{line['hand_count']} cards",
            ]
            rows.append("<tr>" + "".join(f"<td>{html_text(c)}</td>" for c in cells) + "</tr>")
    if not rows:
        return "<p>No tables yet.</p>"
    return '<table class="mw-dashboard">' + "".join(rows) + "</table>"


class DashboardWidget(ipywidgets.HTML):
    """The dashboard, redrawn every :data:`EVERY` seconds until :meth:`stop`."""

    def __init__(self, server: Any, every: float = EVERY) -> None:
        super().__init__()
        self._server = server
        self._every = every
        self._stopped = threading.Event()
        self.refresh()
        self._thread = threading.Thread(target=self._follow, daemon=True, name="mw-dashboard")
        self._thread.start()

    def refresh(self) -> None:
        self.value = dashboard_html(self._server.dashboard())

    def _follow(self) -> None:
        while not self._stopped.wait(self._every):
            try:
                self.refresh()
            except Exception:  # the server stopped: the widget keeps its last picture
                return

    def stop(self) -> None:
        self._stopped.set()

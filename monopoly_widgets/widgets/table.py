"""The table: an anywidget whose traits describe what the browser draws.

The traits are the source of truth; the JavaScript in ``static/`` (the files of
:data:`TABLE_SCRIPT`, whose ``table.js`` renders the table and ``charts.js`` the
charts, from ``chart_series`` and ``odds``) only renders them and
sends small custom messages back (``{"type": "step", "by": 1}``, ``{"type":
"action", "id": ..., "seat": ...}``, ...). The browser changes no trait of the
game: every request goes through :class:`~monopoly_widgets.widgets.explorer.
GameExplorer`, which checks it and answers with new trait values or a visible
error. The one trait the browser sets is ``shown_step``, the step it has drawn,
so that a notebook that reacts only to the browser (marimo) can watch it; it
changes nothing in the game. The JavaScript and CSS ship inside the package (no CDN).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.validation import excerpt, whole_number
from monopoly_widgets.widgets import messages

STATIC = Path(__file__).parent / "static"

MessageHandler = Callable[[Any], None]
#: How the table arranges itself: "wide" (charts beside the full table), "compact"
#: (opponents in one line each, charts in tabs) or "auto" (by the width it gets).
LAYOUTS = ("auto", "wide", "compact")
#: Play speeds the browser may ask for, in steps per second.
MIN_SPEED, MAX_SPEED = 0.1, 20.0


def check_speed(speed: Any) -> float:
    """``speed`` in steps per second, or ``InputError`` naming the allowed range."""
    if isinstance(speed, bool) or not isinstance(speed, (int, float)):
        raise InputError(f"speed must be a number of steps per second, not {excerpt(speed)}")
    if not MIN_SPEED <= speed <= MAX_SPEED:
        raise InputError(
            f"speed must be between {MIN_SPEED} and {MAX_SPEED} steps a second, not {speed}"
        )
    return float(speed)


def check_layout(layout: Any) -> str:
    """``layout`` if it is one of :data:`LAYOUTS`, else ``InputError`` naming them."""
    if not isinstance(layout, str) or layout not in LAYOUTS:
        raise InputError(f"layout must be one of {', '.join(LAYOUTS)}, not {excerpt(layout)}")
    return layout


#: The table's JavaScript files, in the order they are joined into one ES module.
#: There is no build step (Binder, JupyterLite and the one-file HTML replay take the
#: files as they are), and anywidget's ``_esm`` is one module that cannot import its
#: neighbours, so the parts are plain scripts sharing the module's scope: each file
#: uses only what the files before it define. The pure helpers come first (tested
#: under node in ``tests/js/``), then the view's parts, then ``table.js``, whose
#: ``render`` puts them together and is the module's one export.
TABLE_SCRIPT = (
    "figures.js",  # the charts' Plotly figures (pure)
    "charts.js",  # the chart area: tabs, coach panel, when to draw
    "dom.js",  # el, button, icons, flash
    "node_cache.js",  # nodes remembered by what they show; setChildren
    "names.js",  # card names fitted to their card (pure)
    "layout.js",  # wide or compact, the room for a name, the seat in focus (pure)
    "cards.js",  # one card, or a face-down stack
    "seats.js",  # the seats and the piles
    "choices.js",  # the human's moves, in one or two steps
    "controls.js",  # the header and the toolbar
    "narration.js",  # the events, the error and the notice
    "timer.js",  # the play timer, one per model
    "table.js",  # render: the parts together, the layout, the drawing, the wiring
)


def table_script() -> str:
    """The widget's module: :data:`TABLE_SCRIPT`'s files joined, in order."""
    return "\n".join((STATIC / name).read_text(encoding="utf-8") for name in TABLE_SCRIPT)


class GameTable(anywidget.AnyWidget):
    """The card table, controls, human choices and narration line."""

    _esm = table_script()
    _css = STATIC / "table.css"

    #: The compact table model built by ``views`` (see ``views/common.py``).
    table = traitlets.Dict().tag(sync=True)
    #: The events of the step shown: ``[{"text": ..., "rule": ...}]``.
    narration = traitlets.List().tag(sync=True)
    #: The human decider's legal actions: ``[{"id", "text", "kind", "card"}]``.
    choices = traitlets.List().tag(sync=True)
    #: The seat the choices belong to (``None`` when there are none).
    choice_seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    #: The last rejected request, in words ("" when all is well).
    error = traitlets.Unicode("").tag(sync=True)
    #: Bumped with every error, so the browser flashes it again even if the text repeats.
    error_count = traitlets.Int(0).tag(sync=True)
    #: A short hint: whose move it is, why play stopped.
    notice = traitlets.Unicode("").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    steps = traitlets.Int(0).tag(sync=True)
    playing = traitlets.Bool(False).tag(sync=True)
    #: Steps per second while playing.
    speed = traitlets.Float(2.0).tag(sync=True)
    #: ``None`` is the teacher's view; a seat number shows only what that seat sees.
    perspective = traitlets.Int(None, allow_none=True).tag(sync=True)
    #: ``["Player 1 (you)", "Player 2 (bot)", ...]`` for the perspective menu.
    seat_names = traitlets.List().tag(sync=True)
    seed = traitlets.Int(0).tag(sync=True)
    #: "auto", "wide" or "compact" (see ``LAYOUTS``).
    layout_mode = traitlets.Unicode("auto").tag(sync=True)
    #: Chart data: ``{"turns": [...], "money"|"properties"|"sets": [[per seat]...]}``.
    chart_series = traitlets.Dict().tag(sync=True)
    #: Chart titles, seat names and colours (set once per game).
    chart_labels = traitlets.Dict().tag(sync=True)
    #: The probability panel: ``{"title", "note", "rows": [{"label", "p", "text"}]}``.
    odds = traitlets.Dict().tag(sync=True)
    #: The coach panel: ``{"on", "status", "chart", "step", "seat"}`` (``chart`` is
    #: ``coach.chart_data`` of the step and seat analysed);
    #: ``{}`` when the coach is off.
    coach = traitlets.Dict().tag(sync=True)
    #: The step the browser has drawn, set by the browser (only when ``reports_step``):
    #: marimo re-runs the cells that read it (``mo.ui.anywidget(explorer.table)``).
    shown_step = traitlets.Int(0).tag(sync=True)
    #: Ask the browser to report ``shown_step`` after each step it draws.
    reports_step = traitlets.Bool(False).tag(sync=True)
    #: The model holding Plotly's JavaScript (``plotly_library.PlotlyLibrary``).
    plotly = traitlets.Instance(widgets.Widget, allow_none=True).tag(
        sync=True, **widgets.widget_serialization
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handler: MessageHandler | None = None
        self.on_msg(self._receive)

    def set_handler(self, handler: MessageHandler) -> None:
        """Send every message from the browser to ``handler(content)``."""
        self._handler = handler

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if self._handler is None:
            self.show_error("This table is not connected to a game.")
            return
        self._handler(content)

    def set_state(self, sync_data: Any) -> None:
        """A trait update from the browser: ``shown_step`` alone, else refused and undone.

        ``shown_step`` must be a step of the game (0 to ``steps``); it moves
        nothing. Any other trait belongs to Python (``messages.refuse_trait_update``).
        """
        if isinstance(sync_data, Mapping) and set(sync_data) == {"shown_step"}:
            try:
                whole_number(sync_data["shown_step"], "shown_step", 0, self.steps)
            except InputError as exc:
                self.send_state(["shown_step"])
                self.show_error(f"ignored a message from the browser: {exc}")
                return
            super().set_state(sync_data)
            return
        self.show_error(messages.refuse_trait_update(self, sync_data))

    def show_error(self, text: str) -> None:
        """Show ``text`` as a visible error on the table."""
        with self.hold_sync():
            self.error = messages.clip_error(text)
            self.error_count += 1

    def __repr__(self) -> str:
        return f"<GameTable {self.table.get('game', '')} step {self.step}/{self.steps}>"

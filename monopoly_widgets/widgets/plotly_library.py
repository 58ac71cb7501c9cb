"""Plotly's JavaScript in a widget model, and which model each table points at.

In Jupyter (JupyterLab, Notebook 7, Voila, JupyterLite) one model per kernel:
every page of the kernel finds it, and the 4.9 MB travel once.

In marimo one model per *session*. marimo serves all the sessions of
``marimo run`` from one process, so a model kept for the process belongs to the
first session, and the second student's page cannot find it ("Model not
found"). And marimo closes the models a cell made when that cell runs again
(``marimo edit``): when the library's cell runs again, the next explorer made
gets a new library, and every live table of that session is pointed at it
(``charts.js`` loads Plotly from whichever library the table names when it
needs it), so a page opened later still finds one.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly
import traitlets

from monopoly_widgets.widgets.frontends import in_marimo

#: Plotly's own standalone build, shipped in the ``plotly`` package (no CDN).
PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


class PlotlyLibrary(widgets.Widget):
    """Plotly's JavaScript, sent to the browser in a widget model the tables point at.

    ``charts.js`` evaluates the source at most once per page, whichever table
    asks first.

    The source is bytes (UTF-8), so it travels as a binary buffer beside the
    widget state instead of inside its JSON: when a page opens, the browser asks
    for every widget's state in one message, and parsing 4.9 MB of JSON there
    delayed every widget on the page (Voila showed "model not found" on busy
    machines; docs/compatibility.md).
    """

    source = traitlets.Bytes(b"").tag(sync=True)


def _new_library() -> PlotlyLibrary:
    return PlotlyLibrary(source=PLOTLY_JS.read_bytes())


_KERNEL_LIBRARY: PlotlyLibrary | None = None


class _Session:
    """A marimo session's library, and the tables that point at it."""

    def __init__(self) -> None:
        self.library: PlotlyLibrary | None = None
        self.tables: weakref.WeakSet[Any] = weakref.WeakSet()


#: One entry per marimo session, by its runtime context's id (the context is not
#: hashable), with a weak reference that tells a reused id and drops the entry.
_SESSIONS: dict[int, tuple[Any, _Session]] = {}


def _session_of(context: Any) -> _Session:
    key = id(context)
    entry = _SESSIONS.get(key)
    if entry is not None and entry[0]() is context:
        return entry[1]
    try:
        ref: Any = weakref.ref(context, lambda _gone: _SESSIONS.pop(key, None))
    except TypeError:  # a context that takes no weak reference: keep it

        def ref() -> Any:
            return context

    session = _Session()
    _SESSIONS[key] = (ref, session)
    return session


def _marimo_session() -> Any | None:
    """The running marimo session's runtime context (``None`` if it cannot be told)."""
    try:
        from marimo._runtime.context import get_context

        return get_context()
    except Exception:
        return None


def _closed(widget: widgets.Widget) -> bool:
    """True once marimo (or anyone) closed ``widget``'s model."""
    comm = getattr(widget, "comm", None)
    return comm is None or bool(getattr(comm, "_closed", False))


def plotly_library(table: Any = None) -> PlotlyLibrary:
    """The :class:`PlotlyLibrary` for a new table (``table``, remembered in marimo)."""
    global _KERNEL_LIBRARY
    if not in_marimo():
        if _KERNEL_LIBRARY is None:
            _KERNEL_LIBRARY = _new_library()
        return _KERNEL_LIBRARY
    context = _marimo_session()
    if context is None:  # a marimo we cannot ask about sessions: one library per table
        return _new_library()
    session = _session_of(context)
    if session.library is None or _closed(session.library):
        session.library = _new_library()
        for other in list(session.tables):
            if other is not table and not _closed(other):
                other.plotly = session.library
    if table is not None:
        session.tables.add(table)
    return session.library

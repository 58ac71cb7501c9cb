"""The class server: live tables where students at different computers play one game.

The server holds the true game of every table and gives each seat only its own
observation and the public events (``docs/class.md`` for teachers,
``docs/class-protocol.md`` for the messages). Modules:

- ``codes.py``: join codes, seat tokens and the teacher key (``secrets``);
- ``protocol.py``: the messages, their version and their checks (size, type, rate);
- ``tables.py``: one table: its game, seats, bots, clock, and what each seat is sent;
- ``store.py``: SQLite (WAL): every table, seat and move, written before it is acknowledged;
- ``app.py``: the tornado application: the student page, the WebSocket, the teacher's API;
- ``running.py``: :class:`ClassServer`, :func:`serve` (in a thread, from a notebook);
- ``joined.py``: :func:`join`, a student's seat in a notebook, fed by the server;
- ``links.py``: its WebSocket, from a kernel process or from a browser tab (Pyodide);
- ``site.py``: the offline lessons site under ``/lite/`` (``serve --site``);
- ``hub_service.py``: the server as a JupyterHub managed service (``serve --hub``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["ClassServer", "serve", "join"]


def __getattr__(name: str) -> Any:
    # The server needs tornado (the [class] extra); a student's seat in a browser tab
    # (JupyterLite) has none and needs only ``join``, so the server is imported on use.
    if name in ("ClassServer", "serve"):
        from monopoly_widgets.server import running

        return getattr(running, name)
    raise AttributeError(f"module 'monopoly_widgets.server' has no attribute {name!r}")


def join(code: str, server: str | None = None, name: str = "", **options: Any) -> Any:
    """A student's seat of a class table in a notebook (``joined.py``): the explorer's
    table, fed by the server with this seat's view only."""
    from monopoly_widgets.server.joined import join as _join

    return _join(code, server=server, name=name, **options)

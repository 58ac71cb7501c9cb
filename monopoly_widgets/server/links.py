"""How ``mw.join``'s seat talks to the class server: from a kernel process, or from a tab.

A seat (``joined.py``) needs a WebSocket that sends its join, hands it every frame and,
if the connection drops, joins again with the seat's token. Where the kernel runs
decides how:

- :class:`ThreadLink`: a kernel process (JupyterLab, Notebook 7, Voilà, marimo). tornado's
  client, on an asyncio loop in a thread of its own, so the notebook stays free.
- :class:`BrowserLink`: a kernel in the browser tab (JupyterLite's Pyodide), which has no
  threads and no sockets of its own. The tab's own ``WebSocket`` (Pyodide's ``js``), its
  callbacks run by the page's event loop. It is a page of another site than the server's,
  so the teacher allows its origin (``serve --allow-origin``, docs/class.md).

Both reconnect after 0.5 s, doubling to 5 s, and stop when the seat says so (a refused
code, a refused origin, the seat taken by another page, or ``leave()``).
"""

from __future__ import annotations

import asyncio
import sys
import threading
from typing import Any, Protocol

#: Seconds before joining again after a drop, at first and at most.
FIRST_RETRY, LAST_RETRY = 0.5, 5.0


class Seat(Protocol):
    """What a link needs of the seat it carries (``JoinedSeat``)."""

    server: str
    stopped: bool
    joined_once: bool

    def join_message(self) -> str: ...

    def arrived(self, text: str) -> None: ...

    def lost(self) -> None: ...

    def unreachable(self, reason: str) -> None: ...


def in_browser_tab() -> bool:
    """Is this kernel Pyodide, in a browser tab (JupyterLite, a marimo WebAssembly page)?"""
    return sys.platform == "emscripten"


def socket_url(server: str) -> str:
    """The seats' WebSocket of the server at ``server`` (``http://host:port/``)."""
    return server.replace("http", "ws", 1) + "ws"


def make_link(seat: Seat) -> ThreadLink | BrowserLink:
    return BrowserLink(seat) if in_browser_tab() else ThreadLink(seat)


class ThreadLink:
    """tornado's WebSocket client on an event loop in a daemon thread."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.socket: Any = None
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True, name="mw-join").start()
        asyncio.run_coroutine_threadsafe(self._connect(), self.loop)

    async def _connect(self) -> None:
        from tornado.websocket import websocket_connect

        delay = FIRST_RETRY
        while not self.seat.stopped:
            try:
                self.socket = await websocket_connect(socket_url(self.seat.server))
                await self.socket.write_message(self.seat.join_message())
                delay = FIRST_RETRY
                while (text := await self.socket.read_message()) is not None:
                    self.seat.arrived(text)
            except OSError as exc:
                self.seat.unreachable(str(exc))
            if self.seat.stopped or not self.seat.joined_once:
                return
            self.seat.lost()
            await asyncio.sleep(delay)
            delay = min(delay * 2, LAST_RETRY)

    def send(self, text: str) -> None:
        if self.socket is not None:
            self.loop.call_soon_threadsafe(lambda: self.socket.write_message(text))

    def close(self) -> None:
        if self.socket is not None:
            self.loop.call_soon_threadsafe(self.socket.close)
        self.loop.call_soon_threadsafe(self.loop.stop)


class BrowserLink:
    """The tab's own ``WebSocket``, driven by its callbacks (Pyodide: no threads)."""

    def __init__(self, seat: Seat) -> None:
        from pyodide.ffi import create_proxy

        self.seat = seat
        self.socket: Any = None
        self.delay = FIRST_RETRY
        # Proxies keep the Python callbacks alive while the page holds them.
        self._on_open = create_proxy(self._opened)
        self._on_message = create_proxy(self._message)
        self._on_close = create_proxy(self._closed)
        self._on_retry = create_proxy(self._open)
        self._open()

    def _open(self, *_: Any) -> None:
        import js

        if self.seat.stopped:
            return
        self.opened = False
        self.socket = js.WebSocket.new(socket_url(self.seat.server))
        self.socket.onopen = self._on_open
        self.socket.onmessage = self._on_message
        self.socket.onclose = self._on_close

    def _opened(self, _event: Any) -> None:
        self.opened = True
        self.delay = FIRST_RETRY
        self.socket.send(self.seat.join_message())

    def _message(self, event: Any) -> None:
        self.seat.arrived(str(event.data))

    def _closed(self, _event: Any) -> None:
        import js

        if not self.opened and not self.seat.joined_once:
            self.seat.unreachable("the browser could not open the connection")
        if self.seat.stopped or not self.seat.joined_once:
            return
        self.seat.lost()
        js.setTimeout(self._on_retry, int(self.delay * 1000))
        self.delay = min(self.delay * 2, LAST_RETRY)

    def send(self, text: str) -> None:
        if self.socket is not None and self.socket.readyState == 1:  # OPEN
            self.socket.send(text)

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()

"""The tornado application: the student page, the seats' WebSocket and the teacher's API.

Tornado because Jupyter already installs it (``jupyter_server`` runs on it), so a teacher
with JupyterLab needs nothing more; it serves HTTP and WebSockets from one event loop in
one thread, which is what keeps every table's moves in order without locks (``hub.py``),
and that loop runs as well in a thread beside a notebook's kernel (``mw.serve()``).

The WebSocket checks the page's Origin: a page from another site is answered with one
error frame and closed before it can send anything. The teacher's API needs the teacher
key in an ``Authorization: Bearer KEY`` header.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tornado import web, websocket

from monopoly_widgets.core.errors import InputError, MonopolyWidgetsError
from monopoly_widgets.core.validation import excerpt
from monopoly_widgets.server import codes, protocol
from monopoly_widgets.server.hub import Hub
from monopoly_widgets.server.protocol import ProtocolError, RateLimit
from monopoly_widgets.server.questions import Questions
from monopoly_widgets.server.tables import Table

log = logging.getLogger("monopoly_widgets.server")

STATIC = Path(__file__).parent / "static"
#: Most origins a teacher may allow besides the server's own.
MAX_ORIGINS = 20
#: Ports an origin leaves out (a browser's Origin header names none for them).
DEFAULT_PORTS = {"http": 80, "https": 443}
#: Longest request body the teacher's API reads (a table's description is < 1 kB).
MAX_BODY_BYTES = 64 * 1024
#: What every page of the server may do: load its own files and talk to its own host.
PAGE_POLICY = (
    "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
#: The teacher's page draws its charts with plotly.js, which sets styles of its own.
TEACHER_PAGE_POLICY = PAGE_POLICY + "; style-src 'self' 'unsafe-inline'"


class SeatSocket(websocket.WebSocketHandler):
    """One student's page (or notebook) connected to the server."""

    def initialize(self, hub: Hub, origins: frozenset[str], questions: Questions) -> None:
        self.hub = hub
        self.questions = questions
        self.origins = origins
        self.rate = RateLimit()
        self.place: tuple[Table, int] | None = None
        self.refused = False

    def check_origin(self, origin: str) -> bool:
        return True  # checked in open(), so that a wrong Origin gets an error frame first

    def origin_allowed(self) -> bool:
        origin = self.request.headers.get("Origin")
        if origin is None:
            return True  # not a browser: a notebook's client or a test (no page to forge)
        if origin.lower() in self.origins:  # allowed by the teacher (``allowed_origins``)
            return True
        return urlsplit(origin).netloc.lower() == self.request.host.lower()

    def open(self) -> None:
        if not self.origin_allowed():
            self.refused = True
            self.write_message(
                protocol.error_frame("origin", "this page's origin may not use the class server")
            )
            self.close(1008, "origin not allowed")

    def send(self, text: str) -> None:
        if self.ws_connection is not None and not self.ws_connection.is_closing():
            self.write_message(text)

    def drop(self, text: str) -> None:
        self.send(text)
        self.place = None
        self.close(4000, "seat joined elsewhere")

    def on_message(self, text: str | bytes) -> None:
        if self.refused:
            return
        try:
            if not self.rate.allow():
                raise ProtocolError(
                    "rate", f"too many messages: at most {protocol.RATE_PER_SECOND:g} a second"
                )
            message = protocol.parse(text)
            self.handle(message)
        except ProtocolError as exc:
            self.send(protocol.error_frame(exc.code, str(exc)))
        except MonopolyWidgetsError as exc:
            self.send(protocol.error_frame("input", str(exc)))
        except Exception:  # never let one message stop the server
            log.exception("a message could not be handled")
            self.send(protocol.error_frame("server", "the server could not handle this message"))

    def handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            self.send(protocol.frame("pong", sent=message.get("sent")))
        elif kind == "join":
            if self.place is not None:
                raise ProtocolError("joined", "this connection has already joined a seat")
            self.place = self.hub.join(self, message, self.request.remote_ip or "")
            asked = self.questions.current()
            if asked is not None:
                self.send(protocol.frame("question", **asked.student_frame()))
        elif kind == "answer":
            if self.place is None:
                raise ProtocolError("join_first", "join a seat before answering")
            self.questions.answer(self, self.place, message)
        else:  # move
            if self.place is None:
                raise ProtocolError("join_first", "join a seat before moving")
            table, seat = self.place
            if message["seat"] != seat:
                raise ProtocolError(
                    "seat", f"this connection plays seat {seat}, not seat {message['seat']}"
                )
            self.hub.person_move(table, seat, message)

    def on_close(self) -> None:
        if self.place is not None:
            table, seat = self.place
            self.place = None
            self.hub.leave(self, table, seat)


def allowed_origins(given: Any) -> frozenset[str]:
    """The other sites' pages a teacher lets open seats (``serve --allow-origin``), checked.

    A browser names the page a WebSocket comes from in its Origin header; by default the
    server takes only its own pages, so a site a student visits cannot play their seat.
    A JupyterLite site is a page of another address, so its origin must be allowed by
    name: each is ``http://`` or ``https://``, a host and maybe a port, with nothing
    after it (``https://lite.school.example``, ``http://127.0.0.1:8000``). No wildcard,
    and not ``null`` (a file or a sandboxed frame, which any page can make).
    """
    if isinstance(given, str):
        given = [given]
    if not isinstance(given, (list, tuple, set, frozenset)):
        raise InputError(f"origins must be a list of addresses, not {type(given).__name__}")
    if len(given) > MAX_ORIGINS:
        raise InputError(f"origins: at most {MAX_ORIGINS} may be allowed, not {len(given)}")
    return frozenset(_origin(item) for item in given)


def _origin(text: Any) -> str:
    form = "an origin like https://lite.school.example or http://127.0.0.1:8000"
    if not isinstance(text, str) or len(text) > 200:
        raise InputError(f"origins: each must be {form}, not {excerpt(text, 40)}")
    try:
        parts = urlsplit(text.strip().lower())
        port = parts.port
    except ValueError:
        raise InputError(f"origins: each must be {form}, not {excerpt(text, 40)}") from None
    if (
        parts.scheme not in DEFAULT_PORTS
        or not parts.hostname
        or "*" in parts.netloc
        or parts.username is not None
        or parts.password is not None
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
    ):
        raise InputError(
            f"origins: each must be {form} (http or https, a host, maybe a port, nothing "
            f"after it), not {excerpt(text, 40)}"
        )
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    shown_port = "" if port in (None, DEFAULT_PORTS[parts.scheme]) else f":{port}"
    return f"{parts.scheme}://{host}{shown_port}"


class PageHandler(web.RequestHandler):
    """A page or file of the student's site, with headers that keep it to its own host."""

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def initialize(self, page: str, policy: str = PAGE_POLICY) -> None:
        self.page = page
        self.set_header("Content-Security-Policy", policy)

    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.write((STATIC / self.page).read_bytes())


class StaticHandler(web.StaticFileHandler):
    def set_default_headers(self) -> None:
        self.set_header("Content-Security-Policy", PAGE_POLICY)
        self.set_header("X-Content-Type-Options", "nosniff")


class TeacherHandler(web.RequestHandler):
    """The teacher's API: JSON in and out, the teacher key in the Authorization header."""

    def initialize(self, hub: Hub, key: str) -> None:
        self.hub = hub
        self.key = key

    def prepare(self) -> None:
        given = self.request.headers.get("Authorization", "")
        if not given.startswith("Bearer ") or not codes.same_secret(given[7:], self.key):
            self.reply(403, {"error": "the teacher key is missing or wrong"})
            self.finish()

    def reply(self, status: int, data: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.write(json.dumps(data))

    def body(self) -> Any:
        if len(self.request.body) > MAX_BODY_BYTES:
            raise ProtocolError("too_large", f"the request is over {MAX_BODY_BYTES:,} bytes")
        try:
            return json.loads(self.request.body or b"{}")
        except (ValueError, RecursionError):
            raise ProtocolError("json", "the request's body is not valid JSON") from None

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.reply(status_code, {"error": "the server could not answer this request"})

    def answer(self, work: Any) -> None:
        try:
            status, data = work()
        except (MonopolyWidgetsError, ValueError) as exc:
            status, data = 400, {"error": str(exc)}
        if isinstance(data, str):
            self.set_status(status)
            self.write(data)
        else:
            self.reply(status, data)


class TablesHandler(TeacherHandler):
    def get(self) -> None:
        self.answer(lambda: (200, [t.summary() for t in self.hub.tables.values()]))

    def post(self) -> None:
        self.answer(lambda: (201, self.hub.create_table(self.body()).summary()))


class StatsHandler(TeacherHandler):
    def get(self) -> None:
        self.answer(lambda: (200, self.hub.stats()))


class TableHandler(TeacherHandler):
    def get(self, table_id: str, what: str | None) -> None:
        from monopoly_widgets.server import exports

        def work() -> tuple[int, Any]:
            table = self.hub.table(table_id)
            if not what:
                return 200, table.summary()
            if what == "export.json":
                self.set_header("Content-Type", "application/json")
                return 200, table.game.to_json()
            if what == "export.html":
                self.set_header("Content-Type", "text/html; charset=utf-8")
                return 200, exports.replay_html(table)
            return 404, {"error": f"no such request {what!r:.30}"}

        self.answer(work)

    def post(self, table_id: str, what: str | None) -> None:
        def work() -> tuple[int, Any]:
            if what != "close":
                return 404, {"error": "the only request by POST on a table is close"}
            return 200, self.hub.close_table(table_id).summary()

        self.answer(work)


def make_app(hub: Hub, key: str, origins: frozenset[str] = frozenset()) -> web.Application:
    """The application: ``/`` the student page, ``/teacher`` the teacher's page (it asks for
    the key), ``/ws`` the seats, ``/api/`` the teacher's requests (the dashboard's and the
    questions' are ``teacher_api.py``'s)."""
    from monopoly_widgets.server import teacher_api

    classroom, questions, dashboard = teacher_api.routes(hub, key)
    return web.Application(
        [
            *classroom,
            (r"/", PageHandler, {"page": "student.html"}),
            (r"/teacher", PageHandler, {"page": "teacher.html", "policy": TEACHER_PAGE_POLICY}),
            (r"/static/(.*)", StaticHandler, {"path": str(STATIC)}),
            (r"/ws", SeatSocket, {"hub": hub, "origins": origins, "questions": questions}),
            (r"/api/tables", TablesHandler, {"hub": hub, "key": key}),
            (r"/api/stats", StatsHandler, {"hub": hub, "key": key}),
            (r"/api/tables/([a-z0-9]+)(?:/([a-z.]+))?", TableHandler, {"hub": hub, "key": key}),
        ],
        websocket_max_message_size=protocol.MAX_FRAME_BYTES,
        websocket_ping_interval=25,
        websocket_ping_timeout=20,
        compress_response=False,
        questions=questions,
        dashboard=dashboard,
    )

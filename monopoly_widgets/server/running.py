"""Starting the class server: from the command line (blocking) or a notebook (in a thread).

:class:`ClassServer` owns the store, the hub and the HTTP server. Its methods may be
called from any thread: each runs on the server's event loop (``_on_loop``), where every
change to a table happens.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import socket
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from tornado import web
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.netutil import bind_sockets

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.server import codes
from monopoly_widgets.server.app import MAX_BODY_BYTES, allowed_origins, make_app
from monopoly_widgets.server.hub import Hub
from monopoly_widgets.server.site import checked_site, mount_site
from monopoly_widgets.server.store import Store

T = TypeVar("T")
#: The address a server listens on unless told: this computer only.
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
#: What ``--host 0.0.0.0`` prints.
NETWORK_WARNING = (
    "warning: the class server is open to every computer on this network. Anyone who can "
    "reach it can open the student page; seats need their join codes and the teacher's "
    "requests the teacher key. Use it on the classroom's own network only."
)


class ClassServer:
    """A class server: tables, seats and the pages that play them.

    ``db`` is the SQLite file that keeps everything (made if missing; reopened, every table
    resumes where it was). ``port=0`` picks a free port. ``origins`` are the other sites
    whose pages may open seats, like a JupyterLite site's ``https://lite.school.example``
    (the server's own pages always may; ``app.allowed_origins`` checks them). ``site`` is
    a built offline lessons site to serve under ``/lite/`` (``site.py``; ``ready_site``
    builds one).
    """

    def __init__(
        self,
        db: str | Path = "class.sqlite",
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        *,
        origins: tuple[str, ...] = (),
        site: str | Path | None = None,
    ) -> None:
        if not isinstance(host, str) or not host:
            raise InputError(f"host must be an address like 127.0.0.1, not {host!r:.40}")
        if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
            raise InputError(f"port must be a whole number from 0 to 65535, not {port!r:.20}")
        self.origins = allowed_origins(origins)
        self.site = checked_site(site)  # before anything is made or bound
        self.db = Path(db)
        self.host = host
        self.sockets = bind_sockets(
            port, host, family=socket.AF_INET if ":" not in host else socket.AF_UNSPEC
        )
        self.port = self.sockets[0].getsockname()[1]
        self.store = Store(self.db)
        #: The teacher key: kept in the store, so it stays the same when the server restarts.
        self.key = self.store.meta("teacher_key", codes.new_teacher_key())
        self.hub = Hub(self.store)
        self.loop: IOLoop | None = None
        self._thread: threading.Thread | None = None
        self._http: HTTPServer | None = None
        self.problems: list[str] = []

    @property
    def url(self) -> str:
        """The address students open."""
        host = self.host if self.host not in ("0.0.0.0", "") else _lan_address()
        return f"http://{host}:{self.port}/"

    def _start_on_loop(self) -> None:
        self.loop = IOLoop.current()
        self.problems = self.hub.resume()
        self.app = self.make_app()
        self._http = HTTPServer(self.app, max_body_size=MAX_BODY_BYTES)
        self._http.add_sockets(self.sockets)

    def make_app(self) -> web.Application:
        """The application this server runs: the class's pages, and the lessons site."""
        app = make_app(self.hub, self.key, self.origins)
        if self.site is not None:
            mount_site(app, self.site)
        return app

    # --- running ---------------------------------------------------------------------
    def run(self, ready: Callable[[ClassServer], None] | None = None) -> None:
        """Serve until stopped (Ctrl-C on the command line): blocks."""

        async def main() -> None:
            self._start_on_loop()
            if ready is not None:
                ready(self)
            self._stopped = asyncio.Event()
            await self._stopped.wait()
            self._shut()

        asyncio.run(main())

    def start(self) -> ClassServer:
        """Serve in a thread of its own (a notebook's kernel stays free); returns at once."""
        started = threading.Event()
        self._thread = threading.Thread(
            target=self.run, args=(lambda _: started.set(),), daemon=True, name="class-server"
        )
        self._thread.start()
        if not started.wait(30):
            raise RuntimeError("the class server did not start within 30 seconds")
        return self

    def stop(self) -> None:
        """Stop serving and close the store (every move is already kept)."""
        if self.loop is None:
            return
        loop, self.loop = self.loop, None
        loop.add_callback(lambda: self._stopped.set())
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(10)

    def _shut(self) -> None:
        if self._http is not None:
            self._http.stop()
        self.store.close()

    def _on_loop(self, work: Callable[[], T]) -> T:
        """Run ``work`` on the server's loop and return what it returns (or raise its error)."""
        loop = self.loop
        if loop is None:
            raise InputError("the class server is not running (start it with mw.serve())")
        if threading.current_thread() is self._thread:
            return work()
        done: concurrent.futures.Future[T] = concurrent.futures.Future()

        def call() -> None:
            try:
                done.set_result(work())
            except BaseException as exc:
                done.set_exception(exc)

        loop.add_callback(call)
        return done.result(timeout=30)

    # --- the teacher's requests ------------------------------------------------------------
    def create_table(self, game: str = "deal", players: int = 3, **settings: Any) -> dict[str, Any]:
        """A new table; returns its summary, with each person's seat's join code.

        ``settings``: ``seed``, ``options``, ``bots`` ({seat: "heuristic"}), ``clock``
        (seconds per decision), ``stand_in``, ``away_after``, ``bot_delay``.
        """
        given: Mapping[str, Any] = {"game": game, "players": players, **settings}
        return self._on_loop(lambda: self.hub.create_table(given).summary())

    def tables(self) -> list[dict[str, Any]]:
        """Every table's summary (public facts, and the join codes)."""
        return self._on_loop(lambda: [t.summary() for t in self.hub.tables.values()])

    def close_table(self, table_id: str) -> dict[str, Any]:
        return self._on_loop(lambda: self.hub.close_table(table_id).summary())

    def ask(self, form: str, prompt: str, **fields: Any) -> dict[str, Any]:
        """Ask every seat a question (``questions.py``: ``form`` is move, choice or
        number; ``choices``, ``position``, ``low``, ``high``); returns the teacher's view."""
        given = {"form": form, "prompt": prompt, **fields}
        return self._on_loop(lambda: self._questions().ask(given).teacher_view())

    def question(self, question_id: str) -> dict[str, Any]:
        """A question's answers so far: the distribution and who answered what."""
        return self._on_loop(lambda: self._questions().get(question_id).teacher_view())

    def reveal_question(self, question_id: str) -> dict[str, Any]:
        """Show the class the answers (every seat's page is sent the distribution)."""
        return self._on_loop(lambda: self._questions().reveal(question_id).teacher_view())

    def _questions(self) -> Any:
        return self.app.settings["questions"]

    def dashboard(self) -> list[dict[str, Any]]:
        """Every table's line of the teacher's dashboard (public facts only)."""
        return self._on_loop(lambda: self.app.settings["dashboard"].tables())

    def dashboard_widget(self, every: float = 2.0) -> Any:
        """The dashboard as a widget that redraws itself every ``every`` seconds."""
        from monopoly_widgets.server.dashboard_widget import DashboardWidget

        return DashboardWidget(self, every)

    def export_json(self, table_id: str) -> str:
        """The table's game as the package's JSON save (``mw.load_game`` opens it)."""
        return self._on_loop(lambda: self.hub.table(table_id).game.to_json())

    def export_html(self, table_id: str) -> str:
        """The table's game as one HTML replay file (every hand: for after the game)."""
        from monopoly_widgets.server.exports import replay_html

        return self._on_loop(lambda: replay_html(self.hub.table(table_id)))

    def __repr__(self) -> str:
        state = "running" if self.loop is not None else "stopped"
        return f"<ClassServer {self.url} {state}, {len(self.hub.tables)} tables, store {self.db}>"


def _lan_address() -> str:
    """This computer's address on its network (what students type), or its name."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


def serve(
    db: str | Path = "class.sqlite",
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    **kwargs: Any,
) -> ClassServer:
    """Start a class server in the background (from a notebook); ``.stop()`` stops it."""
    server = ClassServer(db, host, port, **kwargs).start()
    if host == "0.0.0.0":
        print(NETWORK_WARNING)
    print(f"Class server: students open {server.url}")
    print(f"Teacher key: {server.key} (the teacher's page: {server.url}teacher)")
    if server.site is not None:
        print(f"Lessons: {server.url}lite/ (linked from the student page)")
    return server

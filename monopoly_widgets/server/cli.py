"""``python -m monopoly_widgets serve``: the class server, from the command line.

Examples::

    python -m monopoly_widgets serve
    python -m monopoly_widgets serve --table "deal players=3 bots=2:heuristic clock=60"
    python -m monopoly_widgets serve --host 0.0.0.0 --port 8765 --db class.sqlite
    python -m monopoly_widgets serve --allow-origin https://lite.school.example
    python -m monopoly_widgets serve --host 0.0.0.0 --site   # and the lessons, offline

A ``--table`` is words: the game first, then ``name=value`` settings: ``players``,
``seed``, ``bots`` (``seat:bot`` separated by commas), ``clock``, ``stand_in``,
``away_after``, ``bot_delay``, and rule options as ``option.NAME=VALUE``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.validation import excerpt
from monopoly_widgets.server.running import DEFAULT_HOST, DEFAULT_PORT, NETWORK_WARNING, ClassServer
from monopoly_widgets.server.site import ready_site
from monopoly_widgets.server.tables import make_spec


def add_serve_parser(commands: Any) -> None:
    serve = commands.add_parser(
        "serve",
        help="run the class server: live tables that students join with a code",
        description=(
            "Run the class server. Students open the address it prints (or call "
            "mw.join(CODE) in a notebook) and join a seat with its code; the teacher key it "
            "prints is needed to create, reveal, export or close tables. See docs/class.md."
        ),
    )
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help="address to listen on (default 127.0.0.1: this computer only; "
        "0.0.0.0: the whole network)",
    )
    serve.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"port (default {DEFAULT_PORT}; 0 picks a free one)",
    )
    serve.add_argument(
        "--db",
        default="class.sqlite",
        help="the SQLite file that keeps every table (default class.sqlite)",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another site whose pages may open seats, like a JupyterLite site's "
        "https://lite.school.example (repeatable; the server's own pages always may)",
    )
    serve.add_argument(
        "--table",
        action="append",
        default=[],
        metavar="'GAME name=value ...'",
        help="create a table at start, repeatable",
    )
    serve.add_argument(
        "--site",
        nargs="?",
        const="lite-site",
        default=None,
        metavar="PATH",
        help="also serve the offline lessons site under /lite/: reuse the one built in PATH "
        "(default lite-site) or build it there (a classroom with no internet)",
    )
    serve.add_argument(
        "--hub",
        action="store_true",
        help="run as a JupyterHub managed service: behind the hub's proxy and login, "
        "students seated by hub name (JupyterHub starts it; see docs/class.md)",
    )
    serve.add_argument(
        "--teacher-group",
        action="append",
        default=None,
        metavar="GROUP",
        help="with --hub: members of this hub group are teachers, as the hub's admins "
        "are (default: teachers), repeatable",
    )


def table_settings(text: str) -> dict[str, Any]:
    """A ``--table`` as the dict ``ClassServer.create_table`` takes."""
    words = text.split()
    if not words:
        raise InputError("--table needs a game: deal, bid or cardgame")
    given: dict[str, Any] = {"game": words[0].lower()}
    for word in words[1:]:
        name, sep, raw = word.partition("=")
        if not sep:
            raise InputError(f"--table: each setting is name=value, not {excerpt(word, 30)}")
        if name == "bots":
            given["bots"] = dict(_bot(pair) for pair in raw.split(",") if pair)
        elif name.startswith("option."):
            given.setdefault("options", {})[name[7:]] = _value(raw)
        else:
            given[name] = _value(raw)
    return given


def _bot(pair: str) -> tuple[int, str]:
    seat, sep, bot = pair.partition(":")
    if not sep or not seat.isdigit():
        raise InputError(f"--table: bots are seat:bot, like 2:heuristic, not {excerpt(pair, 30)}")
    return int(seat), bot


def _value(raw: str) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return raw


def run_serve(args: argparse.Namespace) -> int:
    wanted = [table_settings(text) for text in args.table]
    for settings in wanted:  # every --table checked before anything starts or is kept
        make_spec(settings)
    site = ready_site(args.site) if args.site is not None else None
    try:
        if args.hub:
            from monopoly_widgets.server.hub_service import DEFAULT_TEACHER_GROUP, HubClassServer

            groups = args.teacher_group or [DEFAULT_TEACHER_GROUP]
            server = HubClassServer(args.db, teacher_groups=groups, site=site)
        else:
            server = ClassServer(
                args.db, args.host, args.port, origins=tuple(args.allow_origin), site=site
            )
    except OSError as exc:  # the port is taken, the address is not this computer's
        raise InputError(
            f"cannot listen on {excerpt(args.host, 40)} port {args.port}: {exc.strerror}; "
            "choose another --port (0 picks a free one)"
        ) from None

    def ready(server: ClassServer) -> None:
        for settings in wanted:
            server.hub.create_table(settings)
        if args.host == "0.0.0.0":
            print(NETWORK_WARNING)
        print(f"Class server: students open {server.url}", flush=True)
        print(f"Teacher key: {server.key} (the teacher's page: {server.url}teacher)")
        for origin in sorted(server.origins):
            print(f"Seats may also be opened from pages of {origin}")
        if site is not None:
            print(f"Lessons: {server.url}lite/ (linked from the student page)", flush=True)
        for problem in server.problems:
            print(f"warning: {problem}")
        for table in server.hub.tables.values():
            spec = table.spec
            people = ", ".join(f"seat {s.seat} code {s.code}" for s in table.seats if s.code)
            state = (
                "closed"
                if table.closed
                else ("over" if table.game.is_over else f"step {table.game.step}")
            )
            print(
                f"Table {table.id}: {spec.game}, {spec.players} players, {state}: {people}",
                flush=True,
            )

    try:
        server.run(ready)
    except KeyboardInterrupt:
        print("Class server stopped; everything is kept in", args.db)
    return 0

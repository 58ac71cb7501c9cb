"""The teacher's requests for the dashboard and live questions (``docs/class-protocol.md``).

Each handler is a :class:`~monopoly_widgets.server.app.TeacherHandler`: without the teacher
key in the ``Authorization`` header a request gets 403 and changes nothing; a bad body gets
400 naming the field.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from tornado import web

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.server.app import MAX_BODY_BYTES, TeacherHandler
from monopoly_widgets.server.dashboard import Dashboard
from monopoly_widgets.server.protocol import ProtocolError
from monopoly_widgets.server.questions import Questions
from monopoly_widgets.server.submissions import RateError, Submissions
from monopoly_widgets.widgets.plotly_library import PLOTLY_JS


class DashboardHandler(TeacherHandler):
    """``GET /api/dashboard``: every table's line (public facts only)."""

    def initialize(self, hub: Any, key: str, dashboard: Dashboard) -> None:  # type: ignore[override]
        super().initialize(hub, key)
        self.dashboard = dashboard

    def get(self) -> None:
        self.answer(lambda: (200, self.dashboard.tables()))


class TableControlHandler(DashboardHandler):
    """``GET .../spectate``; ``GET .../reveal`` (every hand: the table is told);
    ``POST .../pause`` and ``.../resume``."""

    def get(self, table_id: str, what: str) -> None:  # type: ignore[override]
        if what == "spectate":
            self.answer(lambda: (200, self.dashboard.spectate(table_id)))
        elif what == "reveal":
            self.answer(lambda: (200, self.dashboard.reveal(table_id)))
        else:
            self.reply(404, {"error": "a table's GET requests: spectate, reveal"})

    def post(self, table_id: str, what: str) -> None:
        if what not in ("pause", "resume"):
            self.reply(404, {"error": "a table's POST requests here: pause, resume"})
            return
        self.answer(
            lambda: (200, self.dashboard.overview(self.dashboard.pause(table_id, what == "pause")))
        )


class QuestionsHandler(TeacherHandler):
    """``GET /api/questions`` (every question, with its answers); ``POST`` asks a new one."""

    def initialize(self, hub: Any, key: str, questions: Questions) -> None:  # type: ignore[override]
        super().initialize(hub, key)
        self.questions = questions

    def get(self) -> None:
        self.answer(lambda: (200, [q.teacher_view() for q in self.questions.questions.values()]))

    def post(self) -> None:
        self.answer(lambda: (201, self.questions.ask(self.body()).teacher_view()))


class QuestionHandler(QuestionsHandler):
    """``GET /api/questions/ID``; ``POST /api/questions/ID/reveal`` or ``.../close``."""

    def get(self, question_id: str, what: str | None = None) -> None:  # type: ignore[override]
        self.answer(lambda: (200, self.questions.get(question_id).teacher_view()))

    def post(self, question_id: str, what: str | None = None) -> None:  # type: ignore[override]
        actions = {"reveal": self.questions.reveal, "close": self.questions.close}
        if what not in actions:
            self.reply(404, {"error": "a question's POST requests: reveal, close"})
            return
        self.answer(lambda: (200, actions[what](question_id).teacher_view()))


class PoolHandler(TeacherHandler):
    """``GET /api/pool``: every experiment's pool, chart included; ``GET /api/records``:
    the attempt records handed in (``pool_records`` reads them)."""

    def initialize(self, hub: Any, key: str, submissions: Submissions) -> None:  # type: ignore[override]
        super().initialize(hub, key)
        self.submissions = submissions

    def get(self, what: str) -> None:  # type: ignore[override]
        if what == "pool":
            self.answer(lambda: (200, self.submissions.pools()))
        else:
            self.answer(lambda: (200, self.submissions.records()))


class HandInHandler(web.RequestHandler):
    """``POST /submit``: a student's result or record (no key: the student has none).
    201 once it is kept; 400 naming what is wrong; 429 when one computer sends too many;
    403 from a page of another site (a notebook's request has no Origin)."""

    def initialize(self, submissions: Submissions) -> None:
        self.submissions = submissions

    def reply(self, status: int, data: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.write(json.dumps(data))

    def post(self) -> None:
        origin = self.request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc.lower() != self.request.host.lower():
            # a page of another site, in a student's browser, may not hand in for them
            self.reply(403, {"error": "this page's origin may not hand in to the class server"})
            return
        try:
            if len(self.request.body) > MAX_BODY_BYTES:
                raise ProtocolError("too_large", f"a hand-in is at most {MAX_BODY_BYTES:,} bytes")
            try:
                given = json.loads(self.request.body or b"null")
            except (ValueError, RecursionError):
                raise InputError("the hand-in is not valid JSON") from None
            kept = self.submissions.hand_in(given, self.request.remote_ip or "")
        except RateError as exc:
            self.reply(429, {"error": str(exc)})
        except InputError as exc:
            self.reply(400, {"error": str(exc)})
        else:
            self.reply(201, kept)


class PlotlyHandler(web.StaticFileHandler):
    """The plotly.js the package already installs (``widgets/plotly_library.py``): the
    dashboard's charts work on a classroom network with no internet."""

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")


def routes(hub: Any, key: str) -> tuple[list[Any], Questions, Dashboard]:
    """The dashboard's and the questions' routes (``app.make_app`` puts them first), the
    questions (the seats' socket hands them its answers) and the dashboard."""
    dashboard = Dashboard(hub)
    questions = Questions(hub)
    submissions = Submissions(hub.store.db)
    teacher = {"hub": hub, "key": key}
    return (
        [
            (r"/submit", HandInHandler, {"submissions": submissions}),
            (r"/api/(pool|records)", PoolHandler, {**teacher, "submissions": submissions}),
            (r"/api/dashboard", DashboardHandler, {**teacher, "dashboard": dashboard}),
            (
                r"/api/tables/([a-z0-9]+)/(spectate|reveal|pause|resume)",
                TableControlHandler,
                {**teacher, "dashboard": dashboard},
            ),
            (r"/api/questions", QuestionsHandler, {**teacher, "questions": questions}),
            (
                r"/api/questions/(q[a-z0-9]+)(?:/([a-z]+))?",
                QuestionHandler,
                {**teacher, "questions": questions},
            ),
            (
                r"/lib/(plotly\.min\.js)",
                PlotlyHandler,
                {"path": str(PLOTLY_JS.parent)},
            ),
        ],
        questions,
        dashboard,
    )

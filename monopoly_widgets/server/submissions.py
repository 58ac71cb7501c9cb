"""Results and attempt records handed in to the class server, pooled as they arrive.

A student's notebook sends ``ExperimentResult.submit()`` or ``AttemptRecord.submit()``
(``classroom/hand_in.py``) to ``POST /submit``; the teacher's page reads the pools from
``GET /api/pool`` and draws the package's pool chart (``classroom/chart.py``) again after
each result, and ``pool_records("http://…", key=…)`` reads the records from
``GET /api/records``. The codes and files of the offline way keep working beside it.

Everything handed in is untrusted: it is read by the package's own readers (``read_result``,
``record_from_json``: JSON only, every field checked), at most ``MAX_BODY_BYTES``, and at
most :data:`PER_MINUTE` hand-ins a minute from one computer. It is written to the store
before the 201 that acknowledges it. Names stay text: the chart draws them with
``plotly_text``, the page with ``textContent``.
"""

from __future__ import annotations

import json
import time
from collections import deque
from typing import Any

from monopoly_widgets.classroom.chart import pool_chart
from monopoly_widgets.classroom.pooling import pool
from monopoly_widgets.classroom.result import ExperimentResult, read_result
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.validation import excerpt
from monopoly_widgets.lessons.exercise import LessonError
from monopoly_widgets.lessons.record import record_from_json

SCHEMA = """
CREATE TABLE IF NOT EXISTS handed_in (
    id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, student TEXT NOT NULL,
    body TEXT NOT NULL, address TEXT NOT NULL, at REAL NOT NULL);
"""
#: Hand-ins one computer may send in a minute (a class behind one address sends one each).
PER_MINUTE = 120
KINDS = ("result", "record")


class RateError(InputError):
    """Too many hand-ins from one computer: wait."""


class Submissions:
    """What the class handed in, kept in the server's store."""

    def __init__(self, db: Any) -> None:
        self.db = db
        self.db.executescript(SCHEMA)
        self._recent: dict[str, deque[float]] = {}

    def hand_in(self, given: Any, address: str) -> dict[str, Any]:
        """Keep one result or record (``{"result": code_or_fields}`` or ``{"record": {…}}``)."""
        recent = self._recent.setdefault(address, deque())
        now = time.monotonic()
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= PER_MINUTE:
            raise RateError(f"too many hand-ins from this computer: at most {PER_MINUTE} a minute")
        recent.append(now)
        if not isinstance(given, dict) or len(given) != 1 or next(iter(given)) not in KINDS:
            raise InputError(
                'a hand-in is {"result": a result code or its fields} or {"record": a record},'
                f" not {excerpt(given)}"
            )
        kind, value = next(iter(given.items()))
        if kind == "result":
            if not isinstance(value, (str, dict)):
                raise InputError(
                    f"result must be a result code or its fields, not {excerpt(value)}"
                )
            result = read_result(value)
            student, body = result.student, result.to_json()
        else:
            try:
                record = record_from_json(value, "record")
            except LessonError as exc:
                raise InputError(str(exc)) from None
            student, body = record.student or "", json.dumps(value, ensure_ascii=False)
        with self.db:
            self.db.execute("BEGIN")
            cursor = self.db.execute(
                "INSERT INTO handed_in (kind, student, body, address, at) VALUES (?, ?, ?, ?, ?)",
                (kind, student, body, address, time.time()),
            )
        return {"kept": kind, "student": student, "number": cursor.lastrowid}

    def bodies(self, kind: str) -> list[str]:
        return [
            body
            for (body,) in self.db.execute(
                "SELECT body FROM handed_in WHERE kind = ? ORDER BY id", (kind,)
            )
        ]

    def pools(self) -> list[dict[str, Any]]:
        """One pool per experiment (lesson, experiment, settings), in the order they came:
        its summary, its lines and the package's chart, as Plotly JSON."""
        groups: dict[tuple[str, str, str], list[ExperimentResult]] = {}
        for body in self.bodies("result"):
            result = read_result(body)
            groups.setdefault(result.key, []).append(result)
        found = []
        for (lesson, experiment, settings), results in groups.items():
            pooled = pool(results)
            found.append(
                {
                    "lesson": lesson,
                    "experiment": experiment,
                    "settings": json.loads(settings),
                    "results": len(results),
                    "summary": pooled.summary,
                    "lines": pooled.lines,
                    "chart": json.loads(pool_chart(pooled).to_json()),
                }
            )
        return found

    def records(self) -> list[Any]:
        return [json.loads(body) for body in self.bodies("record")]

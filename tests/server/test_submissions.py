"""Results and attempt records handed in to the class server (issue 45, part 3).

``ExperimentResult.submit`` sends a result; the teacher's pool grows with each, chart
included; the codes still pool offline. ``AttemptRecord.submit`` sends a record and
``pool_records(address, key=...)`` reads it back. Hostile hand-ins are refused with 400
(or 429 past the rate) and keep nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import HTTPClient, HTTPClientError, HTTPRequest

from monopoly_widgets.classroom.pooling import pool
from monopoly_widgets.classroom.result import ExperimentResult
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.lessons.exercise import LessonError
from monopoly_widgets.lessons.pooling import pool_records
from monopoly_widgets.lessons.record import AttemptRecord, ExerciseRecord
from monopoly_widgets.server import ClassServer
from monopoly_widgets.server.submissions import PER_MINUTE


def fetch(server: ClassServer, path: str, key: str | None = None, body: Any = None) -> Any:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    request = HTTPRequest(
        server.url + path,
        method="POST" if body is not None else "GET",
        headers=headers,
        body=body if isinstance(body, (str, bytes)) or body is None else json.dumps(body),
    )
    client = HTTPClient()
    try:
        response = client.fetch(request)
        return response.code, json.loads(response.body)
    except HTTPClientError as exc:
        body = exc.response.body if exc.response else b""
        return exc.code, json.loads(body) if body else {}  # past the body limit: no body
    finally:
        client.close()


def result(student: str, successes: int, seed: int) -> ExperimentResult:
    return ExperimentResult("03", "five draws", {"draws": 5}, successes, 100, student, seed)


def test_three_results_handed_in_update_the_pool_each_time(server: ClassServer) -> None:
    sent = [result("<b>Sam</b>", 31, 1), result("Ana", 27, 2), result("Ben", 35, 3)]
    for number, each in enumerate(sent, 1):
        kept = each.submit(server.url)
        assert kept["kept"] == "result" and kept["student"] == each.student
        code, pools = fetch(server, "api/pool", server.key)
        assert code == 200 and len(pools) == 1 and pools[0]["results"] == number
        pooled = pools[0]["lines"][-1]
        assert pooled["student"] == "pooled" and pooled["trials"] == 100 * number
        assert pooled["successes"] == sum(r.successes for r in sent[:number])
    # The chart is the package's own, names drawn literally; the offline codes agree.
    chart = json.dumps(pools[0]["chart"])
    assert "&lt;b&gt;Sam&lt;/b&gt;" in chart and "<b>Sam" not in chart
    assert pool([r.code for r in sent]).lines == pools[0]["lines"]
    assert fetch(server, "api/pool")[0] == 403  # the pool is the teacher's


def test_hostile_hand_ins_are_refused_and_keep_nothing(server: ClassServer) -> None:
    good = result("Ana", 3, 9).code
    for body in (
        "{not json",
        json.dumps([good]),
        json.dumps({"result": good, "record": {}}),
        json.dumps({"result": good[:-3] + "000"}),  # fails its check
        json.dumps({"result": 5}),
        json.dumps({"record": {"format": "something else"}}),
        json.dumps({"result": "x" * 70_000}),  # over the body limit
    ):
        code, answer = fetch(server, "submit", body=body)
        assert code in (400, 413) and (len(body) > 65_536 or answer["error"]), body[:40]
    request = HTTPRequest(
        server.url + "submit",
        method="POST",
        headers={"Origin": "http://elsewhere.example"},
        body=json.dumps({"result": good}),
    )
    client = HTTPClient()
    with pytest.raises(HTTPClientError) as refused:
        client.fetch(request)
    client.close()
    assert refused.value.code == 403  # another site's page may not hand in
    assert fetch(server, "api/pool", server.key)[1] == []
    with pytest.raises(InputError, match="refused"):
        ExperimentResult("03", "x", {}, 1, 2, "Ana").submit(server.url + "nowhere/")


def test_a_flood_of_hand_ins_is_limited(server: ClassServer) -> None:
    codes = [
        fetch(server, "submit", body={"result": result("Ana", 1, n).code})[0]
        for n in range(PER_MINUTE + 5)
    ]
    assert codes[:PER_MINUTE] == [201] * PER_MINUTE and set(codes[PER_MINUTE:]) == {429}


def test_records_handed_in_are_pooled_from_the_server(server: ClassServer, tmp_path: Path) -> None:
    record = AttemptRecord("Ana", tmp_path, {"02.1": ExerciseRecord(2, True, 2, False, "right")})
    assert record.submit(server.url)["kept"] == "record"
    AttemptRecord("Ben", tmp_path, {"02.1": ExerciseRecord(1, False)}).submit(server.url)
    rows = pool_records(server.url, key=server.key)
    rows = rows.to_dict("records") if hasattr(rows, "to_dict") else list(rows.records)
    assert [(r["student"], r["exercise"], r["tries"], r["correct"]) for r in rows] == [
        ("Ana", "02.1", 2, True),
        ("Ben", "02.1", 1, False),
    ]
    with pytest.raises(LessonError, match="teacher key"):
        pool_records(server.url)
    with pytest.raises(InputError, match="403"):
        pool_records(server.url, key="wrong")


def test_hand_ins_are_kept_when_the_server_starts_again(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite"
    first = ClassServer(db, "127.0.0.1", 0).start()
    result("Ana", 30, 1).submit(first.url)
    first.stop()
    again = ClassServer(db, "127.0.0.1", 0).start()
    try:
        assert fetch(again, "api/pool", again.key)[1][0]["results"] == 1
    finally:
        again.stop()

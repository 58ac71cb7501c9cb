"""Live questions and the dashboard over the class server's protocol (version 2).

Every seat is sent the teacher's question; answers are kept before they are acknowledged
and counted on the teacher's side; the class sees the distribution only after the reveal.
Hostile cases: an answer to a closed question, to no question, of the wrong type; a forged
teacher request without the key; a flood of answers; a name with markup; a version 1
client (it keeps playing, and is told clearly that answers are version 2).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

from monopoly_widgets.core import new_game
from monopoly_widgets.server import ClassServer
from tests.server.wsclient import Client, person_codes


async def api(server: ClassServer, path: str, key: str | None, body: Any = None) -> tuple[int, Any]:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    request = HTTPRequest(
        server.url + path,
        method="POST" if body is not None else "GET",
        headers=headers,
        body=json.dumps(body) if body is not None else None,
    )
    try:
        response = await AsyncHTTPClient().fetch(request)
        return response.code, json.loads(response.body)
    except HTTPClientError as exc:
        return exc.code, json.loads(exc.response.body) if exc.response else {}


async def send2(client: Client, message: dict[str, Any]) -> None:
    await client.connection.write_message(json.dumps({"v": 2, **message}))


async def two_students(server: ClassServer, names: tuple[str, str]) -> list[Client]:
    made = server.create_table("deal", 3, seed=3, bots={2: "random"}, bot_delay=5)
    clients = []
    for code, name in zip(person_codes(made), names, strict=True):
        client = await Client.open(server.url)
        await client.join(code, name)
        clients.append(client)
    return clients


def test_a_question_reaches_every_seat_and_is_revealed_only_when_the_teacher_says(
    server: ClassServer,
) -> None:
    async def run() -> None:
        ana, ben = await two_students(server, ("<b>Ana</b>", "Ben"))
        code, asked = await api(
            server,
            "api/questions",
            server.key,
            {"form": "choice", "prompt": "Bank it or play it?", "choices": ["Bank", "Play"]},
        )
        assert code == 201 and asked["distribution"]["answers"] == 0
        for student in (ana, ben):
            frame = await student.until("question")
            assert frame["prompt"] == "Bank it or play it?" and frame["distribution"] is None
        await send2(ana, {"type": "answer", "question": asked["question"], "answer": "0"})
        assert (await ana.until("answered"))["answer"] == "0"
        await send2(ben, {"type": "answer", "question": asked["question"], "answer": "1"})
        await ben.until("answered")
        await send2(ben, {"type": "answer", "question": asked["question"], "answer": "0"})
        await ben.until("answered")  # a second answer replaces the first
        _, seen = await api(server, f"api/questions/{asked['question']}", server.key)
        assert [b["count"] for b in seen["distribution"]["bars"]] == [2, 0]
        assert {a["name"] for a in seen["answered"]} == {"<b>Ana</b>", "Ben"}  # text, as typed
        assert not any(f["type"] == "question" and f["revealed"] for f in ana.frames)
        await api(server, f"api/questions/{asked['question']}/reveal", server.key, {})
        for student in (ana, ben):
            shown = await student.until("question", revealed=True)
            assert [b["count"] for b in shown["distribution"]["bars"]] == [2, 0]
        # A page that joins later is sent the question as it stands.
        late = await Client.open(server.url)
        await late.send({"type": "join", "token": ana.frames[0]["token"]})
        assert (await late.until("question"))["revealed"] is True

    asyncio.run(run())


def test_a_move_question_and_a_number_question_check_their_answers(server: ClassServer) -> None:
    game = new_game("deal", 3, 5)
    for _ in range(4):
        game.apply(game.legal_actions()[0])

    async def run() -> None:
        ana, ben = await two_students(server, ("Ana", "Ben"))
        code, asked = await api(
            server,
            "api/questions",
            server.key,
            {"form": "move", "prompt": "What would you play?", "position": game.to_json()},
        )
        assert code == 201
        frame = await ana.until("question")
        assert frame["position"]["seat"] == game.current_player
        assert [c["id"] for c in frame["choices"]] == [a.id for a in game.legal_actions()]
        await send2(ana, {"type": "answer", "question": asked["question"], "answer": "nope"})
        assert (await ana.until("error"))["code"] == "answer"
        legal = game.legal_actions()[-1].id
        await send2(ana, {"type": "answer", "question": asked["question"], "answer": legal})
        await ana.until("answered")
        _, number = await api(
            server,
            "api/questions",
            server.key,
            {"form": "number", "prompt": "How many turns?", "low": 0, "high": 50},
        )
        for bad in (51, "7", True, 10**400):  # 10**400: too large for a float, not a crash
            await send2(ana, {"type": "answer", "question": number["question"], "answer": bad})
            assert (await ana.until("error"))["code"] in ("answer", "field")
        await send2(ana, {"type": "answer", "question": number["question"], "answer": 7})
        await ana.until("answered")
        await send2(ben, {"type": "answer", "question": number["question"], "answer": 7.0000001})
        await ben.until("answered")
        _, seen = await api(server, f"api/questions/{number['question']}", server.key)
        assert seen["distribution"]["bars"] == [  # two numbers, two bars, two labels
            {"answer": 7, "label": "7", "plotly_label": "7", "count": 1},
            {"answer": 7.0000001, "label": "7.0000001", "plotly_label": "7.0000001", "count": 1},
        ]

    asyncio.run(run())


def test_hostile_answers_and_forged_teacher_requests_change_nothing(server: ClassServer) -> None:
    async def run() -> None:
        ana, _ben = await two_students(server, ("Ana", "Ben"))
        body = {"form": "choice", "prompt": "Which?", "choices": ["<i>a</i>", "b"]}
        assert (await api(server, "api/questions", None, body))[0] == 403
        assert (await api(server, "api/questions", "forged", body))[0] == 403
        _, asked = await api(server, "api/questions", server.key, body)
        qid = asked["question"]
        assert asked["choices"][0]["text"] == "<i>a</i>"  # text, never markup
        assert asked["distribution"]["bars"][0]["plotly_label"] == "&lt;i&gt;a&lt;/i&gt;"
        assert (await api(server, f"api/questions/{qid}/reveal", None, {}))[0] == 403
        assert (await api(server, f"api/questions/{qid}/close", "forged", {}))[0] == 403
        await send2(ana, {"type": "answer", "question": "qnothing", "answer": "0"})
        assert (await ana.until("error"))["code"] == "question"
        # A flood: past the burst, answers are refused as "rate"; one answer is kept.
        for _ in range(200):
            await send2(ana, {"type": "answer", "question": qid, "answer": "1"})
        codes = []
        for _ in range(200):
            frame = await ana.until("answered") if not codes else await ana.recv()
            codes.append(frame["type"] if frame["type"] != "error" else frame["code"])
            if len(codes) == 200:
                break
        assert "rate" in codes
        await api(server, f"api/questions/{qid}/close", server.key, {})
        await asyncio.sleep(2.5)  # the bucket fills again
        await send2(ana, {"type": "answer", "question": qid, "answer": "0"})
        assert (await ana.until("error"))["code"] == "question_closed"
        _, seen = await api(server, f"api/questions/{qid}", server.key)
        assert seen["answered"] == [{"name": "Ana", "answer": "b"}]
        assert seen["closed"] is True and seen["revealed"] is False

    asyncio.run(run())


def test_a_version_1_client_keeps_playing_and_is_told_answers_are_version_2(
    server: ClassServer,
) -> None:
    async def run() -> None:
        (ana,) = (await two_students(server, ("Ana", "Ben")))[:1]
        await ana.send({"type": "ping", "sent": 1})  # wsclient sends "v": 1
        assert (await ana.until("pong"))["v"] == 2
        await ana.send({"type": "answer", "question": "q1", "answer": "0"})
        error = await ana.until("error")
        assert error["code"] == "version" and '"v": 2' in error["message"]

    asyncio.run(run())


def test_answers_and_pauses_are_kept_when_the_server_starts_again(tmp_path: Any) -> None:
    db = tmp_path / "class.sqlite"
    first = ClassServer(db, "127.0.0.1", 0).start()
    table = first.create_table("deal", 2, seed=1, bots={1: "random"})
    code = person_codes(table)[0]

    async def run(server: ClassServer) -> str:
        ana = await Client.open(server.url)
        await ana.join(code, "Ana")
        _, asked = await api(
            server, "api/questions", server.key, {"form": "number", "prompt": "n?"}
        )
        await send2(ana, {"type": "answer", "question": asked["question"], "answer": 3.5})
        await ana.until("answered")
        assert (await api(server, f"api/tables/{table['id']}/pause", server.key, {}))[0] == 200
        return str(asked["question"])

    qid = asyncio.run(run(first))
    first.stop()
    again = ClassServer(db, "127.0.0.1", 0).start()
    try:

        async def check() -> None:
            _, seen = await api(again, f"api/questions/{qid}", again.key)
            assert seen["answered"] == [{"name": "Ana", "answer": 3.5}]
            _, lines = await api(again, "api/dashboard", again.key)
            assert lines[0]["paused"] is True

        asyncio.run(check())
    finally:
        again.stop()

"""Hostile clients at the class server's WebSocket: each is refused with an error frame,
the table's position is unchanged, and the server keeps answering (``docs/class-protocol.md``).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from monopoly_widgets.server import ClassServer
from tests.server.wsclient import Client, person_codes


def position(server: ClassServer, table_id: str) -> tuple[int, str]:
    """The table's step and its whole saved game: what a refused message must not change."""
    return next(t["step"] for t in server.tables() if t["id"] == table_id), server.export_json(
        table_id
    )


def table_with_people(server: ClassServer) -> dict[str, Any]:
    return server.create_table("deal", 3, seed=4, bots={2: "heuristic"}, bot_delay=0)


async def seated(server: ClassServer, code: str) -> tuple[Client, dict[str, Any], dict[str, Any]]:
    client = await Client.open(server.url)
    welcome, state = await client.join(code)
    return client, welcome, state


async def refused(client: Client, message: dict[str, Any] | str, code: str) -> dict[str, Any]:
    await client.send(message)
    frame = await client.until("error")
    assert frame["code"] == code, frame
    return frame


async def still_answers(server: ClassServer) -> None:
    probe = await Client.open(server.url)
    await probe.send({"type": "ping", "sent": 1})
    assert (await probe.until("pong"))["sent"] == 1
    probe.close()


def test_a_seat_sees_its_own_hand_only(server: ClassServer) -> None:
    table = table_with_people(server)

    async def run() -> None:
        client, welcome, state = await seated(server, person_codes(table)[1])
        assert welcome["seat"] == 1 and len(welcome["token"]) >= 40
        seats = state["observation"]["seats"]
        assert seats[1]["hand"] and seats[0]["hand"] is None and seats[2]["hand"] is None
        assert state["legal"] == []  # seat 0 decides first
        client.close()

    asyncio.run(run())


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"token": None}, "field"),  # missing
        ({"token": "not-the-token"}, "token"),  # wrong
        ({"token": "OTHER"}, "token"),  # the other person's seat's token
        ({"seat": 1, "token": "OTHER"}, "seat"),  # a move for another seat
        ({"action": "lay:No Such Card"}, "illegal"),
        ({"step": 7}, "stale"),
        ({"seat": "0"}, "field"),
    ],
)
def test_a_bad_move_is_refused_and_changes_nothing(
    server: ClassServer, change: dict[str, Any], code: str
) -> None:
    table = table_with_people(server)

    async def run() -> None:
        zero, welcome, state = await seated(server, person_codes(table)[0])
        one, other, _ = await seated(server, person_codes(table)[1])
        move = {
            "type": "move",
            "seat": 0,
            "token": welcome["token"],
            "action": state["legal"][0]["id"],
            "step": 0,
        }
        for name, value in change.items():
            if value is None:
                del move[name]
            else:
                move[name] = other["token"] if value == "OTHER" else value
        before = position(server, table["id"])
        await refused(zero, move, code)
        assert position(server, table["id"]) == before
        await still_answers(server)
        # The seat can still play its move afterwards: nothing was spoiled.
        await zero.send(
            {
                "type": "move",
                "seat": 0,
                "token": welcome["token"],
                "action": state["legal"][0]["id"],
                "step": 0,
            }
        )
        assert (await zero.until("state"))["step"] == 1
        zero.close()
        one.close()

    asyncio.run(run())


def test_messages_that_are_not_moves_are_refused(server: ClassServer) -> None:
    table = table_with_people(server)

    async def run() -> None:
        client, welcome, _ = await seated(server, person_codes(table)[0])
        before = position(server, table["id"])
        await refused(client, "x" * (1024 * 1024), "too_large")  # a 1 MB frame
        await refused(client, '{"v": 1, "type": "move", ', "json")  # malformed JSON
        await refused(client, "[1, 2]", "type")
        await refused(client, {"type": "shout"}, "type")
        await refused(client, json.dumps({"type": "ping"}), "version")
        await refused(
            client,
            {
                "type": "move",
                "seat": 0,
                "token": welcome["token"],
                "action": "end",
                "step": 0,
                "extra": 1,
            },
            "field",
        )
        await refused(client, {"type": "join", "code": "AAAAAA"}, "joined")
        stranger = await Client.open(server.url)
        await refused(stranger, {"type": "join", "code": "ZZZZZZ"}, "code")
        await refused(stranger, {"type": "join", "token": "guess"}, "token")
        await refused(
            stranger,
            {"type": "move", "seat": 0, "token": welcome["token"], "action": "end", "step": 0},
            "join_first",
        )
        assert position(server, table["id"]) == before
        await still_answers(server)

    asyncio.run(run())


def test_a_thousand_messages_a_second_are_limited(server: ClassServer) -> None:
    table = table_with_people(server)

    async def run() -> None:
        client, welcome, _ = await seated(server, person_codes(table)[0])
        before = position(server, table["id"])
        bad = {
            "type": "move",
            "seat": 0,
            "token": welcome["token"],
            "action": "lay:No Such Card",
            "step": 0,
        }
        started = asyncio.get_running_loop().time()
        for _ in range(1000):
            await client.send(bad)
        assert asyncio.get_running_loop().time() - started < 1.0  # a thousand within a second
        codes: list[str] = []
        while len(codes) < 1000:  # every message is answered with an error frame
            frame = await client.recv()
            assert frame is not None
            if frame["type"] == "error":
                codes.append(frame["code"])
        assert set(codes) == {"illegal", "rate"} and codes.count("rate") > 900
        assert position(server, table["id"]) == before
        await still_answers(server)
        await asyncio.sleep(0.2)  # the bucket fills again: the connection may go on
        await refused(client, bad, "illegal")

    asyncio.run(run())


def test_a_page_from_another_origin_is_refused(server: ClassServer) -> None:
    table = table_with_people(server)

    async def run() -> None:
        client = await Client.open(server.url, origin="http://evil.example")
        frame = await client.recv()
        assert frame is not None and frame["code"] == "origin"
        assert await client.recv() is None  # and closed
        before = position(server, table["id"])
        same = await Client.open(server.url, origin=server.url.rstrip("/"))
        welcome, _ = await same.join(person_codes(table)[0])
        assert welcome["seat"] == 0
        assert position(server, table["id"]) == before
        await still_answers(server)

    asyncio.run(run())


def test_a_name_is_kept_as_plain_text(server: ClassServer) -> None:
    table = table_with_people(server)

    async def run() -> None:
        client = await Client.open(server.url)
        welcome, _ = await client.join(person_codes(table)[0], name="<b>Ana</b>\u202e\n x")
        assert welcome["name"] == "<b>Ana</b> x"  # markup kept as characters, controls gone

    asyncio.run(run())


def test_join_codes_cannot_be_tried_in_bulk(server: ClassServer) -> None:
    from monopoly_widgets.server.hub import WRONG_JOINS_PER_MINUTE

    table = table_with_people(server)

    async def run() -> None:
        for _ in range(WRONG_JOINS_PER_MINUTE // 20):  # many connections, 20 guesses each
            guesser = await Client.open(server.url)
            for n in range(20):
                await refused(guesser, {"type": "join", "code": f"AAAA{n:02d}"}, "code")
            guesser.close()
        late = await Client.open(server.url)
        await refused(late, {"type": "join", "code": person_codes(table)[0]}, "rate")

    asyncio.run(run())
    assert all(not seat["connected"] for seat in server.tables()[0]["seats"])


LITE = "http://127.0.0.1:8000"  # a JupyterLite site's page, allowed by the teacher


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "http://127.0.0.1:8001",  # the allowed host on another port
        "https://127.0.0.1:8000",  # another scheme
        "http://127.0.0.1:8000.evil.example",  # the allowed origin as a prefix
        "http://evil.example/http://127.0.0.1:8000",
        "null",  # a file or a sandboxed frame
        "*",
    ],
)
def test_only_the_allowed_origins_open_seats(tmp_path: Any, origin: str) -> None:
    server = ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0, origins=(LITE,)).start()
    try:
        table = table_with_people(server)

        async def run() -> None:
            other = await Client.open(server.url, origin=origin)
            frame = await other.recv()
            assert frame is not None and frame["code"] == "origin"
            assert await other.recv() is None  # and closed
            before = position(server, table["id"])
            allowed = await Client.open(server.url, origin=LITE)
            welcome, _ = await allowed.join(person_codes(table)[0])
            assert welcome["seat"] == 0
            assert position(server, table["id"]) == before
            await still_answers(server)

        asyncio.run(run())
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("origins", "said"),
    [
        (["*"], "an origin like"),
        (["null"], "an origin like"),
        (["http://*.school.example"], "nothing after it"),
        (["https://lite.school.example/lab"], "nothing after it"),
        (["https://lite.school.example?x=1"], "nothing after it"),
        (["ftp://lite.school.example"], "http or https"),
        (["https://ana@lite.school.example"], "nothing after it"),
        (["http://127.0.0.1:99999"], "an origin like"),
        ([5], "an origin like"),
        (5, "a list of addresses"),
        ([f"http://h{n}.example" for n in range(21)], "at most 20"),
    ],
)
def test_a_bad_allowed_origin_is_refused_before_anything_starts(
    tmp_path: Any, origins: Any, said: str
) -> None:
    from monopoly_widgets.core.errors import InputError

    with pytest.raises(InputError, match="origins") as refusal:
        ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0, origins=origins)
    assert said in str(refusal.value)
    assert not (tmp_path / "class.sqlite").exists()


def test_allowed_origins_are_kept_as_a_browser_writes_them() -> None:
    from monopoly_widgets.server.app import allowed_origins

    assert allowed_origins(
        ["HTTPS://Lite.School.Example:443/", "http://127.0.0.1:8000", "http://[::1]:80"]
    ) == {"https://lite.school.example", "http://127.0.0.1:8000", "http://[::1]"}

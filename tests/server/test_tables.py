"""Live tables end to end over the WebSocket: a whole game, what each seat sees, the store,
the clock, an empty seat and a rejoin, the exports and the teacher's API."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import HTTPClient as SyncHTTPClient
from tornado.httpclient import HTTPClientError, HTTPRequest

import monopoly_widgets as mw
from monopoly_widgets.server import ClassServer
from tests.server.leaks import leaks
from tests.server.wsclient import Client, person_codes


async def play_to_the_end(client: Client, token: str, seed: int, first: dict[str, Any]) -> None:
    """A student who clicks a random legal move whenever it is their decision (``first``:
    the state frame that came with joining)."""
    rng = random.Random(seed)
    move: dict[str, Any] = {}
    frame: dict[str, Any] | None = first
    while True:
        frame = frame if frame is not None else await client.recv(timeout=30)
        assert frame is not None
        if frame["type"] == "error":  # only too fast a student may be refused: try again
            assert frame["code"] == "rate", frame
            await asyncio.sleep(0.1)
            await client.send(move)
        if frame["type"] == "state" and frame["over"]:
            return
        if frame["type"] == "state" and frame["legal"]:
            action = rng.choice(frame["legal"])["id"]
            move = {
                "type": "move",
                "seat": frame["seat"],
                "token": token,
                "action": action,
                "step": frame["step"],
            }
            await client.send(move)
        frame = None


def test_two_students_and_a_bot_play_to_the_end_each_seeing_only_their_hand(
    server: ClassServer,
) -> None:
    table = server.create_table("deal", 3, seed=21, bots={2: "random"}, bot_delay=0)

    async def run() -> list[Client]:
        clients = []
        for code in person_codes(table):
            client = await Client.open(server.url)
            welcome, state = await client.join(code)
            clients.append((client, welcome["token"], state))
        await asyncio.gather(
            *(play_to_the_end(c, token, n, state) for n, (c, token, state) in enumerate(clients))
        )
        return [c for c, _, _ in clients]

    clients = asyncio.run(run())
    saved = server.export_json(table["id"])
    game = mw.load_game(saved)
    assert game.is_over and game.step > 20
    for seat, client in enumerate(clients):
        states = [f for f in client.frames if f["type"] == "state"]
        assert [f["step"] for f in states] == sorted({f["step"] for f in states})  # each move once
        assert states[-1]["step"] == game.step
        assert leaks(saved, seat, client.raw) == []


@pytest.mark.parametrize("name", ["bid", "cardgame"])
def test_the_other_games_send_no_hidden_card_either(server: ClassServer, name: str) -> None:
    table = server.create_table(name, 3, seed=2, bots={2: "random"}, bot_delay=0)

    async def run() -> list[Client]:
        clients = []
        for code in person_codes(table):
            client = await Client.open(server.url)
            welcome, state = await client.join(code)
            clients.append((client, welcome["token"], state))
        plays = [play_to_the_end(c, token, n, state) for n, (c, token, state) in enumerate(clients)]
        await asyncio.gather(*plays)
        return [c for c, _, _ in clients]

    clients = asyncio.run(run())
    saved = server.export_json(table["id"])
    assert mw.load_game(saved).is_over
    for seat, client in enumerate(clients):
        assert leaks(saved, seat, client.raw) == []


def test_the_leak_check_finds_a_hand_sent_to_the_wrong_seat(server: ClassServer) -> None:
    """The check above can fail: seat 1's frame with seat 0's observation in it is caught."""
    table = server.create_table("deal", 3, seed=21, bots={2: "random"}, bot_delay=0)
    saved = server.export_json(table["id"])
    wrong = json.dumps(
        {"type": "state", "step": 0, "observation": mw.load_game(saved).observation(0)}
    )
    assert leaks(saved, 1, [wrong])


def test_a_restarted_server_resumes_every_table_and_seat(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite"
    first = ClassServer(db, "127.0.0.1", 0).start()
    table = first.create_table("deal", 3, seed=5, bots={2: "heuristic"}, bot_delay=0)
    other = first.create_table("bid", 3, seed=6, bots={1: "heuristic"}, bot_delay=0)
    code = person_codes(table)[0]

    async def some_moves(server: ClassServer) -> tuple[str, dict[str, Any]]:
        client = await Client.open(server.url)
        welcome, state = await client.join(code, name="Ana")
        for _ in range(3):
            move = {
                "type": "move",
                "seat": 0,
                "token": welcome["token"],
                "action": state["legal"][-1]["id"],
                "step": state["step"],
            }
            await client.send(move)
            state = await client.until("state", step=state["step"] + 1)
            if not state["legal"]:
                break
        client.close()
        return welcome["token"], state

    token, state = asyncio.run(some_moves(first))
    saved = [first.export_json(table["id"]), first.export_json(other["id"])]
    key = first.key
    first.stop()
    second = ClassServer(db, "127.0.0.1", 0).start()
    try:
        assert second.key == key
        assert [second.export_json(table["id"]), second.export_json(other["id"])] == saved

        async def rejoin() -> tuple[dict[str, Any], dict[str, Any]]:
            client = await Client.open(second.url)
            return await client.join(code)

        welcome, again = asyncio.run(rejoin())
        assert welcome["token"] == token and welcome["name"] == "Ana"
        assert again["observation"] == state["observation"] and again["step"] == state["step"]
    finally:
        second.stop()


def test_a_finished_game_exports_as_a_save_and_a_replay(server: ClassServer) -> None:
    table = server.create_table("deal", 2, seed=3, bots={1: "random"}, bot_delay=0)

    async def run() -> None:
        client = await Client.open(server.url)
        welcome, state = await client.join(person_codes(table)[0])
        await play_to_the_end(client, welcome["token"], 1, state)

    asyncio.run(run())
    game = mw.load_game(server.export_json(table["id"]))
    assert game.is_over and game.seed == 3
    page = server.export_html(table["id"])
    assert page.startswith("<!DOCTYPE html>") and "mw-replay-frames" in page


def test_a_clock_that_runs_out_lets_the_stand_in_bot_play_and_says_so(server: ClassServer) -> None:
    table = server.create_table("deal", 2, seed=8, bots={1: "random"}, clock=1, bot_delay=0)

    async def run() -> dict[str, Any]:
        client = await Client.open(server.url)
        _, state = await client.join(person_codes(table)[0])
        if state["step"] == 0:  # joined before the clock ran out (a busy machine may not)
            assert state["clock"]["seat"] == 0 and 0 <= state["clock"]["seconds"] <= 1
            return await client.until("state", timeout=5, step=1)
        return state

    after = asyncio.run(run())
    note = {"step": 1, "text": "Player 0's clock ran out: the heuristic bot played for them."}
    assert note in after["notes"]
    assert server.hub.tables[table["id"]].played_by[0] == "clock"  # and kept as the clock's


def test_an_empty_seat_is_played_by_a_bot_until_its_student_rejoins(server: ClassServer) -> None:
    table = server.create_table("deal", 3, seed=9, bots={2: "random"}, away_after=0.3, bot_delay=0)
    codes = person_codes(table)

    async def run() -> None:
        watcher = await Client.open(server.url)
        await watcher.join(codes[1], name="Bo")
        leaving = await Client.open(server.url)
        welcome, _ = await leaving.join(codes[0], name="Ana")
        leaving.close()
        seats = await watcher.until("seats")
        assert seats["seats"][0]["connected"] is False
        # Seat 0 decides first: after away_after the stand-in plays it, and the note says so.
        played = await watcher.until("state", timeout=5, step=1)
        assert (
            played["notes"][0]["text"]
            == "Player 0's seat is empty: the heuristic bot played for them."
        )
        assert played["seats"][0]["playing"] == "heuristic bot (seat empty)"
        back = await Client.open(server.url)
        again, state = await back.join(codes[0])
        assert again["token"] == welcome["token"] and again["seat"] == 0 and again["name"] == "Ana"
        assert state["seats"][0]["playing"] == "person" and state["seats"][0]["connected"]

    asyncio.run(run())


def test_a_second_page_of_a_seat_takes_it_over(server: ClassServer) -> None:
    table = server.create_table("deal", 2, seed=2, bots={1: "random"})

    async def run() -> None:
        first = await Client.open(server.url)
        await first.join(person_codes(table)[0])
        second = await Client.open(server.url)
        await second.join(person_codes(table)[0])
        assert (await first.until("error"))["code"] == "replaced"

    asyncio.run(run())


def api(server: ClassServer, path: str, key: str | None, body: Any = None) -> tuple[int, Any]:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    request = HTTPRequest(
        server.url + path.lstrip("/"),
        method="POST" if body is not None else "GET",
        headers=headers,
        body=json.dumps(body) if body is not None else None,
    )
    client = SyncHTTPClient()
    try:
        response = client.fetch(request)
        code, text = response.code, response.body
    except HTTPClientError as exc:
        code, text = exc.code, exc.response.body if exc.response else b"{}"
    finally:
        client.close()
    return code, json.loads(text)


def test_the_teachers_api_needs_the_key(server: ClassServer) -> None:
    assert api(server, "api/tables", None)[0] == 403
    assert api(server, "api/tables", "wrong")[0] == 403
    assert api(server, "api/tables", None, {"game": "deal"})[0] == 403
    assert server.tables() == []
    code, made = api(
        server,
        "api/tables",
        server.key,
        {"game": "deal", "players": 3, "bots": {"2": "heuristic"}, "seed": 1},
    )
    assert code == 201 and len(person_codes(made)) == 2
    code, refused = api(server, "api/tables", server.key, {"game": "deal", "bots": {"0": "nobody"}})
    assert code == 400 and "bots[0]" in refused["error"]
    assert len(server.tables()) == 1
    assert api(server, f"api/tables/{made['id']}/reveal", server.key)[1]["seats"][0]["hand"]
    assert api(server, f"api/tables/{made['id']}/close", server.key, {})[1]["closed"] is True
    assert api(server, "api/stats", None)[0] == 403
    code, stats = api(server, "api/stats", server.key)
    assert code == 200 and stats["tables"] == 1 and stats["moves"] == 0


def test_join_codes_are_short_and_cannot_be_misread(server: ClassServer) -> None:
    for _ in range(20):
        for code in person_codes(server.create_table("deal", 5, bots={4: "random"})):
            assert len(code) == 6 and not set(code) & set("0O1lIL")

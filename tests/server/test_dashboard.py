"""The dashboard's public view holds no card of any hand, in every game, at every step;
a paused table takes no move and runs no bot; the reveal during a game is told."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from monopoly_widgets.core import new_game
from monopoly_widgets.server import ClassServer
from monopoly_widgets.server.dashboard import REVEAL_NOTE, public_view
from tests.server.leaks import card_ids, face_up
from tests.server.test_questions import api
from tests.server.wsclient import Client, person_codes


@pytest.mark.parametrize("name", ["deal", "bid", "cardgame"])
def test_the_public_view_shows_no_hand(name: str) -> None:
    game = new_game(name, 3, 11)
    rng = random.Random(4)
    for _ in range(80):
        if game.is_over:
            break
        hidden = {
            card
            for seat in range(game.players)
            if not face_up(name, game.state, seat)
            for card in game.state.hands[seat]
        }
        view = public_view(game)
        view.pop("unseen", None)
        assert not card_ids(view) & hidden, f"{name} step {game.step}"
        assert all(seat.get("hand") is None for seat in view["seats"])
        every = game.observation(None)["seats"]
        assert [s["hand_count"] for s in view["seats"]] == [s["hand_count"] for s in every]
        game.apply(rng.choice(game.legal_actions()))


def test_a_paused_table_waits_and_a_reveal_in_play_is_told(server: ClassServer) -> None:
    made = server.create_table("deal", 2, seed=2, bots={1: "random"}, bot_delay=0)

    async def run() -> None:
        ana = await Client.open(server.url)
        _, state = await ana.join(person_codes(made)[0], "Ana")
        table = made["id"]
        assert (await api(server, f"api/tables/{table}/pause", None, {}))[0] == 403
        code, line = await api(server, f"api/tables/{table}/pause", server.key, {})
        assert code == 200 and line["paused"] is True
        paused = await ana.until("state")
        assert paused["paused"] is True and paused["legal"] == []
        move = state["legal"][0]["id"]
        await ana.send(
            {
                "type": "move",
                "seat": 0,
                "token": ana.frames[0]["token"],
                "action": move,
                "step": state["step"],
            }
        )
        assert (await ana.until("error"))["code"] == "paused"
        _, seen = await api(server, f"api/tables/{table}/spectate", server.key)
        assert seen["step"] == 0 and seen["paused"] is True
        await api(server, f"api/tables/{table}/resume", server.key, {})
        assert (await ana.until("state"))["legal"]
        _, hands = await api(server, f"api/tables/{table}/reveal", server.key)
        assert hands["seats"][1]["hand"]  # the teacher sees every hand …
        told = await ana.until("state")
        assert REVEAL_NOTE in [n["text"] for n in told["notes"]]  # … and the table is told

    asyncio.run(run())


def test_the_dashboard_widget_shows_names_as_text_and_follows_the_class(
    server: ClassServer,
) -> None:
    made = server.create_table("deal", 2, seed=2, bots={1: "random"}, bot_delay=0)
    widget = server.dashboard_widget(every=0.1)
    try:
        assert "nobody yet" in widget.value and f"Table {made['id']}" in widget.value

        async def run() -> None:
            ana = await Client.open(server.url)
            await ana.join(person_codes(made)[0], "<b>Ana</b>")

        asyncio.run(run())
        wait = time.monotonic() + 10
        while "Ana" not in widget.value:
            assert time.monotonic() < wait, widget.value
            time.sleep(0.05)
        assert "&lt;b&gt;Ana&lt;/b&gt;" in widget.value and "<b>Ana" not in widget.value
    finally:
        widget.stop()

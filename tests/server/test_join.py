"""``mw.join``: a seat in a notebook is drawn from the server's frames for that seat only."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import monopoly_widgets as mw
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.server import ClassServer
from tests.server.wsclient import person_codes


def wait_for(check, limit: float = 10) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + limit
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def test_a_joined_seat_shows_its_view_and_plays_through_the_server(server: ClassServer) -> None:
    table = server.create_table("deal", 3, seed=1, bots={2: "heuristic"}, bot_delay=0)
    seat = mw.join(person_codes(table)[0], server=server.url, name="Ana")
    try:
        model = seat.table.table
        assert [s["role"] for s in model["seats"]] == ["you", "person", "heuristic bot"]
        hands = [[row for row in s["rows"] if row["label"] == "Hand"] for s in model["seats"]]
        assert "cards" in hands[0][0] and all("hidden" in h[0] for h in hands[1:])
        assert seat.table.choices and seat.table.notice == "Your decision, Player 0."
        chosen = seat.table.choices[-1]["id"]
        seat.handle_message({"type": "action", "id": chosen, "seat": 0, "step": 0})
        wait_for(lambda: seat.last.get("step") == 1)
        assert chosen in server.export_json(table["id"])
        before = server.export_json(table["id"])
        seat.handle_message({"type": "step", "by": -1})  # the live game cannot step back
        assert "cannot step" in seat.last_error and server.export_json(table["id"]) == before
        assert seat.table.chart_series["turns"] and seat.table.odds["title"] == "Odds: Player 0"
    finally:
        seat.leave()


def test_a_wrong_code_or_server_is_a_clear_error(server: ClassServer) -> None:
    with pytest.raises(InputError, match="no seat has this join code"):
        mw.join("ZZZZZZ", server=server.url)
    with pytest.raises(InputError, match="join code"):
        mw.join("  ", server=server.url)


def test_a_joined_seat_answers_the_teachers_question(server: ClassServer) -> None:
    table = server.create_table("deal", 3, seed=1, bots={2: "heuristic"}, bot_delay=5)
    seat = mw.join(person_codes(table)[0], server=server.url, name="Ana")
    try:
        with pytest.raises(InputError, match="not asked"):
            seat.answer("Yes")
        asked = server.ask("choice", "Is a Deal Breaker worth $5M?", choices=["Yes", "No"])
        wait_for(lambda: seat.question is not None)
        assert seat.answer("No") == "1"  # a choice's text or its id
        with pytest.raises(InputError, match="not one of the choices"):
            seat.answer("Maybe")
        seen = server.question(asked["question"])
        assert seen["answered"] == [{"name": "Ana", "answer": "No"}]
        server.reveal_question(asked["question"])
        wait_for(lambda: (seat.question or {}).get("revealed") is True)
        assert [b["count"] for b in seat.question["distribution"]["bars"]] == [0, 1]
    finally:
        seat.leave()


def test_a_checked_answer_hands_the_record_in_when_a_class_is_joined(
    server: ClassServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from monopoly_widgets.classroom.hand_in import left_class
    from monopoly_widgets.lessons import Exercise, Number, check
    from monopoly_widgets.lessons.pooling import pool_records
    from monopoly_widgets.lessons.record import forget_session

    monkeypatch.chdir(tmp_path)  # the record's file is written beside the "notebook"
    forget_session()
    first = Exercise("T-1", "a chance", Number(3, percent=True, probability=True), lambda: 0.5)
    second = Exercise("T-2", "another", Number(3, percent=True, probability=True), lambda: 0.25)
    check(first, 0.1, student="Ana")  # no class joined: the file only
    assert pool_records(server.url, key=server.key).__len__() == 0
    table = server.create_table("deal", 3, seed=1, bots={2: "heuristic"}, bot_delay=5)
    seat = mw.join(person_codes(table)[0], server=server.url, name="Ana")
    try:
        check(first, 0.5, student="Ana")
        check(second, 0.3, student="Ana")

        def tries() -> list[int]:
            rows = pool_records(server.url, key=server.key)
            rows = rows.to_dict("records") if hasattr(rows, "to_dict") else list(rows.records)
            return [row["tries"] for row in rows]

        wait_for(lambda: tries() == [2, 1])  # both exercises, the first tried twice
    finally:
        seat.leave()
        left_class()
        forget_session()

"""``python -m monopoly_widgets serve``: its ``--table`` words, and a bad one refused before
anything starts (no store is made)."""

from __future__ import annotations

from pathlib import Path

import pytest

from monopoly_widgets.cli import main
from monopoly_widgets.server.cli import table_settings


def test_a_table_is_read_from_words() -> None:
    assert table_settings(
        "Deal players=4 seed=3 bots=2:heuristic,3:random clock=30 option.hand_limit=8"
    ) == {
        "game": "deal",
        "players": 4,
        "seed": 3,
        "bots": {2: "heuristic", 3: "random"},
        "clock": 30,
        "options": {"hand_limit": 8},
    }


@pytest.mark.parametrize(
    ("table", "said"),
    [
        ("deal bots=2:nobody", "bots[2] must be one of random, heuristic"),
        ("deal bots=two", "bots are seat:bot"),
        ("deal players", "each setting is name=value"),
        ("chess", "chess"),
        ("deal clock=0", "clock must be a number of seconds from 1 to 3600"),
        ("deal players=2 bots=0:random,1:random", "at least one seat must be a person's"),
    ],
)
def test_a_bad_table_is_refused_before_the_server_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], table: str, said: str
) -> None:
    db = tmp_path / "class.sqlite"
    assert main(["serve", "--port", "0", "--db", str(db), "--table", table]) == 2
    assert said in capsys.readouterr().err
    assert not db.exists()


def test_a_taken_port_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", str(tmp_path / "c.sqlite")]) == 2
    assert f"cannot listen on '127.0.0.1' port {port}" in capsys.readouterr().err


def test_a_bad_allowed_origin_is_refused_before_the_server_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "class.sqlite"
    assert main(["serve", "--port", "0", "--db", str(db), "--allow-origin", "*"]) == 2
    assert "origins: each must be an origin like" in capsys.readouterr().err
    assert not db.exists()

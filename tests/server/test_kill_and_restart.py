"""The class server killed with SIGKILL mid-game and started again on the same store: the
table resumes at the same position and the seat rejoins with its code."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.server.wsclient import Client

TABLE = "deal players=3 seed=7 bots=2:heuristic bot_delay=0"


def start(db: Path) -> tuple[subprocess.Popen[str], str, list[str]]:
    """The server in a process of its own; its address and the join codes it printed."""
    command = [sys.executable, "-m", "monopoly_widgets", "serve", "--port", "0", "--db", str(db)]
    if not db.exists():
        command += ["--table", TABLE]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=os.environ.copy())
    assert process.stdout is not None
    url, codes = "", []
    for line in process.stdout:
        if line.startswith("Class server: students open "):
            url = line.split()[-1]
        if line.startswith("Table "):
            codes = re.findall(r"code ([A-Z0-9]{6})", line)
            break
    assert url and codes, "the server printed no address or codes"
    return process, url, codes


async def moves_until_seat_one(url: str, code: str) -> dict[str, Any]:
    """Seat 0 plays until seat 1 (nobody there yet) must decide: the table then waits."""
    client = await Client.open(url)
    welcome, state = await client.join(code)
    while state["current_player"] != 1:
        if state["legal"]:
            move = {
                "type": "move",
                "seat": 0,
                "token": welcome["token"],
                "action": state["legal"][-1]["id"],
                "step": state["step"],
            }
            await client.send(move)
        state = await client.until("state")
    client.close()
    return state


async def rejoin(url: str, code: str) -> dict[str, Any]:
    client = await Client.open(url)
    _, state = await client.join(code)
    client.close()
    return state


def test_sigkill_mid_game_then_restart_resumes_the_same_position(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite"
    process, url, codes = start(db)
    try:
        before = asyncio.run(moves_until_seat_one(url, codes[0]))
        assert before["step"] > 0
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
    assert process.returncode == -signal.SIGKILL
    again, url, same_codes = start(db)
    try:
        assert same_codes == codes
        after = asyncio.run(rejoin(url, codes[0]))
        assert after["step"] == before["step"]
        assert after["observation"] == before["observation"]
        assert after["current_player"] == 1
    finally:
        again.terminate()
        again.wait(10)

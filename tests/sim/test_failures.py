"""One failure loses nothing: a dying worker, a failing bind(), a cancel, a killed parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.rng import SEED_LIMIT
from monopoly_widgets.sim import summarize
from monopoly_widgets.sim.tournament import MAX_GAMES, SimulationError, simulate

ROOT = Path(__file__).resolve().parents[2]


class DiesInGameTwo(RandomAgent):
    """Kills its worker process (as a crash or the OOM killer would) in game 2 only."""

    name = "dies"

    def bind(self, game: mw.Game) -> None:
        if game.seed == simulate_seed(2):
            os._exit(3)


def simulate_seed(index: int) -> int:
    from monopoly_widgets.sim.tournament import game_seed

    return game_seed(0, index)


class FailsToBind(RandomAgent):
    name = "fails_to_bind"

    def bind(self, game: mw.Game) -> None:
        raise RuntimeError("no world to sample")


def test_a_dying_worker_loses_only_its_own_game() -> None:
    with pytest.raises(SimulationError) as caught:
        simulate(
            "deal", [DiesInGameTwo(), "random"], games=6, workers=2, batch_size=3, progress=False
        )
    table = caught.value.results
    assert list(table["game"]) == list(range(6))
    lost = table[table["error"].notna()]
    assert list(lost["game"]) == [2] and "worker process died" in lost["error"].iloc[0]
    assert table[table["game"] != 2]["error"].isna().all()


def test_a_failing_bind_names_the_agent_and_keeps_the_rows() -> None:
    with pytest.raises(SimulationError) as caught:
        simulate("deal", ["random", FailsToBind()], games=3, workers=1, progress=False)
    message = str(caught.value)
    assert "agent fails_to_bind in seat 1" in message and "bind()" in message
    assert "engine failed" not in message and len(caught.value.results) == 3


def test_a_lambda_agent_is_named_without_a_memory_address() -> None:
    def broken(observation: object, legal: object, rng: object) -> object:
        raise ValueError("oops")

    with pytest.raises(SimulationError) as caught:
        simulate("deal", [broken, "random"], games=2, workers=1, progress=False)
    assert " at 0x" not in str(caught.value)
    assert all(" at 0x" not in e for e in caught.value.results["error"])
    with pytest.raises(InputError, match="cannot be sent to worker processes"):
        simulate(
            "deal", [lambda obs, legal, rng: legal[0], "random"], games=4, workers=2, progress=False
        )


def test_sizes_and_names_are_checked_before_any_work() -> None:
    start = time.monotonic()
    with pytest.raises(InputError, match=f"games must be from 1 to {MAX_GAMES}"):
        simulate("deal", games=10**5000, progress=False)
    # A seed too long to write as text (the seeds are hashed as text) is named as the
    # counts are, not Python's own ValueError about converting long integers.
    with pytest.raises(InputError, match=f"seed must be from 0 to {SEED_LIMIT - 1}, not a "):
        simulate("deal", games=1, seed=10**5000, progress=False)
    assert time.monotonic() - start < 1
    with pytest.raises(InputError, match="the agents are random, heuristic"):
        simulate("deal", ["randon", "random"], games=1, progress=False)
    with pytest.raises(InputError, match="executor must be"):
        simulate("deal", games=1, executor="dask", progress=False)
    table = simulate("deal", "random", games=2, workers=1, progress=False)
    assert table["players"].iloc[0] == 2, "one agent name fills every seat"


def test_the_summary_reads_seat_order_only_when_it_can() -> None:
    mixed = summarize(
        simulate("deal", ["heuristic", "random"], games=6, seed=1, workers=1, progress=False)
    )
    assert mixed.first_seat is None and "no first-seat advantage given" in str(mixed)
    assert "going first: seat 0" not in str(mixed) and "heuristic" in str(mixed)
    same = summarize(simulate("deal", "random", games=6, seed=1, workers=1, progress=False))
    assert same.first_seat is not None and "going first: seat 0 wins" in str(same)
    # 6 games cannot show an advantage: the line says so instead of claiming one (issue 43)
    assert "these games show no advantage either way" in str(same)
    rotated = simulate(
        "deal",
        ["heuristic", "random"],
        games=6,
        seed=1,
        workers=1,
        progress=False,
        rotate_seats=True,
    )
    assert list(rotated["agent_0"]) == ["heuristic", "random"] * 3
    assert rotated["seed"].iloc[0] == rotated["seed"].iloc[1], "each deal once per seating"
    assert summarize(rotated).first_seat is not None


SCRIPT = """
import os, signal, sys, time
# Ctrl-C as a terminal or Jupyter delivers it: a process started in the background by a
# shell inherits SIGINT ignored, and Python then never raises KeyboardInterrupt.
signal.signal(signal.SIGINT, signal.default_int_handler)
import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.sim.tournament import simulate

class Slow(RandomAgent):
    name = "slow"
    def __call__(self, observation, legal, rng):
        time.sleep(0.05)
        return super().__call__(observation, legal, rng)

import multiprocessing.process as mp
sys.stdout.write("ready\\n"); sys.stdout.flush()
table = simulate("deal", [Slow(), "random"], games=40, workers=WORKERS, batch_size=1,
                 progress=False, on_error="record")
print("rows", len(table), table.attrs.get("cancelled"), flush=True)
"""


def start(workers: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", SCRIPT.replace("WORKERS", str(workers))],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_returns_promptly_with_the_games_finished(workers: int) -> None:
    process = start(workers)
    assert process.stdout is not None and process.stdout.readline() == "ready\n"
    if workers > 1:
        assert wait_for(lambda: len(children(process.pid)) >= 2, 60)
    time.sleep(3)  # some games finish (condition: a game takes well under a second)
    process.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, err = process.communicate(timeout=30)
    assert time.monotonic() - sent < 5, "cancelling takes a couple of seconds at most"
    assert "rows" in out and "True" in out, err[-2000:]
    assert int(out.split("rows ")[1].split()[0]) > 0


def test_workers_die_with_a_killed_parent() -> None:
    process = start(2)
    assert process.stdout is not None and process.stdout.readline() == "ready\n"
    assert wait_for(lambda: len(children(process.pid)) >= 2, 60)
    workers = children(process.pid)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)

    def alive() -> list[int]:
        return [p for p in workers if Path(f"/proc/{p}").exists() and "Z" not in _state(p)]

    assert wait_for(lambda: not alive(), 10), f"workers outlived their parent: {alive()}"


def _state(pid: int) -> str:
    try:
        return (Path(f"/proc/{pid}") / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"

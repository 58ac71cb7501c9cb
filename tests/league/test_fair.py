"""A fair league (issue 42 §2, §3, §6): secret deals, nothing lost to a dead worker,
and a league in which every entry sits out says so.

* ``hostile/seed_finder.py`` deals every game it can compute from the league's code
  and matches its own hand. Under the default (a random, secret seed) it finds
  nothing; under a seed it can guess (the old default, 0, or any small one) it finds
  its game on its first move, every time: the test can fail.
* The seed is kept (``result.seed``): the league played again with it gives the same
  games, move for move.
* A worker process killed mid-league (by the test, by its PID) loses no game: its
  unfinished tasks are played again on a fresh pool, and a note says so.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import monopoly_widgets as mw
from monopoly_widgets.league.games import check_seed, deal_seed, keyed_seed

BOTS = Path(__file__).parent / "bots"
FINDER = Path(__file__).parent / "hostile" / "seed_finder.py"


def found(result) -> list[str]:
    return [
        row["forfeit"]["reason"]
        for row in result.rows
        if row["forfeit"] and "FOUND" in row["forfeit"]["reason"]
    ] + [report for report in result.failures.values() if "FOUND" in report]


#: The secret-seed and blame tests run their bots in the process mode on purpose: there a
#: bot has the whole package and every process's rights (the strongest seed-finder, and a
#: process the test can kill from outside); the sandbox's isolation is test_sandbox.py's.
PROCESS = {"sandbox": "process"}


def test_a_bot_cannot_find_its_deal_under_the_secret_seed() -> None:
    result = mw.league([FINDER, "random"], games=3, workers=1, progress=False, **PROCESS)
    assert result.seed is not None and result.seed >= 2**20  # random, not a small default
    assert not found(result), found(result)
    assert len(result.rows) == 6 and not result.failures


def test_the_same_bot_finds_a_guessable_seed() -> None:
    """The finder works: given a seed it tries, it finds its game (so the test above can fail)."""
    result = mw.league([FINDER, "random"], games=3, seed=3, workers=1, progress=False, **PROCESS)
    assert len(found(result)) == 6  # every game, in either seat, at its first move


def test_seeds_come_from_a_keyed_hash() -> None:
    seeds = {deal_seed(12345, deal) for deal in range(1000)}
    assert len(seeds) == 1000 and all(0 <= seed < 2**31 for seed in seeds)
    assert deal_seed(12345, 0) != deal_seed(12346, 0)
    assert check_seed(12345) not in seeds  # the check game is not a league deal
    assert keyed_seed(1, "agent", 0, 0, bits=64) != keyed_seed(1, "agent", 0, 1, bits=64)


def test_the_seed_is_kept_and_every_game_replays() -> None:
    first = mw.league([BOTS / "good.py", "random"], games=2, workers=1, progress=False)
    again = mw.league(
        [BOTS / "good.py", "random"], games=2, seed=first.seed, workers=1, progress=False
    )
    assert [row["saved"] for row in again.rows] == [row["saved"] for row in first.rows]
    for row in first.rows:
        game = mw.load_game(row["saved"])
        assert game.seed == deal_seed(first.seed, row["deal"]) == row["seed"]
    assert f"seed: {first.seed}" in str(first)


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def test_a_killed_worker_loses_no_game() -> None:
    killed: list[int] = []

    def kill_a_worker(result, done, total, finished) -> None:
        if killed or not done or finished:
            return
        for worker in children_of(os.getpid()):
            if children_of(worker):  # a worker with a bot running: in the middle of a task
                os.kill(worker, signal.SIGKILL)
                killed.append(worker)
                return

    bots = [BOTS / "good.py", BOTS / "printer.py", "random", "heuristic"]
    result = mw.league(bots, games=5, seed=7, workers=2, progress=kill_a_worker)
    assert killed, "no worker was found to kill"
    assert len(result.rows) == 4 * 3 * 5  # every pairing, every deal, both seat orders
    games = {(tuple(row["seats"]), row["deal"]) for row in result.rows}
    assert len(games) == len(result.rows)
    assert any("played again" in note for note in result.notes), result.notes
    assert not any("lost" in note for note in result.notes), result.notes
    assert result.table["games"].sum() == 2 * len(result.rows)


def test_every_entry_sitting_out_is_said_plainly(tmp_path: Path) -> None:
    bots = [BOTS / "no_choose.py", BOTS / "broken_import.py"]
    result = mw.league(bots, games=2, workers=1, progress=False)
    assert result.rows == [] and set(result.failures) == {"no_choose", "broken_import"}
    assert any("no games were played" in note for note in result.notes)
    assert "no games were played" in str(result)
    assert len(result.table) == 0
    result.chart()  # draws, empty
    command = [sys.executable, "-m", "monopoly_widgets", "league", *map(str, bots)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr and "Error" not in run.stderr.replace("Module", "")
    assert "no games were played" in run.stdout and "league seed: " in run.stderr


def test_a_forfeited_games_html_replay_says_why(tmp_path: Path) -> None:
    import json
    import re

    from monopoly_widgets.widgets.replay import unpack

    result = mw.league([BOTS / "crash.py", "random"], games=1, workers=1, progress=False)
    number = next(i for i, row in enumerate(result.rows) if row["forfeit"])
    reason = result.rows[number]["forfeit"]["reason"]
    page = result.replay(number).save_html(tmp_path / "forfeit.html").read_text()
    packed = re.search(r'id="mw-replay-frames">([^<]*)<', page).group(1)
    data = json.loads(unpack(packed))
    assert "crash.py (Player 1) forfeited" in data["ending"] and reason in data["ending"]
    assert data["seat_names"] == ["Player 0 (built-in random)", "Player 1 (crash.py)"]


def test_a_bot_killed_from_outside_is_not_blamed(tmp_path: Path) -> None:
    """The test kills a good bot's process once, from outside, mid-league (on today's
    code the good bot forfeited that game: "its process ended (killed by signal 9)").
    The bot takes 20 ms a move, so that its games outlast the half second the watcher
    waits on a quiet machine as on a loaded one."""
    steady = tmp_path / "steady.py"
    steady.write_text(
        "import time\n\n\ndef choose(observation, legal_actions, rng):\n"
        "    time.sleep(0.02)\n    return rng.choice(legal_actions)\n"
    )
    import threading
    import time

    killed: list[int] = []
    stop = threading.Event()

    def kill_once() -> None:
        seen: dict[int, float] = {}
        while not stop.is_set() and not killed:
            for pid in children_of(os.getpid()):
                try:
                    command = Path(f"/proc/{pid}/cmdline").read_bytes()
                except OSError:
                    continue
                if b"steady.py" in command and b"league.child" in command:
                    first = seen.setdefault(pid, time.monotonic())
                    if time.monotonic() - first > 0.5:  # imported, in the middle of a game
                        os.kill(pid, signal.SIGKILL)
                        killed.append(pid)
                        return
            time.sleep(0.05)

    watcher = threading.Thread(target=kill_once, daemon=True)
    watcher.start()
    try:
        result = mw.league([steady, "random"], games=3, workers=1, progress=False, **PROCESS)
    finally:
        stop.set()
        watcher.join()
    assert killed, "the good bot's process was never found to kill"
    assert not result.failures, result.failures
    assert result.table.set_index("bot").loc["steady", "forfeits"] == 0
    assert len(result.rows) == 6


def test_a_bot_that_kills_itself_forfeits() -> None:
    bot = Path(__file__).parent / "hostile" / "self_killer.py"
    result = mw.league([bot, "random"], games=1, workers=1, progress=False, **PROCESS)
    row = next(row for row in result.rows if row["seats"][1] == "self_killer")
    assert row["forfeit"]["bot"] == "self_killer"
    assert "killed by signal 9" in row["forfeit"]["reason"]
    assert len(row["replayed"]) == 1  # played again once, then blamed
    assert any("was played again after self_killer" in note for note in result.notes)


def test_a_bot_that_kills_its_worker_loses_only_its_own_games() -> None:
    """Every game without the attacker in seat 1 comes back; its own tasks are played
    again, each alone at the end, and noted as lost only then."""
    attacker = Path(__file__).parent / "hostile" / "worker_killer.py"
    bots = [BOTS / "good.py", BOTS / "printer.py", "random", attacker]
    result = mw.league(bots, games=2, seed=5, workers=2, progress=False, **PROCESS)
    played = {(tuple(row["seats"]), row["deal"]) for row in result.rows}
    names = ["good", "printer", "random", "worker_killer"]
    for first in names:
        for second in names:
            if first != second and second != "worker_killer":
                for deal in (0, 1):
                    assert ((first, second), deal) in played, (first, second, deal)
    lost = [note for note in result.notes if note.endswith(")") and ": lost (" in note]
    if len(result.rows) < 24:  # the attacker's seat-1 tasks killed their worker each time
        assert lost and all("against worker_killer (deals" in note for note in lost), lost
        assert any("played again" in note for note in result.notes)


def test_no_task_holds_both_seats_of_a_deal() -> None:
    """Deal ``d`` is the same for every pairing (duplicate seating): a bot that held seat
    0's hand in one game and seat 1 in another would know its opponent's cards. Its
    process lives one task, and every task keeps each bot in one seat."""
    from monopoly_widgets.league.entries import Entry
    from monopoly_widgets.league.games import schedule
    from monopoly_widgets.league.sandbox import Limits

    entries = [Entry(name, builtin="random") for name in ("a", "b", "c")]
    for games in (1, 3, 40, 500):
        batches = schedule(entries, "deal", games, 1, Limits(), True, {})
        assert sum(len(batch.deals) for batch in batches) == 3 * 2 * games
        played = {
            (tuple(e.name for e in batch.order), deal) for batch in batches for deal in batch.deals
        }
        assert len(played) == 3 * 2 * games  # every pairing, deal and seat order, once
        assert all(batch.order[0] != batch.order[1] for batch in batches)


def test_the_command_line_keeps_the_deals_secret(tmp_path: Path, capsys) -> None:
    from monopoly_widgets.cli import main

    def forfeits(*extra: str) -> str:
        out = tmp_path / f"games{len(extra)}.csv"
        command = ["league", str(FINDER), "random", "--games", "2", "--workers", "1"]
        command += ["--sandbox", "process"]
        assert main([*command, "--csv", str(out), *extra]) == 0
        return out.read_text()

    assert "FOUND" not in forfeits()
    seed = int(capsys.readouterr().err.split("league seed: ")[1].split()[0])
    assert seed >= 2**20  # random, and printed
    assert forfeits("--seed", "3").count("FOUND") == 4  # a seed it can guess: every game

"""The league's sandbox (issue 42 §1): hostile bots reach nothing of the teacher's.

One league of attackers (``attacks.py``) against an honest classmate runs in the default
sandbox (Pyodide under Deno); each test then checks one attack's outcome, both as the
attacker reported it (its failure) and outside the sandbox (the file still there, the
server never connected to, the process still alive). The same attackers in the process
mode (``sandbox="process"``, today's league) get through: ``test_process_mode_...``
shows that these checks see an attack that works. docs/league.md's trust model names
these tests.
"""

from __future__ import annotations

import hashlib
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import psutil
import pytest

import monopoly_widgets as mw
from monopoly_widgets.league.wasm import runtime
from tests.league.attacks import outcomes, write_attackers
from tests.league.test_league import alive, processes_with

PACKAGE_FILE = Path(mw.__file__).parent / "league" / "child.py"
SECRET = "teachers-secret-4271"
ALL = [
    *("reader", "writer", "network", "environment", "killer", "spawner", "shell"),
    *("hog", "looper", "shouter"),
]


def sandbox_ready() -> None:
    try:
        runtime.prepare()
    except runtime.SandboxUnavailable as exc:
        pytest.skip(str(exc))


class LoopbackServer:
    """A TCP server on 127.0.0.1 that counts the connections it accepts."""

    def __init__(self) -> None:
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.connections += 1
            connection.close()

    def close(self) -> None:
        self.socket.close()


class Setting:
    """The folders, server and processes one league of attackers is aimed at."""

    def __init__(self, base: Path, sleep: str) -> None:
        self.bots = base / "bots"
        self.home = base / "home"
        self.home.mkdir(parents=True)
        self.secret_file = self.home / "grades.txt"
        self.secret_file.write_text(SECRET)
        self.outside = base / "outside.txt"
        self.inside = self.bots / "_written.txt"
        self.server = LoopbackServer()
        self.victim = subprocess.Popen(["sleep", "300"])
        self.sleep = sleep
        self.package_hash = hashlib.sha256(PACKAGE_FILE.read_bytes()).hexdigest()

    def write(self, names: list[str]) -> None:
        write_attackers(
            self.bots,
            names,
            classmate=str(self.bots / "honest.py"),
            secret_file=str(self.secret_file),
            home=str(self.home),
            outside=str(self.outside),
            inside=str(self.inside),
            package_file=str(PACKAGE_FILE),
            port=self.server.port,
            secret=SECRET,
            league_pid=os.getpid(),
            victim_pid=self.victim.pid,
            sleep=self.sleep,
        )

    def close(self) -> None:
        self.server.close()
        self.victim.kill()
        self.victim.wait()
        for pid in processes_with(f"sleep {self.sleep}"):  # only what the attackers started
            os.kill(pid, signal.SIGKILL)


def run_league(setting: Setting, sandbox: str) -> mw.league:
    os.environ["MW_TEACHER_SECRET"] = SECRET
    try:
        return mw.league(
            [setting.bots, "random"],
            games=1,
            seed=5,
            move_seconds=3,
            memory_mb=600,
            workers=2,
            sandbox=sandbox,
            progress=False,
        )
    finally:
        del os.environ["MW_TEACHER_SECRET"]


@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    """The sandboxed league of every attacker, and what they aimed at."""
    sandbox_ready()
    setting = Setting(tmp_path_factory.mktemp("sandbox"), "327.81")
    setting.write(ALL)
    try:
        result = run_league(setting, "wasm")
        yield result, setting
    finally:
        setting.close()


def reported(result, name: str) -> dict[str, str]:
    failure = result.failures[name]
    assert "choose raised RuntimeError" in failure, failure
    return outcomes(failure.split("RuntimeError:", 1)[1])


def test_the_honest_classmate_plays_every_game(attacked) -> None:
    result, setting = attacked
    assert (setting.bots / "honest.py").exists()
    assert "honest" not in result.failures and "shouter" not in result.failures, result.failures
    assert {entry.name for entry in result.entries} == {"honest", "shouter", "random"}
    assert len(result.rows) == 6 and all(row["forfeit"] is None for row in result.rows)


def test_a_bot_printing_megabytes_plays_on(attacked) -> None:
    """The shouter prints 1 MB, writes 1 MB to stderr, 1 MB to fd 1 and 1 MB through
    JavaScript's console every move: its games are played, none forfeited."""
    result, _ = attacked
    games = [row for row in result.rows if "shouter" in row["seats"]]
    assert len(games) == 4 and all(row["forfeit"] is None for row in games)


def test_a_bot_cannot_read_the_teachers_files(attacked) -> None:
    result, _ = attacked
    report = reported(result, "reader")
    assert set(report) == {"passwd", "classmate", "home", "listhome", "denoread"}
    assert not [name for name, outcome in report.items() if outcome == "OK"], report
    assert report["denoread"] == "JsException"  # Deno: no read permission there
    assert SECRET not in result.failures["reader"]


def test_a_bot_cannot_write_or_delete_files(attacked) -> None:
    result, setting = attacked
    report = reported(result, "writer")
    assert set(report) == {"outside", "inside", "delete", "package", "denowrite", "denoremove"}
    assert report["denowrite"] == report["denoremove"] == "JsException"
    assert not setting.outside.exists()
    assert not setting.inside.exists()
    assert (setting.bots / "honest.py").exists()


def test_a_bot_cannot_change_the_package(attacked) -> None:
    result, setting = attacked
    assert reported(result, "writer")["package"] != "OK"
    assert hashlib.sha256(PACKAGE_FILE.read_bytes()).hexdigest() == setting.package_hash


def test_a_bot_cannot_reach_the_network(attacked) -> None:
    result, setting = attacked
    report = reported(result, "network")
    assert report["socket"] == "OSError"
    assert report["startfetch"] == "OK" and report["fetch"] == "NotCapable"  # refused by Deno
    assert setting.server.connections == 0


def test_a_bot_cannot_read_the_environment_or_proc(attacked) -> None:
    result, _ = attacked
    report = reported(result, "environment")
    assert report["environ"] == "none"
    assert report["denoenv"] == report["denoproc"] == "JsException"
    assert report["proc"] != "OK" and report["procmem"] != "OK"
    assert SECRET not in result.failures["environment"]


def test_a_bot_cannot_signal_other_processes(attacked) -> None:
    result, setting = attacked
    report = reported(result, "killer")
    assert not [name for name, outcome in report.items() if outcome == "OK"], report
    assert setting.victim.poll() is None  # the classmate's stand-in is alive
    assert alive(os.getpid())


def test_a_bot_cannot_start_a_process(attacked) -> None:
    result, setting = attacked
    report = reported(result, "spawner")
    assert report["fork"] != "OK" and report["popen"] != "OK" and report["command"] != "OK"
    shell = result.failures["shell"]  # Pyodide's os.system asks Deno to run a process
    assert "system:OK" not in shell and "crashed its sandbox: Requires" in shell, shell
    assert processes_with(f"sleep {setting.sleep}") == []


def test_memory_and_time_are_limited_in_the_sandbox(attacked, tmp_path) -> None:
    """In the league the hog is stopped (by memory, or by time on a busy machine), and the
    looper by time; alone, with time to spare, the hog is stopped by its memory limit."""
    from monopoly_widgets.league.sandbox import BotFailure, Limits
    from monopoly_widgets.league.wasm.bot import WasmBot

    result, setting = attacked
    assert "memory (stopped)" in result.failures["hog"] or "took longer" in result.failures["hog"]
    assert "took longer than 3 s to choose (stopped)" in result.failures["looper"]
    bot = WasmBot(setting.bots / "hog.py", Limits(move_seconds=120, memory_mb=600))
    try:
        bot.wait_ready()
        bot.new_game(1)
        with pytest.raises(BotFailure, match="used more than its 600 MB of memory"):
            bot.choose({"viewer": 0}, [{"id": "a", "text": "A", "player": 0, "kind": "end"}])
    finally:
        bot.stop()


def test_no_sandbox_outlives_the_league(attacked) -> None:
    result, _ = attacked
    assert len(result.pids) >= 10
    assert [pid for pid in result.pids if alive(pid)] == []
    assert sandboxes_of_this_process() == []


def sandboxes_of_this_process() -> list[int]:
    """Sandboxes (Deno processes) started from this process and still running; others'
    (another test run on the machine) are not counted."""
    found = []
    for child in psutil.Process().children(recursive=True):
        try:
            if "host.mjs" in " ".join(child.cmdline()) and alive(child.pid):
                found.append(child.pid)
        except psutil.Error:
            continue
    return found


def test_process_mode_lets_the_attacks_through(tmp_path) -> None:
    """Today's league (the process mode) on the same attackers: the checks above see each
    attack that works, so they can fail."""
    setting = Setting(tmp_path, "327.82")
    setting.write(["reader", "writer", "network", "environment", "killer", "spawner", "shell"])
    try:
        result = run_league(setting, "process")
        assert reported(result, "reader")["passwd"] == "OK"
        assert reported(result, "reader")["home"] == "OK"
        assert setting.outside.exists()
        assert reported(result, "writer")["package"] == "OK"  # opened to write (unchanged)
        assert reported(result, "network")["socket"] == "OK" and setting.server.connections >= 1
        assert reported(result, "environment")["environ"] == "OK"
        assert reported(result, "killer")["kill"] == "OK" and setting.victim.poll() is not None
        assert reported(result, "spawner")["popen"] == "OK"
        assert reported(result, "shell")["system"] == "OK"
        assert "sandbox='process'" in " ".join(result.notes)
    finally:
        setting.close()


def test_the_command_line_runs_the_sandbox(tmp_path) -> None:
    """``python -m monopoly_widgets league``: the same attacks fail, the classmate plays."""
    sandbox_ready()
    setting = Setting(tmp_path, "327.83")
    setting.write(["reader", "writer", "environment"])
    environment = {**os.environ, "MW_TEACHER_SECRET": SECRET}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "monopoly_widgets", "league", str(setting.bots), "random"]
            + ["--games", "1", "--workers", "1", "--move-seconds", "3", "--memory-mb", "600"],
            capture_output=True,
            text=True,
            timeout=600,
            env=environment,
        )
        output = done.stdout + done.stderr
        assert done.returncode == 1, output  # the attackers sat out
        assert "honest" in done.stdout and SECRET not in output
        assert "passwd:FileNotFoundError" in output and "environ:none" in output
        assert not setting.outside.exists() and (setting.bots / "honest.py").exists()
    finally:
        setting.close()


def test_the_process_mode_says_what_it_does_not_protect() -> None:
    from monopoly_widgets.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")  # noqa: SLF001
    help_text = commands.choices["league"].format_help()
    for words in ("files", "network", "environment", "processes"):
        assert words in help_text


def test_a_missing_deno_is_a_clear_error(monkeypatch, tmp_path) -> None:
    monkeypatch.setitem(sys.modules, "deno", None)
    monkeypatch.setenv("PATH", str(tmp_path))
    bot = tmp_path / "ana.py"
    bot.write_text("def choose(observation, legal_actions, rng):\n    return legal_actions[0]\n")
    runtime.prepare.cache_clear()
    try:
        with pytest.raises(runtime.SandboxUnavailable, match="needs Deno.*pip install"):
            mw.league([bot, "random"], progress=False)
    finally:
        runtime.prepare.cache_clear()

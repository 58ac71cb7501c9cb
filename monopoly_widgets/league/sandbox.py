"""A student's bot in its own process, asked for moves over a pipe, with limits.

:class:`BotProcess` starts ``league/child.py`` as a new process (a fresh interpreter:
nothing of the league's memory is in it) in its own session, so that killing its
process group ends the bot and anything it started. Every request waits at most its
time limit (``select`` on the pipe); a bot that does not answer in time, crashes,
or answers nonsense raises :class:`BotFailure` with the reason in words, and its
process group is killed. :meth:`BotProcess.stop` always kills the group and reaps
the process, so none is left behind.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The league's ways to run a student's bot: the WebAssembly sandbox, or a plain process.
SANDBOXES = ("wasm", "process")

#: The longest reply read from a bot's process (its choice and a capped output).
MAX_REPLY_BYTES = 200_000


@dataclass(frozen=True)
class Limits:
    """What a student's bot may spend.

    ``move_seconds``: wall-clock time per move. ``start_seconds``: to start its sandbox
    or process and import its file (slow on a loaded machine). ``memory_mb``: in the
    sandbox, the resident memory of its whole Deno process (Pyodide takes about 200 MB of
    it); in the process mode, its address space (``RLIMIT_AS``). ``sandbox``: "wasm"
    (the default: Pyodide under Deno, ``league/wasm/``) or "process" (a plain process,
    ``child.py``: limits time and memory, but protects nothing else).
    """

    move_seconds: float = 1.0
    start_seconds: float = 30.0
    memory_mb: int = 512
    sandbox: str = "wasm"

    def __post_init__(self) -> None:
        from monopoly_widgets.core.errors import InputError
        from monopoly_widgets.core.validation import excerpt

        if not (isinstance(self.move_seconds, (int, float)) and 0 < self.move_seconds <= 600):
            raise InputError(
                f"move_seconds must be from 0 to 600 seconds, not {self.move_seconds!r}"
            )
        if not (isinstance(self.start_seconds, (int, float)) and 0 < self.start_seconds <= 600):
            raise InputError(
                f"start_seconds must be from 0 to 600 seconds, not {self.start_seconds!r}"
            )
        if not (isinstance(self.memory_mb, int) and 200 <= self.memory_mb <= 65_536):
            raise InputError(
                f"memory_mb must be a whole number from 200 to 65536, not {self.memory_mb!r}"
            )
        if self.sandbox not in SANDBOXES:
            raise InputError(
                f"sandbox must be 'wasm' or 'process', not {excerpt(repr(self.sandbox))}"
            )


class BotFailure(Exception):
    """The bot failed: ``reason`` in words ("took longer than 1 s"), ``output`` it printed."""

    def __init__(self, reason: str, output: str = "", illegal: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.output = output
        self.illegal = illegal
        self.signal: int | None = None  # the signal that ended the bot's process, if one did


class BotProcess:
    """One student's bot, running in its own process (see the module docstring)."""

    def __init__(self, path: str | Path, limits: Limits) -> None:
        self.path = os.path.abspath(path)  # the process starts in the bot's folder
        self.limits = limits
        self.output: list[str] = []  # what the bot printed, capped per message by the child
        self.deals: set[int] = set()  # the deals (their seeds) it has played: never twice
        self.dropped = 0  # characters of output the child did not keep
        self._buffer = b""
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "monopoly_widgets.league.child",
                self.path,
                str(limits.memory_mb),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group, killed as a whole
            cwd=os.path.dirname(os.path.abspath(self.path)) or None,
        )
        self.pid = self.process.pid

    def wait_ready(self) -> None:
        """Wait for the bot's file to be imported; :class:`BotFailure` if it cannot be."""
        reply = self._receive(self.limits.start_seconds, "to start and import")
        if not reply.get("ready"):
            self.stop()
            raise BotFailure(str(reply.get("error", "did not start")), self.printed())

    def renew(self) -> bool:
        """A fresh sandbox for the same bot in this process, if its kind has one (the
        WebAssembly sandbox's ``WasmBot``); a plain process has none: False."""
        return False

    def new_game(self, seed: int) -> None:
        """Start a game: the bot's ``rng`` is ``random.Random(seed)``."""
        self._send({"op": "game", "seed": seed})
        self._receive(self.limits.move_seconds, "to start a game")

    def choose(self, observation: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        """The index in ``legal`` of the bot's choice; :class:`BotFailure` if it fails."""
        self._send({"op": "choose", "observation": observation, "legal": legal})
        reply = self._receive(self.limits.move_seconds, "to choose")
        if "error" in reply:
            raise BotFailure(f"choose {reply['error']}", self.printed(), bool(reply.get("illegal")))
        index = reply.get("choice")
        if not isinstance(index, int) or not 0 <= index < len(legal):
            self.stop()
            raise BotFailure("answered with something that is not a move", self.printed(), True)
        return index

    def printed(self) -> str:
        """What the bot printed so far (capped), with a note of how much was dropped."""
        text = "".join(self.output)
        return text + (f"\n[... {self.dropped:,} more characters not kept]" if self.dropped else "")

    def stop(self) -> None:
        """Ask the bot to quit, then kill its process group and reap it (always)."""
        process = self.process
        if process.poll() is None:
            try:
                process.stdin.write(b'{"op": "quit"}\n')  # type: ignore[union-attr]
                process.stdin.flush()  # type: ignore[union-attr]
            except OSError:
                pass
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL cannot be refused
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout):
            try:
                stream.close()  # type: ignore[union-attr]
            except OSError:
                pass

    # --- the pipe ---------------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        try:
            self.process.stdin.write(data)  # type: ignore[union-attr]
            self.process.stdin.flush()  # type: ignore[union-attr]
        except OSError:
            raise self._ended() from None

    def _receive(self, seconds: float, doing: str) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        reply = None
        while reply is None:  # lines that are not replies are passed over (``_decode``)
            line = self._read_line(deadline, seconds, doing)
            reply = self._decode(line)
        output = reply.get("output")
        if isinstance(output, dict):
            kept = "".join(self.output)
            text = str(output.get("text", ""))[: max(0, 20_000 - len(kept))]
            self.output.append(text)
            self.dropped += (
                int(output.get("dropped", 0)) + len(str(output.get("text", ""))) - len(text)
            )
        return reply

    def _read_line(self, deadline: float, seconds: float, doing: str) -> bytes:
        """The next line from the bot, waiting until ``deadline`` at most."""
        stream = self.process.stdout
        assert stream is not None
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.stop()
                raise BotFailure(
                    f"took longer than {seconds:g} s {doing} (stopped)", self.printed()
                )
            ready, _, _ = select.select([stream], [], [], left)
            if not ready:
                continue
            chunk = os.read(stream.fileno(), 65_536)
            if not chunk:
                raise self._ended()
            self._buffer += chunk
            if len(self._buffer) > MAX_REPLY_BYTES:
                self._overflow()
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _overflow(self) -> None:
        """More than :data:`MAX_REPLY_BYTES` without a line's end: the bot is stopped."""
        self.stop()
        raise BotFailure("sent a reply too long to read (stopped)", self.printed())

    def _decode(self, line: bytes) -> dict[str, Any] | None:
        """The reply on ``line`` (None: not a reply, read on); :class:`BotFailure` if garbled."""
        try:
            reply = json.loads(line)
        except ValueError:
            self.stop()
            raise BotFailure("sent a reply that is not the league's", self.printed()) from None
        if not isinstance(reply, dict):
            self.stop()
            raise BotFailure("sent a reply that is not the league's", self.printed())
        return reply

    def _ended(self) -> BotFailure:
        self.stop()
        code = self.process.returncode
        how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit code {code}"
        failure = BotFailure(f"its process ended ({how})", self.printed())
        # Not a signal the league sent (it stops a bot only after its own failure): whose
        # doing it was is not known yet (``games.play_game`` plays the game again).
        failure.signal = -code if code is not None and code < 0 else None
        return failure

"""A student's bot in the WebAssembly sandbox: :class:`WasmBot`, one Deno process per bot.

Each of its sandboxes is a Worker in that process (``host.mjs``); :meth:`WasmBot.renew`
replaces the Worker with a new one restored from the snapshot, for a deal the old one
has played (no sandbox plays one deal twice). It costs about the processor time of a new
process (0.95 against 0.94 CPU-s measured), but its moves reuse the code V8 compiled for
Pyodide in the earlier sandboxes (``benchmarks/RESULTS.md``).

It speaks the same JSON lines as the process mode's :class:`~monopoly_widgets.league.
sandbox.BotProcess`, and is stopped the same way (its process group killed, at the time
limit or at the end of its task). The differences: the league reads the bot's file and
sends its text (the sandbox cannot read files), the process gets none of the teacher's
environment variables, and the host marks its replies (``MARK``), so that text the bot
writes to the process's stdout itself is passed over and cannot pose as a reply.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

from monopoly_widgets.league.sandbox import BotFailure, BotProcess, Limits
from monopoly_widgets.league.wasm.runtime import minimal_environment, prepare

#: How ``host.mjs`` starts each line it writes (the ASCII record separator, then "MW ").
MARK = b"\x1eMW "

#: Fresh sandboxes (new Workers) one Deno process gives its bot before a new process
#: starts. The process's resident memory, which the memory limit counts, grows after each
#: Worker by what V8 has not yet returned: measured 317 MB after the first start and 341,
#: 317, 354 and 366 MB after four renewals, then 370 to 386 MB up to 25; so four keeps
#: what a bot may use within about 50 MB of a first sandbox's.
MAX_RENEWALS = 4

#: The longest bot file sent into the sandbox.
MAX_SOURCE_BYTES = 1_000_000


def read_source(path: str) -> str:
    """The bot's source text; :class:`BotFailure` if it cannot be read."""
    try:
        data = Path(path).read_bytes()[: MAX_SOURCE_BYTES + 1]
    except OSError as exc:
        raise BotFailure(f"could not be read: {type(exc).__name__}: {exc.strerror}") from None
    if len(data) > MAX_SOURCE_BYTES:
        raise BotFailure(f"is longer than {MAX_SOURCE_BYTES:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BotFailure("could not be imported: the file is not UTF-8 text") from None


class WasmBot(BotProcess):
    """One student's bot in Pyodide under Deno (see the module docstring)."""

    def __init__(self, path: str | Path, limits: Limits) -> None:
        self.path = os.path.abspath(path)
        self.limits = limits
        self.output: list[str] = []
        self.deals: set[int] = set()  # the deals (their seeds) it has played: never twice
        self.dropped = 0
        self.renewals = 0
        self._buffer = b""
        source = read_source(self.path)
        sandbox = prepare()
        self.process = subprocess.Popen(
            sandbox.command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group, killed as a whole
            cwd=sandbox.runtime,
            env=minimal_environment(),
        )
        self.pid = self.process.pid
        self._send(
            {
                "op": "start",
                "runtime": str(sandbox.runtime),
                "snapshot": str(sandbox.snapshot or ""),
                "modules": str(sandbox.modules),
                "source": source,
                "filename": os.path.basename(self.path),
                "memory_mb": limits.memory_mb,
            }
        )

    def renew(self) -> bool:
        """A fresh sandbox for the same bot: a new Worker from the snapshot, in which
        nothing of the old one is left (``host.mjs``); it has played no deal. False if
        this process has ended or has given :data:`MAX_RENEWALS` (then a new one starts)."""
        if self.process.poll() is not None or self.renewals >= MAX_RENEWALS:
            return False
        self.renewals += 1
        self._send({"op": "fresh"})
        self.deals.clear()
        self.wait_ready()
        return True

    def _overflow(self) -> None:
        """Text the bot wrote to stdout itself is dropped, not read on: all of it before
        the last reply's mark (its writes and the host's may interleave), or all but a
        possible mark's start; a reply itself too long stops the bot."""
        at = self._buffer.rfind(MARK)
        cut = at if at > 0 else (len(self._buffer) - len(MARK) + 1 if at < 0 else 0)
        if cut == 0:
            super()._overflow()
        self.dropped += cut
        self._buffer = self._buffer[cut:]

    def _decode(self, line: bytes) -> dict[str, Any] | None:
        at = line.rfind(MARK)
        if at < 0:
            self.dropped += len(line)  # the bot wrote to stdout itself: not kept
            return None
        reply = super()._decode(line[at + len(MARK) :])
        if reply is not None and reply.get("fatal"):
            self.stop()  # the host ends itself too; the next game starts a fresh sandbox
        return reply


def _example() -> str:  # pragma: no cover - a manual check: python -m ...wasm.bot BOT.py
    import sys

    bot = WasmBot(sys.argv[1], Limits())
    bot.wait_ready()
    bot.new_game(1)
    legal = [{"id": "a", "text": "A", "player": 0, "kind": "end", "card": None, "target": None}]
    return json.dumps(bot.choose({"viewer": 0, "turn": 1}, legal))


if __name__ == "__main__":  # pragma: no cover
    print(_example())

"""Students' bots in Web Workers: the league in a browser tab (JupyterLite), with limits.

In JupyterLite the kernel's Python runs in a Web Worker of the tab, where no process
can start. Each student's bot runs instead in a Web Worker of its own, started by the
kernel: a fresh Pyodide (the site's own, ``static/pyodide``) that receives the bot's
source text and answers requests (``static/bot_worker.js`` runs ``worker_bot.py``).

The kernel waits for each answer with Pyodide's ``run_sync`` (JavaScript Promise
Integration, JSPI: the kernel's WebAssembly stack is suspended while the tab's event
loop delivers the worker's message), at most the bot's time limit; a late bot's worker
is terminated, whatever it is doing. The league's code stays synchronous, so the same
``mw.league`` call works in JupyterLab and in the tab. ``SharedArrayBuffer`` and
``Atomics.wait`` would need cross-origin isolation headers, which a plain static
server (``python -m http.server``, as the teaching guide serves the site) does not send.

Limits in the tab: the time per move (wall clock: a browser cannot measure a worker's
CPU time) by terminating the worker; memory by capping the growth of the bot's
WebAssembly memory (its Python gets ``MemoryError`` past it); no network, storage or
other worker, because ``bot_worker.js`` removes those from the worker's global scope
before the bot's code runs, and the bot's files are its own Pyodide's, in memory.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.game import Game
from monopoly_widgets.league.entries import Entry
from monopoly_widgets.league.sandbox import MAX_REPLY_BYTES, BotFailure, Limits

#: Sends one request (a JSON string) to a worker; resolves to its reply (a string), or
#: to undefined (None) when ``ms`` pass first, or to "" when the worker fails.
ASK = """(worker, text, ms) => new Promise((resolve) => {
  const done = (reply) => {
    clearTimeout(timer);
    worker.onmessage = worker.onerror = worker.onmessageerror = null;
    resolve(reply);
  };
  const timer = setTimeout(() => done(undefined), ms);
  worker.onmessage = (event) => done(typeof event.data === "string" ? event.data : "");
  worker.onerror = (event) => { event.preventDefault(); done(""); };
  worker.onmessageerror = () => done("");
  worker.postMessage(text);
})"""

#: Characters of a bot's printed output kept per game (as ``sandbox.BotProcess``).
PRINTED_CAP = 20_000


def workers_available() -> bool:
    """Can this kernel run bots in Web Workers and wait for them? (JupyterLite, in a cell.)"""
    if sys.platform != "emscripten":
        return False
    try:
        import js
        from pyodide.ffi import can_run_sync
    except ImportError:  # pragma: no cover - an older Pyodide
        return False
    return hasattr(js, "Worker") and hasattr(js, "Blob") and can_run_sync()


@cache
def _script_url() -> str:
    """A blob: URL of ``bot_worker.js`` (made once per kernel, from the installed package)."""
    import js
    from pyodide.ffi import to_js

    text = (Path(__file__).parent / "static" / "bot_worker.js").read_text(encoding="utf-8")
    options = to_js({"type": "text/javascript"}, dict_converter=js.Object.fromEntries)
    return str(js.URL.createObjectURL(js.Blob.new(to_js([text]), options)))


@cache
def _ask() -> Any:
    from pyodide.code import run_js

    return run_js(ASK)


def _index_url() -> str:
    """Where the site's Pyodide is (the kernel's own: ``static/pyodide/`` offline)."""
    import pyodide_js

    return str(pyodide_js._api.config.indexURL)


class WorkerBot:
    """One student's bot in its own Web Worker (the module docstring): the same calls as
    :class:`~monopoly_widgets.league.sandbox.BotProcess`, the same reasons."""

    def __init__(self, path: str | Path, limits: Limits) -> None:
        import js
        from pyodide.ffi import to_js

        self.path = str(path)
        self.limits = limits
        self.output: list[str] = []
        self.dropped = 0
        self.ended = False
        options = to_js({"type": "module"}, dict_converter=js.Object.fromEntries)
        self.worker = js.Worker.new(_script_url(), options)

    def wait_ready(self) -> None:
        """Load Pyodide and the bot's file; :class:`BotFailure` if it cannot be."""
        try:
            source = Path(self.path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.stop()
            raise BotFailure(f"could not be read: {type(exc).__name__}") from None
        request = {
            "op": "start",
            "index_url": _index_url(),
            "memory_mb": self.limits.memory_mb,
            "bootstrap": (Path(__file__).parent / "worker_bot.py").read_text(encoding="utf-8"),
            "name": Path(self.path).name,
            "source": source,
        }
        reply = self._ask(request, self.limits.start_seconds, "to start and import")
        if reply.get("ready") is not True:
            self.stop()
            raise BotFailure(str(reply.get("error", "did not start"))[:300], self.printed())

    def new_game(self, seed: int) -> None:
        """Start a game: the bot's ``rng`` is ``random.Random(seed)``."""
        self._ask({"op": "game", "seed": seed}, self.limits.move_seconds, "to start a game")

    def choose(self, observation: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        """The index in ``legal`` of the bot's choice; :class:`BotFailure` if it fails."""
        request = {"op": "choose", "observation": observation, "legal": legal}
        reply = self._ask(request, self.limits.move_seconds, "to choose")
        if reply.get("crashed") is True:
            self.stop()  # its Pyodide cannot go on: a fresh worker for the next game
        if "error" in reply:
            error = str(reply["error"])[:300]
            raise BotFailure(f"choose {error}", self.printed(), reply.get("illegal") is True)
        index = reply.get("choice")
        if type(index) is not int or not 0 <= index < len(legal):
            self.stop()
            raise BotFailure("answered with something that is not a move", self.printed(), True)
        return index

    def printed(self) -> str:
        text = "".join(self.output)
        return text + (f"\n[... {self.dropped:,} more characters not kept]" if self.dropped else "")

    def stop(self) -> None:
        """Terminate the worker (at once, whatever it is doing)."""
        if not self.ended:
            self.ended = True
            self.worker.terminate()

    def _ask(self, request: dict[str, Any], seconds: float, doing: str) -> dict[str, Any]:
        from pyodide.ffi import run_sync

        if self.ended:
            raise BotFailure("its worker was stopped", self.printed())
        text = run_sync(_ask()(self.worker, json.dumps(request), seconds * 1000))
        if text is None:
            self.stop()
            raise BotFailure(f"took longer than {seconds:g} s {doing} (stopped)", self.printed())
        if not text:
            self.stop()
            raise BotFailure("its worker ended with an error", self.printed())
        if len(text) > MAX_REPLY_BYTES:
            self.stop()
            raise BotFailure("sent a reply too long to read (stopped)", self.printed())
        try:
            reply = json.loads(text)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            self.stop()
            raise BotFailure("sent a reply that is not the league's", self.printed())
        self._keep_output(reply.get("output"))
        return reply

    def _keep_output(self, output: Any) -> None:
        if not isinstance(output, dict):
            return
        whole = str(output.get("text", ""))
        text = whole[: max(0, PRINTED_CAP - sum(map(len, self.output)))]
        self.output.append(text)
        dropped = output.get("dropped", 0)
        self.dropped += (dropped if type(dropped) is int else 0) + len(whole) - len(text)


class WorkerSeat:
    """A student's bot in its own Web Worker (:class:`WorkerBot`), restarted after a failure."""

    def __init__(self, entry: Entry, limits: Limits) -> None:
        assert entry.path is not None
        self.entry = entry
        self.limits = limits
        self.bot: WorkerBot | None = None
        self.pids: list[int] = []  # no process: the league's rows list none

    def new_game(self, game: Game, seed: int) -> None:
        if self.bot is None or self.bot.ended:
            self.bot = None
            bot = WorkerBot(self.entry.path, self.limits)  # type: ignore[arg-type]
            bot.wait_ready()
            self.bot = bot
        self.bot.output.clear()
        self.bot.dropped = 0
        try:
            self.bot.new_game(seed)
        except BotFailure:
            self.bot = None
            raise

    def choose(self, game: Game, seat: int, legal: tuple[Action, ...]) -> Action:
        assert self.bot is not None
        try:
            index = self.bot.choose(game.observation(seat), [action.to_dict() for action in legal])
        except BotFailure:
            if self.bot.ended:
                self.bot = None  # terminated: a fresh worker for the next game
            raise
        return legal[index]

    def printed(self) -> str:
        return self.bot.printed() if self.bot is not None else ""

    def close(self) -> None:
        if self.bot is not None:
            self.bot.stop()
            self.bot = None

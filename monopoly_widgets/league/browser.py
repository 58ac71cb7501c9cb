"""Students' bots in Web Workers: the league in a browser tab (JupyterLite), with limits.

In JupyterLite the kernel's Python runs in a Web Worker of the tab, where no process
can start. Each student's bot runs instead in a Web Worker of its own, started by the
kernel: the desktop sandbox's worker (``wasm/worker.mjs`` running ``wasm/bootstrap.py``
in a fresh Pyodide: the site's own, ``static/pyodide``), behind ``static/worker_guard.js``
(the bot's memory limit, and no way out of the worker). The bot gets its source text,
its observation and its legal moves, as under Deno.

The kernel waits for each answer with Pyodide's ``run_sync`` (WebAssembly JavaScript
Promise Integration, JSPI: the kernel's stack is suspended while the tab's event loop
delivers the worker's message), at most the bot's time limit; a late bot's worker is
terminated, whatever it is doing. So the league stays synchronous and ``mw.league`` is
the same call in JupyterLab and in the tab. (``Atomics.wait`` on a ``SharedArrayBuffer``
would need cross-origin isolation headers, which a plain static server, as the teaching
guide serves the site, does not send; an async ``league`` would change the API.)

Limits in the tab: the time per move by the wall clock (a browser cannot measure a
worker's CPU time), by terminating the worker; memory by capping the growth of the
bot's WebAssembly memory (its Python gets ``MemoryError`` past it); no network,
storage, other workers or code from strings (``worker_guard.js``); its files are its
own Pyodide's, in memory.
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
from monopoly_widgets.league.wasm.bot import read_source
from monopoly_widgets.league.wasm.runtime import package_files

HERE = Path(__file__).resolve().parent

#: Sends one request (JSON text, with ``extra`` values that JSON cannot carry, such as
#: the snapshot's bytes) to a worker; resolves to its reply as sent, or to undefined
#: (None) when ``ms`` pass first, or to false when the worker fails. Runs in the kernel.
ASK = """(worker, request, extra, ms) => new Promise((resolve) => {
  const done = (reply) => {
    clearTimeout(timer);
    worker.onmessage = worker.onerror = worker.onmessageerror = null;
    resolve(reply);
  };
  const timer = setTimeout(() => done(undefined), ms);
  worker.onmessage = (event) => done(event.data);
  worker.onerror = (event) => { event.preventDefault(); done(false); };
  worker.onmessageerror = () => done(false);
  worker.postMessage(Object.assign(JSON.parse(request), extra));
})"""

#: The pyodide.mjs that worker.mjs imports in the tab: the site's own, closing the worker
#: (``worker_guard.js``) as soon as Pyodide has loaded, and with no ``js`` module for Python.
GUARDED_PYODIDE = """import { loadPyodide as load } from "INDEX_URLpyodide.mjs";
const close = self.closeTheLeagueWorker;
export async function loadPyodide(options) {
  const pyodide = await load({ ...options, jsglobals: Object.create(null) });
  close();
  return pyodide;
}
"""

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


def _blob_url(text: str) -> str:
    import js
    from pyodide.ffi import to_js

    options = to_js({"type": "text/javascript"}, dict_converter=js.Object.fromEntries)
    return str(js.URL.createObjectURL(js.Blob.new(to_js([text]), options)))


@cache
def _scripts() -> tuple[str, str, str]:
    """The worker's script, the guarded pyodide.mjs (blob: URLs, made once per kernel),
    and Pyodide's folder (the kernel's own: ``static/pyodide/`` in the offline site)."""
    import pyodide_js

    index_url = str(pyodide_js._api.config.indexURL)
    guard = (HERE / "static" / "worker_guard.js").read_text(encoding="utf-8")
    worker = (HERE / "wasm" / "worker.mjs").read_text(encoding="utf-8")
    pyodide = GUARDED_PYODIDE.replace("INDEX_URL", json.dumps(index_url)[1:-1])
    return _blob_url(guard + "\n" + worker), _blob_url(pyodide), index_url


@cache
def _ask() -> Any:
    from pyodide.code import run_js

    return run_js(ASK)


@cache
def _start_request() -> dict[str, Any]:
    """What every bot's worker is sent to start, but the bot itself."""
    _, pyodide, index_url = _scripts()
    return {
        "op": "start",
        "moduleURL": pyodide,
        "indexURL": index_url,
        "bootstrap": (HERE / "wasm" / "bootstrap.py").read_text(encoding="utf-8"),
        "files": package_files(),
    }


@cache
def _snapshot(seconds: float) -> Any:
    """Pyodide's memory once started and the bootstrap run, made once per kernel in a
    worker of its own (``worker.mjs``'s "snapshot"): each bot's Pyodide starts from these
    bytes instead of starting afresh, and every bot from the same clean state. None if
    it cannot be made (the bots then start afresh)."""
    import js
    from pyodide.ffi import run_sync, to_js

    options = to_js({"type": "module"}, dict_converter=js.Object.fromEntries)
    worker = js.Worker.new(_scripts()[0], options)
    request = {key: _start_request()[key] for key in ("moduleURL", "indexURL", "bootstrap")}
    try:
        reply = run_sync(
            _ask()(worker, json.dumps(dict(request, op="snapshot")), None, seconds * 1000)
        )
    finally:
        worker.terminate()
    return reply if getattr(reply, "constructor", None) == js.Uint8Array else None


class WorkerBot:
    """One student's bot in its own Web Worker (the module docstring): the calls and the
    reasons of :class:`~monopoly_widgets.league.sandbox.BotProcess`."""

    def __init__(self, path: str | Path, limits: Limits) -> None:
        import js
        from pyodide.ffi import to_js

        self.path = str(path)
        self.limits = limits
        self.output: list[str] = []
        self.dropped = 0
        self.ended = False
        self.deals: set[int] = set()  # the deals (their seeds) it has played: never twice
        self.source = read_source(self.path)
        options = to_js({"type": "module"}, dict_converter=js.Object.fromEntries)
        self.worker = js.Worker.new(_scripts()[0], options)

    def wait_ready(self) -> None:
        """Load Pyodide and the bot's source; :class:`BotFailure` if it cannot be."""
        import js
        from pyodide.ffi import to_js

        request = dict(_start_request(), memory_mb=self.limits.memory_mb, source=self.source)
        request["filename"] = Path(self.path).name
        snapshot = _snapshot(self.limits.start_seconds)
        extra = to_js(
            {} if snapshot is None else {"snapshot": snapshot}, dict_converter=js.Object.fromEntries
        )
        reply = self._ask(request, self.limits.start_seconds, "to start and import", extra)
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
        if reply.get("memory") is True:
            limit = self.limits.memory_mb
            raise BotFailure(f"choose ran out of memory (the limit is {limit} MB)", self.printed())
        if "error" in reply:
            error = str(reply["error"])[:300]
            raise BotFailure(f"choose {error}", self.printed(), reply.get("illegal") is True)
        index = reply.get("choice")
        if type(index) is not int or not 0 <= index < len(legal):
            self.stop()
            raise BotFailure("answered with something that is not a move", self.printed(), True)
        return index

    def printed(self) -> str:
        """What the bot printed so far (capped), with a note of how much was dropped."""
        text = "".join(self.output)
        return text + (f"\n[... {self.dropped:,} more characters not kept]" if self.dropped else "")

    def stop(self) -> None:
        """Terminate the worker (at once, whatever it is doing)."""
        if not self.ended:
            self.ended = True
            self.worker.terminate()

    def _ask(
        self, request: dict[str, Any], seconds: float, doing: str, extra: Any = None
    ) -> dict[str, Any]:
        from pyodide.ffi import run_sync

        if self.ended:
            raise BotFailure("its worker was stopped", self.printed())
        text = run_sync(_ask()(self.worker, json.dumps(request), extra, seconds * 1000))
        if text is None:
            self.stop()
            raise BotFailure(f"took longer than {seconds:g} s {doing} (stopped)", self.printed())
        if text is False:
            self.stop()
            raise BotFailure("its worker ended with an error (stopped)", self.printed())
        if not isinstance(text, str) or len(text) > MAX_REPLY_BYTES:
            self.stop()
            raise BotFailure("sent a reply that is not the league's (stopped)", self.printed())
        try:
            reply = json.loads(text)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            self.stop()
            raise BotFailure("sent a reply that is not the league's", self.printed())
        if reply.get("fatal") is True:
            self.stop()  # its Pyodide cannot go on: a fresh worker for the next game
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


#: Each bot's idle worker, kept between the league's tasks (by file and limits), so that
#: its next pairing need not start Pyodide again; :func:`close_idle` ends them all when
#: the league ends (``run.py``). A failed bot's worker is never kept.
IDLE: dict[tuple[str, Limits], WorkerBot] = {}


def close_idle() -> None:
    """Terminate every idle bot's worker (the league has ended)."""
    while IDLE:
        IDLE.popitem()[1].stop()


class WorkerSeat:
    """A student's bot in its own Web Worker (:class:`WorkerBot`), restarted after a failure."""

    def __init__(self, entry: Entry, limits: Limits) -> None:
        assert entry.path is not None
        self.entry = entry
        self.limits = limits
        self.key = (entry.path, limits)
        self.bot: WorkerBot | None = IDLE.pop(self.key, None)
        self.pids: list[int] = []  # no process: the league's rows list none

    def new_game(self, game: Game, seed: int) -> None:
        deal = game.seed  # no worker plays one deal twice, as no sandbox does (seats.KEPT)
        if self.bot is not None and deal in self.bot.deals:
            self.bot.stop()
            self.bot = None
        if self.bot is None or self.bot.ended:
            self.bot = None
            bot = WorkerBot(self.entry.path, self.limits)  # type: ignore[arg-type]
            bot.wait_ready()
            self.bot = bot
        self.bot.deals.add(deal)
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
        """Keep the worker for the bot's next task if it is well and none is kept, else end it."""
        if self.bot is not None and not self.bot.ended and self.key not in IDLE:
            IDLE[self.key] = self.bot
        elif self.bot is not None:
            self.bot.stop()
        self.bot = None

"""Who plays a seat of a league game: a built-in agent, or a student's bot.

Each kind answers ``choose(game, seat, legal) -> Action`` or raises
:class:`~monopoly_widgets.league.sandbox.BotFailure` with the reason in words. A
student's bot gets ``game.observation(seat)`` (a JSON-safe dict, made fresh for it)
and the legal actions as dicts, never the game.
"""

from __future__ import annotations

import copy
import importlib.util
import random
from collections import OrderedDict
from typing import Any

from monopoly_widgets.agents.base import observer_of
from monopoly_widgets.agents.playout import make_agent
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.game import Game
from monopoly_widgets.league.entries import Entry
from monopoly_widgets.league.sandbox import BotFailure, BotProcess, Limits


class BuiltinSeat:
    """A built-in agent (``make_agent``), called as ``play_out`` calls it."""

    def __init__(self, entry: Entry) -> None:
        assert entry.builtin is not None
        self.agent = make_agent(entry.builtin)
        self.observe = observer_of(self.agent)
        self.rng = random.Random(0)
        self.pids: list[int] = []

    def new_game(self, game: Game, seed: int) -> None:
        bind = getattr(self.agent, "bind", None)
        if callable(bind):
            bind(game)
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int, legal: tuple[Action, ...]) -> Action:
        observation = self.observe(game.rules, game.state, seat)
        try:
            choice = self.agent(observation, legal, self.rng)
        except Exception as exc:  # noqa: BLE001 - a failing built-in forfeits like any bot
            raise BotFailure(f"choose raised {type(exc).__name__}: {exc}") from exc
        if choice not in legal:
            raise BotFailure(f"choose returned {choice!r:.60}, not a legal action", illegal=True)
        return choice

    def close(self) -> None:
        pass


#: A started sandbox's process takes about a second of processor time (Deno, compiling
#: Pyodide), far more than a batch's games may. So the league's own processes keep a few
#: idle sandboxes between tasks, by bot file, for the next task with the same bot:
#: :func:`keep_sandboxes` switches it on (the league's workers and, during a league, its
#: own process); never on someone's executor (Dask), where nothing would end them. Each is
#: its bot's own (no bot ever gets another's), and it is ended by :func:`close_kept` or
#: when its process ends.
#:
#: A bot's memory lasts as long as its sandbox (its process; in the WebAssembly sandbox,
#: its Worker), so no sandbox plays one deal twice (``BotProcess.deals``, checked in
#: :meth:`ProcessSeat.new_game`). Every pairing plays the same deals, in both seat
#: orders: a bot that remembered deal 3 from seat 0 would know its opponent's hand in
#: seat 1, and one that remembered the cards a classmate showed from seat 0 of deal 3
#: would know the next opponent's. A sandbox that has seen
#: the deal is renewed (``BotProcess.renew``: in the WebAssembly sandbox a new Worker from
#: the snapshot, in the same Deno process) or, where it cannot be, stopped and started
#: again; so is each bot of a game played again (``games.play_game``).
KEPT: OrderedDict[tuple[str, Limits], BotProcess] = OrderedDict()
#: How many idle sandboxes one process keeps (each holds about 300 MB); the oldest goes.
MAX_KEPT = 3
_keeping = False
_finalizer: Any = None


def keep_sandboxes(on: bool = True) -> None:
    """Keep idle sandboxes between tasks in this process (see :data:`KEPT`)."""
    global _keeping, _finalizer
    _keeping = on
    if on and _finalizer is None:
        from multiprocessing import util

        _finalizer = util.Finalize(None, close_kept, exitpriority=10)  # as a worker exits


def close_kept() -> None:
    """End every idle sandbox this process kept."""
    while KEPT:
        _, bot = KEPT.popitem()
        bot.stop()


def _take_kept(path: str, limits: Limits) -> BotProcess | None:
    """The bot's kept sandbox, if it has one still running (see :data:`KEPT`)."""
    bot = KEPT.pop((path, limits), None)
    if bot is not None and bot.process.poll() is not None:
        bot.stop()
        return None
    return bot


def _keep(path: str, limits: Limits, bot: BotProcess) -> bool:
    """Keep ``bot``'s sandbox for a later task; False if it is not kept."""
    if not _keeping or limits.sandbox != "wasm" or bot.process.poll() is not None:
        return False
    old = KEPT.pop((path, limits), None)
    if old is not None:
        old.stop()
    KEPT[(path, limits)] = bot
    while len(KEPT) > MAX_KEPT:
        KEPT.popitem(last=False)[1].stop()
    return True


def start_bot(path: str, limits: Limits) -> BotProcess:
    """A student's bot, started: in the WebAssembly sandbox (``league/wasm/``), or in a
    plain process when ``limits.sandbox`` is "process"."""
    if limits.sandbox == "wasm":
        from monopoly_widgets.league.wasm.bot import WasmBot

        return WasmBot(path, limits)
    return BotProcess(path, limits)


class ProcessSeat:
    """A student's bot in its own sandbox or process (:func:`start_bot`), restarted after
    a failure."""

    def __init__(self, entry: Entry, limits: Limits) -> None:
        assert entry.path is not None
        self.entry = entry
        self.limits = limits
        self.bot: BotProcess | None = None
        self.pids: list[int] = []

    def new_game(self, game: Game, seed: int) -> None:
        deal = game.seed  # the same for every pairing and seat order: never twice (KEPT)
        if self.bot is None or self.bot.process.poll() is not None:
            self.bot = _take_kept(self.entry.path, self.limits)  # type: ignore[arg-type]
        if self.bot is not None and deal in self.bot.deals:
            bot, self.bot = self.bot, None
            if bot.renew():  # BotFailure (its file no longer imports...): stopped, raised
                self.bot = bot
            else:
                bot.stop()
        if self.bot is None:
            bot = start_bot(self.entry.path, self.limits)  # type: ignore[arg-type]
            self.pids.append(bot.pid)
            bot.wait_ready()
            self.bot = bot
        elif self.bot.pid not in self.pids:
            self.pids.append(self.bot.pid)
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
            if self.bot.process.poll() is not None:
                self.bot = None  # stopped: a fresh process for the next game
            raise
        return legal[index]

    def printed(self) -> str:
        return self.bot.printed() if self.bot is not None else ""

    def close(self) -> None:
        if self.bot is not None and not _keep(self.entry.path, self.limits, self.bot):  # type: ignore[arg-type]
            self.bot.stop()
        self.bot = None


class InProcessSeat:
    """A student's bot imported into this process: only where neither a process nor a Web
    Worker can start. No time or memory limit can be enforced here; the league says so."""

    def __init__(self, entry: Entry) -> None:
        assert entry.path is not None
        self.entry = entry
        self.rng = random.Random(0)
        self.pids: list[int] = []
        self.function: Any = None

    def new_game(self, game: Game, seed: int) -> None:
        if self.function is None:
            self.function = load_choose(self.entry.path)  # type: ignore[arg-type]
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int, legal: tuple[Action, ...]) -> Action:
        copies = [Action(**action.to_dict()) for action in legal]
        try:
            choice = self.function(copy.deepcopy(game.observation(seat)), copies, self.rng)
        except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt too
            raise BotFailure(f"choose raised {type(exc).__name__}: {str(exc)[:200]}") from None
        chosen = getattr(choice, "id", choice)
        for action in legal:
            if action.id == chosen:
                return action
        raise BotFailure(
            f"choose returned {choice!r:.60}, not one of the legal actions", illegal=True
        )

    def close(self) -> None:
        pass


def load_choose(path: str) -> Any:
    """Import a student's file in this process (``InProcessSeat`` only) and find ``choose``."""
    try:
        spec = importlib.util.spec_from_file_location(f"league_bot_{abs(hash(path))}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except BaseException as exc:  # noqa: BLE001 - the bot's failure, reported by name
        raise BotFailure(f"could not be imported: {type(exc).__name__}: {str(exc)[:200]}") from None
    function = getattr(module, "choose", None)
    if not callable(function):
        raise BotFailure("defines no function choose(observation, legal_actions, rng)")
    return function


def make_seat(entry: Entry, limits: Limits, isolated: bool) -> Any:
    """The seat player for ``entry``: its own process when ``isolated``; in a browser tab
    its own Web Worker (``browser.py``), or this process only where neither can start."""
    if entry.builtin is not None:
        return BuiltinSeat(entry)
    if isolated:
        return ProcessSeat(entry, limits)
    from monopoly_widgets.league.browser import WorkerSeat, workers_available

    return WorkerSeat(entry, limits) if workers_available() else InProcessSeat(entry)

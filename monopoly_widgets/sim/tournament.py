"""Tournaments: play many games between agents and tabulate the results.

``simulate`` plays ``games`` games and returns a table, one row per game: a
pandas DataFrame, or where pandas is missing (the offline JupyterLite site) the
package's own :class:`~monopoly_widgets.sim.table.ResultsTable` (``sim/table.py``).
Each game gets its own seed, derived from the master seed and the game's index
(``make_rng(seed, "game", i)``), so a game's result never depends on which process
played it or in what order: the table is bit-identical for 1 worker, 2 workers or
a Dask cluster.

Errors: an agent that raises, or chooses an illegal action, spoils only its own
game. That row keeps ``error`` (a message naming the agent, its seat and the
game's seed) and no winner; the other games still count. With
``on_error="raise"`` (the default) ``simulate`` then raises
:class:`SimulationError`, whose ``results`` holds the full table; with
``on_error="record"`` it warns and returns the table.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import os
import pickle
import re
import statistics
import sys
import warnings
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from monopoly_widgets.agents.playout import (
    AGENT_NAMES,
    AgentError,
    agent_name,
    make_agent,
    play_out,
)
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.options import resolve_options
from monopoly_widgets.core.registry import get_rules
from monopoly_widgets.core.rng import SEED_LIMIT, make_rng
from monopoly_widgets.core.runtime import processes_available
from monopoly_widgets.core.serialization import new_game
from monopoly_widgets.core.validation import excerpt, whole_number
from monopoly_widgets.core.wording import wrapped
from monopoly_widgets.sim.intervals import Estimate, estimate_from_counts, mean_interval
from monopoly_widgets.sim.table import new_table, records

AgentSpec = str | Callable[..., Any]


class SimulationError(RuntimeError):
    """Some games failed because of an agent; ``results`` holds every game's row."""

    def __init__(self, message: str, results: Any) -> None:
        super().__init__(message)
        self.results = results


class SimulationWarning(UserWarning):
    """Some games failed (``on_error="record"``); their rows carry the error."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with master ``seed``."""
    return make_rng(seed, "game", index).randrange(2**31)


def agent_label(agent: AgentSpec) -> str:
    """A short name for an agent in the results: its name, or its function's or class's."""
    return agent_name(agent)


def _short(exc: BaseException) -> str:
    text = re.sub(r" at 0x[0-9a-fA-F]+", "", str(exc))
    return f"{type(exc).__name__}({text[:200]!r})"


def build_agents(specs: Sequence[AgentSpec]) -> list[Callable[..., Any]]:
    """Agent objects from names ("random", "heuristic", "deal_policy", "search") or objects."""
    return [make_agent(spec) if isinstance(spec, str) else spec for spec in specs]


@dataclass(frozen=True)
class Batch:
    """A few games for one worker: what to play and the (index, seed) of each."""

    game_name: str
    players: int
    options: Mapping[str, Any]
    agents: tuple[AgentSpec, ...]
    games: tuple[tuple[int, int], ...]
    rotate_seats: bool = False


def play_one(
    game_name: str,
    players: int,
    options: Mapping[str, Any],
    agents: Sequence[Callable[..., Any]],
    labels: Sequence[str],
    index: int,
    seed: int,
) -> dict[str, Any]:
    """Play game ``index`` with ``seed`` and return its row of results."""
    game = new_game(game_name, players=players, seed=seed, options=options)
    error = None
    try:
        play_out(game, agents, seed=seed)
    except AgentError as exc:
        error = f"game {index} (seed {seed}): {exc}"
    except Exception as exc:  # a bug in the engine: this game is lost, no other
        error = f"game {index} (seed {seed}): the {game_name} engine failed: {_short(exc)}"
    finished = game.is_over
    winner = game.winner
    draw_reason = None
    if finished and winner is None:
        draw_reason = game.observation(None).get("draw_reason") or "draw"
    metrics = game.metrics()
    row: dict[str, Any] = {
        "game": index,
        "seed": seed,
        "players": players,
        "winner": winner,
        "draw": bool(finished and winner is None),
        "draw_reason": draw_reason,
        "turns": game.turn,
        "steps": game.step,
    }
    for key in ("money", "properties", "sets"):
        for seat, value in enumerate(metrics.get(key, [])):
            row[f"{key}_{seat}"] = value
    for seat, label in enumerate(labels):
        row[f"agent_{seat}"] = label
    row["options"] = json.dumps(dict(game.options), sort_keys=True)
    row["error"] = error
    return row


def run_batch(batch: Batch) -> list[dict[str, Any]]:
    """Play every game of a batch (runs inside a worker process)."""
    agents = build_agents(batch.agents)
    labels = [agent_label(spec) for spec in batch.agents]
    rows = []
    for index, seed in batch.games:
        turn = index % batch.players if batch.rotate_seats else 0
        # Rotated: game i seats agent (s - i) mod n in seat s, so over n games of one
        # deal each agent sits in each seat once.
        order = [(seat - turn) % batch.players for seat in range(batch.players)]
        row = play_one(
            batch.game_name,
            batch.players,
            batch.options,
            [agents[k] for k in order],
            [labels[k] for k in order],
            index,
            seed,
        )
        if batch.rotate_seats:
            row["rotation"] = turn
        rows.append(row)
    return rows


def lost_rows(batch: Batch, reason: str) -> list[dict[str, Any]]:
    """Rows for the games of ``batch`` that no worker could play: their error says why."""
    return [
        {
            "game": index,
            "seed": seed,
            "players": batch.players,
            "winner": None,
            "draw": False,
            "draw_reason": None,
            "turns": 0,
            "steps": 0,
            "options": json.dumps(dict(batch.options), sort_keys=True, default=str),
            "error": f"game {index} (seed {seed}): {reason}",
        }
        for index, seed in batch.games
    ]


def _batches(
    game_name: str,
    players: int,
    options: Mapping[str, Any],
    agents: tuple[AgentSpec, ...],
    seeds: Sequence[tuple[int, int]],
    size: int,
    rotate_seats: bool = False,
) -> list[Batch]:
    return [
        Batch(game_name, players, dict(options), agents, tuple(seeds[i : i + size]), rotate_seats)
        for i in range(0, len(seeds), size)
    ]


def _check_agents(
    agents: Sequence[AgentSpec] | str, players: int | None, rules: Any
) -> tuple[tuple[AgentSpec, ...], int]:
    """One agent per seat; one agent alone fills every seat (``players`` or the fewest)."""
    if isinstance(agents, str):
        agents = [part.strip() for part in agents.split(",")]
    elif not isinstance(agents, Sequence) and not callable(agents):
        raise InputError(f"agents must be a list of agent names or objects, not {excerpt(agents)}")
    elif callable(agents) and not isinstance(agents, Sequence):
        agents = [agents]
    agents = list(agents)
    if not agents:
        raise InputError(f"agents must name at least one agent ({', '.join(AGENT_NAMES)})")
    if len(agents) > rules.max_players:
        raise InputError(
            f"agents: {rules.title} is for {rules.min_players} to {rules.max_players} "
            f"players, and {len(agents)} agents were given"
        )
    for seat, spec in enumerate(agents):
        if isinstance(spec, str) and spec not in AGENT_NAMES:
            raise InputError(
                f"agents: unknown agent {excerpt(spec, 40)} (seat {seat}); "
                f"the agents are {', '.join(AGENT_NAMES)}, or an agent object"
            )
        if not isinstance(spec, str) and not callable(spec):
            raise InputError(
                f"agents: seat {seat} must be an agent name ({', '.join(AGENT_NAMES)}) "
                f"or a callable agent, not {excerpt(spec)}"
            )
    if players is None:
        players = len(agents) if len(agents) > 1 else rules.min_players
    if len(agents) == 1 and players > 1:
        agents = agents * players
    if len(agents) != players:
        raise InputError(
            f"agents: need one agent per seat (or one for every seat): {players} players "
            f"but {len(agents)} agents"
        )
    return tuple(agents), players


def _check_executor(executor: Any) -> None:
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InputError(
            "executor must be a concurrent.futures Executor (something with submit(), "
            f"such as a Dask client's get_executor()), not {excerpt(executor)}"
        )


def _check_sendable(agents: Sequence[AgentSpec]) -> None:
    """Agent objects must reach worker processes by pickle: say which one cannot, and how."""
    for seat, spec in enumerate(agents):
        if isinstance(spec, str):
            continue
        try:
            pickle.dumps(spec)
        except Exception as exc:
            raise InputError(
                f"agents: the agent in seat {seat} ({agent_name(spec)}) cannot be sent to "
                f"worker processes ({type(exc).__name__}); define it with def or class at "
                "the top level of a module, or play in this process with workers=1"
            ) from None


#: The most games one ``simulate`` call plays (each row is kept in memory until the end).
MAX_GAMES = 10_000_000
#: The most worker processes ``simulate`` starts.
MAX_WORKERS = 256


def simulate(
    game_name: str,
    agents: Sequence[AgentSpec] | str = ("random", "random"),
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    executor: Executor | None = None,
    progress: bool = True,
    workers: int | None = None,
    batch_size: int | None = None,
    on_error: str = "raise",
    rotate_seats: bool = False,
) -> Any:
    """Play ``games`` games of ``game_name`` and return one row per game.

    ``agents`` are names ("random", "heuristic", "deal_policy", "search") or agent objects, one
    per seat (a single agent fills every seat: ``players`` of them, else the
    game's fewest players). Without ``executor`` the games
    run on a ``ProcessPoolExecutor`` with ``workers`` processes (default: every
    core, never more than there are batches; ``workers=1`` plays in this process,
    as does any ``workers`` where no
    process can start, e.g. in a browser tab under Pyodide). Any ``concurrent.futures``
    executor works, e.g. a Dask cluster's ``client.get_executor()``. Games are
    sent in batches of ``batch_size`` so that process overhead stays small.
    At most :data:`MAX_GAMES` games and :data:`MAX_WORKERS` workers; ``seed`` is below
    ``core.rng.SEED_LIMIT`` (2**63).

    ``rotate_seats=True`` plays each deal once per seating, the agents moved
    round one seat each time (game ``i`` is deal ``i // players``, rotated by
    ``i % players``; ``games`` must then be a multiple of ``players``), so each
    agent sits in each seat equally often and a seat advantage can be read even
    between different agents (``summarize``).

    A worker process that dies loses only the game it was playing; Ctrl-C (or
    Jupyter's stop button) stops at once and returns the games finished so far,
    with a :class:`SimulationWarning` (``table.attrs["cancelled"]`` is True).
    See ``sim/workers.py``.

    Columns: ``game``, ``seed``, ``players``, ``winner`` (seat, empty for a
    draw), ``draw``, ``draw_reason``, ``turns``, ``steps``, ``money_<seat>``,
    ``properties_<seat>``, ``sets_<seat>``, ``agent_<seat>``, ``options``
    (JSON), ``error`` and, rotated, ``rotation``. See the module docstring for
    ``on_error``.
    """
    if on_error not in ("raise", "record"):
        raise InputError(f"on_error must be 'raise' or 'record', not {excerpt(on_error)}")
    whole_number(games, "games", 1, MAX_GAMES)
    whole_number(seed, "seed", 0, SEED_LIMIT - 1)
    if players is not None:
        whole_number(players, "players", 1)
    if workers is not None:
        whole_number(workers, "workers", 1, MAX_WORKERS)
    if batch_size is not None:
        whole_number(batch_size, "batch_size", 1, MAX_GAMES)
    if not isinstance(progress, bool):
        raise InputError(f"progress must be True or False, not {excerpt(progress)}")
    if not isinstance(rotate_seats, bool):
        raise InputError(f"rotate_seats must be True or False, not {excerpt(rotate_seats)}")
    _check_executor(executor)
    rules = get_rules(game_name)
    # Checked here, once, so a bad option fails at once instead of in every game.
    resolve_options(rules.options, options)
    options = copy.deepcopy(dict(options or {}))
    agent_specs, players = _check_agents(agents, players, rules)
    if not rules.min_players <= players <= rules.max_players:
        raise InputError(
            f"players: {rules.title} is for {rules.min_players} to {rules.max_players} players, "
            f"not {players}"
        )
    if rotate_seats and games % players:
        raise InputError(
            f"games must be a multiple of players ({players}) with rotate_seats=True, "
            f"so that every seating is played, not {games}"
        )
    deal = (lambda index: index // players) if rotate_seats else (lambda index: index)
    seeds = [(index, game_seed(seed, deal(index))) for index in range(games)]
    workers = workers or os.cpu_count() or 1
    if batch_size is None:
        batch_size = max(1, min(50, math.ceil(games / (4 * workers))))
    batches = _batches(game_name, players, options, agent_specs, seeds, batch_size, rotate_seats)
    workers = min(workers, len(batches))  # an idle process would only cost its start-up
    if executor is None and workers > 1 and processes_available():
        _check_sendable(agent_specs)

    rows, cancelled = _run(batches, executor, workers, progress, f"{game_name} x{games}")
    if cancelled and not rows:
        raise KeyboardInterrupt("simulate was cancelled before any game finished")
    table = results_frame(rows, players)
    table.attrs["cancelled"] = cancelled
    if cancelled:
        warnings.warn(
            f"cancelled: {len(table)} of {games} games were played; the table holds them",
            SimulationWarning,
            stacklevel=2,
        )
    failed = [row for row in rows if row["error"] is not None]
    if failed:
        message = (
            f"{len(failed)} of {len(table)} games failed; first: {failed[0]['error']} "
            f"(replay it with new_game({game_name!r}, players={players}, "
            f"seed={int(failed[0]['seed'])}))"
        )
        if on_error == "raise":
            raise SimulationError(message, table)
        warnings.warn(message, SimulationWarning, stacklevel=2)
    return table


def process_pool(workers: int) -> Executor | None:
    """A pool of ``workers`` processes, or None where processes cannot start.

    With None the games are played one after another in this process. The
    table is the same either way, because each game's seed depends only on the
    master seed and the game's index (see the module docstring). Pyodide has
    no threads either, so a thread pool would not help there. The workers
    ignore Ctrl-C and die with this process (``sim/workers.py``).
    """
    if not processes_available():
        return None
    try:
        # Imported here: it imports multiprocessing, which a Pyodide tab must never load.
        from concurrent.futures import ProcessPoolExecutor

        from monopoly_widgets.sim.workers import worker_start

        return ProcessPoolExecutor(
            max_workers=workers, initializer=worker_start, initargs=(os.getpid(),)
        )
    except (NotImplementedError, ImportError, OSError):
        # A Python built without working semaphores (some sandboxes) refuses here.
        return None


def progress_bar() -> Any:
    """tqdm's bar class: the notebook's own bar where there is one, else text.

    ``tqdm.auto`` picks the notebook bar in Jupyter, but in the JupyterLite tab it
    was seen to fall back to text on stderr, which the notebook shows on a red
    background, like an error. In a browser tab (Pyodide) with IPython running and
    ipywidgets installed, the notebook bar is chosen here.
    """
    if sys.platform == "emscripten":
        try:
            from IPython import get_ipython
            from tqdm.notebook import IProgress, tqdm

            if get_ipython() is not None and IProgress is not None:
                return tqdm
        except ImportError:
            pass
    from tqdm.auto import tqdm

    return tqdm


def _run(
    batches: list[Batch],
    executor: Executor | None,
    workers: int,
    progress: bool,
    description: str,
) -> tuple[list[dict[str, Any]], bool]:
    """Every game's row, and whether the user cancelled (then only the finished games)."""
    total = sum(len(batch.games) for batch in batches)
    bar = progress_bar()(total=total, desc=description, disable=not progress, unit="game")
    rows: list[dict[str, Any]] = []
    cancelled = False
    try:
        pool = None
        if executor is None and workers > 1:
            pool = process_pool(workers)
        if executor is None and pool is None:
            try:
                for batch in batches:
                    for game in batch.games:  # one by one, so Ctrl-C keeps every finished game
                        rows.extend(run_batch(dataclasses.replace(batch, games=(game,))))
                        bar.update(1)
            except KeyboardInterrupt:
                cancelled = True
        else:
            from monopoly_widgets.sim import workers as pools

            try:
                if executor is None:
                    pool.shutdown(wait=False)  # only its factory is needed: a pool per round
                    rows = pools.run_on_pool(
                        process_pool, workers, batches, run_batch, lost_rows, bar.update
                    )
                else:
                    rows = pools.run_on_executor(
                        executor, batches, run_batch, lost_rows, bar.update
                    )
            except pools.Cancelled as stop:
                rows, cancelled = stop.rows, True
    finally:
        bar.close()
    rows.sort(key=lambda row: row["game"])
    return rows, cancelled


def results_frame(rows: list[dict[str, Any]], players: int) -> Any:
    """The rows as a table: a DataFrame with stable column types, or a ResultsTable."""
    table = new_table(rows)
    if not hasattr(table, "astype"):  # no pandas here: a ResultsTable keeps None as None
        return table
    table["winner"] = table["winner"].astype("Int64")
    table["error"] = table["error"].astype(object).where(table["error"].notna(), None)
    table["draw_reason"] = table["draw_reason"].astype(object)
    return table.reset_index(drop=True)


# --- summaries ------------------------------------------------------------------------


@dataclass(frozen=True)
class Summary:
    """What a table of games says: win rates with intervals, lengths, draws.

    ``first_seat`` (seat 0's win rate) is None when seat order cannot be read
    from the table (:func:`seat_order_readable`); ``seat_note`` then says why.
    """

    games: int
    players: int
    seats: Any  # a table (sim/table.py): one row per seat
    agents: Any  # one row per agent
    first_seat: Estimate | None
    turns_mean: float
    turns_median: float
    turns_interval: tuple[float, float]
    steps_mean: float
    steps_median: float
    draws: int
    draw_reasons: dict[str, int]
    errors: int
    seat_note: str = ""

    @property
    def first_seat_advantage(self) -> float | None:
        """Seat 0's win rate minus its fair share ``1 / players`` (None: not readable)."""
        if self.first_seat is None:
            return None
        return self.first_seat.probability - 1 / self.players

    def _first_seat_shows(self) -> str:
        """What seat 0's interval shows, so that no heading claims an advantage it lacks."""
        assert self.first_seat is not None
        fair = 1 / self.players
        if self.first_seat.low > fair:
            return "an advantage"
        if self.first_seat.high < fair:
            return "a disadvantage"
        return "the interval contains the fair share, so these games show no advantage either way"

    def __str__(self) -> str:
        lines = [f"{self.games} games, {self.players} players"]
        lines.append("seat  agent        wins   win rate   95% interval")
        for row in self.seats.itertuples():
            lines.append(
                f"{row.seat:>4}  {row.agent:<11} {row.wins:>5}   {row.win_rate:8.3f}   "
                f"{row.low:.3f} to {row.high:.3f}"
            )
        if len(self.agents) > 1:
            lines.append("agent        seat-games  wins   win rate   95% interval")
            for row in self.agents.itertuples():
                lines.append(
                    f"{row.agent:<12} {row.seat_games:>10} {row.wins:>5}   {row.win_rate:8.3f}   "
                    f"{row.low:.3f} to {row.high:.3f}"
                )
        if self.first_seat is not None:
            lines.append(
                f"going first: seat 0 wins {self.first_seat.probability:.3f} "
                f"(interval {self.first_seat.low:.3f} to {self.first_seat.high:.3f}) "
                f"against a fair share of {1 / self.players:.3f}: {self._first_seat_shows()}"
            )
        else:
            lines.append(f"no first-seat advantage given: {self.seat_note}")
        lines.append(
            f"game length: mean {self.turns_mean:.1f} turns "
            f"(interval {self.turns_interval[0]:.1f} to {self.turns_interval[1]:.1f}), "
            f"median {self.turns_median:g} turns; mean {self.steps_mean:.1f} actions"
        )
        reasons = ", ".join(f"{reason}: {count}" for reason, count in self.draw_reasons.items())
        lines.append(f"draws/stalls: {self.draws}" + (f" ({reasons})" if reasons else ""))
        if self.errors:
            lines.append(f"failed games (agent errors): {self.errors}")
        return wrapped("\n".join(lines))  # a long note breaks at spaces, not inside words

    def _repr_html_(self) -> str:
        return "<pre>" + str(self).replace("&", "&amp;").replace("<", "&lt;") + "</pre>"


def _seat_labels(played: list[dict[str, Any]], players: int) -> list[list[str]]:
    """The agent of every seat in every game: ``labels[game][seat]``."""
    columns = [f"agent_{seat}" for seat in range(players)]
    if not played or not all(column in played[0] for column in columns):
        return [["?"] * players for _ in played]
    return [[str(row[column]) for column in columns] for row in played]


def seat_order_readable(labels: list[list[str]], players: int) -> str:
    """ "" when a seat advantage can be read from games seated as ``labels``, else why not.

    Seat order and skill cannot be told apart unless the same agent sits in
    every seat, or each agent sits in each seat equally often (``rotate_seats``).
    """
    names = {name for row in labels for name in row}
    if len(names) == 1:
        return ""
    seat_counts = [
        {name: sum(row[seat] == name for row in labels) for name in names}
        for seat in range(players)
    ]
    if all(counts == seat_counts[0] for counts in seat_counts):
        return ""
    seat0 = sorted({row[0] for row in labels})
    return (
        f"seat 0 held {', '.join(seat0)} and the seats held different agents, so a seat's "
        "win rate measures its agent as much as its place (use one agent in every seat, "
        "or simulate(..., rotate_seats=True))"
    )


def summarize(results: Any, confidence: float = 0.95) -> Summary:
    """Win rates per seat and per agent (Wilson intervals), lengths and draws.

    Games that failed with an agent error are left out of every figure and
    counted in ``errors``. The first-seat advantage is given only when seat
    order can be read (:func:`seat_order_readable`); otherwise ``first_seat`` is
    None and ``seat_note`` says why, and the per-agent win rates tell who won.
    """
    games = records(results)
    if not games:
        raise InputError("no games to summarize")
    played = [row for row in games if row.get("error") is None]
    errors = len(games) - len(played)
    if not played:
        raise InputError("every game failed; nothing to summarize")
    players = int(played[0]["players"])
    n = len(played)
    winners = [None if row["winner"] is None else int(row["winner"]) for row in played]
    labels = _seat_labels(played, players)
    seat_rows = []
    for seat in range(players):
        wins = sum(w == seat for w in winners)
        estimate = estimate_from_counts(wins, n, confidence)
        held = sorted({row[seat] for row in labels})
        seat_rows.append(
            {
                "seat": seat,
                "agent": held[0] if len(held) == 1 else "(rotated)",
                "wins": wins,
                "games": n,
                "win_rate": estimate.probability,
                "low": estimate.low,
                "high": estimate.high,
            }
        )
    seats = new_table(seat_rows)
    agent_rows = []
    for label in sorted({name for row in labels for name in row}):
        wins = sum(
            w is not None and row[w] == label for w, row in zip(winners, labels, strict=True)
        )
        chances = sum(row.count(label) for row in labels)
        estimate = estimate_from_counts(wins, chances, confidence)
        agent_rows.append(
            {
                "agent": label,
                "seats": max(row.count(label) for row in labels),
                "wins": wins,
                "seat_games": chances,
                "win_rate": estimate.probability,
                "low": estimate.low,
                "high": estimate.high,
            }
        )
    turns = [float(row["turns"]) for row in played]
    steps = [float(row["steps"]) for row in played]
    _, turns_low, turns_high = mean_interval(turns, confidence)
    draws = [row for row in played if row["draw"]]
    counted = Counter(str(row["draw_reason"]) for row in draws if row["draw_reason"] is not None)
    reasons = dict(counted.most_common())
    note = seat_order_readable(labels, players)
    first_seat = None if note else estimate_from_counts(winners.count(0), n, confidence)
    return Summary(
        games=n,
        players=players,
        seats=seats,
        agents=new_table(agent_rows),
        first_seat=first_seat,
        turns_mean=statistics.fmean(turns),
        turns_median=statistics.median(turns),
        turns_interval=(turns_low, turns_high),
        steps_mean=statistics.fmean(steps),
        steps_median=statistics.median(steps),
        draws=len(draws),
        draw_reasons=reasons,
        errors=errors,
        seat_note=note,
    )

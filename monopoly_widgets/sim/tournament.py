"""Tournaments: play many games between agents and tabulate the results.

``simulate`` plays ``games`` games and returns a pandas DataFrame, one row per
game. Each game gets its own seed, derived from the master seed and the game's
index (``make_rng(seed, "game", i)``), so a game's result never depends on which
process played it or in what order: the table is bit-identical for 1 worker, 2
workers or a Dask cluster.

Errors: an agent that raises, or chooses an illegal action, spoils only its own
game. That row keeps ``error`` (a message naming the agent, its seat and the
game's seed) and no winner; the other games still count. With
``on_error="raise"`` (the default) ``simulate`` then raises
:class:`SimulationError`, whose ``results`` holds the full table; with
``on_error="record"`` it warns and returns the table.
"""

from __future__ import annotations

import copy
import json
import math
import os
import statistics
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any

import pandas as pd

from monopoly_widgets.agents.playout import AGENT_NAMES, AgentError, make_agent, play_out
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.options import resolve_options
from monopoly_widgets.core.registry import get_rules
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.runtime import processes_available
from monopoly_widgets.core.serialization import new_game
from monopoly_widgets.core.validation import excerpt, whole_number
from monopoly_widgets.sim.intervals import Estimate, estimate_from_counts, mean_interval

AgentSpec = str | Callable[..., Any]


class SimulationError(RuntimeError):
    """Some games failed because of an agent; ``results`` holds every game's row."""

    def __init__(self, message: str, results: pd.DataFrame) -> None:
        super().__init__(message)
        self.results = results


class SimulationWarning(UserWarning):
    """Some games failed (``on_error="record"``); their rows carry the error."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with master ``seed``."""
    return make_rng(seed, "game", index).randrange(2**31)


def agent_label(agent: AgentSpec) -> str:
    """A short name for an agent in the results: its name, or its class name."""
    if isinstance(agent, str):
        return agent
    return str(getattr(agent, "name", type(agent).__name__))


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
    except Exception as exc:
        raise RuntimeError(
            f"the {game_name} engine failed in game {index} (seed {seed}): {exc!r}"
        ) from exc
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
    return [
        play_one(batch.game_name, batch.players, batch.options, agents, labels, index, seed)
        for index, seed in batch.games
    ]


def _batches(
    game_name: str,
    players: int,
    options: Mapping[str, Any],
    agents: tuple[AgentSpec, ...],
    seeds: Sequence[tuple[int, int]],
    size: int,
) -> list[Batch]:
    return [
        Batch(game_name, players, dict(options), agents, tuple(seeds[i : i + size]))
        for i in range(0, len(seeds), size)
    ]


def _check_agents(
    agents: Sequence[AgentSpec], players: int | None
) -> tuple[tuple[AgentSpec, ...], int]:
    if isinstance(agents, str):
        agents = [part.strip() for part in agents.split(",")]
    agents = list(agents)
    if not agents:
        raise ValueError("give at least one agent")
    for spec in agents:
        if isinstance(spec, str) and spec not in AGENT_NAMES:
            raise ValueError(f"unknown agent {spec!r}; choose from {list(AGENT_NAMES)}")
        if not isinstance(spec, str) and not callable(spec):
            raise ValueError(f"an agent must be a name or a callable, not {spec!r}")
    if players is None:
        players = len(agents)
    if len(agents) == 1 and players > 1:
        agents = agents * players
    if len(agents) != players:
        raise ValueError(f"need one agent per seat: {players} players but {len(agents)} agents")
    return tuple(agents), players


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
) -> pd.DataFrame:
    """Play ``games`` games of ``game_name`` and return one row per game.

    ``agents`` are names ("random", "heuristic", "deal_policy", "search") or agent objects, one
    per seat (a single agent fills every seat). Without ``executor`` the games
    run on a ``ProcessPoolExecutor`` with ``workers`` processes (default: every
    core; ``workers=1`` plays in this process, as does any ``workers`` where no
    process can start, e.g. in a browser tab under Pyodide). Any ``concurrent.futures``
    executor works, e.g. a Dask cluster's ``client.get_executor()``. Games are
    sent in batches of ``batch_size`` so that process overhead stays small.

    Columns: ``game``, ``seed``, ``players``, ``winner`` (seat, empty for a
    draw), ``draw``, ``draw_reason``, ``turns``, ``steps``, ``money_<seat>``,
    ``properties_<seat>``, ``sets_<seat>``, ``agent_<seat>``, ``options``
    (JSON) and ``error``. See the module docstring for ``on_error``.
    """
    if on_error not in ("raise", "record"):
        raise InputError(f"on_error must be 'raise' or 'record', not {excerpt(on_error)}")
    whole_number(games, "games", 1)
    whole_number(seed, "seed", 0)
    if players is not None:
        whole_number(players, "players", 1)
    if workers is not None:
        whole_number(workers, "workers", 1)
    if batch_size is not None:
        whole_number(batch_size, "batch_size", 1)
    rules = get_rules(game_name)
    # Checked here, once, so a bad option fails at once instead of in every game.
    resolve_options(rules.options, options)
    options = copy.deepcopy(dict(options or {}))
    agent_specs, players = _check_agents(agents, players)
    if not rules.min_players <= players <= rules.max_players:
        raise InputError(
            f"{rules.title} is for {rules.min_players} to {rules.max_players} players, "
            f"not {players}"
        )
    seeds = [(index, game_seed(seed, index)) for index in range(games)]
    workers = workers or os.cpu_count() or 1
    if batch_size is None:
        batch_size = max(1, min(50, math.ceil(games / (4 * workers))))
    batches = _batches(game_name, players, options, agent_specs, seeds, batch_size)

    rows = _run(batches, executor, workers, progress, f"{game_name} x{games}")
    table = results_frame(rows, players)
    failed = table[table["error"].notna()]
    if len(failed):
        message = (
            f"{len(failed)} of {games} games failed; first: {failed['error'].iloc[0]} "
            f"(replay it with new_game({game_name!r}, players={players}, "
            f"seed={int(failed['seed'].iloc[0])}))"
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
    no threads either, so a thread pool would not help there.
    """
    if not processes_available():
        return None
    try:
        # Imported here: it imports multiprocessing, which a Pyodide tab must never load.
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(max_workers=workers)
    except (NotImplementedError, ImportError, OSError):
        # A Python built without working semaphores (some sandboxes) refuses here.
        return None


def _run(
    batches: list[Batch],
    executor: Executor | None,
    workers: int,
    progress: bool,
    description: str,
) -> list[dict[str, Any]]:
    from tqdm.auto import tqdm

    total = sum(len(batch.games) for batch in batches)
    bar = tqdm(total=total, desc=description, disable=not progress, unit="game")
    rows: list[dict[str, Any]] = []
    try:
        pool = None
        if executor is None and workers > 1:
            pool = process_pool(workers)
        if executor is None and pool is None:
            for batch in batches:
                rows.extend(run_batch(batch))
                bar.update(len(batch.games))
        elif executor is None and pool is not None:
            with pool:
                rows = _collect(pool, batches, bar)
        else:
            rows = _collect(executor, batches, bar)
    finally:
        bar.close()
    rows.sort(key=lambda row: row["game"])
    return rows


def _collect(executor: Executor, batches: Iterable[Batch], bar: Any) -> list[dict[str, Any]]:
    from concurrent.futures import as_completed

    futures: list[Future[list[dict[str, Any]]]] = [
        executor.submit(run_batch, batch) for batch in batches
    ]
    rows: list[dict[str, Any]] = []
    try:
        for future in as_completed(futures):
            batch_rows = future.result()
            rows.extend(batch_rows)
            bar.update(len(batch_rows))
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return rows


def results_frame(rows: list[dict[str, Any]], players: int) -> pd.DataFrame:
    """The rows as a DataFrame with stable column types."""
    table = pd.DataFrame(rows)
    table["winner"] = table["winner"].astype("Int64")
    table["error"] = table["error"].astype(object).where(table["error"].notna(), None)
    table["draw_reason"] = table["draw_reason"].astype(object)
    return table.reset_index(drop=True)


# --- summaries ------------------------------------------------------------------------


@dataclass(frozen=True)
class Summary:
    """What a table of games says: win rates with intervals, lengths, draws.

    ``first_seat`` (seat 0's win rate) is given only when the same agent sits in every
    seat: then the seats differ by their order alone, and seat 0's share against the fair
    share ``1 / players`` measures the advantage of going first. With different agents in
    the seats, seat 0's share measures its agent's skill as much as its seat, so it is
    None and the text says why; read the per-agent rows instead.
    """

    games: int
    players: int
    seats: pd.DataFrame
    agents: pd.DataFrame
    first_seat: Estimate | None
    turns_mean: float
    turns_median: float
    turns_interval: tuple[float, float]
    steps_mean: float
    steps_median: float
    draws: int
    draw_reasons: dict[str, int]
    errors: int

    @property
    def first_seat_advantage(self) -> float | None:
        """Seat 0's win rate minus its fair share ``1 / players`` (None: agents differ)."""
        if self.first_seat is None:
            return None
        return self.first_seat.probability - 1 / self.players

    def seat_advantage_line(self) -> str:
        """One line on going first: the advantage, or why none can be read here."""
        if self.first_seat is not None:
            return (
                f"first-seat advantage: seat 0 wins {self.first_seat.probability:.3f} "
                f"(interval {self.first_seat.low:.3f} to {self.first_seat.high:.3f}) "
                f"against a fair share of {1 / self.players:.3f} (the same agent in every seat)"
            )
        return (
            "no seat advantage is given: the seats hold different agents, so a seat's win rate\n"
            "  measures its agent as much as its seat (put one agent in every seat to read it)"
        )

    def __str__(self) -> str:
        lines = [f"{self.games} games, {self.players} players"]
        lines.append("seat  agent        wins   win rate   95% interval")
        for row in self.seats.itertuples():
            lines.append(
                f"{row.seat:>4}  {row.agent:<11} {row.wins:>5}   {row.win_rate:8.3f}   "
                f"{row.low:.3f} to {row.high:.3f}"
            )
        if self.first_seat is None:
            lines.append("agent        seats   wins   win rate   95% interval (per seat-game)")
            for row in self.agents.itertuples():
                lines.append(
                    f"{row.agent:<11} {row.seats:>6} {row.wins:>6}   {row.win_rate:8.3f}   "
                    f"{row.low:.3f} to {row.high:.3f}"
                )
        lines.append(self.seat_advantage_line())
        lines.append(
            f"game length: mean {self.turns_mean:.1f} turns "
            f"(interval {self.turns_interval[0]:.1f} to {self.turns_interval[1]:.1f}), "
            f"median {self.turns_median:g} turns; mean {self.steps_mean:.1f} actions"
        )
        reasons = ", ".join(f"{reason}: {count}" for reason, count in self.draw_reasons.items())
        lines.append(f"draws/stalls: {self.draws}" + (f" ({reasons})" if reasons else ""))
        if self.errors:
            lines.append(f"failed games (agent errors): {self.errors}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre>" + str(self).replace("&", "&amp;").replace("<", "&lt;") + "</pre>"


def summarize(results: pd.DataFrame, confidence: float = 0.95) -> Summary:
    """Win rates per seat and per agent (Wilson intervals), lengths and draws.

    Games that failed with an agent error are left out of every figure and
    counted in ``errors``.
    """
    if len(results) == 0:
        raise ValueError("no games to summarize")
    errors = int(results["error"].notna().sum()) if "error" in results else 0
    played = results[results["error"].isna()] if "error" in results else results
    if len(played) == 0:
        raise ValueError("every game failed; nothing to summarize")
    players = int(played["players"].iloc[0])
    n = len(played)
    winners = played["winner"]
    seat_rows = []
    for seat in range(players):
        wins = int((winners == seat).sum())
        estimate = estimate_from_counts(wins, n, confidence)
        label = str(played[f"agent_{seat}"].iloc[0]) if f"agent_{seat}" in played else "?"
        seat_rows.append(
            {
                "seat": seat,
                "agent": label,
                "wins": wins,
                "games": n,
                "win_rate": estimate.probability,
                "low": estimate.low,
                "high": estimate.high,
            }
        )
    seats = pd.DataFrame(seat_rows)
    agent_rows = []
    for label, group in seats.groupby("agent", sort=True):
        wins = int(group["wins"].sum())
        chances = int(group["games"].sum())
        estimate = estimate_from_counts(wins, chances, confidence)
        agent_rows.append(
            {
                "agent": label,
                "seats": len(group),
                "wins": wins,
                "seat_games": chances,
                "win_rate": estimate.probability,
                "low": estimate.low,
                "high": estimate.high,
            }
        )
    turns = [float(t) for t in played["turns"]]
    steps = [float(s) for s in played["steps"]]
    _, turns_low, turns_high = mean_interval(turns, confidence)
    draws = played[played["draw"]]
    reasons = {str(k): int(v) for k, v in draws["draw_reason"].value_counts().items()}
    return Summary(
        games=n,
        players=players,
        seats=seats,
        agents=pd.DataFrame(agent_rows),
        first_seat=(
            estimate_from_counts(int((winners == 0).sum()), n, confidence)
            if seats["agent"].nunique() == 1
            else None
        ),
        turns_mean=statistics.fmean(turns),
        turns_median=statistics.median(turns),
        turns_interval=(turns_low, turns_high),
        steps_mean=statistics.fmean(steps),
        steps_median=statistics.median(steps),
        draws=len(draws),
        draw_reasons=reasons,
        errors=errors,
    )

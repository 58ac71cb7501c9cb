"""The league's cost: a 6-bot league on 2 cores, and what the bots' processes add per game.

Usage::

    python benchmarks/league.py                      # 6 bots, 4 deals a pairing, 3 rounds
    python benchmarks/league.py --games 10 --rounds 5 --workers 2

Six bots: four students' files (written to a temporary folder; simple rule-of-thumb
bots like lesson 06's) and the built-in random and heuristic bots. Each round plays the
same league twice, back to back under the same load:

- *isolated*: every student's bot in its own process, as ``mw.league`` plays it where
  processes can start (each batch of games starts its bots once; every move is a
  round trip over a pipe with the observation as JSON);
- *in one process*: the same bots imported into the worker, as JupyterLite plays
  them (``processes_available`` patched to False), with no limits.

Both play the same games (same deals, same seeds, same choices: checked), so the
difference is the price of safety. Prints the MEDIAN over rounds of the league's wall
time each way, and of the overhead per game: (isolated - in one process) / games.

The sandbox (issue 42): ``--sandbox`` plays the 6-bot league in the WebAssembly sandbox
(the default) and in the process mode, back to back in each round, and prints both
leagues' games per second and their ratio (the goal: the sandbox at least half the
process mode's); the time to start one bot in each (``WasmBot``/``BotProcess`` until
ready), and the round trip of one move (a real observation and legal moves) in each.
``--big N`` times a league of N bots (copies of the four rule bots, plus the random
one), 10 deals a pairing, in the sandbox::

    python benchmarks/league.py --sandbox --rounds 3
    python benchmarks/league.py --big 30
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import warnings
from pathlib import Path

from monopoly_widgets.league import run
from monopoly_widgets.league.run import league

BOTS = {
    "eager": "property play bank end_turn",
    "banker": "bank property play end_turn",
    "greedy": "property bank play end_turn",
    "quiet": "property end_turn",
}
TEMPLATE = """
ORDER = {order!r}.split()


def choose(observation, legal_actions, rng):
    by_kind = {{}}
    for action in legal_actions:
        by_kind.setdefault(action.kind, []).append(action)
    for kind in ("respond", "pay", "discard"):
        if kind in by_kind:
            return by_kind[kind][0]
    for kind in ORDER:
        if kind in by_kind:
            return rng.choice(by_kind[kind])
    return rng.choice(legal_actions)
"""


def write_bots(folder: Path) -> None:
    for name, order in BOTS.items():
        (folder / f"{name}.py").write_text(TEMPLATE.format(order=order))


def timed(
    folder: Path, games: int, workers: int, isolated: bool, sandbox: str = "process"
) -> tuple[float, list[str], int]:
    real = run.processes_available
    if not isolated:
        run.processes_available = lambda: False  # type: ignore[assignment]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            start = time.perf_counter()
            result = league(
                [folder, "random", "heuristic"],
                games=games,
                seed=1,
                workers=workers,
                sandbox=sandbox,
                progress=False,
            )
            seconds = time.perf_counter() - start
    finally:
        run.processes_available = real  # type: ignore[assignment]
    assert not result.failures, result.failures
    return seconds, [row["saved"] for row in result.rows], len(result.rows)


def a_position() -> tuple[dict, list[dict]]:
    """An observation and legal moves from the middle of a real game (turn 3)."""
    from monopoly_widgets.core.serialization import new_game

    game = new_game("deal", players=2, seed=11)
    rng = __import__("random").Random(11)
    while game.turn < 3 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    return game.observation(seat), [action.to_dict() for action in game.legal_actions()]


def processor_seconds(pid: int) -> float:
    """User and system time of process ``pid`` and its threads so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


#: Per mode, the medians of: wall seconds to start a bot until ready, the same in
#: processor seconds of the bot's process, wall seconds per move; and for the sandbox,
#: a fresh sandbox in a started process (``WasmBot.renew``: a new Worker), wall and CPU.
COSTS = ("start", "start CPU", "move", "fresh", "fresh CPU")


def bot_costs(folder: Path, starts: int, moves: int) -> dict[str, dict[str, float]]:
    """Per mode, the medians of :data:`COSTS`; the two modes alternate, start by start and
    move by move, under the same load."""
    from monopoly_widgets.league.sandbox import Limits
    from monopoly_widgets.league.seats import start_bot

    observation, legal = a_position()
    times: dict[str, dict[str, list[float]]] = {
        sandbox: {name: [] for name in COSTS} for sandbox in ("wasm", "process")
    }
    for _ in range(starts):
        bots = {}
        for sandbox, measured in times.items():
            limits = Limits(start_seconds=300, move_seconds=60, sandbox=sandbox)
            started = time.perf_counter()
            bots[sandbox] = start_bot(str(folder / "eager.py"), limits)
            bots[sandbox].wait_ready()
            measured["start"].append(time.perf_counter() - started)
            measured["start CPU"].append(processor_seconds(bots[sandbox].pid))
            if sandbox == "wasm":
                before, started = processor_seconds(bots[sandbox].pid), time.perf_counter()
                bots[sandbox].renew()
                measured["fresh"].append(time.perf_counter() - started)
                measured["fresh CPU"].append(processor_seconds(bots[sandbox].pid) - before)
            bots[sandbox].new_game(1)
        for _ in range(moves):
            for sandbox, measured in times.items():
                started = time.perf_counter()
                bots[sandbox].choose(observation, legal)
                measured["move"].append(time.perf_counter() - started)
        for bot in bots.values():
            bot.stop()
    return {
        sandbox: {name: statistics.median(values) for name, values in measured.items() if values}
        for sandbox, measured in times.items()
    }


def print_costs(costs: dict[str, dict[str, float]]) -> None:
    for sandbox, cost in costs.items():
        fresh = (
            f"; a fresh sandbox (a new Worker) {cost['fresh']:.2f} s, {cost['fresh CPU']:.2f} CPU-s"
            if "fresh" in cost
            else ""
        )
        print(
            f"{sandbox}: start one bot (until ready) median {cost['start']:.2f} s, "
            f"{cost['start CPU']:.2f} CPU-s{fresh}; one move (round trip) median "
            f"{1000 * cost['move']:.2f} ms",
            flush=True,
        )


def compare_sandbox(folder: Path, games: int, rounds: int, workers: int) -> None:
    """The sandbox against the process mode: games/s, start time per bot, time per move."""
    from monopoly_widgets.league.wasm.runtime import prepare

    prepare()  # the snapshot is made once, before anything is timed
    rates: dict[str, list[float]] = {"wasm": [], "process": []}
    for number in range(rounds):
        for sandbox in ("wasm", "process"):
            seconds, _, count = timed(folder, games, workers, True, sandbox)
            rates[sandbox].append(count / seconds)
        print(
            f"round {number + 1}: {count} games on {workers} workers; games/s: sandbox "
            f"{rates['wasm'][-1]:.2f}, process {rates['process'][-1]:.2f}",
            flush=True,
        )
    ratio = statistics.median(w / p for w, p in zip(rates["wasm"], rates["process"], strict=True))
    print(
        f"6 bots, {count} games, {workers} workers, load {os.getloadavg()[0]:.1f}: games/s "
        f"median sandbox {statistics.median(rates['wasm']):.2f}, process "
        f"{statistics.median(rates['process']):.2f}; sandbox/process {ratio:.2f}"
    )
    print_costs(bot_costs(folder, max(3, rounds), 200))


def big_league(bots: int, workers: int) -> None:
    """A league of ``bots`` bots (10 deals a pairing) in the sandbox, timed."""
    from monopoly_widgets.league.wasm.runtime import prepare

    prepare()
    with tempfile.TemporaryDirectory(prefix="league-big-") as name:
        folder = Path(name)
        orders = list(BOTS.values())
        for number in range(bots - 1):
            order = orders[number % len(orders)]
            (folder / f"bot{number:02d}.py").write_text(TEMPLATE.format(order=order))
        start = time.perf_counter()
        result = league([folder, "random"], games=10, seed=1, workers=workers, progress=False)
        seconds = time.perf_counter() - start
    assert not result.failures, result.failures
    print(
        f"{bots} bots, 10 deals a pairing: {len(result.rows)} games in {seconds:.0f} s on "
        f"{workers} workers ({len(result.rows) / seconds:.2f} games/s), sandbox, load "
        f"{os.getloadavg()[0]:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="deals per pairing (each twice)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sandbox", action="store_true", help="the sandbox against processes")
    parser.add_argument("--big", type=int, default=0, help="time a league of this many bots")
    parser.add_argument("--costs", action="store_true", help="only start and move costs")
    args = parser.parse_args()
    if args.costs:
        with tempfile.TemporaryDirectory(prefix="league-bench-") as name:
            write_bots(Path(name))
            print_costs(bot_costs(Path(name), args.rounds, 200))
        return
    if args.sandbox or args.big:
        with tempfile.TemporaryDirectory(prefix="league-bench-") as name:
            write_bots(Path(name))
            if args.sandbox:
                compare_sandbox(Path(name), args.games, args.rounds, args.workers)
        if args.big:
            big_league(args.big, args.workers)
        return
    walls, isolated_serial, plain_serial, overheads = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="league-bench-") as name:
        folder = Path(name)
        write_bots(folder)
        for number in range(args.rounds):
            wall, games_w, count = timed(folder, args.games, args.workers, True)
            isolated, games_a, _ = timed(folder, args.games, 1, True)
            plain, games_b, _ = timed(folder, args.games, 1, False)
            assert games_w == games_a == games_b, "the three ways played different games"
            walls.append(wall)
            isolated_serial.append(isolated)
            plain_serial.append(plain)
            overheads.append((isolated - plain) / count)
            print(
                f"round {number + 1}: {count} games; {args.workers} workers {wall:.1f} s; "
                f"1 worker: isolated {isolated:.1f} s, in one process {plain:.1f} s",
                flush=True,
            )
    load = os.getloadavg()[0]
    print(
        f"6 bots, {count} games ({args.games} deals a pairing, both seat orders), load {load:.1f}"
    )
    print(
        f"league on {args.workers} workers (bots isolated): median {statistics.median(walls):.1f} s"
    )
    print(
        f"on 1 worker: isolated median {statistics.median(isolated_serial):.1f} s, "
        f"in one process median {statistics.median(plain_serial):.1f} s"
    )
    print(
        "process overhead per game ((isolated - in one process) / games, 1 worker): "
        f"median {1000 * statistics.median(overheads):.0f} ms"
    )


if __name__ == "__main__":
    main()

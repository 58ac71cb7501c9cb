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


def timed(folder: Path, games: int, workers: int, isolated: bool) -> tuple[float, list[str], int]:
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
                progress=False,
            )
            seconds = time.perf_counter() - start
    finally:
        run.processes_available = real  # type: ignore[assignment]
    assert not result.failures, result.failures
    return seconds, [row["saved"] for row in result.rows], len(result.rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="deals per pairing (each twice)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
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

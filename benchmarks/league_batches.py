"""How many deals a league task should hold: throughput against a steady progress.

Usage::

    python benchmarks/league_batches.py                    # 5 bots, 10 deals a pairing
    python benchmarks/league_batches.py --sizes 10,5,2 --rounds 3 --workers 2

A task (``league/games.py``: one pairing, one seat order, some deals) starts its two
bots once, so small tasks cost more process starts; large ones make the progress jump
(a task's games come back together). Each round plays the same league once per size,
back to back under the same load, and records when each progress report came. Prints,
per size, the MEDIAN over rounds of: games per second, and the longest wait between
two progress reports as a share of the whole league (1/10 would be a report every
tenth of the time).
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import tempfile
import time
from pathlib import Path

from monopoly_widgets.league import games, run

BOT = """
def choose(observation, legal_actions, rng):
    for action in legal_actions:
        if action.kind == "{kind}":
            return action
    return rng.choice(legal_actions)
"""


def timed(folder: Path, deals: int, size: int, workers: int) -> tuple[float, float, int]:
    """Games per second, and the longest gap between progress reports / the whole time."""
    reports: list[float] = []
    real = run.schedule
    run.schedule = functools.partial(games.schedule, per_batch=size)  # type: ignore[assignment]
    try:
        start = time.perf_counter()
        result = run.league(
            [folder, "random"],
            games=deals,
            seed=1,
            workers=workers,
            progress=lambda *_: reports.append(time.perf_counter()),
        )
        seconds = time.perf_counter() - start
    finally:
        run.schedule = real  # type: ignore[assignment]
    assert not result.failures, result.failures
    marks = [start, *reports]
    gap = max(b - a for a, b in zip(marks[1:], marks[2:], strict=False)) if len(marks) > 2 else 0
    return len(result.rows) / seconds, gap / seconds, len(result.rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="deals per pairing (each twice)")
    parser.add_argument("--sizes", default="10,5,2", help="deals per task to compare")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    rates: dict[int, list[float]] = {size: [] for size in sizes}
    gaps: dict[int, list[float]] = {size: [] for size in sizes}
    with tempfile.TemporaryDirectory(prefix="league-batches-") as name:
        folder = Path(name)
        for kind in ("property", "bank", "money", "rent"):
            (folder / f"{kind}_first.py").write_text(BOT.format(kind=kind))
        for number in range(args.rounds):
            for size in sizes:
                rate, gap, count = timed(folder, args.games, size, args.workers)
                rates[size].append(rate)
                gaps[size].append(gap)
                print(
                    f"round {number + 1}, {size} deals a task: {rate:.1f} games/s, "
                    f"longest gap {gap:.0%} of the league",
                    flush=True,
                )
    print(f"5 bots, {count} games, {args.workers} workers, load {os.getloadavg()[0]:.1f}")
    for size in sizes:
        print(
            f"{size:>3} deals a task: median {statistics.median(rates[size]):.1f} games/s, "
            f"longest gap between reports median {statistics.median(gaps[size]):.0%}"
        )


if __name__ == "__main__":
    main()

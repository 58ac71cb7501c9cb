"""How long each lesson takes to "Run All" in a fresh kernel, as a class would see it.

Usage::

    python benchmarks/lessons.py                 # all lessons, 3 runs each
    python benchmarks/lessons.py 00 01 --runs 5  # some lessons, by number

Each run starts a new Python kernel (nbclient, as ``jupyter nbconvert --execute``
does), runs every cell of the committed notebook from the top, and times the cells
only: the kernel's start-up is timed apart, since a student pays it once when the
notebook opens, not on each Run All. The table gives the median of ``--runs`` runs,
the slowest cell of the median run, and the machine's load average before and after,
because this 2-core machine is shared and its load moves every figure. The issue's
target (issue 25): every lesson under 10 s, and anything over 2 s shows progress.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def lesson_paths(numbers: list[str]) -> list[Path]:
    """The lesson notebooks named by number ("01"), or all of them."""
    every = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if not numbers:
        return every
    chosen = [path for path in every if path.name[:2] in numbers]
    unknown = set(numbers) - {path.name[:2] for path in chosen}
    if unknown:
        known = ", ".join(path.name[:2] for path in every)
        raise SystemExit(f"no lesson {', '.join(sorted(unknown))}; the lessons are {known}")
    return chosen


def run_once(path: Path, cells: list[float] | None = None) -> tuple[float, float, float, int]:
    """(kernel start-up seconds, Run All seconds, slowest cell seconds, its index).

    ``cells``, if given, receives each cell's seconds in order.
    """
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    started = time.perf_counter()
    with client.setup_kernel(env=env):
        ready = time.perf_counter()
        slowest, slowest_index = 0.0, -1
        for index, cell in enumerate(notebook.cells):
            before = time.perf_counter()
            client.execute_cell(cell, index)
            took = time.perf_counter() - before
            if cells is not None:
                cells.append(took)
            if took > slowest:
                slowest, slowest_index = took, index
        finished = time.perf_counter()
    return ready - started, finished - ready, slowest, slowest_index


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers such as 00 01 (default: all)")
    parser.add_argument("--runs", type=int, default=3, help="runs per lesson (default 3)")
    parser.add_argument(
        "--cells", action="store_true", help="also list the cells of the last run over 0.3 s"
    )
    args = parser.parse_args()
    if args.runs < 1:
        raise SystemExit("--runs must be 1 or more")
    print(f"load average before: {os.getloadavg()[0]:.2f}  ({os.cpu_count()} cores)")
    print(f"{'lesson':32} {'Run All median':>14} {'min':>6} {'max':>6} {'kernel':>7}  slowest cell")
    for path in lesson_paths(args.lessons):
        cells: list[float] = []
        runs = [run_once(path) for _ in range(args.runs - 1)] + [run_once(path, cells)]
        times = [run[1] for run in runs]
        median = statistics.median(times)
        middle = min(runs, key=lambda run: abs(run[1] - median))
        kernel = statistics.median(run[0] for run in runs)
        flag = "  OVER 10 s" if median >= 10 else ""
        print(
            f"{path.stem:32} {median:13.2f}s {min(times):5.2f}s {max(times):5.2f}s "
            f"{kernel:6.2f}s  #{middle[3]} {middle[2]:.2f}s{flag}",
            flush=True,
        )
        if args.cells:
            slow = [f"#{index} {took:.2f}s" for index, took in enumerate(cells) if took > 0.3]
            print(f"{'':32} cells over 0.3 s: {', '.join(slow) or 'none'}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    sys.exit(main())

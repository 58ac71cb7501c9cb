"""How long each lesson takes to "Run All" in a fresh kernel, as a class would see it.

Usage::

    python benchmarks/lessons.py                 # all lessons, 3 runs each
    python benchmarks/lessons.py 00 01 --runs 5  # some lessons, by number

Each run starts a new Python kernel (nbclient, as ``jupyter nbconvert --execute``
does), runs every cell of the committed notebook from the top, and times the cells
only: the kernel's start-up is timed apart, since a student pays it once when the
notebook opens, not on each Run All. The table gives the median of ``--runs`` runs,
the kernel's CPU seconds for the Run All (user + system: what the lesson costs,
nearly the same on a busy machine), the slowest cell of the median run, and the
machine's load average before and after, because this 2-core machine is shared and
its load moves every wall-clock figure. The issue's
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


def lesson_paths(numbers: list[str], root: Path = ROOT) -> list[Path]:
    """The lesson notebooks of ``root`` named by number ("01"), or all of them."""
    every = sorted((root / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    if not numbers:
        return every
    chosen = [path for path in every if path.name[:2] in numbers]
    unknown = set(numbers) - {path.name[:2] for path in chosen}
    if unknown:
        known = ", ".join(path.name[:2] for path in every)
        raise SystemExit(f"no lesson {', '.join(sorted(unknown))}; the lessons are {known}")
    return chosen


#: Run in the kernel before and after the lesson: the kernel's own CPU seconds so far.
CPU_SECONDS = "import os as _os; print(sum(_os.times()[:4]))"


def kernel_cpu(client: NotebookClient) -> float:
    """The kernel's CPU seconds (user + system, its children too) at this moment."""
    cells = client.nb.cells
    cell = nbformat.v4.new_code_cell(CPU_SECONDS)
    cells.append(cell)  # nbclient writes the executed cell back at its index
    try:
        client.execute_cell(cell, len(cells) - 1)
    finally:
        cells.pop()
    return float("".join(output.get("text", "") for output in cell.outputs))


def run_once(
    path: Path, cells: list[float] | None = None, root: Path = ROOT
) -> tuple[float, float, float, int, float]:
    """(kernel start-up s, Run All s, slowest cell s, its index, the Run All's kernel CPU s).

    ``cells``, if given, receives each cell's seconds in order. The CPU seconds hardly
    move with the machine's load, so they compare runs made at different times.
    """
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # leave the checkout timed as it was
    started = time.perf_counter()
    with client.setup_kernel(env=env):
        cpu_before = kernel_cpu(client)
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
        cpu = kernel_cpu(client) - cpu_before
    return ready - started, finished - ready, slowest, slowest_index, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers such as 00 01 (default: all)")
    parser.add_argument("--runs", type=int, default=3, help="runs per lesson (default 3)")
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="a checkout of the project to time (its notebooks and package; default: this one)",
    )
    parser.add_argument(
        "--cells", action="store_true", help="also list the cells of the last run over 0.3 s"
    )
    args = parser.parse_args()
    if args.runs < 1:
        raise SystemExit("--runs must be 1 or more")
    print(f"load average before: {os.getloadavg()[0]:.2f}  ({os.cpu_count()} cores)")
    print(
        f"{'lesson':32} {'Run All median':>14} {'min':>6} {'max':>6} {'CPU':>6} "
        f"{'kernel':>7}  slowest cell"
    )
    for path in lesson_paths(args.lessons, args.root):
        cells: list[float] = []
        runs = [run_once(path, root=args.root) for _ in range(args.runs - 1)]
        runs.append(run_once(path, cells, args.root))
        times = [run[1] for run in runs]
        median = statistics.median(times)
        middle = min(runs, key=lambda run: abs(run[1] - median))
        kernel = statistics.median(run[0] for run in runs)
        cpu = statistics.median(run[4] for run in runs)
        flag = "  OVER 10 s" if median >= 10 else ""
        print(
            f"{path.stem:32} {median:13.2f}s {min(times):5.2f}s {max(times):5.2f}s "
            f"{cpu:5.2f}s {kernel:6.2f}s  #{middle[3]} {middle[2]:.2f}s{flag}",
            flush=True,
        )
        if args.cells:
            slow = [f"#{index} {took:.2f}s" for index, took in enumerate(cells) if took > 0.3]
            print(f"{'':32} cells over 0.3 s: {', '.join(slow) or 'none'}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    sys.exit(main())

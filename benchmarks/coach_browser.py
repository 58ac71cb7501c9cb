"""The coach in a browser tab: how often is the sliced coach conclusive within 5 s?

Usage::

    python benchmarks/coach_browser.py                  # 10 decisions each of 2- and 3-player Deal
    python benchmarks/coach_browser.py --decisions 5 --budget 5 --skip-pyodide

Where no thread or process can start (the JupyterLite site's Pyodide kernel, a
marimo WebAssembly export) the explorer's coach panel refines in slices that
yield to the page (``coach/slices.py``). This runs exactly that path, with the
panel's settings (``widgets/coaching.py``: ``mw.analyse``'s screening round first, at most
1024 per move, heuristic playouts), on the decisions of ``benchmarks/coach.py``
(the same sampling and seeds), twice in one run:

* in Pyodide under Node, from the npm package cached for the lite tests
  (``$MW_LITE_CACHE``; ``monopoly_widgets/lite/wheels.py``), the source tree
  mounted read-only in spirit (no bytecode is written);
* under CPython here, single-threaded: one asyncio loop, no worker.

A decision is *conclusive* when the best move is clearly better than every
other (intervals clear of each other, or the paired comparison in the same
worlds, ``coach/pairing.py``) or the three leading moves are each measured to
within 5 percentage points (``Analysis.conclusive``), as in ``benchmarks/coach.py``. Each
analysis runs until conclusive (the panel stops there too) or until it has used
``2 x budget`` CPU seconds. Times are given by the clock (what a student waits
on an idle core is closer to CPU time: the machine is shared) and by CPU time
(CPython: ``time.process_time``; Node: ``process.cpuUsage``, which also counts
V8's compiler and garbage-collector threads, so it errs on the slow side).
The longest slice (clock and CPU) is the longest stretch between two yields to
the page: how long a click may wait.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from monopoly_widgets.coach import Analysis
from monopoly_widgets.coach.analyse import start_run
from monopoly_widgets.coach.slices import SLICE_S, SlicedAnalysis, refine
from monopoly_widgets.core.serialization import load_game

PRECISION = 0.05
ROOT = Path(__file__).resolve().parents[1]

#: Loads Pyodide under Node, mounts the source tree and the data folder, runs the Python.
NODE_RUNNER = """
import path from "node:path";
import { pathToFileURL } from "node:url";
const [runtime, source, data, code] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(runtime) + path.sep });
for (const [where, root] of [["/src", source], ["/data", data]]) {
  pyodide.FS.mkdirTree(where);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(root) }, where);
}
await pyodide.runPythonAsync(code);
"""

#: What runs inside Pyodide: this very module's :func:`measure`, on the saved decisions.
IN_PYODIDE = """
import sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/src", "/src/benchmarks"]
import coach_browser
await coach_browser.measure_files("/data/decisions.json", "/data/pyodide.json")
"""


def cpu_clock() -> float:
    """CPU seconds of this process: Node's own count in Pyodide (its clock() is the wall's)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        used = js.process.cpuUsage()
        return (used.user + used.system) / 1e6
    return time.process_time()


class TimedSlices(SlicedAnalysis):
    """The coach's sliced analysis, noting how long each slice ran (a click's wait)."""

    longest = 0.0
    longest_cpu = 0.0

    def advance(self, seconds: float = SLICE_S) -> Analysis | None:
        started, cpu = time.perf_counter(), cpu_clock()
        try:
            return super().advance(seconds)
        finally:
            self.longest = max(self.longest, time.perf_counter() - started)
            self.longest_cpu = max(self.longest_cpu, cpu_clock() - cpu)


async def measure_one(saved: str, config: dict[str, Any]) -> dict[str, Any]:
    """One decision through the sliced coach: when (clock, CPU) it first became conclusive."""
    game = load_game(saved)
    wall0, cpu0 = time.perf_counter(), cpu_clock()
    found: dict[str, Any] = {"moves": len(game.legal_actions()), "at": None}

    def note(analysis: Analysis) -> bool:
        cpu = cpu_clock() - cpu0
        if found["at"] is None and analysis.conclusive(PRECISION):
            found["at"] = (time.perf_counter() - wall0, cpu)
            found["playouts"] = analysis.playouts
        return found["at"] is None and cpu < config["cpu_cap"]

    run = start_run(
        game,
        playouts=min(config["most"], config["per_move"] * found["moves"]),
        continue_with="heuristic",
        seed=config["seed"],
        first_batch=config["first"],
    )
    sliced = TimedSlices(run)
    final = await refine(sliced, lambda: True, note)
    assert final is not None
    note(final)
    found.update(final_playouts=final.playouts, stopped=final.stopped)
    found.update(slice=sliced.longest, slice_cpu=sliced.longest_cpu)
    found["cpu"] = cpu_clock() - cpu0
    return found


async def measure(decisions: list[str], config: dict[str, Any]) -> list[dict[str, Any]]:
    return [await measure_one(saved, config) for saved in decisions]


async def measure_files(decisions_path: str, out_path: str) -> None:
    """Pyodide's side: read the decisions and settings, write what was found."""
    given = json.loads(Path(decisions_path).read_text())
    found = await measure(given["decisions"], given["config"])
    Path(out_path).write_text(json.dumps({"python": sys.version.split()[0], "found": found}))


def run_in_pyodide(decisions: list[str], config: dict[str, Any]) -> dict[str, Any]:
    """Run :func:`measure` in Pyodide under Node on the same decisions."""
    from monopoly_widgets.lite import wheels

    if shutil.which("node") is None:
        raise SystemExit("node is needed to run Pyodide (apt-get install nodejs npm)")
    runtime = wheels.fetch_pyodide_runtime(wheels.cache_dir())
    with tempfile.TemporaryDirectory(prefix="mw-coach-browser-") as data:
        Path(data, "decisions.json").write_text(
            json.dumps({"decisions": decisions, "config": config})
        )
        command = ["node", "--input-type=module", "-e", NODE_RUNNER]
        command += [str(runtime), str(ROOT), data, IN_PYODIDE]
        subprocess.run(command, check=True, timeout=3600)
        return json.loads(Path(data, "pyodide.json").read_text())


def report(name: str, found: list[dict[str, Any]], budget: float) -> None:
    count = len(found)
    reached = [f for f in found if f["at"] is not None]
    for index, clock in ((0, "clock"), (1, "CPU")):
        seconds = [f["at"][index] for f in reached]
        within = sum(s <= budget for s in seconds)
        median = statistics.median(seconds + [float("inf")] * (count - len(seconds)))
        print(
            f"  {name:8s} by the {clock:5s}: conclusive within {budget:g} s in {within}/{count} "
            f"({within / count:.0%}); median {median:.2f} s"
        )
    playouts = statistics.median(f["final_playouts"] for f in found)
    rate = sum(f["final_playouts"] for f in found) / sum(f["cpu"] for f in found)
    slices = max(f["slice"] for f in found)
    slices_cpu = max(f["slice_cpu"] for f in found)
    print(
        f"  {name:8s} ever conclusive: {len(reached)}/{count}; median playouts {playouts:.0f}; "
        f"about {rate:.0f} playouts per CPU-second; longest slice "
        f"{slices * 1000:.0f} ms by the clock, {slices_cpu * 1000:.0f} ms CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=10, help="per player count")
    parser.add_argument("--budget", type=float, default=5.0, help="seconds")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3], choices=[2, 3, 4, 5])
    parser.add_argument("--skip-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args()
    from coach import sample_decision  # benchmarks/coach.py: the same decisions

    from monopoly_widgets.coach.analyse import MAX_PLAYOUTS as MOST
    from monopoly_widgets.widgets.coaching import FIRST_PLAYOUTS, MAX_PLAYOUTS

    games = [
        sample_decision(players, 1000 * players + index)
        for players in args.players
        for index in range(args.decisions)
    ]
    decisions = [game.to_json(indent=None) for game in games]
    config = {
        "first": FIRST_PLAYOUTS,
        "per_move": MAX_PLAYOUTS,
        "most": MOST,
        "seed": 0,
        "cpu_cap": 2 * args.budget,
    }
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{len(decisions)} decisions ({args.players} players); slices of {SLICE_S * 1000:.0f} ms")
    started = time.perf_counter()
    here = asyncio.run(measure(decisions, config))
    print(f"CPython {sys.version.split()[0]}, one thread ({time.perf_counter() - started:.0f} s):")
    report("cpython", here, args.budget)
    print(f"load average now: {os.getloadavg()[0]:.1f}")
    if not args.skip_pyodide:
        started = time.perf_counter()
        there = run_in_pyodide(decisions, config)
        took = time.perf_counter() - started
        print(f"Pyodide (Python {there['python']}) under Node, one thread ({took:.0f} s):")
        report("pyodide", there["found"], args.budget)
        ratio = [
            p["at"][1] / c["at"][1]
            for p, c in zip(there["found"], here, strict=True)
            if p["at"] and c["at"] and c["at"][1] > 0.2
        ]
        if ratio:
            median = statistics.median(ratio)
            print(f"  Pyodide / CPython CPU time to conclusive: median {median:.2f}x")
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

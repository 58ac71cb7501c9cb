"""How much each step of the explorer costs in Python and on the wire.

Plays 5-player games of Monopoly Deal in a ``GameExplorer`` (bots in every
seat), with a recording comm on its widget (the table, whose traits also
carry the charts' data), and reports per step:

* Python time for one step forward (the bot's move, the table model, the
  charts, and serializing what is sent), and for one step back or a scrub;
* bytes sent to the browser (JSON plus binary buffers).

Targets: median under 5 ms and under 20 KB a step. This is Python's share
only; what the browser does with each step is measured by
``benchmarks/browser.py``.

``--clock cpu`` times the CPU this process used instead of the wall clock:
on a machine shared with other busy processes, the wall clock also counts the
time spent waiting for a core, which says nothing about this code.

    python benchmarks/widget.py [--games 3] [--steps 300] [--game deal] [--clock cpu]

``--worst`` plays the worst cases instead (issue 26): every game, every player
count from 2 to its largest, heuristic and random bots in every seat, one game
each, timing every step forward, back and scrub, and prints the median and the
slowest step of each. ``--budget`` (CPU or wall seconds) stops each phase (forward,
back, scrub) of one case when it has cost that much in all, so that a slow
version still finishes; the line says how many steps forward it reached.

    python benchmarks/widget.py --worst [--steps 1000] [--budget 60] [--clock cpu]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from typing import Any

import monopoly_widgets as mw
from monopoly_widgets.agents.playout import make_agent
from monopoly_widgets.core.registry import describe

GAMES = ("deal", "bid", "cardgame")


class CountingComm:
    """A comm that serializes every message as the kernel would, and counts the bytes."""

    comm_id = "benchmark"
    kernel = object()

    def __init__(self) -> None:
        self.bytes = 0

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        self.bytes += len(json.dumps(data, separators=(",", ":")).encode())
        for buffer in buffers or []:
            self.bytes += memoryview(buffer).nbytes

    def on_msg(self, callback: Any) -> None:
        pass

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass


def attach_counters(explorer: mw.GameExplorer) -> list[CountingComm]:
    """Count what each step sends: the table's traits carry the charts' data too.

    (Plotly's JavaScript goes once per kernel in its own model, never per step.)
    """
    comm = CountingComm()
    explorer.table.comm = comm
    return [comm]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def run(
    game_name: str,
    games: int,
    steps: int,
    players: int,
    clock: str = "wall",
    agent: str = "heuristic",
    budget: float = math.inf,
) -> dict[str, list[float]]:
    now = CLOCKS[clock]
    forward_ms: list[float] = []
    forward_kb: list[float] = []
    back_ms: list[float] = []
    scrub_ms: list[float] = []
    for seed in range(games):
        game = mw.new_game(game_name, players=players, seed=seed)
        # Bots in every seat ("heuristic" is the explorer's own default).
        explorer = mw.GameExplorer(game, agents=[make_agent(agent) for _ in range(players)])
        comms = attach_counters(explorer)
        spent = 0.0
        for _ in range(steps):
            if game.is_over or spent > budget:
                break
            before = sum(c.bytes for c in comms)
            start = now()
            explorer.forward()
            forward_ms.append((now() - start) * 1000)
            spent += forward_ms[-1] / 1000
            forward_kb.append((sum(c.bytes for c in comms) - before) / 1024)
        spent = 0.0
        for _ in range(min(50, explorer.step)):
            if spent > budget:
                break
            start = now()
            explorer.back()
            back_ms.append((now() - start) * 1000)
            spent += back_ms[-1] / 1000
        # The scrubber jumps to steps this explorer has not shown yet (a fresh explorer
        # on the played game: the steps seen above are remembered by the first one).
        explorer = mw.GameExplorer(game, agents=[make_agent(agent) for _ in range(players)])
        spent = 0.0
        for step in range(0, game.step + 1, 7):
            if spent > budget:
                break
            start = now()
            explorer.seek(step)
            scrub_ms.append((now() - start) * 1000)
            spent += scrub_ms[-1] / 1000
    return {
        "forward ms": forward_ms,
        "forward KB": forward_kb,
        "back ms": back_ms,
        "scrub ms": scrub_ms,
    }


def worst_cases(steps: int, clock: str, budget: float) -> None:
    """Every game, 2 to the largest player count, heuristic and random: median and slowest."""
    print(f"worst cases, one game each, up to {steps} steps, {clock} clock, ms per step")
    print("game      players agent      steps  forward med/max   back med/max   scrub med/max")
    slowest = (0.0, "")
    medians: list[float] = []
    for game_name in GAMES:
        info = describe(game_name)
        for players in range(2, info.max_players + 1):
            for agent in ("heuristic", "random"):
                results = run(game_name, 1, steps, players, clock, agent, budget)
                cells = []
                for name in ("forward ms", "back ms", "scrub ms"):
                    values = results[name] or [0.0]
                    medians.append(statistics.median(values))
                    cells.append(f"{statistics.median(values):6.2f} {max(values):8.1f}")
                    if max(values) > slowest[0]:
                        slowest = (max(values), f"{game_name} {players}p {agent} {name}")
                print(
                    f"{game_name:<9} {players:>7} {agent:<10} {len(results['forward ms']):>5}  "
                    + "   ".join(cells),
                    flush=True,
                )
    print(f"slowest step: {slowest[0]:.1f} ms ({slowest[1]}); largest median {max(medians):.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="deal")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    parser.add_argument("--worst", action="store_true", help="every game and player count")
    parser.add_argument("--budget", type=float, default=math.inf, help="seconds per case")
    args = parser.parse_args()
    if args.worst:
        worst_cases(args.steps, args.clock, args.budget)
        return
    results = run(args.game, args.games, args.steps, args.players, args.clock)
    print(
        f"{args.game}, {args.players} players, {args.games} games, "
        f"{len(results['forward ms'])} steps forward, {args.clock} clock"
    )
    for name, values in results.items():
        print(
            f"  {name:<11} median {statistics.median(values):7.2f}   "
            f"p90 {percentile(values, 0.9):7.2f}   max {max(values):7.2f}"
        )


if __name__ == "__main__":
    main()

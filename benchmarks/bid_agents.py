"""What whole Monopoly Bid games cost with the heuristic bot, this tree beside another.

Usage::

    python benchmarks/bid_agents.py --against /work/main          # before and after
    python benchmarks/bid_agents.py --games 30 --players 3 --repeats 7
    python benchmarks/bid_agents.py --option trade_offers=host     # a rule option

Two match-ups of ``--games`` seeded games, played with ``play_out`` (the way tournaments
and lessons play them): the heuristic in one seat (``seed % players``) against random
bots, and the heuristic in every seat. The figure is the CPU seconds for all the games
of a match-up (CPU time: a loaded machine inflates it far less than the clock), median of
``--repeats`` repeats.

Each tree is measured in its own worker process (old code cannot be imported beside new
code), and the workers take turns repeat by repeat, so both trees see the same load; the
machine's load average is printed before and after. Every memo is emptied before each
repeat (``core/memo.set_enabled``), so a repeat starts as cold as a fresh process and
cannot reuse what the previous repeat of the same seeds remembered. Each worker also
hashes every game's actions: a faster tree that makes the same choices prints the same
hash; one that differs is marked (as a tree from before a rule change will be).
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import statistics
import sys
import time
from typing import Any

from tree_worker import TreeWorker  # benchmarks/tree_worker.py, beside this script

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, RandomAgent, play_out
from monopoly_widgets.core import memo as memo_module

MATCHUPS = {"heuristic vs random": "one", "heuristic vs heuristic": "all"}


def play(matchup: str, players: int, seeds: range, options: dict[str, Any]) -> dict[str, Any]:
    """CPU seconds of the games of one match-up, their decisions and a hash of their actions."""
    empty_memos()  # each repeat starts cold
    digest = hashlib.sha256()
    steps = 0
    start = time.process_time()
    everyone = MATCHUPS[matchup] == "all"
    for seed in seeds:
        agents = [
            HeuristicAgent() if everyone or seat == seed % players else RandomAgent()
            for seat in range(players)
        ]
        game = mw.new_game("bid", players=players, seed=seed, options=options or None)
        history = play_out(game, agents, seed=seed).history
        steps += len(history)
        digest.update("\n".join(history).encode() + b"\n\n")
    cpu = time.process_time() - start
    return {"cpu": cpu, "steps": steps, "hash": digest.hexdigest()[:16]}


def empty_memos() -> None:
    """Empty every memo: with the switch (``set_enabled``) where the tree has one, else each
    ``Memo`` found alive (an older tree had memos but no switch)."""
    switch = getattr(memo_module, "set_enabled", None)
    if switch is not None:
        switch(True)
        return
    for found in gc.get_objects():
        if isinstance(found, memo_module.Memo):
            found.clear()


def serve() -> None:
    """A worker: one JSON request a line (``play``'s arguments), one JSON answer a line."""
    play("heuristic vs heuristic", 3, range(1), {})  # warm up: first-use imports
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        seeds = range(request["start"], request["start"] + request["games"])
        print(json.dumps(play(request["matchup"], request["players"], seeds, request["options"])))
        sys.stdout.flush()


def option(text: str) -> tuple[str, object]:
    """``name=value`` from the command line; the value read as JSON when it is JSON."""
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", default="speed", choices=["speed", "_serve"])
    parser.add_argument("--against", action="append", default=[], help="another tree beside")
    parser.add_argument("--games", type=int, default=30, help="games per match-up (30)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a Bid rule option"
    )
    args = parser.parse_args(argv)
    if args.what == "_serve":
        serve()
        return
    trees: list[str | None] = [None, *args.against]
    options = dict(option(text) for text in args.option)
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    workers = [TreeWorker(__file__, tree) for tree in trees]
    results: dict[tuple[int, str], list[dict[str, Any]]] = {}
    try:
        for repeat in range(args.repeats):
            order = list(range(len(trees)))
            if repeat % 2:  # the trees take turns going first
                order.reverse()
            for matchup in MATCHUPS:
                for index in order:
                    request = {
                        "matchup": matchup,
                        "players": args.players,
                        "start": args.seed,
                        "games": args.games,
                        "options": options,
                    }
                    results.setdefault((index, matchup), []).append(workers[index].measure(request))
    finally:
        for worker in workers:
            worker.close()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    report(trees, results, args)


def report(
    trees: list[str | None], results: dict[tuple[int, str], list[dict[str, Any]]], args: Any
) -> None:
    shown = ", ".join(f"{name}={value}" for name, value in dict(map(option, args.option)).items())
    print(
        f"Bid, {args.players} players, {args.games} games per match-up (seeds {args.seed} on), "
        f"{args.repeats} repeats, CPU seconds{'; ' + shown if shown else ''}"
    )
    names = [tree or "this tree" for tree in trees]
    print(f"{'match-up':24} " + " ".join(f"{name:>26}" for name in names))
    print(f"{'':24}   (each tree's median, and in brackets over this tree's)")
    for matchup in MATCHUPS:
        runs = [results[(index, matchup)] for index in range(len(trees))]
        medians = [statistics.median(run["cpu"] for run in tree_runs) for tree_runs in runs]
        cells = [f"{median:8.2f} s median" for median in medians]
        if len(trees) > 1:
            cells = [
                f"{cell} ({median / medians[0]:.2f}x)"
                for cell, median in zip(cells, medians, strict=True)
            ]
        print(f"{matchup:24} " + " ".join(f"{cell:>26}" for cell in cells))
        mine = {run["hash"] for run in runs[0]}
        for name, tree_runs in zip(names, runs, strict=True):
            each = ", ".join(f"{run['cpu']:.2f}" for run in tree_runs)
            hashes = {run["hash"] for run in tree_runs}
            same = "the same choices as this tree" if hashes == mine else "OTHER CHOICES"
            print(
                f"{'':24}   {name}: repeats {each}; {tree_runs[0]['steps']} decisions, "
                f"actions hashed {', '.join(sorted(hashes))} ({same})"
            )


if __name__ == "__main__":
    main()

"""``python -m monopoly_widgets league BOTS_DIR --game deal --games N``: a league from a shell."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from monopoly_widgets.agents.playout import AGENT_NAMES
from monopoly_widgets.csv_output import add_csv_arguments, check_csv_target, write_csv


def add_league_parser(commands: Any) -> None:
    """Add the ``league`` command to the main parser's sub-commands."""
    parser = commands.add_parser(
        "league",
        help="a league of students' bots (a folder of .py files), rated",
        description=(
            "Check every bot in BOTS_DIR (each .py file defines choose(observation, "
            "legal_actions, rng)), then play every pairing on the same deals in both seat "
            "orders, each bot in its own sandbox with a time and memory limit, and print the "
            "table: win rates with 95%% Wilson intervals and a Bradley-Terry rating with a "
            "95%% interval. A bot that fails forfeits that game, with the reason."
        ),
    )
    parser.add_argument(
        "bots", nargs="+", help=f"folders, .py files, or built-ins ({', '.join(AGENT_NAMES)})"
    )
    parser.add_argument("--game", default="deal", help="deal, bid or cardgame (default deal)")
    parser.add_argument(
        "--games", type=int, default=10, help="deals per pairing (each played twice)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the league's seed (default: random and secret until the league starts, then "
        "printed; every deal's seed comes from it, so --seed N plays the same deals again)",
    )
    parser.add_argument("--add", default="", help="built-in bots to add, comma-separated")
    parser.add_argument("--move-seconds", type=float, default=1.0, help="time per move (default 1)")
    parser.add_argument("--memory-mb", type=int, default=512, help="memory per bot (default 512)")
    parser.add_argument(
        "--sandbox",
        choices=("wasm", "process"),
        default="wasm",
        help=(
            "wasm (default): each bot in Pyodide under Deno, with no access to files, "
            "network, environment or other processes. process: each bot in a plain Python "
            "process, limited in time and memory only: it can read, change and delete your "
            "files, use the network, read your environment and signal your processes"
        ),
    )
    parser.add_argument(
        "--workers", type=int, default=None, help="worker processes (default: cores)"
    )
    add_csv_arguments(parser)


def run_league(args: argparse.Namespace) -> int:
    """Run the ``league`` command; 0 when every entry played, 1 when some sat out or the
    league was stopped (Ctrl-C: the games played so far are printed and saved)."""
    from monopoly_widgets.league.run import league

    if args.csv:
        check_csv_target(args.csv, args.overwrite)  # before the league, not after it
    bots = [*args.bots, *[name.strip() for name in args.add.split(",") if name.strip()]]

    printed = [-1]  # the last count printed

    def report(result: Any, done: int, total: int, finished: bool) -> None:
        # A line each time another tenth of the games is done (a task's games come back
        # together, so the count may pass a tenth rather than land on it), and the last.
        step = max(1, total // 10)
        if total and done != printed[0] and (done // step > printed[0] // step or finished):
            printed[0] = done
            print(f"{done}/{total} games", file=sys.stderr, flush=True)

    from monopoly_widgets.league.games import new_league_seed

    seed = new_league_seed() if args.seed is None else args.seed
    print(f"league seed: {seed}", file=sys.stderr, flush=True)
    result = league(
        bots,
        game=args.game,
        games=args.games,
        seed=seed,
        move_seconds=args.move_seconds,
        memory_mb=args.memory_mb,
        sandbox=args.sandbox,
        workers=args.workers,
        progress=report,
    )
    print(result)
    if args.csv:  # after the table is printed: a failed write loses no result
        write_csv(result.games, args.csv, args.overwrite)
    return 1 if result.failures or result.stopped else 0

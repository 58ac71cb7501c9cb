"""Engine speed: random games per second, for any registered game.

Usage::

    python benchmarks/engine.py --game deal --players 2 4
    python benchmarks/engine.py --game bid --players 2 3 --games 100 --repeats 7
    python benchmarks/engine.py --game deal --players 2 4 --option wild_moves=once_between_plays

Both seats (all seats) are ``RandomAgent``; every step goes through the
public ``Game.legal_actions()`` and ``Game.apply()``, exactly as notebooks and
simulations use the engine. ``--rules-only`` measures the rules engine alone
(``game.rules.legal_actions(state)`` and ``game.rules.apply(state, action)``),
without the ``Game`` that also checks each action against the legal ones and
keeps the timeline (for undo, saving and the events): that is how engines are
usually compared. Each repeat plays ``--games`` games with
different seeds; the script prints the MEDIAN over repeats of games per
second, microseconds per decision, and decisions per game (one core).
Time is the CPU time of this process (``time.process_time``), so other work
on a busy machine does not distort the figures; ``--wall`` uses wall-clock time.

``--instructions`` counts instead the CPU instructions per game with valgrind's
callgrind tool, which no other work on the machine can disturb: the same games
are played in a child process under valgrind twice, with one game and with
``--games`` + 1, after ``WARM_UP_GAMES`` games in both, and the difference is divided by
``--games`` (so start-up, imports and filling the engine's memos cancel out).
``--base PATH`` measures another checkout of the project in the same run (its
``PYTHONPATH``), for a side-by-side figure::

    python benchmarks/engine.py --instructions --games 20 --base /tmp/main-checkout
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng


def run_batch(
    game_name: str,
    players: int,
    games: int,
    first_seed: int,
    clock=time.process_time,
    options: dict | None = None,
    rules_only: bool = False,
) -> tuple[float, int, int]:
    """Play ``games`` random games (rule ``options``, default: the game's defaults);
    return (seconds, decisions, hands). A game of The Card Game is a match of
    several hands, so hands are counted too (one per game for Deal and Bid)."""
    agent = RandomAgent()
    decisions = 0
    hands = 0
    start = clock()
    for seed in range(first_seed, first_seed + games):
        game = mw.new_game(game_name, players=players, seed=seed, options=options)
        rng = make_rng(seed, "benchmark")
        if rules_only:
            rules, state = game.rules, game.state
            while not rules.is_over(state):
                rules.apply(state, agent(None, rules.legal_actions(state), rng))
                decisions += 1
        else:
            while not game.is_over:
                game.apply(agent(None, game.legal_actions(), rng))
                decisions += 1
        hands += getattr(game.state, "hand_number", 1)
    elapsed = clock() - start
    return elapsed, decisions, hands


def benchmark(
    game_name: str,
    players: int,
    games: int,
    repeats: int,
    clock=time.process_time,
    options: dict | None = None,
    rules_only: bool = False,
) -> dict[str, float]:
    """Medians over ``repeats`` batches."""
    rates, hand_rates, micros, lengths = [], [], [], []
    run_batch(game_name, players, min(games, 10), 10**6, options=options)  # warm up
    for repeat in range(repeats):
        seconds, decisions, hands = run_batch(
            game_name, players, games, repeat * games, clock, options, rules_only
        )
        rates.append(games / seconds)
        hand_rates.append(hands / seconds)
        micros.append(seconds / decisions * 1e6)
        lengths.append(decisions / games)
    return {
        "games_per_second": statistics.median(rates),
        "hands_per_second": statistics.median(hand_rates),
        "us_per_decision": statistics.median(micros),
        "decisions_per_game": statistics.median(lengths),
    }


#: The seed of the first game an instruction count plays (any fixed seed will do).
INSTRUCTION_SEED = 5000
#: Games played before an instruction count, to fill the engine's memos as a long run does.
WARM_UP_GAMES = 40


def count_instructions(
    tree: Path, game_name: str, players: int, games: int, options: dict | None
) -> int:
    """Instructions per game of the code in ``tree``, counted by callgrind (see the module
    docstring): two runs that differ only in the number of games counted."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("--instructions needs valgrind (Debian: apt-get install valgrind)")
    counts = []
    for played in (1, games + 1):
        command = [
            valgrind,
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            str(Path(__file__).resolve()),
            "--play-games",
            str(played),
            "--game",
            game_name,
            "--players",
            str(players),
            *(f"--option={name}={json.dumps(value)}" for name, value in (options or {}).items()),
        ]
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}  # same runs
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            raise SystemExit(f"callgrind printed no count: {done.stderr[-400:]}")
        counts.append(int(found.group(1)))
    return (counts[1] - counts[0]) // games


def instructions_report(args: argparse.Namespace, options: dict) -> None:
    """Print instructions per game for this checkout (and ``--base``), side by side."""
    here = Path(__file__).resolve().parents[1]
    trees = [("this checkout", here)]
    if args.base:
        trees.append(("base", Path(args.base).resolve()))
    print(
        f"{args.game}: instructions per random game (callgrind, {args.games} games from seed "
        f"{INSTRUCTION_SEED}, after {WARM_UP_GAMES} games of warm-up)"
    )
    for players in args.players:
        counts = {
            label: count_instructions(tree, args.game, players, args.games, options)
            for label, tree in trees
        }
        line = f"{players} players: " + ", ".join(
            f"{label} {count / 1e6:.2f}M" for label, count in counts.items()
        )
        if args.base:
            line += f"; this / base = {counts['this checkout'] / counts['base']:.3f}"
        print(line)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="deal", choices=["deal", "bid", "cardgame"])
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--games", type=int, default=200, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--wall", action="store_true", help="wall-clock instead of CPU time")
    parser.add_argument(
        "--rules-only",
        action="store_true",
        help="call the rules engine directly, without the Game's checks and timeline",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option (VALUE read as JSON if it can be, else as text); repeatable",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions per game with valgrind (callgrind) instead of timing",
    )
    parser.add_argument(
        "--base", metavar="PATH", help="with --instructions: also count another checkout"
    )
    parser.add_argument("--play-games", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    options = dict(_option(text) for text in args.option)
    if args.play_games is not None:  # the child process that --instructions runs
        for players in args.players:
            run_batch(args.game, players, WARM_UP_GAMES, 10**6, options=options)
            run_batch(args.game, players, args.play_games, INSTRUCTION_SEED, options=options)
        return
    if args.instructions:
        instructions_report(args, options)
        return
    clock = time.perf_counter if args.wall else time.process_time
    timing = "wall-clock" if args.wall else "CPU"
    through = "the rules engine alone" if args.rules_only else "Game"
    print(
        f"{args.game}: {args.games} random games x {args.repeats} repeats through {through}, "
        f"{timing} time (medians)"
    )
    if options:
        print("options: " + ", ".join(f"{name}={value!r}" for name, value in options.items()))
    print(
        f"{'players':>8} {'games/s':>10} {'hands/s':>10} {'us/decision':>12} {'decisions/game':>15}"
    )
    for players in args.players:
        result = benchmark(
            args.game, players, args.games, args.repeats, clock, options, args.rules_only
        )
        print(
            f"{players:>8} {result['games_per_second']:>10.1f} "
            f"{result['hands_per_second']:>10.1f} "
            f"{result['us_per_decision']:>12.2f} {result['decisions_per_game']:>15.1f}"
        )


def _option(text: str) -> tuple[str, object]:
    """ "name=value" -> (name, value), the value as JSON (true, 3) or else as plain text."""
    name, sep, value = text.partition("=")
    if not sep:
        raise SystemExit(f"--option wants NAME=VALUE, not {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


if __name__ == "__main__":
    main()

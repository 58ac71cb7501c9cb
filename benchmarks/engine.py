"""Engine speed: random games per second, for any registered game.

Usage::

    python benchmarks/engine.py --game deal --players 2 4
    python benchmarks/engine.py --game bid --players 2 3 --games 100 --repeats 7

Both seats (all seats) are ``RandomAgent``; every step goes through the
public ``Game.legal_actions()`` and ``Game.apply()``, exactly as notebooks and
simulations use the engine. Each repeat plays ``--games`` games with
different seeds; the script prints the MEDIAN over repeats of games per
second, microseconds per decision, and decisions per game (one core).
Time is the CPU time of this process (``time.process_time``), so other work
on a busy machine does not distort the figures; ``--wall`` uses wall-clock time.
"""

from __future__ import annotations

import argparse
import statistics
import time

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng


def run_batch(
    game_name: str, players: int, games: int, first_seed: int, clock=time.process_time
) -> tuple[float, int]:
    """Play ``games`` random games; return (seconds, decisions)."""
    agent = RandomAgent()
    decisions = 0
    start = clock()
    for seed in range(first_seed, first_seed + games):
        game = mw.new_game(game_name, players=players, seed=seed)
        rng = make_rng(seed, "benchmark")
        while not game.is_over:
            game.apply(agent(None, game.legal_actions(), rng))
            decisions += 1
    return clock() - start, decisions


def benchmark(
    game_name: str, players: int, games: int, repeats: int, clock=time.process_time
) -> dict[str, float]:
    """Medians over ``repeats`` batches."""
    rates, micros, lengths = [], [], []
    run_batch(game_name, players, min(games, 10), 10**6)  # warm up caches and imports
    for repeat in range(repeats):
        seconds, decisions = run_batch(game_name, players, games, repeat * games, clock)
        rates.append(games / seconds)
        micros.append(seconds / decisions * 1e6)
        lengths.append(decisions / games)
    return {
        "games_per_second": statistics.median(rates),
        "us_per_decision": statistics.median(micros),
        "decisions_per_game": statistics.median(lengths),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="deal", choices=["deal", "bid", "cardgame"])
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--games", type=int, default=200, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--wall", action="store_true", help="wall-clock instead of CPU time")
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time
    timing = "wall-clock" if args.wall else "CPU"
    print(
        f"{args.game}: {args.games} random games x {args.repeats} repeats, {timing} time (medians)"
    )
    print(f"{'players':>8} {'games/s':>10} {'us/decision':>12} {'decisions/game':>15}")
    for players in args.players:
        result = benchmark(args.game, players, args.games, args.repeats, clock)
        print(
            f"{players:>8} {result['games_per_second']:>10.1f} "
            f"{result['us_per_decision']:>12.2f} {result['decisions_per_game']:>15.1f}"
        )


if __name__ == "__main__":
    main()

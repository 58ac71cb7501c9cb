"""Simulation speed: games per second with 1 and 2 processes, and the exact-odds call time.

Usage::

    python benchmarks/simulate.py
    python benchmarks/simulate.py --game bid --agents heuristic,random --games 1000 --repeats 5

Each repeat runs ``simulate`` (1 worker plays in this process; 2 workers use a
process pool, start-up included). Prints MEDIANS over repeats: games per
second for 1 and 2 workers, the scaling (target: at least 1.7x on 2 cores),
and the time of one exact-odds call on a Deal observation (target: under 1 ms).
"""

from __future__ import annotations

import argparse
import statistics
import time
import timeit

import monopoly_widgets as mw
from monopoly_widgets.prob.deal import chance_opponent_has_just_say_no, chance_to_draw, panel
from monopoly_widgets.sim import simulate


def games_per_second(game: str, agents: list[str], games: int, workers: int, seed: int) -> float:
    start = time.perf_counter()
    simulate(game, agents, games=games, seed=seed, workers=workers, progress=False)
    return games / (time.perf_counter() - start)


def odds_microseconds(repeats: int) -> dict[str, float]:
    """Median microseconds per call, for a mid-game Deal observation."""
    game = mw.new_game("deal", players=3, seed=4)
    for _ in range(40):
        game.apply(game.legal_actions()[-1])
    observation = game.observation(game.current_player)
    calls = {
        "chance_to_draw (Just Say No)": lambda: chance_to_draw(observation, ["Just Say No"]),
        "chance_opponent_has_just_say_no": lambda: chance_opponent_has_just_say_no(
            observation, (observation["viewer"] + 1) % 3
        ),
        "panel (every row)": lambda: panel(observation),
    }
    result = {}
    for name, call in calls.items():
        timer = timeit.Timer(call)
        number, _ = timer.autorange()
        times = timer.repeat(repeat=repeats, number=number)
        result[name] = statistics.median(times) / number * 1e6
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="deal", choices=["deal", "bid", "cardgame"])
    parser.add_argument("--agents", default="random,random")
    parser.add_argument("--games", type=int, default=2000, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    agents = args.agents.split(",")

    simulate(args.game, agents, games=20, workers=1, progress=False)  # warm up imports
    # 1 and 2 workers take turns, so a burst of other work on the machine hits both alike.
    samples: dict[int, list[float]] = {1: [], 2: []}
    for repeat in range(args.repeats):
        for workers in (1, 2):
            samples[workers].append(
                games_per_second(args.game, agents, args.games, workers, seed=repeat)
            )
    rates = {workers: statistics.median(values) for workers, values in samples.items()}
    for workers, rate in rates.items():
        print(f"{args.game} {args.agents}: {workers} worker(s): {rate:8.1f} games/s")
    print(f"scaling 2 vs 1 workers: {rates[2] / rates[1]:.2f}x (target >= 1.7x)")
    for name, micros in odds_microseconds(args.repeats).items():
        print(f"exact odds, {name}: {micros:8.1f} us per call (target < 1000 us)")


if __name__ == "__main__":
    main()

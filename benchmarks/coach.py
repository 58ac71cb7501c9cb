"""How quickly does the coach reach a clear answer? And how fast are its playouts?

Usage::

    python benchmarks/coach.py                       # 2- and 3-player Deal, 20 decisions each
    python benchmarks/coach.py --decisions 40 --budget 5 --workers 2

Decisions are sampled from heuristic play (a random step of a heuristic game,
where the player has at least two moves). Each is analysed with ``mw.analyse``
under the time budget on a process pool, and counted *conclusive* if the best
move's interval separates from the runner-up's, or the three leading moves are
each measured to within 5 percentage points (issue 18's target: 80% of decisions
within 5 s on this 2-core machine). It prints the distribution of seconds, moves
and playouts, then playouts per second per core next to full random games per
second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, RandomAgent
from monopoly_widgets.coach import analyse
from monopoly_widgets.coach.playouts import PlayoutJob, game_text, run_job


def sample_decision(players: int, seed: int) -> mw.Game:
    """A heuristic game of Deal stopped at a random step where the player has a choice."""
    rng = random.Random(seed)
    game = mw.new_game("deal", players=players, seed=seed)
    agent = HeuristicAgent()
    stop = rng.randrange(5, 60)
    while True:
        legal = game.legal_actions()
        if game.step >= stop and len(legal) > 1:
            return game
        seat = game.current_player
        game.apply(agent(game.observation(seat), legal, rng))
        if game.is_over:  # very short game: start another
            return sample_decision(players, seed + 10_000)


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    pick = [ordered[int(q * (len(ordered) - 1))] for q in (0.1, 0.5, 0.9)]
    return f"p10 {pick[0]:.1f}, median {pick[1]:.1f}, p90 {pick[2]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--budget", type=float, default=5.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        for players in (2, 3):
            seconds, moves, playouts, conclusive = [], [], [], 0
            for index in range(args.decisions):
                game = sample_decision(players, 1000 * players + index)
                result = analyse(game, budget_s=args.budget, seed=index, executor=pool)
                seconds.append(result.seconds)
                moves.append(len(result.moves))
                playouts.append(result.playouts)
                conclusive += result.conclusive()
            share = conclusive / args.decisions
            print(
                f"{players} players: conclusive in {conclusive}/{args.decisions} decisions "
                f"({share:.0%}) within {args.budget:g} s on {args.workers} workers; "
                f"seconds {percentiles(seconds)}; moves {percentiles(moves)}; "
                f"playouts {percentiles(playouts)}"
            )
    measure_playout_speed()


def measure_playout_speed(rounds: int = 3) -> None:
    """Heuristic playouts per second on one core, next to full random games per second."""
    game = sample_decision(2, 7)
    job = PlayoutJob(
        game_text(game),
        game.current_player,
        game.legal_actions()[0].id,
        0,
        40,
        1,
        "heuristic",
        False,
    )
    playout_rates, random_rates = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        run_job(job)
        playout_rates.append(job.count / (time.perf_counter() - started))
        started = time.perf_counter()
        for seed in range(20):
            mw.agents.play_out(mw.new_game("deal", players=2, seed=seed), [RandomAgent()] * 2)
        random_rates.append(20 / (time.perf_counter() - started))
    print(
        f"one core: {statistics.median(playout_rates):.0f} heuristic playouts/s (to the end of "
        f"the game) against {statistics.median(random_rates):.0f} full random games/s "
        f"(medians of {rounds})"
    )


if __name__ == "__main__":
    main()

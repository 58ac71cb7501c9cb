"""Is the Deal policy a stronger base than the heuristic? Win rates, search figures, cost.

Usage::

    python benchmarks/deal_policy.py                                # all three, 400 fresh seeds
    python benchmarks/deal_policy.py plain --games 400 --seed 7 --workers 1
    python benchmarks/deal_policy.py search --games 200 --seed 7 --workers 1
    python benchmarks/deal_policy.py search --baseline --games 200 --seed 7   # heuristic rollouts
    python benchmarks/deal_policy.py search --per-seat --only-extra --games 200 --seed 7
    python benchmarks/deal_policy.py cost --games 40

``plain``: ``DealPolicyAgent`` against ``HeuristicAgent`` in 2-player Monopoly Deal,
half the games with the policy first and half second on the same seeds, so the
first-seat advantage cancels out.

``search``: ``SearchAgent(rollout=DealPolicyAgent())`` against ``HeuristicAgent``,
seated the same way, with the search agent's thinking time per game (CPU seconds
inside its calls: the issue's limit is 1 s) as median, mean and 90th percentile.
``--baseline`` also plays ``SearchAgent(rollout="heuristic", opponents=None)`` on the same seeds,
so the two can be compared game by game; ``--per-seat`` also plays rollouts in which
only the searching seat is played by the policy and its opponent by the heuristic
(``SearchAgent(opponents="heuristic")``: the opponent imagined as the one it really
is); ``--only-extra`` plays only those.

``cost``: CPU microseconds per decision of each agent over whole self-play games
(every seat the same agent), the two interleaved round by round so both see the
same load on a shared machine; medians over rounds.

Win rates are printed with 95% Wilson intervals (``monopoly_widgets.sim.intervals``).
Without ``--seed`` the seeds are fresh (drawn at random and printed); give the same
``--seed`` to compare settings on the same games.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, play_out
from monopoly_widgets.agents.deal_policy import DealPolicyAgent
from monopoly_widgets.agents.search import SearchAgent
from monopoly_widgets.sim.intervals import estimate_from_counts


def _contender(kind: str) -> Any:
    if kind == "plain":
        return DealPolicyAgent()
    if kind == "search":
        return SearchAgent(rollout=DealPolicyAgent(), opponents=None)
    if kind == "per_seat":  # the policy for the searching seat, the heuristic for the other
        return SearchAgent(rollout=DealPolicyAgent(), opponents="heuristic")
    return SearchAgent(rollout="heuristic", opponents=None)  # "baseline": heuristic rollouts


def _one_game(job: tuple[str, int, int]) -> tuple[int | None, int, float]:
    """(winner, the contender's seat, its thinking CPU seconds) of one 2-player game."""
    kind, seat, seed = job
    contender = _contender(kind)
    agents: list[Any] = [HeuristicAgent(), HeuristicAgent()]
    agents[seat] = contender
    game = play_out(mw.new_game("deal", players=2, seed=seed), agents, seed=seed)
    return game.winner, seat, getattr(contender, "thinking_s", 0.0)


def tournament(
    kind: str, games: int, seed: int, workers: int
) -> list[tuple[int | None, int, float]]:
    """Play ``games`` games of ``kind`` against the heuristic; seatings alternate per seed."""
    half = games // 2
    jobs = [(kind, seat, seed + i) for i in range(half) for seat in (0, 1)]
    if workers == 1:
        return [_one_game(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(_one_game, jobs, chunksize=4))


def report(label: str, results: list[tuple[int | None, int, float]], thinking: bool) -> None:
    n = len(results)
    wins = sum(winner == seat for winner, seat, _ in results)
    draws = sum(winner is None for winner, _, _ in results)
    print(f"{label}: wins {estimate_from_counts(wins, n)}, draws {draws}")
    if thinking:
        times = sorted(think for _, _, think in results)
        print(
            f"  thinking: {statistics.median(times):.2f} CPU-s per game median, "
            f"{statistics.fmean(times):.2f} mean, {times[(9 * n) // 10]:.2f} p90, "
            f"{times[-1]:.2f} max"
        )


def cost(games: int, rounds: int, seed: int) -> None:
    """Median CPU microseconds per decision, policy and heuristic, rounds interleaved."""
    per_round: dict[str, list[float]] = {"heuristic": [], "deal_policy": []}
    makers = {"heuristic": HeuristicAgent, "deal_policy": DealPolicyAgent}
    seeds = range(seed, seed + games)
    for _ in range(rounds):
        for name, make in makers.items():
            steps = 0
            start = time.process_time()
            for s in seeds:
                game = play_out(mw.new_game("deal", players=2, seed=s), [make(), make()], seed=s)
                steps += len(game.history)
            per_round[name].append((time.process_time() - start) / steps * 1e6)
    for name, values in per_round.items():
        print(f"{name:12} {statistics.median(values):7.1f} us per step (game and agent), median")
    ratio = statistics.median(per_round["deal_policy"]) / statistics.median(per_round["heuristic"])
    print(f"policy / heuristic: {ratio:.2f}x")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "what", nargs="?", default="all", choices=["all", "plain", "search", "cost"]
    )
    parser.add_argument("--games", type=int, default=400, help="total games (half per seating)")
    parser.add_argument("--seed", type=int, default=None, help="first seed (default: fresh)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--baseline", action="store_true", help="also SearchAgent() as it is")
    parser.add_argument(
        "--per-seat",
        action="store_true",
        help="also rollouts with the policy for the searching seat, the heuristic for the other",
    )
    parser.add_argument(
        "--only-extra", action="store_true", help="search: only the --per-seat/--baseline runs"
    )
    parser.add_argument("--rounds", type=int, default=5, help="cost: interleaved rounds")
    args = parser.parse_args(argv)
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(10**6, 10**9)
    print(f"2-player Monopoly Deal, seeds {args.seed}..{args.seed + args.games // 2 - 1}, each")
    print(f"seating; load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if args.what in ("all", "plain"):
        results = tournament("plain", args.games, args.seed, args.workers)
        report("DealPolicyAgent vs heuristic", results, thinking=False)
    if args.what in ("all", "search") and not args.only_extra:
        results = tournament("search", args.games, args.seed, args.workers)
        report("SearchAgent(rollout=DealPolicyAgent()) vs heuristic", results, thinking=True)
    if args.what in ("all", "search"):
        if args.per_seat:
            results = tournament("per_seat", args.games, args.seed, args.workers)
            label = 'SearchAgent(rollout=DealPolicyAgent(), opponents="heuristic")'
            report(f"{label} vs heuristic", results, thinking=True)
        if args.baseline:
            results = tournament("baseline", args.games, args.seed, args.workers)
            report("SearchAgent() (heuristic rollouts) vs heuristic", results, thinking=True)
    if args.what in ("all", "cost"):
        cost(min(args.games, 40), args.rounds, args.seed)


if __name__ == "__main__":
    main()

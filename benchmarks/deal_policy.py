"""Is the Deal policy a stronger base than the heuristic? Win rates, search figures, cost.

Usage::

    python benchmarks/deal_policy.py                                # all three, 400 fresh seeds
    python benchmarks/deal_policy.py plain --games 400 --seed 7 --workers 1
    python benchmarks/deal_policy.py search --games 200 --seed 7 --workers 1
    python benchmarks/deal_policy.py search --baseline --games 200 --seed 7   # heuristic rollouts
    python benchmarks/deal_policy.py search --per-seat --only-extra --games 200 --seed 7
    python benchmarks/deal_policy.py cost --games 40
    python benchmarks/deal_policy.py cost --games 20 --instructions --base /tmp/old-tree
    python benchmarks/deal_policy.py decisions --games 100 --seed 1   # a digest of choices

``plain``: ``DealPolicyAgent`` against ``HeuristicAgent`` in 2-player Monopoly Deal,
half the games with the policy first and half second on the same seeds, so the
first-seat advantage cancels out.

``--rules a,b`` plays a policy with only those rules (``DealPolicyAgent(rules=...)``:
an empty list is the heuristic), and ``--against deal_policy`` plays it against the
policy as it is (``--against rules=a,b``: against the policy with only those rules):
a rule's worth is measured alone, on top of the other rules.

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
same load on a shared machine; medians over rounds. ``--instructions`` adds callgrind's
instruction counts per step (which load does not change), for this tree and for each
``--base`` tree (another checkout, e.g. before a speed change).

``decisions``: a digest of every choice the policy makes in games against itself and
against the heuristic (one line per seed): a pure speed change must print the same.

Win rates are printed with 95% Wilson intervals (``monopoly_widgets.sim.intervals``).
Without ``--seed`` the seeds are fresh (drawn at random and printed); give the same
``--seed`` to compare settings on the same games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import operator
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from callgrind import count_marked_calls  # benchmarks/callgrind.py, beside this script

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, play_out
from monopoly_widgets.agents.deal.policy import DealPolicyAgent
from monopoly_widgets.agents.search import SearchAgent
from monopoly_widgets.sim.intervals import estimate_from_counts


def _contender(kind: str) -> Any:
    if kind == "plain":
        return DealPolicyAgent()
    if kind.startswith("rules="):  # a named set of rules, for measuring one rule's worth
        return DealPolicyAgent(rules=[name for name in kind[6:].split(",") if name])
    if kind == "search":
        return SearchAgent(rollout=DealPolicyAgent(), opponents=None)
    if kind == "per_seat":  # the policy for the searching seat, the heuristic for the other
        return SearchAgent(rollout=DealPolicyAgent(), opponents="heuristic")
    return SearchAgent(rollout="heuristic", opponents=None)  # "baseline": heuristic rollouts


def _one_game(job: tuple[str, int, int, str]) -> tuple[int | None, int, float]:
    """(winner, the contender's seat, its thinking CPU seconds) of one 2-player game."""
    kind, seat, seed, against = job
    contender = _contender(kind)
    if against == "heuristic":
        agents: list[Any] = [HeuristicAgent(), HeuristicAgent()]
    else:  # "deal_policy", or "rules=a,b" for the policy with only those rules
        agents = [_contender("plain" if against == "deal_policy" else against) for _ in (0, 1)]
    agents[seat] = contender
    game = play_out(mw.new_game("deal", players=2, seed=seed), agents, seed=seed)
    return game.winner, seat, getattr(contender, "thinking_s", 0.0)


def tournament(
    kind: str, games: int, seed: int, workers: int, against: str = "heuristic"
) -> list[tuple[int | None, int, float]]:
    """Play ``games`` games of ``kind`` against ``against``; seatings alternate per seed."""
    half = games // 2
    jobs = [(kind, seat, seed + i, against) for i in range(half) for seat in (0, 1)]
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


def _self_play(name: str, seeds: range, rules: str | None = None) -> int:
    """Whole games with ``name`` ("heuristic" or "deal_policy", with only ``rules`` if
    given) in both seats; steps taken."""
    make: Any = HeuristicAgent
    if name == "deal_policy":
        make = DealPolicyAgent if rules is None else (lambda: _contender(f"rules={rules}"))
    return sum(
        len(play_out(mw.new_game("deal", players=2, seed=s), [make(), make()], seed=s).history)
        for s in seeds
    )


def count(games: int, seed: int, rules: str | None) -> None:
    """Run under callgrind by :func:`instructions`: each agent's games are one
    ``operator.call``, the function callgrind counts and dumps after (so imports and
    the warm-up game count for nothing)."""
    names = ("heuristic", "deal_policy")
    for name in names:
        _self_play(name, range(seed - 1, seed), rules)
    seeds = range(seed, seed + games)
    steps = {name: operator.call(_self_play, name, seeds, rules) for name in names}
    print(json.dumps(steps))


def instructions(games: int, seed: int, trees: list[str | None], rules: str | None) -> None:
    """Instructions per step (callgrind: machine load does not change them) of self-play
    games by the heuristic and by the policy, in this tree and in each ``--base`` tree
    (with ``--rules``, the policy with only those: the same games in every tree)."""
    for tree in trees:
        arguments = [__file__, "_count", "--games", str(games), "--seed", str(seed)]
        if rules is not None:
            arguments += ["--rules", rules]
        steps, totals = count_marked_calls(arguments, tree)
        heuristic, policy = (t / steps[n] for t, n in zip(totals, steps, strict=True))
        print(
            f"{tree or 'this tree'}: instructions per step (game and agent, {games} games "
            f"of self-play): heuristic {heuristic:,.0f}, deal_policy {policy:,.0f}, "
            f"policy / heuristic {policy / heuristic:.2f}x"
        )


def decisions(games: int, seed: int) -> None:
    """Per seed, a digest of the policy's choices (self-play, then against the heuristic)."""
    for s in range(seed, seed + games):
        digest = hashlib.sha256()
        for agents in (
            [DealPolicyAgent(), DealPolicyAgent()],
            [DealPolicyAgent(), HeuristicAgent()],
        ):
            game = play_out(mw.new_game("deal", players=2, seed=s), agents, seed=s)
            digest.update(" ".join(game.history).encode())
        print(f"seed {s}: {digest.hexdigest()[:16]}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "what",
        nargs="?",
        default="all",
        choices=["all", "plain", "search", "cost", "decisions", "_count"],
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
    parser.add_argument(
        "--rules",
        default=None,
        help="plain: the policy's rules, comma-separated (default: its own)",
    )
    parser.add_argument(
        "--against",
        default="heuristic",
        help='plain: the opponent, "heuristic", "deal_policy" or "rules=a,b" (the policy so)',
    )
    parser.add_argument("--rounds", type=int, default=5, help="cost: interleaved rounds")
    parser.add_argument(
        "--instructions", action="store_true", help="cost: also callgrind instruction counts"
    )
    parser.add_argument(
        "--base", action="append", default=[], help="cost --instructions: another tree too"
    )
    args = parser.parse_args(argv)
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(10**6, 10**9)
    if args.what == "decisions":  # no load figures: the output is compared between trees
        decisions(args.games, args.seed)
        return
    if args.what == "_count":
        count(args.games, args.seed, args.rules)
        return
    print(f"2-player Monopoly Deal, seeds {args.seed}..{args.seed + args.games // 2 - 1}, each")
    print(f"seating; load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if args.what in ("all", "plain"):
        kind = "plain" if args.rules is None else f"rules={args.rules}"
        results = tournament(kind, args.games, args.seed, args.workers, args.against)
        name = "DealPolicyAgent" if args.rules is None else f"DealPolicyAgent(rules={args.rules})"
        report(f"{name} vs {args.against}", results, thinking=False)
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
        if args.instructions:
            instructions(min(args.games, 40), args.seed, [None, *args.base], args.rules)


if __name__ == "__main__":
    main()

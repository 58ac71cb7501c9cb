"""What does a decision cost, per agent, and does the heuristic still choose the same?

Usage::

    python benchmarks/agents.py speed                  # 2-player Deal, cost per decision
    python benchmarks/agents.py speed --games 30 --rounds 9 --players 3
    python benchmarks/agents.py speed --against /tmp/base   # this tree and another, side by side
    python benchmarks/agents.py speed --no-count       # CPU time only (no callgrind)
    python benchmarks/agents.py strength --games 400   # heuristic against random
    python benchmarks/agents.py decisions > mine.txt   # the heuristic's choices, hashed
    PYTHONPATH=/path/to/other/tree python benchmarks/agents.py decisions > theirs.txt
    python benchmarks/agents.py decisions --option ask_every_target=false   # older rules

``speed`` plays whole games with ``play_out`` (the way tournaments do), random
bots and heuristic bots in alternating rounds on the same seeds, and prints the
median CPU microseconds per decision of each and their ratio. Interleaving matters
on a shared machine: both agents see the same load. It also replays the heuristic's
games without it (the engine alone), so the heuristic's own cost per decision (its
view and its choice) is the difference. Two more figures make the ratio trustworthy
on a busy machine:

- the *paired* ratio: each round's heuristic cost over the same round's random cost
  (same seeds, measured back to back), the median of those ratios, with the middle
  half of them. A load spike that lands on one round spoils one ratio, not the median;
- instruction counts (``valgrind --tool=callgrind``, when it is installed): the same
  games in one process under callgrind, only the games counted (the imports and the
  warm-up are not), for random, heuristic and the engine replaying the heuristic's
  games. Instructions do not depend on the machine's load: run twice, the counts are the
  same (``PYTHONHASHSEED`` is fixed), and two trees differ only by what their code does.
  (They weigh every instruction alike, so a cache-missing memory read counts as one: a
  guide, next to the CPU time, not a replacement for it.)

The measuring runs in one worker process per tree (``_serve``), so ``--against``
interleaves this tree and another one round by round, under the same load, and both
are printed in one run: before and after, side by side.

``decisions`` plays a fixed set of games (2 to 4 players, heuristic and random
seats mixed so that odd positions come up too) and prints one hash per game of
every observation (the player's, the teacher's and another seat's) and of every
choice the heuristic makes; where the heuristic has a decision view
(``HeuristicAgent.observe``, what ``play_out`` hands it), it also checks that the
view leads to the same choice as the observation dict, and stops if not. Two
trees that print the same lines build the same observations and make the same
choices: a faster heuristic that prints what the old one printed is not a weaker
one. Old code cannot be imported beside new code, so run it in its own process
with ``PYTHONPATH`` pointing at the other tree.

``strength`` reports the heuristic's win rate against the random agent (seats
alternating), with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import operator
import random
import shutil
import statistics
import sys
import time

from callgrind import count_marked_calls  # benchmarks/callgrind.py, beside this script
from tree_worker import TreeWorker  # benchmarks/tree_worker.py, beside this script

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, RandomAgent, play_out
from monopoly_widgets.sim.intervals import estimate_from_counts


def cost_per_decision(agent_name: str, players: int, seeds: range) -> float:
    """Microseconds per decision over whole games played by ``agent_name`` in every seat."""
    start = time.process_time()  # CPU time: a shared, busy machine inflates it far less
    steps = play_games(agent_name, players, seeds)
    return (time.process_time() - start) / steps * 1e6


def replay_cost(players: int, seeds: range, histories: list[list[str]]) -> float:
    """Microseconds per step of the engine alone, replaying games the heuristic played."""
    start = time.process_time()
    steps = replay_games(players, seeds, histories)
    return (time.process_time() - start) / steps * 1e6


def measure_round(players: int, seeds: range, order: list[str]) -> dict[str, float]:
    """One round: each agent's cost per decision on ``seeds`` (in ``order``), then the engine
    alone replaying the heuristic's games."""
    histories = [
        play_out(
            mw.new_game("deal", players=players, seed=seed),
            [HeuristicAgent() for _ in range(players)],
            seed=seed,
        ).history
        for seed in seeds
    ]
    costs = {name: cost_per_decision(name, players, seeds) for name in order}
    costs["engine"] = replay_cost(players, seeds, histories)
    return costs


def serve(args: argparse.Namespace) -> None:
    """A worker: reads one JSON request a line (``measure_round``'s arguments), answers each
    with one JSON line. ``speed`` runs one per tree, so each tree imports only its own code."""
    for name in ("random", "heuristic"):  # warm up: first-use imports and caches
        cost_per_decision(name, args.players, range(1))
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        seeds = range(request["start"], request["stop"])
        print(json.dumps(measure_round(args.players, seeds, request["order"])), flush=True)


def count(args: argparse.Namespace) -> None:
    """Run under callgrind by ``speed``: each measured part is one ``operator.call``, the
    function callgrind is told to count (``--toggle-collect``) and to dump after, so the
    imports, the warm-up and the heuristic's recorded games cost nothing in the counts."""
    seeds = range(args.seed, args.seed + args.games)
    for name in ("random", "heuristic"):
        cost_per_decision(name, args.players, range(1))
    histories = [
        play_out(
            mw.new_game("deal", players=args.players, seed=seed),
            [HeuristicAgent() for _ in range(args.players)],
            seed=seed,
        ).history
        for seed in seeds
    ]
    steps = {}
    for name in ("random", "heuristic"):
        steps[name] = operator.call(play_games, name, args.players, seeds)
    steps["engine"] = operator.call(replay_games, args.players, seeds, histories)
    print(json.dumps(steps))


def play_games(agent_name: str, players: int, seeds: range) -> int:
    """Whole games played by ``agent_name`` in every seat; how many decisions they took."""
    make = HeuristicAgent if agent_name == "heuristic" else RandomAgent
    steps = 0
    for seed in seeds:
        game = play_out(
            mw.new_game("deal", players=players, seed=seed),
            [make() for _ in range(players)],
            seed=seed,
        )
        steps += len(game.history)
    return steps


def replay_games(players: int, seeds: range, histories: list[list[str]]) -> int:
    """The engine alone replaying recorded games (the loop of ``play_out``, the recorded
    choice in place of the agent's); how many steps they took."""
    for seed, history in zip(seeds, histories, strict=True):
        game = mw.new_game("deal", players=players, seed=seed)
        for action_id in history:
            assert not game.is_over and game.current_player is not None
            for action in game.legal_actions():
                if action.id == action_id:
                    break
            game.apply(action)
    return sum(map(len, histories))


def speed(args: argparse.Namespace) -> None:
    trees: list[str | None] = [None, *args.against]
    serve_args = ["--players", str(args.players)]
    workers = [TreeWorker(__file__, tree, serve_args) for tree in trees]
    costs: list[dict[str, list[float]]] = [
        {"random": [], "heuristic": [], "engine": []} for _ in trees
    ]
    try:
        for round_ in range(args.rounds):
            seeds = range(args.seed + round_ * args.games, args.seed + (round_ + 1) * args.games)
            order = ["random", "heuristic"] if round_ % 2 == 0 else ["heuristic", "random"]
            turns = list(range(len(trees)))
            if round_ % 2:  # the trees take turns going first, like the agents
                turns.reverse()
            request = {"start": seeds.start, "stop": seeds.stop, "order": order}
            for index in turns:
                for name, value in workers[index].measure(request).items():
                    costs[index][name].append(value)
    finally:
        for worker in workers:
            worker.close()
    print(f"Deal, {args.players} players, {args.rounds} rounds of {args.games} games per agent")
    for tree, tree_costs in zip(trees, costs, strict=True):
        if len(trees) > 1:
            print(f"--- {tree or 'this tree'} (CPU time, rounds interleaved with the other tree)")
        report_speed(tree_costs)
        if args.count:
            report_count(tree, args)


def report_speed(costs: dict[str, list[float]]) -> None:
    random_us = statistics.median(costs["random"])
    heuristic_us = statistics.median(costs["heuristic"])
    engine_us = statistics.median(costs["engine"])
    print(
        f"random     {random_us:7.1f} us per decision (median; rounds {_rounded(costs['random'])})"
    )
    print(
        f"heuristic  {heuristic_us:7.1f} us per decision "
        f"(median; rounds {_rounded(costs['heuristic'])})"
    )
    print(f"ratio      {heuristic_us / random_us:.2f}x")
    own = heuristic_us - engine_us
    print(
        f"the heuristic's own cost (view + choice): {own:.1f} us per decision, "
        f"{own / engine_us:.2f}x the engine's step in the same games "
        f"({engine_us:.1f} us, replayed; rounds {_rounded(costs['engine'])})"
    )
    ratios = sorted(h / r for h, r in zip(costs["heuristic"], costs["random"], strict=True))
    low, high = _middle_half(ratios)
    print(
        f"paired ratio {statistics.median(ratios):.2f}x: the median of {len(ratios)} rounds' "
        f"heuristic/random on the same seeds (middle half {low:.2f}x to {high:.2f}x)"
    )


def report_count(tree: str | None, args: argparse.Namespace) -> None:
    """Instructions per decision under callgrind (see the module docstring)."""
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (apt-get install valgrind); skipped")
        return
    steps, counts = count_marked_calls(
        [
            __file__,
            "_count",
            *("--players", str(args.players), "--seed", str(args.seed)),
            *("--games", str(args.count_games)),
        ],
        tree,
    )
    per = {
        name: total / steps[name]
        for name, total in zip(("random", "heuristic", "engine"), counts, strict=True)
    }
    own = per["heuristic"] - per["engine"]
    print(
        f"instructions per decision (callgrind, {args.count_games} games, machine-independent): "
        f"random {per['random']:,.0f}, heuristic {per['heuristic']:,.0f}, "
        f"ratio {per['heuristic'] / per['random']:.2f}x; the heuristic's own {own:,.0f} "
        f"({own / per['heuristic']:.0%} of its decision; the engine's step in its games "
        f"{per['engine']:,.0f}, {per['engine'] / per['random']:.2f}x a random decision)"
    )


def _middle_half(values: list[float]) -> tuple[float, float]:
    """The first and third quartiles (the middle half of sorted ``values``)."""
    if len(values) < 2:
        return values[0], values[0]
    low, _, high = statistics.quantiles(values, n=4, method="inclusive")
    return low, high


def _rounded(values: list[float]) -> str:
    return ", ".join(f"{v:.0f}" for v in values)


def decisions(args: argparse.Namespace) -> None:
    heuristic, rand = HeuristicAgent(), RandomAgent()
    observe = getattr(heuristic, "observe", None)  # older trees have no decision view
    options = dict(_option(text) for text in args.option)
    for seed in range(args.seed, args.seed + args.games):
        game = mw.new_game("deal", players=2 + seed % 3, seed=seed, options=options or None)
        choose_rng, random_rng = random.Random(seed), random.Random(seed + 1)
        digest = hashlib.sha256()
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            for viewer in (seat, None, (seat + 1) % game.players):
                digest.update(json.dumps(game.observation(viewer), sort_keys=True).encode())
            legal = game.legal_actions()
            if observe is not None:  # the decision view play_out passes: it must agree
                twin = random.Random()
                twin.setstate(choose_rng.getstate())
                from_view = heuristic(observe(game.rules, game.state, seat), legal, twin)
            choice = heuristic(game.observation(seat), legal, choose_rng)
            if observe is not None and from_view is not choice:
                raise SystemExit(f"seed {seed}, step {game.step}: the view chose differently")
            digest.update(choice.id.encode())
            if seat == 1 and seed % 2:  # a random seat in odd games: stranger positions
                choice = rand(None, legal, random_rng)
            game.apply(choice)
        print(f"seed {seed}: {len(game.history)} steps, {digest.hexdigest()[:16]}")


def _option(text: str) -> tuple[str, object]:
    """``name=value`` from the command line; the value read as JSON when it is JSON."""
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def strength(args: argparse.Namespace) -> None:
    wins = 0
    for index in range(args.games):
        seed = args.seed + index
        seat = index % 2
        agents: list = [RandomAgent() for _ in range(args.players)]
        agents[seat] = HeuristicAgent()
        game = play_out(mw.new_game("deal", players=args.players, seed=seed), agents, seed=seed)
        wins += game.winner == seat
    print(f"heuristic against random, {args.players} players, {args.games} games:")
    print(f"heuristic wins {estimate_from_counts(wins, args.games)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["speed", "decisions", "strength", "_serve", "_count"])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument(
        "--against", action="append", default=[], help="another tree to measure alongside"
    )
    parser.add_argument(
        "--no-count", dest="count", action="store_false", help="skip the instruction counts"
    )
    parser.add_argument("--count-games", type=int, default=20, help="games counted by callgrind")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="decisions: a Deal rule option (VALUE as JSON, else text), e.g. "
        "ask_every_target=false to compare with a tree from before that option",
    )
    args = parser.parse_args(argv)
    defaults = {"speed": 20, "decisions": 60, "strength": 400, "_serve": 0, "_count": 20}
    args.games = args.games or defaults[args.what]
    commands = {"speed": speed, "decisions": decisions, "strength": strength}
    commands.update({"_serve": serve, "_count": count})
    commands[args.what](args)


if __name__ == "__main__":
    main()

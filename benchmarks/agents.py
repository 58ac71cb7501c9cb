"""What does a decision cost, per agent, and does the heuristic still choose the same?

Usage::

    python benchmarks/agents.py speed                  # 2-player Deal, cost per decision
    python benchmarks/agents.py speed --games 30 --rounds 5 --players 3
    python benchmarks/agents.py strength --games 400   # heuristic against random
    python benchmarks/agents.py decisions > mine.txt   # the heuristic's choices, hashed
    PYTHONPATH=/path/to/other/tree python benchmarks/agents.py decisions > theirs.txt

``speed`` plays whole games with ``play_out`` (the way tournaments do), random
bots and heuristic bots in alternating rounds on the same seeds, and prints the
median CPU microseconds per decision of each and their ratio. Interleaving matters
on a shared machine: both agents see the same load. It also replays the heuristic's
games without it (the engine alone), so the heuristic's own cost per decision (its
view and its choice) is the difference.

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
import random
import statistics
import time

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, RandomAgent, play_out
from monopoly_widgets.sim.intervals import estimate_from_counts


def cost_per_decision(agent_name: str, players: int, seeds: range) -> float:
    """Microseconds per decision over whole games played by ``agent_name`` in every seat."""
    make = HeuristicAgent if agent_name == "heuristic" else RandomAgent
    steps = 0
    start = time.process_time()  # CPU time: a shared, busy machine inflates it far less
    for seed in seeds:
        game = play_out(
            mw.new_game("deal", players=players, seed=seed),
            [make() for _ in range(players)],
            seed=seed,
        )
        steps += len(game.history)
    return (time.process_time() - start) / steps * 1e6


def replay_cost(players: int, seeds: range, histories: list[list[str]]) -> float:
    """Microseconds per step of the engine alone, replaying games the heuristic played
    (the same loop as ``play_out``, the recorded choice in place of the agent's)."""
    steps = 0
    start = time.process_time()
    for seed, history in zip(seeds, histories, strict=True):
        game = mw.new_game("deal", players=players, seed=seed)
        for action_id in history:
            assert not game.is_over and game.current_player is not None
            for action in game.legal_actions():
                if action.id == action_id:
                    break
            game.apply(action)
        steps += len(history)
    return (time.process_time() - start) / steps * 1e6


def speed(args: argparse.Namespace) -> None:
    costs: dict[str, list[float]] = {"random": [], "heuristic": [], "engine": []}
    for name in ("random", "heuristic"):  # warm up: first-use imports and caches
        cost_per_decision(name, args.players, range(1))
    for round_ in range(args.rounds):
        seeds = range(args.seed + round_ * args.games, args.seed + (round_ + 1) * args.games)
        histories = [
            play_out(
                mw.new_game("deal", players=args.players, seed=seed),
                [HeuristicAgent() for _ in range(args.players)],
                seed=seed,
            ).history
            for seed in seeds
        ]
        order = ("random", "heuristic") if round_ % 2 == 0 else ("heuristic", "random")
        for name in order:
            costs[name].append(cost_per_decision(name, args.players, seeds))
        costs["engine"].append(replay_cost(args.players, seeds, histories))
    random_us = statistics.median(costs["random"])
    heuristic_us = statistics.median(costs["heuristic"])
    engine_us = statistics.median(costs["engine"])
    print(f"Deal, {args.players} players, {args.rounds} rounds of {args.games} games per agent")
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


def _rounded(values: list[float]) -> str:
    return ", ".join(f"{v:.0f}" for v in values)


def decisions(args: argparse.Namespace) -> None:
    heuristic, rand = HeuristicAgent(), RandomAgent()
    observe = getattr(heuristic, "observe", None)  # older trees have no decision view
    for seed in range(args.seed, args.seed + args.games):
        game = mw.new_game("deal", players=2 + seed % 3, seed=seed)
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
    parser.add_argument("what", choices=["speed", "decisions", "strength"])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    defaults = {"speed": 20, "decisions": 60, "strength": 400}
    args.games = args.games or defaults[args.what]
    {"speed": speed, "decisions": decisions, "strength": strength}[args.what](args)


if __name__ == "__main__":
    main()

"""How strong is the search agent? Its win rate against the heuristic agent.

Usage::

    python benchmarks/search_agent.py                      # 2-player Deal, 400 fresh seeds
    python benchmarks/search_agent.py --games 100 --seed 7 --workers 1   # a paired comparison
    python benchmarks/search_agent.py --game bid
    python benchmarks/search_agent.py --games 300 --seed 910000 --workers 1 --record a.jsonl

Half the games seat the search agent first and half second (same seeds), so
the first-seat advantage cancels out. Prints the search agent's win rate with
its 95% Wilson interval, the heuristic's, the draws, and the search agent's
thinking time per game: CPU seconds spent inside its calls (``thinking_s``),
median, mean and 90th percentile, which a busy shared machine inflates far less
than wall clock, and the rollouts it played per game.
The load average is printed before and after, since it still matters.

Without ``--seed`` the seeds are fresh (drawn at random and printed), so a
final figure is not measured on the seeds the agent was tuned on; give the same
``--seed`` to compare two settings on the same games; ``--record`` writes each game's
outcome, so two settings can be compared game by game (most games end the same way
under both, so the games that differ say more than the totals).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, play_out
from monopoly_widgets.agents.deal.policy import DealPolicyAgent
from monopoly_widgets.agents.search import SearchAgent
from monopoly_widgets.sim.intervals import estimate_from_counts


def key_kinds_argument(text: str) -> frozenset[str] | str | None:
    """``--key-kinds`` as ``SearchAgent`` takes it."""
    if text == "all":
        return None
    if text == "game":
        return "game"
    return frozenset(text.split(","))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="deal", choices=["deal", "bid", "cardgame"])
    parser.add_argument("--games", type=int, default=400, help="total games (half per seating)")
    defaults = SearchAgent()
    parser.add_argument("--playouts", type=int, default=defaults.playouts)
    parser.add_argument(
        "--game-playouts",
        default=str(defaults.game_playouts),
        help="rollouts for a whole game, or 'None' for no game budget",
    )
    parser.add_argument(
        "--horizon",
        default=str(defaults.horizon),
        help="turns a rollout looks ahead, or 'end' to play to the end",
    )
    parser.add_argument(
        "--late-horizon",
        default=str(defaults.late_horizon),
        help="the horizon once someone has 2 complete sets, or 'end'",
    )
    parser.add_argument("--candidates", type=int, default=defaults.candidates)
    parser.add_argument("--margin", type=float, default=defaults.margin)
    parser.add_argument("--strictness", type=float, default=defaults.strictness)
    parser.add_argument(
        "--beliefs",
        default=str(defaults.beliefs),
        choices=["heuristic", "None"],
        help="how other hands are imagined: leaning as a heuristic player's do, or 'None' (fair)",
    )
    parser.add_argument(
        "--rollout",
        default=defaults.rollout_name,
        choices=["heuristic", "deal_policy", "random"],
    )
    parser.add_argument(
        "--rollout-rules",
        default=None,
        help="with --rollout deal_policy: comma-separated DealPolicyAgent rules to use "
        "(default: all of them), e.g. to leave out one that makes rollouts longer",
    )
    parser.add_argument(
        "--opponents",
        default=str(defaults.opponents_name),
        choices=["heuristic", "deal_policy", "random", "None"],
        help="the agent for the other seats in rollouts ('None': the rollout agent)",
    )
    parser.add_argument(
        "--key-kinds",
        default="game",
        help="comma-separated action kinds worth searching, e.g. play,pay; "
        "'game' (default): the game's search_kinds; 'all': every decision",
    )
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=None, help="first seed (default: fresh)")
    parser.add_argument(
        "--record",
        default=None,
        help="also write one JSON line per game (seed, seat, winner, thinking, rollouts) here, "
        "to compare two settings game by game",
    )
    args = parser.parse_args(argv)
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(10**6, 10**9)

    rollout = args.rollout
    if args.rollout_rules is not None:
        if rollout != "deal_policy":
            parser.error("--rollout-rules needs --rollout deal_policy")
        rollout = DealPolicyAgent(rules=args.rollout_rules.split(","))
    search = SearchAgent(
        playouts=args.playouts,
        rollout=rollout,
        opponents=None if args.opponents == "None" else args.opponents,
        horizon=None if args.horizon == "end" else int(args.horizon),
        late_horizon=None if args.late_horizon in ("end", "None") else int(args.late_horizon),
        game_playouts=None if args.game_playouts == "None" else int(args.game_playouts),
        candidates=args.candidates,
        margin=args.margin,
        strictness=args.strictness,
        beliefs=None if args.beliefs == "None" else args.beliefs,
        key_kinds=key_kinds_argument(args.key_kinds),
    )
    half = args.games // 2
    # Seatings alternate, so a run cut short still has as many games in each.
    jobs = [(args.game, search, seat, args.seed + i) for i in range(half) for seat in (0, 1)]
    print(f"load average before: {_load()}")
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers or os.cpu_count()) as pool:
        results = []
        for result in pool.map(_one_game, jobs):
            results.append(result)
            if len(results) % 20 == 0:  # a running tally: long runs on a busy machine
                wins = sum(result[0] == result[1] for result in results)
                print(f"  {len(results)} games: search won {wins}", flush=True)
    seconds = time.perf_counter() - start
    if args.record:
        with open(args.record, "w", encoding="utf-8") as out:
            for (_, _, seat, seed), (winner, _, think, spent) in zip(jobs, results, strict=False):
                row = {"seed": seed, "seat": seat, "winner": winner, "thinking_s": think}
                out.write(json.dumps({**row, "rollouts": spent}) + "\n")
    n = len(results)
    search_wins = sum(winner == seat for winner, seat, _, _ in results)
    draws = sum(winner is None for winner, _, _, _ in results)
    heuristic_wins = n - search_wins - draws
    thinking = sorted(think for _, _, think, _ in results)
    rollouts = [spent for _, _, _, spent in results]
    print(f"load average after: {_load()}")
    print(f"{args.game}, 2 players, {n} games (seeds {args.seed}..{args.seed + half - 1}, each")
    print(f"  seating), {search!r} vs HeuristicAgent()")
    print(f"search wins    {estimate_from_counts(search_wins, n)}")
    print(f"heuristic wins {estimate_from_counts(heuristic_wins, n)}")
    print(f"draws          {draws}")
    decided = search_wins + heuristic_wins
    if decided:
        print(f"search share of decided games {estimate_from_counts(search_wins, decided)}")
    print(
        f"thinking: {statistics.median(thinking):.2f} s CPU per game median, "
        f"{statistics.fmean(thinking):.2f} mean, {thinking[(9 * n) // 10]:.2f} p90, "
        f"{thinking[-1]:.2f} max"
    )
    print(
        f"rollouts: {statistics.median(rollouts):.0f} per game median, "
        f"{statistics.fmean(rollouts):.0f} mean"
    )
    print(f"{seconds / n:.2f} s per game (wall clock, all workers)")


def _one_game(job: tuple[str, SearchAgent, int, int]) -> tuple[int | None, int, float, int]:
    """(winner, the search agent's seat, its thinking seconds, its rollouts) of one game."""
    game_name, search, seat, seed = job
    agents: list = [HeuristicAgent(), HeuristicAgent()]
    agents[seat] = search
    game = play_out(mw.new_game(game_name, players=2, seed=seed), agents, seed=seed)
    return game.winner, seat, search.thinking_s, search.spent


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()

"""How strong is the search agent? Its win rate against the heuristic agent.

Usage::

    python benchmarks/search_agent.py                      # 2-player Deal, 200 games
    python benchmarks/search_agent.py --games 400 --playouts 64 --workers 2
    python benchmarks/search_agent.py --game bid

Half the games seat the search agent first and half second (same seeds), so
the first-seat advantage cancels out. Prints the search agent's win rate with
its 95% Wilson interval, the heuristic's, the draws, and seconds per game.
"""

from __future__ import annotations

import argparse
import time

import pandas as pd

from monopoly_widgets.agents.search import SearchAgent
from monopoly_widgets.sim import simulate
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
    parser.add_argument("--games", type=int, default=200, help="total games (half per seating)")
    parser.add_argument("--playouts", type=int, default=16)
    parser.add_argument(
        "--horizon", default="2", help="turns a rollout looks ahead, or 'end' to play to the end"
    )
    parser.add_argument("--candidates", type=int, default=6)
    parser.add_argument("--margin", type=float, default=0.01)
    parser.add_argument("--strictness", type=float, default=1.0)
    parser.add_argument("--rollout", default="heuristic", choices=["heuristic", "random"])
    parser.add_argument(
        "--key-kinds",
        default="game",
        help="comma-separated action kinds worth searching, e.g. play,pay; "
        "'game' (default): the game's KEY_KINDS; 'all': every decision",
    )
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    search = SearchAgent(
        playouts=args.playouts,
        rollout=args.rollout,
        horizon=None if args.horizon == "end" else int(args.horizon),
        candidates=args.candidates,
        margin=args.margin,
        strictness=args.strictness,
        key_kinds=key_kinds_argument(args.key_kinds),
    )
    half = args.games // 2
    start = time.perf_counter()
    first = simulate(
        args.game, [search, "heuristic"], games=half, seed=args.seed, workers=args.workers
    )
    second = simulate(
        args.game, ["heuristic", search], games=half, seed=args.seed, workers=args.workers
    )
    seconds = time.perf_counter() - start
    results = pd.concat([first.assign(search_seat=0), second.assign(search_seat=1)])
    n = len(results)
    search_wins = int((results["winner"] == results["search_seat"]).fillna(False).sum())
    draws = int(results["draw"].sum())
    heuristic_wins = n - search_wins - draws
    print(f"{args.game}, 2 players, {n} games, {search!r} vs HeuristicAgent()")
    print(f"search wins    {estimate_from_counts(search_wins, n)}")
    print(f"heuristic wins {estimate_from_counts(heuristic_wins, n)}")
    print(f"draws          {draws}")
    decided = search_wins + heuristic_wins
    if decided:
        print(f"search share of decided games {estimate_from_counts(search_wins, decided)}")
    print(f"{seconds / n:.2f} s per game (wall clock, all workers)")


if __name__ == "__main__":
    main()

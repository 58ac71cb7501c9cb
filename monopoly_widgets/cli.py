"""The command line: ``python -m monopoly_widgets ...`` (or ``monopoly-widgets ...``).

Examples::

    python -m monopoly_widgets simulate deal --players 3 --games 1000 --seed 1
    python -m monopoly_widgets simulate deal --agents heuristic,random,random
    python -m monopoly_widgets simulate bid --games 200 --workers 2
    python -m monopoly_widgets simulate cardgame --option some_option=3
    python -m monopoly_widgets games

``simulate`` prints each seat's win rate with a 95% interval, the mean and
median game length, and how many games were draws or stalls (engines end a
stalled game as a draw at their documented turn cap, so a run always ends).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.errors import MonopolyWidgetsError
from monopoly_widgets.core.registry import GAMES, describe
from monopoly_widgets.csv_output import add_csv_arguments, check_csv_target, write_csv
from monopoly_widgets.league.cli import add_league_parser, run_league
from monopoly_widgets.lessons.cli import add_lessons_parser, run_lessons
from monopoly_widgets.lite.cli import add_lite_parser, run_lite
from monopoly_widgets.server.cli import add_serve_parser, run_serve
from monopoly_widgets.widgets.replay_cli import add_replay_parser, run_replay

#: Runs with at least this many games show a progress bar (unless --no-progress).
PROGRESS_FROM = 50


def parse_option(text: str) -> tuple[str, Any]:
    """``name=value`` with the value read as JSON if it can be (``3``, ``true``), else text."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"an option must look like name=value, not {text!r}")
    try:
        value = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):  # too deep for JSON: the option check says so
        value = raw
    return name.strip(), value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (its help is the CLI's documentation)."""
    parser = argparse.ArgumentParser(
        prog="python -m monopoly_widgets",
        description="Monopoly card games for teaching: play many games between agents.",
    )
    commands = parser.add_subparsers(dest="command", metavar="command")
    commands.required = True

    sim = commands.add_parser(
        "simulate",
        help="play many games between agents and print win rates",
        description=(
            "Play many games and print each seat's win rate with a 95% Wilson interval, "
            "the mean and median game length, and the number of draws or stalls. "
            "Without --agents, seat 0 is the heuristic bot and every other seat random."
        ),
    )
    sim.add_argument("game", type=str.lower, help="deal, bid or cardgame (any capitals)")
    sim.add_argument(
        "--players",
        type=int,
        default=None,
        help="seats (default: one per agent in --agents, or 2)",
    )
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    sim.add_argument(
        "--agents",
        default=None,
        help="comma-separated agents per seat: random, heuristic, deal_policy, search "
        "(one name fills every seat; default: heuristic in seat 0, random in the others)",
    )
    sim.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    sim.add_argument(
        "--option",
        action="append",
        type=parse_option,
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, repeatable (value read as JSON when possible)",
    )
    add_csv_arguments(sim)
    sim.add_argument("--no-progress", action="store_true", help="hide the progress bar")

    commands.add_parser("games", help="list the games, with their player counts")
    add_lite_parser(commands)
    add_replay_parser(commands)
    add_lessons_parser(commands)
    add_league_parser(commands)
    add_serve_parser(commands)
    return parser


def seat_agents(agents: str | None, players: int | None) -> list[str]:
    """The agent names, one per seat: seat 0 heuristic and the rest random unless given."""
    if agents is None:
        return ["heuristic"] + ["random"] * ((players if players is not None else 2) - 1)
    return [name.strip().lower() for name in agents.split(",") if name.strip()]


def check_player_count(game: str, players: int) -> None:
    """Say first if the game cannot be played by ``players`` (before any agent problem)."""
    descriptor = describe(game)
    if not descriptor.min_players <= players <= descriptor.max_players:
        raise ValueError(
            f"{descriptor.title} is for {descriptor.min_players} to {descriptor.max_players} "
            f"players, not {players}"
        )


def run_simulate(args: argparse.Namespace) -> int:
    """The ``simulate`` command."""
    from monopoly_widgets.sim import SimulationError, simulate, summarize

    agents = seat_agents(args.agents, args.players)
    if args.players is not None or len(agents) > 1:  # one agent alone fills every seat
        check_player_count(args.game, args.players if args.players is not None else len(agents))
    if args.csv:
        check_csv_target(args.csv, args.overwrite)  # before any game is played
    progress = not args.no_progress and args.games >= PROGRESS_FROM
    status = 0
    try:
        results = simulate(
            args.game,
            agents,
            games=args.games,
            seed=args.seed,
            options=dict(args.option),
            players=args.players,
            progress=progress,
            workers=args.workers,
        )
    except SimulationError as exc:
        print(f"warning: {exc}", file=sys.stderr)
        results = exc.results
        status = 1
    played = results["error"].isna().sum()
    if played:
        print(f"{args.game}: seed {args.seed}")
        print(summarize(results))
    if args.csv:  # after the summary is printed: a failed write loses no result
        write_csv(results, args.csv, args.overwrite)
    return status


def run_games() -> int:
    """The ``games`` command."""
    for game in GAMES.values():
        print(f"{game.name:<9} {game.title}, {game.min_players}-{game.max_players} players")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 fine, 1 failed games, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "simulate":
            return run_simulate(args)
        if args.command == "lite":
            return run_lite(args)
        if args.command == "replay":
            return run_replay(args)
        if args.command == "lessons":
            return run_lessons(args)
        if args.command == "league":
            return run_league(args)
        if args.command == "serve":
            return run_serve(args)
        return run_games()
    except (MonopolyWidgetsError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

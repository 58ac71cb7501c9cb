"""Environment speed: a step through the RL environments against a plain ``Game.apply`` step.

Usage::

    python benchmarks/rl_env.py                       # every game, 2 and 3 players
    python benchmarks/rl_env.py --game deal --players 2 10 --steps 3000 --repeats 7
    python benchmarks/rl_env.py --instructions --players 2 3 most   # most: each game's largest

A player count a game does not allow (Bid at 10) is left out for that game, and said so.

Issue 31 asks that a step through the environment, mask and encoding included, cost at most
about twice a plain engine step. Three loops play the same number of random decisions from
the same seeds, interleaved in each repeat (so a busy machine slows all three alike):

* ``plain``: ``game.legal_actions()``, a random choice, ``game.apply(action)`` (the
  denominator of every ratio);
* ``raw env``: what a PettingZoo loop does at each decision: ``raw_env.last()`` (the
  acting agent's encoded view and action mask, built afresh), a random legal number (from
  ``info["legal_moves"]``: searching a 7,000-long mask with numpy costs more than a step,
  and is the policy's work, not the environment's), ``raw_env.step(number)`` (which also
  lists the next legal actions by catalogue number);
* ``env``: the same through ``rl.env()``, with PettingZoo's order-checking wrapper.

Games that end are reset (the reset counts too). To compare two checkouts, run this script
from each, alternately, in one session (``docs/rl.md`` quotes such a run).
Time is this process's CPU time (``time.process_time``). Prints the median microseconds per
decision of each loop over the repeats and its ratio to ``plain``, and the load average.

``--instructions`` counts instead the CPU instructions per decision of ``plain`` and
``raw env`` with valgrind's callgrind, which no other work on the machine can disturb:
in one child process under valgrind, each loop plays ``--steps`` decisions after a
warm-up of as many on other seeds (the engines' memos filled alike), and only the
measured loops are counted (each is one ``operator.call``, the function callgrind is told
to count). A full garbage collection comes before each measured loop: one that fell inside
a loop cost about 19M instructions (9.4k a decision over 2,000, issue 47's 2-player
figure), and where it falls depends on every allocation before it, not on the step's cost.
``--tree OTHER_CHECKOUT`` counts another checkout's code, for a before/after.
"""

from __future__ import annotations

import argparse
import gc
import json
import operator
import os
import random
import statistics
import sys
import time
from pathlib import Path

import monopoly_widgets as mw
from monopoly_widgets.core.registry import describe
from monopoly_widgets.rl import env, raw_env


def seatings(games: list[str], counts: list[str]) -> list[tuple[str, int]]:
    """(game, players) for each game and each count it allows, ``most`` being its largest;
    the counts a game does not allow are named on stderr and left out."""
    chosen = []
    for game in games:
        descriptor = describe(game)
        for count in counts:
            players = descriptor.max_players if count == "most" else int(count)
            if descriptor.min_players <= players <= descriptor.max_players:
                chosen.append((game, players))
            else:
                allowed = f"{descriptor.min_players} to {descriptor.max_players}"
                print(
                    f"{game} left out at {players} players (it allows {allowed})", file=sys.stderr
                )
    return chosen


def plain(game: str, players: int, steps: int, seed: int) -> float:
    rng = random.Random(seed)
    done = 0
    started = time.process_time()
    while done < steps:
        played = mw.new_game(game, players=players, seed=seed + done)
        while not played.is_over and done < steps:
            played.apply(rng.choice(played.legal_actions()))
            done += 1
    return (time.process_time() - started) / steps


def through_env(aec, steps: int, seed: int) -> float:
    rng = random.Random(seed)
    done = 0
    started = time.process_time()
    while done < steps:
        aec.reset(seed=seed + done)
        while done < steps:
            observation, _, terminated, truncated, info = aec.last()
            if terminated or truncated:
                break
            aec.step(rng.choice(info["legal_moves"]))
            done += 1
    return (time.process_time() - started) / steps


def count(args: argparse.Namespace) -> None:
    """Run under callgrind by :func:`instructions`: each measured loop is one
    ``operator.call``; prints the games measured, in order, as JSON."""
    measured = []
    for game, players in seatings(args.game, args.players):
        raw = raw_env(game, players)
        plain(game, players, args.steps, 1)  # the warm-up, on other seeds
        through_env(raw, args.steps, 1)
        gc.collect()  # so that no full collection falls inside one loop and not the other
        operator.call(plain, game, players, args.steps, 100)
        gc.collect()
        operator.call(through_env, raw, args.steps, 100)
        measured.append(f"{game} {players}p")
    print(json.dumps(measured))


def instructions(args: argparse.Namespace) -> None:
    """Instructions per decision under callgrind (see the module docstring)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from callgrind import count_marked_calls

    seatings(args.game, args.players)  # says here what is left out: the child's stderr is not shown
    arguments = [__file__, "--count", "--game", *args.game, "--players", *args.players]
    measured, counts = count_marked_calls([*arguments, "--steps", str(args.steps)], args.tree)
    parts = [count / args.steps for count in counts]
    print(f"instructions per decision (callgrind, {args.tree or 'this tree'}):")
    for k, name in enumerate(measured):
        base, raw = parts[2 * k], parts[2 * k + 1]
        print(f"{name}: plain {base:,.0f}, raw env {raw:,.0f} ({raw / base:.2f}x)")


def _player_count(text: str) -> str:
    if text != "most" and not text.isdigit():
        raise argparse.ArgumentTypeError(f"a number of players or 'most', not {text!r}")
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", nargs="+", default=["deal", "bid", "cardgame"])
    parser.add_argument(
        "--players", nargs="+", type=_player_count, default=["2", "3"], help="numbers, or most"
    )
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--tree", help="with --instructions: the checkout whose code to count")
    parser.add_argument("--count", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.count:
        count(args)
        return
    if args.instructions:
        instructions(args)
        return
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for game, players in seatings(args.game, args.players):
        raw, wrapped = raw_env(game, players), env(game, players)
        loops = {
            "plain": lambda seed, g=game, p=players: plain(g, p, args.steps, seed),
            "raw env": lambda seed, e=raw: through_env(e, args.steps, seed),
            "env": lambda seed, e=wrapped: through_env(e, args.steps, seed),
        }
        for loop in loops.values():
            loop(1)  # warm up: imports, the catalogue, the engines' memos
        times: dict[str, list[float]] = {name: [] for name in loops}
        for repeat in range(args.repeats):
            for name, loop in loops.items():
                times[name].append(loop(100 + repeat))
        base = statistics.median(times["plain"])
        shown = ", ".join(
            f"{name} {statistics.median(t) * 1e6:.1f} us ({statistics.median(t) / base:.2f}x)"
            for name, t in times.items()
        )
        print(f"{game} {players}p, {args.steps} decisions x {args.repeats}: {shown}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

"""Where a random game's work goes, by the kind of decision.

Usage::

    python benchmarks/decision_costs.py                       # Deal, 2 players
    python benchmarks/decision_costs.py --game bid --players 3 --games 30
    python benchmarks/decision_costs.py --kind wild           # one kind's costs, by function

Plays random games through ``Game.legal_actions()`` and ``Game.apply()`` (as
``benchmarks/engine.py`` and ``peer-speed`` do) and counts the Python bytecodes executed
(``sys.settrace`` opcode events) while carrying out each kind of action (the action id's
first part: ``wild``, ``end_turn``, ``bank`` ...) and while listing the legal actions that
follow it. A count does not depend on the machine's load, so two versions of the code can
be compared on any day; a bytecode is not a fixed number of CPU instructions (a call or a
new object costs far more than a comparison), so confirm a change with
``engine.py --instructions``. Warm-up games come first, so the engines' memos are as full
as in a long simulation.

It prints, per kind: how many a game, bytecodes to carry one out and to list the next
decision, and that kind's share of all the bytecodes. ``--kind K`` prints instead where
carrying out kind ``K`` spends its bytecodes, by function.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from functools import partial
from types import FrameType
from typing import Any

import monopoly_widgets as mw


class OpcodeCounter:
    """Counts bytecodes while switched on, in total and by function (``file:function``)."""

    def __init__(self) -> None:
        self.total = 0
        self.by_function: Counter[str] = Counter()

    def _trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
        elif event == "opcode":
            self.total += 1
            code = frame.f_code
            self.by_function[f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_name}"] += 1
        return self._trace

    def on(self) -> None:
        sys.settrace(self._trace)

    def off(self) -> None:
        sys.settrace(None)


def kind_of(action_id: str) -> str:
    return action_id.split(":", 1)[0]


class Tally:
    """The bytecodes of each kind of step: carrying an action of each kind out (``apply``)
    and listing the decision after it (``list``), or with ``only`` carrying out that kind
    alone (then ``counter.by_function`` says where they went)."""

    def __init__(self, counter: OpcodeCounter, only: str | None) -> None:
        self.counter = counter
        self.only = only
        self.parts: dict[str, Counter[str]] = {"list": Counter(), "apply": Counter()}
        self.times: Counter[str] = Counter()

    def run(self, part: str, kind: str, step: Callable[[], Any]) -> Any:
        """``step()``, its bytecodes added to ``part`` under ``kind`` if they are counted."""
        if self.only is not None and (part != "apply" or kind != self.only):
            return step()
        start = self.counter.total
        self.counter.on()
        try:
            return step()
        finally:
            self.counter.off()
            self.parts[part][kind] += self.counter.total - start
            if part == "apply":
                self.times[kind] += 1


def play(game_name: str, players: int, seed: int, tally: Tally | None) -> None:
    """One random game; with ``tally``, the bytecodes of its steps are counted in it."""
    rng = random.Random(seed)
    game = mw.new_game(game_name, players=players, seed=seed)
    before = "deal"
    while not game.is_over:
        if tally is None:
            actions = game.legal_actions()
        else:
            actions = tally.run("list", before, game.legal_actions)
        action = actions[int(rng.random() * len(actions))]
        before = kind_of(action.id)
        if tally is None:
            game.apply(action)
        else:
            tally.run("apply", before, partial(game.apply, action))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="deal", choices=["deal", "bid", "cardgame"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20, help="games counted")
    parser.add_argument("--warm-up", type=int, default=300, help="games played first")
    parser.add_argument("--kind", help="where carrying out this kind of action goes")
    args = parser.parse_args(argv)

    for seed in range(1000, 1000 + args.warm_up):
        play(args.game, args.players, seed, None)
    counter = OpcodeCounter()
    tally = Tally(counter, args.kind)
    for seed in range(50_000, 50_000 + args.games):
        play(args.game, args.players, seed, tally)

    n = tally.times
    if args.kind:
        done = n[args.kind]
        if not done:
            raise SystemExit(f"no {args.kind!r} action was chosen in {args.games} games")
        print(
            f"{args.game}, {args.players} players: carrying out {done} {args.kind!r} actions, "
            f"{counter.total / done:.0f} bytecodes each, by function:"
        )
        for name, value in counter.by_function.most_common(25):
            print(f"{value / done:8.1f}  {name}")
        return
    total = counter.total
    decisions = sum(n.values())
    print(
        f"{args.game}, {args.players} players: {decisions / args.games:.0f} decisions a game, "
        f"{total / decisions:.0f} bytecodes a decision ({args.games} games after "
        f"{args.warm_up} of warm-up)"
    )
    print(f"{'kind':<10} {'a game':>7} {'carry out':>10} {'list next':>10} {'share':>7}")
    for kind, times in n.most_common():
        carry, listing = tally.parts["apply"][kind], tally.parts["list"][kind]
        share = 100 * (carry + listing) / total
        carry, listing = carry / times, listing / times
        print(f"{kind:<10} {times / args.games:7.1f} {carry:10.0f} {listing:10.0f} {share:6.1f}%")


if __name__ == "__main__":
    main()

"""Soak: many random games of every game, player count and several option sets, checked.

Usage::

    python benchmarks/soak.py                      # about a minute on one core
    python benchmarks/soak.py --games 200 --workers 2
    python benchmarks/soak.py --game deal --players 2 5 --seconds 600

Random players (``RandomAgent``) play each (game, players, option set) through
the public ``Game`` API. After EVERY action the invariants are checked: every
card is in exactly one place (``card_census`` is a permutation of
``deck_ids``), a game that is not over has a current player and at least one
legal action, action ids are unique and belong to the current player. After
each game: it saves and loads back to the same JSON and the same final
position, its final position round-trips through ``from_position``, undo
returns the exact earlier state, and the same seed plays the same game again.

Prints games, actions and violations per (game, option set) and in total;
exits with status 1 if any invariant was violated (each one is listed with the
seed that reproduces it).
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.registry import get_rules
from monopoly_widgets.core.rng import make_rng

#: Option sets per game: the defaults, and sets that flip many options at once.
OPTION_SETS: dict[str, dict[str, dict[str, Any]]] = {
    "deal": {
        "defaults": {},
        "leaflet-ish": {
            "hand_limit_discard_to": "draw_pile_bottom",
            "double_rent_stack": True,
            "wild_moves": "once_between_plays",
            "win_declared_on_own_turn": True,
        },
        "house-rules": {
            "building_payment": "set_or_bank",
            "broken_set_buildings_to": "discard_pile",
            "multicolour_wild_moves_to": "any_colour",
            "forced_deal_give_from_full_set": True,
            "just_say_no_uses_play_on_own_turn": False,
            "max_turns": 60,
        },
    },
    "bid": {
        "defaults": {},
        "no-mulligan-no-raise": {"mulligan": False, "tie_raise_rounds": 0},
        "long-ties": {"tie_raise_rounds": 3, "tie_raise_must_add_card": True},
    },
    "cardgame": {
        "defaults": {},
        # Short hands that nobody goes out of: exercises unfinished_hand and the caps
        # (random players rarely tie or empty the draw pile under the defaults).
        "short-hands-draws": {
            "max_turns_per_hand": 8,
            "unfinished_hand": "score_all",
            "empty_draw_pile": "end_hand",
            "top_tie": "draw",
            "cap_result": "draw",
            "max_stalled_hands": 4,
        },
        "short-match": {"target": 3000, "max_hands": 4, "max_turns_per_hand": 20},
    },
}

MAX_STEPS = 50_000


@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    violations: list[str] = field(default_factory=list)


def check_step(game: mw.Game) -> str | None:
    """The invariants that hold after every action; a description of the first broken one."""
    rules, state = game.rules, game.state
    census, deck = Counter(rules.card_census(state)), Counter(rules.deck_ids(state))
    if census != deck:
        return f"cards lost {dict(deck - census)} or duplicated {dict(census - deck)}"
    if game.is_over:
        if game.current_player is not None or game.legal_actions():
            return "a finished game still has a player to act or legal actions"
        return None
    seat = game.current_player
    legal = game.legal_actions()
    if seat is None or not 0 <= seat < game.players:
        return f"current player {seat!r} is not a seat"
    if not legal:
        return "a game that is not over offers no legal action"
    ids = [a.id for a in legal]
    if len(ids) != len(set(ids)):
        return "duplicate action ids"
    if any(a.player != seat for a in legal):
        return "an action belongs to someone other than the current player"
    return None


def check_game(game: mw.Game, options: dict[str, Any]) -> str | None:
    """The checks made once a game is over: save/load, positions, undo, determinism."""
    saved = game.to_json()
    loaded = mw.load_game(saved)
    if loaded.to_json() != saved or loaded.position() != game.position():
        return "a saved game loads back differently"
    position = game.position()
    if mw.from_position(game.name, position, options).position() != position:
        return "the final position does not round-trip through from_position"
    if game.step >= 2:
        back = max(0, game.step // 2)
        expected = mw.new_game(game.name, game.players, game.seed, options)
        for action_id in game.history[:back]:
            expected.apply(action_id)
        copy = loaded
        copy.go_back_to(back)
        if copy.position() != expected.position():
            return f"going back to step {back} does not give the state played then"
    again = play(game.name, game.players, game.seed, options)[0]
    if again.history != game.history:
        return "the same seed played a different game"
    return None


def play(name: str, players: int, seed: int, options: dict[str, Any]) -> tuple[mw.Game, str]:
    """One random game with the per-step checks; returns the game and the first violation."""
    game = mw.new_game(name, players=players, seed=seed, options=options)
    agent = RandomAgent()
    rng = make_rng(seed, "soak")
    problem = check_step(game) or ""
    while not game.is_over and not problem:
        game.apply(agent(None, game.legal_actions(), rng))
        problem = check_step(game) or ""
        if game.step > MAX_STEPS:
            problem = f"no end after {MAX_STEPS} actions"
    return game, problem


def soak_one(job: tuple[str, int, str, int, int]) -> tuple[str, str, int, int, list[str]]:
    """Play ``count`` games of one (game, players, option set) from ``first_seed``."""
    name, players, set_name, first_seed, count = job
    options = OPTION_SETS[name][set_name]
    actions, violations = 0, []
    for seed in range(first_seed, first_seed + count):
        where = f"{name} {players}p {set_name} seed={seed}"
        try:
            game, problem = play(name, players, seed, options)
            actions += game.step
            problem = problem or check_game(game, options) or ""
        except Exception as exc:  # a crash is a violation too: report it with its seed
            problem = f"{type(exc).__name__}: {str(exc)[:200]}"
        if problem:
            violations.append(f"{where}: {problem}")
    return name, set_name, count, actions, violations


def jobs(names: list[str], players: list[int] | None, games: int, chunk: int) -> list[Any]:
    found = []
    for name in names:
        rules = get_rules(name)
        counts = players or list(range(rules.min_players, rules.max_players + 1))
        for count, set_name in itertools.product(counts, OPTION_SETS[name]):
            if not rules.min_players <= count <= rules.max_players:
                continue
            unknown = set(OPTION_SETS[name][set_name]) - set(rules.options)
            if unknown:
                raise SystemExit(f"option set {name}/{set_name}: unknown options {sorted(unknown)}")
            for first in range(0, games, chunk):
                found.append((name, count, set_name, first, min(chunk, games - first)))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="+", default=list(OPTION_SETS), choices=list(OPTION_SETS))
    parser.add_argument("--players", type=int, nargs="+", help="default: every allowed count")
    parser.add_argument(
        "--games", type=int, default=4, help="games per (game, players, option set)"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--seconds", type=float, help="keep soaking rounds until this long")
    parser.add_argument("--json", action="store_true", help="print the totals as JSON too")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    tallies: dict[tuple[str, str], Tally] = {}
    round_number = 0
    with ProcessPoolExecutor(args.workers) if args.workers > 1 else _InProcess() as pool:
        while True:
            batch = jobs(args.game, args.players, args.games, chunk=max(1, args.games // 2))
            # Later rounds use fresh seeds so a longer soak never repeats a game.
            batch = [(n, p, s, f + round_number * args.games, c) for n, p, s, f, c in batch]
            for name, set_name, count, actions, violations in pool.map(soak_one, batch):
                tally = tallies.setdefault((name, set_name), Tally())
                tally.games += count
                tally.actions += actions
                tally.violations += violations
            round_number += 1
            if args.seconds is None or time.perf_counter() - start >= args.seconds:
                break
    elapsed = time.perf_counter() - start

    print(f"{'game':10} {'option set':22} {'games':>7} {'actions':>10} {'violations':>10}")
    for (name, set_name), tally in sorted(tallies.items()):
        print(
            f"{name:10} {set_name:22} {tally.games:7d} {tally.actions:10d} "
            f"{len(tally.violations):10d}"
        )
    total = Tally(
        sum(t.games for t in tallies.values()),
        sum(t.actions for t in tallies.values()),
        [v for t in tallies.values() for v in t.violations],
    )
    print(
        f"total: {total.games} games, {total.actions} actions, "
        f"{len(total.violations)} violations in {elapsed:.0f} s"
    )
    for violation in total.violations[:50]:
        print("  VIOLATION", violation)
    if args.json:
        print(
            json.dumps(
                {
                    "games": total.games,
                    "actions": total.actions,
                    "violations": len(total.violations),
                    "seconds": round(elapsed, 1),
                }
            )
        )
    return 1 if total.violations else 0


class _InProcess:
    """``pool.map`` in this process (``--workers 1``), as a context manager."""

    def __enter__(self) -> _InProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Any, items: list[Any]) -> Any:
        return map(fn, items)


if __name__ == "__main__":
    raise SystemExit(main())

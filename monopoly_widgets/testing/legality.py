"""Legality written once: the list of legal actions and the explanations agree.

Modelled on OpenSpiel's ``test_consistent``. At every step of a random game,
``why_illegal`` must say nothing (``None`` or ``""``) about each id that
``legal_actions`` offers, and must give a reason about each id that is *not*
offered: ids that were legal earlier in the game (stale) and legal ids with one
part changed (mutated). A second, guessing copy of the rules fails this at once.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from monopoly_widgets.core.game import Game
from monopoly_widgets.core.serialization import new_game


def mutated_ids(legal_ids: list[str], other_ids: Iterable[str], rng: random.Random) -> set[str]:
    """Near misses of the legal ids: one ``:``-separated part swapped, dropped or added.

    Parts are swapped for parts seen in other ids at the same place (a real card
    name or seat in the wrong spot), so the mutations probe the rules rather
    than the id parser alone.
    """
    pool = list(dict.fromkeys([*legal_ids, *other_ids]))
    parts_at: dict[int, list[str]] = {}
    for action_id in pool:
        for place, part in enumerate(action_id.split(":")):
            parts_at.setdefault(place, []).append(part)
    mutated: set[str] = set()
    for action_id in rng.sample(legal_ids, min(len(legal_ids), 12)):
        parts = action_id.split(":")
        place = rng.randrange(len(parts))
        swapped = list(parts)
        swapped[place] = rng.choice(parts_at[place])
        mutated.add(":".join(swapped))
        if len(parts) > 1:
            mutated.add(":".join(parts[:-1]))
        mutated.add(action_id + ":9")
        mutated.add(":".join([*parts[:place], "Nonsense", *parts[place + 1 :]]))
    return mutated


def check_legality_explained(
    name: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 300,
) -> int:
    """Play one random game and check ``why_illegal`` against ``legal_actions`` at every step.

    Raises ``AssertionError`` naming the step, the id and what was said. Returns
    the number of steps checked.
    """
    game = new_game(name, players=players, seed=seed, options=dict(options or {}))
    rng = random.Random(seed)
    seen: list[str] = []
    steps = 0
    while not game.is_over and steps < max_steps:
        _check_one_position(game, seen, rng, steps)
        legal = game.legal_actions()
        seen.extend(action.id for action in legal)
        if len(seen) > 2000:
            del seen[:1000]
        game.apply(rng.choice(legal))
        steps += 1
    return steps


def _check_one_position(game: Game, seen: list[str], rng: random.Random, step: int) -> None:
    rules, state = game.rules, game.state
    legal_ids = [action.id for action in rules.legal_actions(state)]
    for action_id in legal_ids:
        said = rules.why_illegal(state, action_id)
        assert not said, (
            f"{rules.name} step {step}: {action_id!r} is legal, but why_illegal says {said!r}"
        )
    offered = set(legal_ids)
    stale = rng.sample(seen, min(len(seen), 12))
    for action_id in (set(stale) | mutated_ids(legal_ids, stale, rng)) - offered:
        said = rules.why_illegal(state, action_id)
        assert isinstance(said, str) and said.strip(), (
            f"{rules.name} step {step}: {action_id!r} is not legal, "
            f"but why_illegal gives no reason ({said!r})"
        )

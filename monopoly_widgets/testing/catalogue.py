"""The action-catalogue check: every id a game offers is in its engine's catalogue.

Each game package that lists its action ids for learning code (``catalogue.py`` in the
package its descriptor names: ``action_catalogue(players, options)`` and
``slot_ids(state)``) must list every id it can ever offer. This plays random games and
checks, at every step, that each legal id is in the catalogue or is what one of its
slots stands for in that state; and that the catalogue has no id twice and is the same
when asked again.
"""

from __future__ import annotations

import random
from typing import Any

from monopoly_widgets.core.registry import describe
from monopoly_widgets.core.serialization import new_game
from monopoly_widgets.testing.api import expect

#: A random game longer than this is cut short (the check has seen enough steps).
MAX_STEPS = 4000


def has_catalogue(name: str) -> bool:
    """True if game ``name``'s package lists its action ids (``<package>/catalogue.py``)."""
    return describe(name).has_module("catalogue")


def check_catalogue_coverage(
    name: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> int:
    """Play one random game; every legal id at every step must be in the catalogue.
    Returns how many steps were checked."""
    module = describe(name).module("catalogue")
    catalogue = module.action_catalogue(players, options)
    expect(
        module.action_catalogue(players, options) == catalogue,
        f"{name}: the catalogue for {players} players changed when asked again",
    )
    known = set(catalogue)
    expect(len(known) == len(catalogue), f"{name}: the catalogue lists an id twice")
    game = new_game(name, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over and steps < MAX_STEPS:
        legal = game.legal_actions()
        slots = None
        for action in legal:
            if action.id in known:
                continue
            if slots is None:
                slots = module.slot_ids(game.state)
                expect(
                    set(slots) <= known,
                    f"{name} seed {seed} step {steps}: a slot is not in the catalogue",
                )
                slots = set(slots.values())
            expect(
                action.id in slots,
                f"{name} {players}p seed {seed} step {steps}: legal id {action.id!r} "
                "is not in the action catalogue",
            )
        game.apply(rng.choice(legal))
        steps += 1
    return steps

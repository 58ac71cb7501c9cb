"""Seeded randomness that never touches Python's global RNG.

Every shuffle in every game comes from :func:`make_rng`, seeded by the game's
seed plus a *salt* naming the occasion ("deal", "reshuffle/3", ...). So a game
is a pure function of ``(seed, options, actions)``: replaying the same actions
gives the same shuffles, even if someone calls ``random.seed()`` in between.
Seeding ``random.Random`` with a string hashes it with SHA-512, which is the
same in every process and every Python version we support.

Deal shuffles a whole pack at the start of every game, so its shuffles use
:func:`shuffle`, which gives exactly the order ``random.Random.shuffle`` gives,
in half the time.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

#: Seeds are hashed as text (``make_rng``), so a run's master seed is bounded: Python
#: refuses to write a whole number of more than 4,300 digits as text, and a short seed
#: keeps the key short. ``mw.simulate`` and ``mw.analyse`` check it.
SEED_LIMIT = 2**63


def make_rng(seed: int, *salt: object) -> random.Random:
    """A fresh ``random.Random`` for one occasion of one game."""
    key = "/".join([str(seed), *(str(part) for part in salt)])
    return random.Random(key)


def shuffle(rng: random.Random, cards: list[Any]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does, about twice as fast.

    Saved games replay only if every shuffle gives the same order, so this is the standard
    library's method written out (a Fisher-Yates shuffle from the end, each position drawn
    by rejection from ``rng.getrandbits``, CPython's ``Random.shuffle``): the same draws in
    the same order, without a method call per card. ``tests/test_rng.py`` checks that the
    order and the generator's state afterwards equal ``Random.shuffle``'s.
    """
    draw = rng.getrandbits
    for last in range(len(cards) - 1, 0, -1):
        bits = (last + 1).bit_length()
        pick = draw(bits)
        while pick > last:  # out of range: draw again
            pick = draw(bits)
        cards[last], cards[pick] = cards[pick], cards[last]


def fresh_seed() -> int:
    """A new seed for a game started without one; it is recorded, so the game still replays."""
    return secrets.randbelow(2**31)

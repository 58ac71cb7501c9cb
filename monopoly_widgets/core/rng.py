"""Seeded randomness that never touches Python's global RNG.

Every shuffle in every game comes from :func:`make_rng`, seeded by the game's
seed plus a *salt* naming the occasion ("deal", "reshuffle/3", ...). So a game
is a pure function of ``(seed, options, actions)``: replaying the same actions
gives the same shuffles, even if someone calls ``random.seed()`` in between.
Seeding ``random.Random`` with a string hashes it with SHA-512, which is the
same in every process and every Python version we support.
"""

from __future__ import annotations

import random
import secrets


def make_rng(seed: int, *salt: object) -> random.Random:
    """A fresh ``random.Random`` for one occasion of one game."""
    key = "/".join([str(seed), *(str(part) for part in salt)])
    return random.Random(key)


def fresh_seed() -> int:
    """A new seed for a game started without one; it is recorded, so the game still replays."""
    return secrets.randbelow(2**31)

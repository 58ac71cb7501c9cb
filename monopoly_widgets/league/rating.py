"""A rating for every bot, with its uncertainty: Bradley-Terry, fitted by MM, bootstrapped.

The Bradley-Terry model gives bot ``i`` a strength ``g_i > 0`` such that it beats bot
``j`` with probability ``g_i / (g_i + g_j)``. It is fitted by the MM algorithm of
D. R. Hunter, "MM algorithms for generalized Bradley-Terry models", *The Annals of
Statistics* 32(1), 2004, pp. 384-406 (eq. 3): repeat ``g_i <- W_i / sum_j n_ij / (g_i
+ g_j)``, where ``W_i`` counts ``i``'s wins and ``n_ij`` the games of ``i`` against
``j``, until the strengths stop moving. A draw counts half a win to each side.

Hunter's algorithm needs every bot to win and lose at least once (otherwise a strength
runs off to 0 or infinity), which a short league need not give. So every pairing that
played also gets one *virtual draw* (half a win each way): a small pull towards equal
strength that many games outweigh.

The rating is shown on the Elo scale, ``400 log10 g_i``, shifted so that the bots'
average is 0: 400 points apart means 10 to 1 odds. Its uncertainty comes from the
bootstrap over games (B. Efron, 1979): the league's games are resampled with
replacement, the model refitted each time, and the middle 95% of a bot's refitted
ratings is its interval.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

#: One game's result between two bots (by index): the first's score, 1, 0.5 or 0.
Outcome = tuple[int, int, float]

ELO = 400 / math.log(10)


@dataclass(frozen=True)
class Rating:
    """A bot's Bradley-Terry rating (Elo scale) and its bootstrap interval."""

    rating: float
    low: float
    high: float


def fit_strengths(
    outcomes: Sequence[Outcome], bots: int, iterations: int = 2_000, tolerance: float = 1e-10
) -> list[float]:
    """Bradley-Terry strengths by Hunter's MM algorithm, as Elo-scale ratings averaging 0."""
    wins = [0.0] * bots
    games: dict[tuple[int, int], float] = {}
    for first, second, score in outcomes:
        wins[first] += score
        wins[second] += 1 - score
        key = (min(first, second), max(first, second))
        games[key] = games.get(key, 0.0) + 1
    for key in list(games):  # one virtual draw per pairing that met (see the module docstring)
        games[key] += 1
        wins[key[0]] += 0.5
        wins[key[1]] += 0.5
    opponents: list[list[tuple[int, float]]] = [[] for _ in range(bots)]
    for (i, j), n in games.items():
        opponents[i].append((j, n))
        opponents[j].append((i, n))
    strength = [1.0] * bots
    for _ in range(iterations):
        new = []
        for i in range(bots):
            denominator = sum(n / (strength[i] + strength[j]) for j, n in opponents[i])
            new.append(wins[i] / denominator if denominator else strength[i])
        scale = math.exp(sum(math.log(g) for g in new) / bots)
        new = [g / scale for g in new]
        moved = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if moved < tolerance:
            break
    return [ELO * math.log(g) for g in strength]


def rate(
    outcomes: Sequence[Outcome],
    bots: int,
    resamples: int = 200,
    confidence: float = 0.95,
    seed: int = 0,
) -> list[Rating]:
    """Each bot's rating (``fit_strengths``) with a bootstrap interval over games."""
    ratings = fit_strengths(outcomes, bots)
    if not outcomes:
        return [Rating(r, r, r) for r in ratings]
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in range(bots)]
    for _ in range(resamples):
        again = [outcomes[rng.randrange(len(outcomes))] for _ in outcomes]
        for i, value in enumerate(fit_strengths(again, bots, iterations=500, tolerance=1e-7)):
            samples[i].append(value)
    tail = (1 - confidence) / 2
    result = []
    for i in range(bots):
        ordered = sorted(samples[i])
        low = ordered[int(tail * (len(ordered) - 1))]
        high = ordered[math.ceil((1 - tail) * (len(ordered) - 1))]
        result.append(Rating(ratings[i], low, high))
    return result

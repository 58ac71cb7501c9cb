"""A rating for every bot, with its uncertainty: Bradley-Terry, fitted by MM, a Wald interval.

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
average is 0: 400 points apart means 10 to 1 odds.

Its interval is a Wald interval from the curvature of the log-likelihood at the fit
(the inverse of the Fisher information), with the virtual draws counted as data: the
standard errors of a Bradley-Terry model fitted as a logit model (A. Agresti,
*Categorical Data Analysis*, 3rd ed., Wiley 2013, on the Bradley-Terry model), and, as
the virtual draws are a prior, the Gaussian (Laplace) approximation of the posterior
that R. Coulom's BayesElo uses for its intervals. The ratings are constrained to
average 0, so the covariance is the information matrix's pseudo-inverse. Few games
give a flat likelihood and so a wide interval: after 3 deals (6 games) a bot that won
all 6 reads about +223 (-27 to +473), not the bootstrap's +223 (+223 to +223), whose
every resample of 6 wins is again 6 wins (``tests/league/test_rating.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

#: One game's result between two bots (by index): the first's score, 1, 0.5 or 0.
Outcome = tuple[int, int, float]

ELO = 400 / math.log(10)


@dataclass(frozen=True)
class Rating:
    """A bot's Bradley-Terry rating (Elo scale) and its interval (module docstring)."""

    rating: float
    low: float
    high: float


def fit_strengths(
    outcomes: Sequence[Outcome], bots: int, iterations: int = 2_000, tolerance: float = 1e-10
) -> list[float]:
    """Bradley-Terry strengths by Hunter's MM algorithm, as Elo-scale ratings averaging 0."""
    if bots == 0:  # every entry sat out: nothing to rate
        return []
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


def rate(outcomes: Sequence[Outcome], bots: int, confidence: float = 0.95) -> list[Rating]:
    """Each bot's rating (``fit_strengths``) with its Wald interval (module docstring)."""
    ratings = fit_strengths(outcomes, bots)
    if bots == 0:
        return []
    theta = [r / ELO for r in ratings]  # natural-log strengths
    games: dict[tuple[int, int], float] = {}
    for first, second, _ in outcomes:
        key = (min(first, second), max(first, second))
        games[key] = games.get(key, 0.0) + 1
    information = [[0.0] * bots for _ in range(bots)]
    for (i, j), n in games.items():
        n += 1  # the virtual draw
        p = 1 / (1 + math.exp(theta[j] - theta[i]))
        weight = n * p * (1 - p)
        information[i][i] += weight
        information[j][j] += weight
        information[i][j] -= weight
        information[j][i] -= weight
    variance = _pseudo_inverse_diagonal(information)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    result = []
    for i in range(bots):
        if variance[i] is None:  # a bot that played no game: nothing is known of it
            result.append(Rating(ratings[i], math.nan, math.nan))
            continue
        half = z * math.sqrt(max(variance[i], 0.0)) * ELO
        result.append(Rating(ratings[i], ratings[i] - half, ratings[i] + half))
    return result


def _pseudo_inverse_diagonal(matrix: list[list[float]]) -> list[float | None]:
    """The diagonal of the pseudo-inverse of an information matrix whose rows sum to 0
    (a graph Laplacian: its null space is the constant vector within each group of
    bots that played one another). For one connected group of ``k`` bots it is
    ``(L + J/k)^-1 - J/k`` (``J``: all ones); a bot that played nobody gets None."""
    bots = len(matrix)
    groups: list[list[int]] = []
    seen: set[int] = set()
    for start in range(bots):
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            i = stack.pop()
            group.append(i)
            for j in range(bots):
                if j not in seen and matrix[i][j] != 0:
                    seen.add(j)
                    stack.append(j)
        groups.append(sorted(group))
    diagonal: list[float | None] = [None] * bots
    for group in groups:
        if len(group) == 1:
            continue
        k = len(group)
        shifted = [[matrix[i][j] + 1 / k for j in group] for i in group]
        inverse = _inverse(shifted)
        for place, i in enumerate(group):
            diagonal[i] = inverse[place][place] - 1 / k
    return diagonal


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small positive-definite matrix (Gauss-Jordan, partial pivoting)."""
    size = len(matrix)
    rows = [row[:] + [float(i == j) for j in range(size)] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [value / lead for value in rows[column]]
        for r in range(size):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [row[size:] for row in rows]

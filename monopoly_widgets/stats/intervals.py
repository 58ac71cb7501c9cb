"""Confidence intervals for the simulation results.

A win rate from ``n`` games is a proportion. The textbook interval
``p ± 1.96 sqrt(p(1-p)/n)`` misbehaves for small ``n`` or ``p`` near 0 or 1
(it can even leave [0, 1]), so we use the **Wilson score interval**, which
stays inside [0, 1] and keeps close to its promised 95% coverage. For averages
(game length, paired differences) we use the normal approximation
``mean ± z · sd / sqrt(n)``, fine for the hundreds of games a lesson runs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile: 1.96 for 95%."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``n`` trials.

    With ``p = successes / n`` and ``z`` the normal quantile::

        centre = (p + z²/2n) / (1 + z²/n)
        half   = z / (1 + z²/n) · sqrt(p(1-p)/n + z²/4n²)

    With no trials at all, nothing is known: the interval is [0, 1].
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got successes={successes}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    z = z_value(confidence)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # With 0 or n successes the bound is exactly 0 or 1 (rounding would leave a speck).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """``(mean, low, high)`` by the normal approximation (``low == high`` for one value)."""
    n = len(values)
    if n == 0:
        raise ValueError("need at least one value for a mean")
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, mean, mean)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = z_value(confidence) * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


def difference_interval(
    successes_a: int, n_a: int, successes_b: int, n_b: int, confidence: float = 0.95
) -> tuple[float, float, float]:
    """``(difference, low, high)`` for ``a``'s proportion minus ``b``'s, from separate trials.

    Whether two intervals overlap is the wrong test of a difference: two intervals can
    overlap when the difference is real. This is Newcombe's interval for the difference
    itself (his "method 10", Statistics in Medicine 17, 1998, 873-890), built from the two
    Wilson intervals, so it too stays sensible for small counts. For two shares of the
    *same* games, use :func:`mean_interval` on the game-by-game differences instead.
    """
    p_a = successes_a / n_a if n_a else 0.5
    p_b = successes_b / n_b if n_b else 0.5
    low_a, high_a = wilson_interval(successes_a, n_a, confidence)
    low_b, high_b = wilson_interval(successes_b, n_b, confidence)
    difference = p_a - p_b
    low = difference - math.sqrt((p_a - low_a) ** 2 + (high_b - p_b) ** 2)
    high = difference + math.sqrt((high_a - p_a) ** 2 + (p_b - low_b) ** 2)
    return (difference, max(-1.0, low), min(1.0, high))


@dataclass(frozen=True)
class Estimate:
    """A proportion estimated from trials, with its Wilson interval."""

    successes: int
    n: int
    low: float
    high: float
    confidence: float = 0.95

    @property
    def probability(self) -> float:
        """The point estimate ``successes / n`` (0.5 with no trials: nothing known)."""
        return self.successes / self.n if self.n else 0.5

    def contains(self, value: float) -> bool:
        """True if ``value`` lies inside the interval."""
        return self.low <= value <= self.high

    def __str__(self) -> str:
        percent = round(self.confidence * 100)
        return (
            f"{self.probability:.3f} ({percent}% interval {self.low:.3f} to {self.high:.3f}, "
            f"{self.successes}/{self.n})"
        )


def estimate_from_counts(successes: int, n: int, confidence: float = 0.95) -> Estimate:
    """An :class:`Estimate` with its Wilson interval."""
    low, high = wilson_interval(successes, n, confidence)
    return Estimate(successes, n, low, high, confidence)

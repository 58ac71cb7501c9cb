"""Exact card odds with the hypergeometric distribution, explained for students.

Drawing cards without putting them back is the textbook *hypergeometric*
situation: ``N`` cards you cannot see, ``K`` of them are cards you want, you
draw ``n``. The chance to get none of the wanted cards is the number of ways to
pick ``n`` unwanted cards over the number of ways to pick any ``n`` cards::

    P(none) = C(N-K, n) / C(N, n)

and the *complement rule* gives ``P(at least one) = 1 - P(none)``.

Every function here computes with :class:`fractions.Fraction`, so the answer is
exact until the final conversion to ``float``, and returns an :class:`Odds`
whose ``explanation`` shows the formula with the numbers filled in, e.g.
``1 - C(40,2)/C(45,2) = 1 - 780/990 = 0.2121``.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import NamedTuple


class Odds(NamedTuple):
    """One probability with its label and a worked explanation.

    It is a tuple ``(label, probability, explanation)`` so a probability panel
    can unpack it directly.
    """

    label: str
    probability: float
    explanation: str


def check_counts(population: int, successes: int, draws: int) -> None:
    """Raise ``ValueError`` unless the counts describe a possible draw."""
    for name, value in (("population", population), ("successes", successes), ("draws", draws)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number 0 or more, not {value!r}")
    if successes > population:
        raise ValueError(f"successes ({successes}) cannot exceed population ({population})")
    if draws > population:
        raise ValueError(f"cannot draw {draws} cards from {population}")


def prob_none(population: int, successes: int, draws: int) -> Fraction:
    """Exact chance that ``draws`` cards taken from ``population`` miss all ``successes``."""
    check_counts(population, successes, draws)
    return Fraction(comb(population - successes, draws), comb(population, draws))


def pmf(population: int, successes: int, draws: int, hits: int) -> Fraction:
    """Exact chance of exactly ``hits`` wanted cards: C(K,k) C(N-K,n-k) / C(N,n)."""
    check_counts(population, successes, draws)
    if hits < 0 or hits > draws:
        return Fraction(0)
    ways = comb(successes, hits) * comb(population - successes, draws - hits)
    return Fraction(ways, comb(population, draws))


def prob_at_least(population: int, successes: int, draws: int, hits: int) -> Fraction:
    """Exact chance of ``hits`` or more wanted cards (the complement of fewer)."""
    check_counts(population, successes, draws)
    if hits <= 0:
        return Fraction(1)
    below = sum((pmf(population, successes, draws, k) for k in range(hits)), Fraction(0))
    return 1 - below


def fmt(value: Fraction | float) -> str:
    """A probability to four decimals, the way the explanations print it."""
    return f"{float(value):.4f}"


def at_least_one(
    population: int, successes: int, draws: int, label: str, drawing: str = "you draw {n}"
) -> Odds:
    """Chance of at least one wanted card, by the complement rule, explained.

    ``drawing`` says who takes the ``n`` cards, e.g. "their hand is a random {n}".
    """
    none = prob_none(population, successes, draws)
    unwanted = comb(population - successes, draws)
    total = comb(population, draws)
    explanation = (
        f"{population} unseen cards, {successes} of them wanted; {drawing.format(n=draws)}. "
        f"P(none) = C({population - successes},{draws})/C({population},{draws}), so "
        f"P(at least one) = 1 - C({population - successes},{draws})/C({population},{draws}) "
        f"= 1 - {unwanted}/{total} = {fmt(1 - none)}"
    )
    return Odds(label, float(1 - none), explanation)


def at_least(
    population: int,
    successes: int,
    draws: int,
    hits: int,
    label: str,
    drawing: str = "you draw {n}",
) -> Odds:
    """Chance of ``hits`` or more wanted cards, explained as 1 minus the smaller outcomes."""
    if hits <= 1:
        if hits <= 0:
            check_counts(population, successes, draws)
            return Odds(label, 1.0, "you already have enough: nothing more is needed, P = 1")
        return at_least_one(population, successes, draws, label, drawing)
    answer = prob_at_least(population, successes, draws, hits)
    total = comb(population, draws)
    terms = " + ".join(
        f"C({successes},{k})C({population - successes},{draws - k})" for k in range(hits)
    )
    ways = sum(comb(successes, k) * comb(population - successes, draws - k) for k in range(hits))
    explanation = (
        f"{population} unseen cards, {successes} of them wanted; {drawing.format(n=draws)} and "
        f"need {hits}. P(at least {hits}) = 1 - P(fewer than {hits}) = "
        f"1 - [{terms}]/C({population},{draws}) = 1 - {ways}/{total} = {fmt(answer)}"
    )
    return Odds(label, float(answer), explanation)

"""The exact odds core: checked against brute-force enumeration and scipy."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from scipy.stats import hypergeom

from monopoly_widgets.prob.deal import complete_set_probability, draw_odds
from monopoly_widgets.prob.hypergeometric import (
    at_least,
    at_least_one,
    pmf,
    prob_at_least,
    prob_none,
)


def brute_force_at_least(population: int, successes: int, draws: int, hits: int) -> Fraction:
    """Count every hand of ``draws`` labelled cards (cards 0..K-1 are wanted)."""
    hands = list(combinations(range(population), draws))
    good = sum(1 for hand in hands if sum(card < successes for card in hand) >= hits)
    return Fraction(good, len(hands))


@pytest.mark.parametrize("population", [1, 4, 7, 9])
def test_matches_brute_force_enumeration(population: int) -> None:
    for successes in range(population + 1):
        for draws in range(population + 1):
            for hits in range(draws + 2):
                expected = brute_force_at_least(population, successes, draws, hits)
                assert prob_at_least(population, successes, draws, hits) == expected
            assert prob_none(population, successes, draws) == 1 - brute_force_at_least(
                population, successes, draws, 1
            )


@pytest.mark.parametrize(
    ("population", "successes", "draws"), [(45, 5, 2), (106, 3, 5), (60, 4, 1), (30, 12, 10)]
)
def test_matches_scipy(population: int, successes: int, draws: int) -> None:
    dist = hypergeom(population, successes, draws)
    for k in range(draws + 1):
        assert float(pmf(population, successes, draws, k)) == pytest.approx(dist.pmf(k), abs=1e-12)
        assert float(prob_at_least(population, successes, draws, k)) == pytest.approx(
            dist.sf(k - 1), abs=1e-12
        )


def test_explanation_shows_the_numbers() -> None:
    odds = at_least_one(45, 5, 2, "draw one of 5")
    assert odds.probability == pytest.approx(1 - 780 / 990, abs=1e-15)
    assert "1 - C(40,2)/C(45,2) = 1 - 780/990 = 0.2121" in odds.explanation
    label, probability, explanation = odds  # a panel row unpacks
    assert label == "draw one of 5" and probability == odds.probability


def test_at_least_two_explained_by_complement() -> None:
    odds = at_least(10, 4, 3, 2, "two of four")
    assert odds.probability == pytest.approx(hypergeom(10, 4, 3).sf(1), abs=1e-12)
    assert "1 - [C(4,0)C(6,3) + C(4,1)C(6,2)]/C(10,3) = 1 - 80/120 = 0.3333" in odds.explanation


@pytest.mark.parametrize("bad", [(-1, 0, 0), (3, 4, 1), (3, 1, 4), (2.5, 1, 1), (True, 0, 0)])
def test_impossible_counts_are_rejected(bad: tuple) -> None:
    with pytest.raises(ValueError):
        prob_none(*bad)


def brute_force_draw(
    unseen: int, wanted_unseen: int, pile: int, discard: int, wanted_discard: int, draws: int
) -> Fraction:
    """Every equally likely set of cards drawn off the pile, then every draw from the discards."""
    good = total = 0
    for top in combinations(range(unseen), min(pile, draws)):
        got_top = any(card < wanted_unseen for card in top)
        rest = max(0, draws - pile)
        for extra in combinations(range(discard), min(rest, discard)):
            total += 1
            good += got_top or any(card < wanted_discard for card in extra)
    return Fraction(good, total)


@pytest.mark.parametrize(
    ("unseen", "wanted", "pile", "discard", "wanted_discard", "draws"),
    [
        (8, 2, 8, 0, 0, 2),  # plenty of cards: plain hypergeometric
        (8, 2, 1, 5, 1, 2),  # one card left, then a reshuffle
        (8, 2, 0, 5, 2, 2),  # empty draw pile: all from the reshuffled discard pile
        (9, 3, 3, 6, 0, 5),  # 5-card draw across the reshuffle
        (6, 1, 2, 2, 1, 5),  # both piles run out: you draw what there is
        (7, 0, 1, 4, 0, 2),  # nothing wanted anywhere
    ],
)
def test_draw_with_reshuffle_matches_enumeration(
    unseen: int, wanted: int, pile: int, discard: int, wanted_discard: int, draws: int
) -> None:
    """Rule: Deal rulebook "On Your Turn": when the draw pile runs out, shuffle the discards."""
    odds = draw_odds(unseen, wanted, pile, discard, wanted_discard, draws, "x")
    expected = brute_force_draw(unseen, wanted, pile, discard, wanted_discard, draws)
    assert odds.probability == pytest.approx(float(expected), abs=1e-12)


def test_reshuffle_explanation_has_both_factors() -> None:
    odds = draw_odds(20, 2, 1, 10, 3, 2, "x")
    assert "C(18,1)/C(20,1) x C(7,1)/C(10,1)" in odds.explanation
    assert odds.probability == pytest.approx(1 - 18 / 20 * 7 / 10, abs=1e-12)


def brute_force_complete(
    unseen: int, naturals: int, wilds: int, draws: int, needed: int, have_natural: bool
) -> Fraction:
    hands = list(combinations(range(unseen), draws))
    good = 0
    for hand in hands:
        got_natural = sum(card < naturals for card in hand)
        got_wild = sum(naturals <= card < naturals + wilds for card in hand)
        complete = got_natural + got_wild >= needed and (have_natural or got_natural >= 1)
        good += complete
    return Fraction(good, len(hands))


@pytest.mark.parametrize("have_natural", [True, False])
@pytest.mark.parametrize(("naturals", "wilds"), [(0, 2), (2, 0), (2, 2), (1, 3)])
@pytest.mark.parametrize(("draws", "needed"), [(2, 1), (4, 2), (6, 3), (3, 0)])
def test_complete_set_matches_enumeration(
    have_natural: bool, naturals: int, wilds: int, draws: int, needed: int
) -> None:
    """Rule: RULES-NOTES "Wild property cards": a set of only wilds is not complete."""
    expected = brute_force_complete(9, naturals, wilds, draws, needed, have_natural)
    assert complete_set_probability(9, naturals, wilds, draws, needed, have_natural) == expected

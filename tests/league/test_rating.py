"""The rating on a planted league: bots whose strengths are known (Bradley-Terry, Elo scale).

Each planted bot ``i`` has a true rating ``r_i``; it beats ``j`` with probability
``1 / (1 + 10 ** ((r_j - r_i) / 400))``, which is the Bradley-Terry model the league
fits. The fitted ratings must find the true ones within their intervals, and the
intervals must narrow as games are added, and be wide after a few games.
"""

from __future__ import annotations

import random

from monopoly_widgets.league.rating import fit_strengths, rate

TRUE = [-200.0, -50.0, 50.0, 200.0]  # averaging 0, as the fitted ratings do


def planted_league(games_per_pairing: int, seed: int) -> list[tuple[int, int, float]]:
    rng = random.Random(seed)
    outcomes = []
    for i in range(len(TRUE)):
        for j in range(i + 1, len(TRUE)):
            p = 1 / (1 + 10 ** ((TRUE[j] - TRUE[i]) / 400))
            for game in range(games_per_pairing):
                first, second = (i, j) if game % 2 == 0 else (j, i)  # both seat orders
                won = rng.random() < p
                outcomes.append((first, second, float(won if first == i else not won)))
    return outcomes


def test_the_fit_finds_the_planted_ratings() -> None:
    fitted = fit_strengths(planted_league(4_000, seed=1), len(TRUE))
    assert abs(sum(fitted)) < 1e-6
    for true, found in zip(TRUE, fitted, strict=True):
        assert abs(found - true) < 15


def test_the_intervals_hold_the_truth_and_narrow() -> None:
    covered = 0
    cases = 0
    for seed in range(8):
        ratings = rate(planted_league(150, seed), len(TRUE))
        assert [r.rating for r in ratings] == sorted(r.rating for r in ratings)  # the order
        for true, rating in zip(TRUE, ratings, strict=True):
            assert rating.low <= rating.rating <= rating.high
            covered += rating.low <= true <= rating.high
            cases += 1
    assert covered >= 0.8 * cases  # a 95% interval, from 32 cases
    few = rate(planted_league(40, 9), len(TRUE))
    many = rate(planted_league(640, 9), len(TRUE))
    for small, large in zip(few, many, strict=True):
        assert (large.high - large.low) < 0.5 * (small.high - small.low)  # about 1/sqrt(16)


def test_a_bot_that_never_wins_gets_a_finite_rating() -> None:
    outcomes = [(0, 1, 1.0)] * 20 + [(1, 0, 0.0)] * 20
    low, high = fit_strengths(outcomes, 2)
    assert high < 0 < low and abs(low) < 2_000


def test_a_few_games_give_a_wide_interval() -> None:
    """After 3 deals (6 games) a bot that won all 6 read "+223 (+223 to +223)" with the
    bootstrap (every resample of 6 wins is 6 wins); the interval must say how little
    6 games tell."""
    best, worst = rate([(0, 1, 1.0)] * 3 + [(1, 0, 0.0)] * 3, 2)
    assert round(best.rating) == 223 and round(worst.rating) == -223
    assert best.low < 0 < best.high and best.high - best.low > 400
    assert round(best.low) == -27 and round(best.high) == 473


def test_no_games_no_error() -> None:
    assert rate([], 0) == [] and fit_strengths([], 0) == []

"""Monte Carlo estimates agree with exact odds within their intervals."""

from __future__ import annotations

import random

from monopoly_widgets.prob.hypergeometric import prob_at_least
from monopoly_widgets.sim.montecarlo import (
    convergence_frame,
    estimate_probability,
    trial_outcomes,
)


def draw_hand(population: int, draws: int):
    def sampler(rng: random.Random) -> list[int]:
        return rng.sample(range(population), draws)

    return sampler


def test_estimates_cover_the_exact_odds_about_95_percent_of_the_time() -> None:
    """Over many seeds, the 95% Wilson interval should contain the exact value ~95% of the time."""
    population, wanted, draws = 45, 5, 2
    exact = float(prob_at_least(population, wanted, draws, 1))
    covered = 0
    seeds = 200
    for seed in range(seeds):
        estimate = estimate_probability(
            lambda hand: any(card < wanted for card in hand),
            draw_hand(population, draws),
            n=300,
            seed=seed,
        )
        covered += estimate.contains(exact)
    assert 0.88 * seeds <= covered <= seeds  # expected about 95%


def test_a_wrong_value_is_not_covered() -> None:
    """The check can fail: an off-by-one "exact" value lies outside most intervals."""
    population, wanted, draws = 45, 5, 2
    wrong = float(prob_at_least(population, wanted + 3, draws, 1))
    misses = sum(
        not estimate_probability(
            lambda hand: any(card < wanted for card in hand),
            draw_hand(population, draws),
            n=2000,
            seed=seed,
        ).contains(wrong)
        for seed in range(10)
    )
    assert misses >= 9


def test_estimate_is_reproducible_from_its_seed() -> None:
    def event(hand: list[int]) -> bool:
        return 0 in hand

    first = estimate_probability(event, draw_hand(10, 3), n=200, seed=4)
    again = estimate_probability(event, draw_hand(10, 3), n=200, seed=4)
    other = estimate_probability(event, draw_hand(10, 3), n=200, seed=5)
    assert first == again
    assert first != other


def test_convergence_frame_tracks_the_running_estimate() -> None:
    outcomes = list(trial_outcomes(lambda hand: 0 in hand, draw_hand(4, 2), n=400, seed=1))
    frame = convergence_frame(outcomes)
    assert list(frame.columns) == ["trials", "hits", "estimate", "low", "high"]
    assert frame["trials"].tolist() == list(range(1, 401))
    assert frame["hits"].iloc[-1] == sum(outcomes)
    assert (frame["low"] <= frame["estimate"]).all() and (frame["estimate"] <= frame["high"]).all()
    last = frame.iloc[-1]
    assert last["low"] < 0.5 < last["high"]  # exact: 1 - C(3,2)/C(4,2) = 0.5
    assert (last["high"] - last["low"]) < (frame["high"].iloc[9] - frame["low"].iloc[9])

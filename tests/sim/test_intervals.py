"""Wilson and mean intervals: known values and coverage."""

from __future__ import annotations

import pytest

from monopoly_widgets.sim.intervals import (
    difference_interval,
    estimate_from_counts,
    mean_interval,
    wilson_interval,
    z_value,
)


def test_z_is_196_for_95_percent() -> None:
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)


def test_wilson_known_values() -> None:
    """Textbook values: 5 of 10 gives 0.2366 to 0.7634; 0 of 10 gives 0 to z²/(n+z²)."""
    low, high = wilson_interval(5, 10)
    assert (low, high) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    low, high = wilson_interval(0, 10)
    z2 = z_value() ** 2
    assert low == 0.0 and high == pytest.approx(z2 / (10 + z2), abs=1e-12)
    assert wilson_interval(10, 10)[1] == 1.0


def test_wilson_stays_in_unit_interval_and_shrinks() -> None:
    widths = []
    for n in (10, 100, 1000, 10000):
        low, high = wilson_interval(n // 3, n)
        assert 0 <= low < n // 3 / n < high <= 1
        widths.append(high - low)
    assert widths == sorted(widths, reverse=True)


def test_no_trials_means_nothing_known() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("successes", "n"), [(-1, 5), (6, 5), (0, -1)])
def test_impossible_counts_rejected(successes: int, n: int) -> None:
    with pytest.raises(ValueError):
        wilson_interval(successes, n)


def test_mean_interval() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    half = z_value() * (1.6666666666666667 / 4) ** 0.5
    assert mean == 2.5 and (low, high) == pytest.approx((2.5 - half, 2.5 + half))
    assert mean_interval([7.0]) == (7.0, 7.0, 7.0)
    with pytest.raises(ValueError):
        mean_interval([])


def test_estimate_prints_readably() -> None:
    estimate = estimate_from_counts(30, 100)
    assert estimate.probability == 0.3
    assert estimate.contains(0.3) and not estimate.contains(0.5)
    assert str(estimate).startswith("0.300 (95% interval 0.")


def test_difference_interval_matches_newcombes_worked_examples() -> None:
    """Newcombe (1998), Table II, method 10: 56/70 - 48/80 and 9/10 - 3/10."""
    difference, low, high = difference_interval(56, 70, 48, 80)
    assert difference == pytest.approx(0.2)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)
    assert tuple(round(x, 4) for x in difference_interval(9, 10, 3, 10)[1:]) == (0.1705, 0.809)


def test_overlapping_intervals_can_differ() -> None:
    """The reason to teach the difference's interval: these two overlap, yet it excludes 0."""
    a, b = wilson_interval(60, 100), wilson_interval(45, 100)
    assert a[0] < b[1]  # the intervals overlap
    assert difference_interval(60, 100, 45, 100)[1] > 0

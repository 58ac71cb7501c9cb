"""Confidence intervals: they live in ``stats/intervals.py``, below the agents and the coach,
which read them too; this module keeps the ``monopoly_widgets.sim.intervals`` import path
(lessons, notebooks and examples use it)."""

from monopoly_widgets.stats.intervals import (
    Estimate,
    difference_interval,
    estimate_from_counts,
    mean_interval,
    wilson_interval,
    z_value,
)

__all__ = [
    "Estimate",
    "difference_interval",
    "estimate_from_counts",
    "mean_interval",
    "wilson_interval",
    "z_value",
]

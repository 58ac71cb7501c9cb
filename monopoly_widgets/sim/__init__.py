"""Simulation: tournaments, Monte Carlo estimates, rule-variant comparisons, charts.

``simulate`` plays many games (in parallel) and returns a table, ``summarize``
turns it into win rates with intervals, ``compare_options`` runs the same games
under different rules, and ``estimate_win_probability`` /
``monte_carlo_convergence`` estimate one player's chances from a position.
"""

from monopoly_widgets.sim.compare import OptionComparison, compare_options
from monopoly_widgets.sim.intervals import Estimate, mean_interval, wilson_interval
from monopoly_widgets.sim.montecarlo import (
    convergence_frame,
    estimate_probability,
    estimate_win_probability,
    monte_carlo_convergence,
)
from monopoly_widgets.sim.tournament import (
    SimulationError,
    SimulationWarning,
    Summary,
    game_seed,
    simulate,
    summarize,
)

__all__ = [
    "Estimate",
    "OptionComparison",
    "SimulationError",
    "SimulationWarning",
    "Summary",
    "compare_options",
    "convergence_frame",
    "estimate_probability",
    "estimate_win_probability",
    "game_seed",
    "mean_interval",
    "monte_carlo_convergence",
    "simulate",
    "summarize",
    "wilson_interval",
]

"""Simulation: tournaments, Monte Carlo estimates, rule-variant comparisons, charts.

``simulate`` plays many games (in parallel) and returns a table, ``summarize``
turns it into win rates with intervals, ``compare_options`` runs the same games
under different rules, and ``estimate_win_probability`` /
``monte_carlo_convergence`` estimate one player's chances from a position.

The names are imported on first use: tournaments need pandas, while the
intervals (``sim/intervals.py``, used by the coach) need only the standard
library, and a Pyodide tab without pandas must still open the explorer.
"""

import importlib as _importlib

_WHERE = {
    "OptionComparison": "compare",
    "compare_options": "compare",
    "Estimate": "intervals",
    "difference_interval": "intervals",
    "mean_interval": "intervals",
    "wilson_interval": "intervals",
    "convergence_frame": "montecarlo",
    "estimate_probability": "montecarlo",
    "estimate_win_probability": "montecarlo",
    "monte_carlo_convergence": "montecarlo",
    "SimulationError": "tournament",
    "SimulationWarning": "tournament",
    "Summary": "tournament",
    "game_seed": "tournament",
    "simulate": "tournament",
    "summarize": "tournament",
}


def __getattr__(name: str) -> object:
    if name in _WHERE:
        return getattr(_importlib.import_module(f"monopoly_widgets.sim.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'monopoly_widgets.sim' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = sorted(_WHERE)

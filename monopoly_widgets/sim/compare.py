"""Compare rule variants: the same games, played under different options.

Every variant plays the *same* game seeds (same shuffles where the rules allow),
so each game gives a pair of results and the difference between variants is
measured game by game. A paired difference has less noise than two separate
samples, so fewer games show a real effect. Each difference comes with a 95%
interval ``mean ± 1.96 · sd / sqrt(n)`` of the per-game differences.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from monopoly_widgets.sim.intervals import estimate_from_counts, mean_interval
from monopoly_widgets.sim.table import new_table, records
from monopoly_widgets.sim.tournament import AgentSpec, simulate

#: What is compared, one number per game: turns, seat 0 won (1/0), draw (1/0).
METRICS = {
    "turns": lambda row: float(row["turns"]),
    "seat 0 wins": lambda row: float(row["winner"] == 0),
    "draw": lambda row: float(bool(row["draw"])),
}


def _played(table: Any) -> dict[int, dict[str, Any]]:
    """The games of a table that did not fail, by game number."""
    return {int(row["game"]): row for row in records(table) if row.get("error") is None}


@dataclass(frozen=True)
class OptionComparison:
    """The result of :func:`compare_options`.

    ``summary``: one row per variant (games, seat-0 win rate with interval, mean
    and median turns, draw rate). ``differences``: each later variant minus the
    first (the baseline), per metric, with a paired 95% interval. ``results``:
    each variant's full table from :func:`simulate`.
    """

    summary: Any  # a table (sim/table.py): one row per variant
    differences: Any  # one row per later variant and metric
    results: dict[str, Any]  # each variant's table from simulate

    def __str__(self) -> str:
        return (
            self.summary.to_string(index=False, float_format=lambda x: f"{x:.3f}")
            + "\n\n"
            + self.differences.to_string(index=False, float_format=lambda x: f"{x:.3f}")
        )

    def _repr_html_(self) -> str:
        return self.summary.to_html(index=False) + self.differences.to_html(index=False)


def compare_options(
    game_name: str,
    variants: Mapping[str, Mapping[str, Any]],
    agents: Sequence[AgentSpec] | str = ("heuristic", "heuristic"),
    games: int = 200,
    seed: int = 0,
    players: int | None = None,
    executor: Executor | None = None,
    progress: bool = True,
    workers: int | None = None,
) -> OptionComparison:
    """Play the same ``games`` seeds under each variant's options and compare.

    ``variants`` maps a name to an options dict, e.g.
    ``{"rulebook": {}, "leaflet": {"hand_limit_excess_to": "draw_pile_bottom"}}``.
    The first variant is the baseline that the others are compared with.
    Games that failed with an agent error are left out of the comparison.
    """
    if len(variants) < 2:
        raise ValueError("give at least two variants to compare")
    results = {
        name: simulate(
            game_name,
            agents,
            games=games,
            seed=seed,
            options=options,
            players=players,
            executor=executor,
            progress=progress,
            workers=workers,
            on_error="record",
        )
        for name, options in variants.items()
    }
    summary = new_table([_variant_row(name, table) for name, table in results.items()])
    names = list(results)
    baseline = _played(results[names[0]])
    rows = []
    for name in names[1:]:
        other = _played(results[name])
        paired = sorted(baseline.keys() & other.keys())
        for metric, value_of in METRICS.items():
            base_values = [value_of(baseline[game]) for game in paired]
            other_values = [value_of(other[game]) for game in paired]
            differences = [b - a for a, b in zip(base_values, other_values, strict=True)]
            mean, low, high = mean_interval(differences)
            rows.append(
                {
                    "variant": name,
                    "metric": metric,
                    "baseline": sum(base_values) / len(base_values),
                    "value": sum(other_values) / len(other_values),
                    "difference": mean,
                    "low": low,
                    "high": high,
                    "games": len(differences),
                }
            )
    return OptionComparison(summary, new_table(rows), results)


def _variant_row(name: str, table: Any) -> dict[str, Any]:
    played = list(_played(table).values())
    n = len(played)
    first = estimate_from_counts(sum(row["winner"] == 0 for row in played), n)
    turns = [float(row["turns"]) for row in played]
    return {
        "variant": name,
        "games": n,
        "seat 0 win rate": first.probability,
        "low": first.low,
        "high": first.high,
        "mean turns": statistics.fmean(turns) if turns else float("nan"),
        "median turns": float(statistics.median(turns)) if turns else float("nan"),
        "draw rate": statistics.fmean(float(bool(row["draw"])) for row in played)
        if played
        else float("nan"),
        "failed": len(table) - n,
    }

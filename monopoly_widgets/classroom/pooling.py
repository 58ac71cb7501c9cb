"""Pooling the class's results: each student's estimate, and the class's, narrowing.

Results are pooled only when they belong together: the same lesson, experiment and
settings (``ExperimentResult.key``). The refusal names the odd one out, measured
against the experiment most results share, so one wrong paste among thirty is found
at once. The same result pasted twice counts once, and so does a result with the same
seed and counts as another (the same seed plays the same games: not new evidence);
the pool says which it set aside.

Every student's count is independent trials of the same chance, so the pooled
estimate is the total of successes over the total of trials, with its Wilson
interval (``sim/intervals.py``); the running pool, taken in the order the results
came in, shows the interval narrowing like 1/sqrt(trials), the law of large numbers.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monopoly_widgets.classroom.result import ExperimentResult, read_result
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.sim.intervals import Estimate, estimate_from_counts

Source = str | bytes | Path | dict[str, Any] | ExperimentResult


@dataclass(frozen=True)
class StudentRow:
    """One result in the pool, in the order it came in."""

    label: str  # the student's name, or "result N" (N: its place among those given)
    result: ExperimentResult
    estimate: Estimate


@dataclass(frozen=True)
class Pool:
    """The pooled results (``pool``): rows, the pooled estimate, the running estimates."""

    rows: tuple[StudentRow, ...]
    pooled: Estimate
    running: tuple[Estimate, ...]  # the pool of the first 1, 2, ... results
    duplicates: tuple[str, ...]  # what was counted once, in words
    versions: tuple[str, ...]

    @property
    def lesson(self) -> str:
        return self.rows[0].result.lesson

    @property
    def experiment(self) -> str:
        return self.rows[0].result.experiment

    @property
    def settings(self) -> dict[str, Any]:
        return self.rows[0].result.settings

    @property
    def table(self) -> list[dict[str, Any]]:
        """One dict per student (what ``chart`` draws), then the pooled line."""
        lines = [
            {
                "student": row.label,
                "successes": row.result.successes,
                "trials": row.result.trials,
                "estimate": row.estimate.probability,
                "low": row.estimate.low,
                "high": row.estimate.high,
            }
            for row in self.rows
        ]
        pooled = self.pooled
        lines.append(
            {
                "student": "pooled",
                "successes": pooled.successes,
                "trials": pooled.n,
                "estimate": pooled.probability,
                "low": pooled.low,
                "high": pooled.high,
            }
        )
        return lines

    @property
    def summary(self) -> str:
        """The pool in one or two sentences (what the widget prints above the chart)."""
        pooled = self.pooled
        percent = round(pooled.confidence * 100)
        text = (
            f"{len(self.rows)} results of '{self.experiment}' (lesson {self.lesson}): "
            f"{pooled.successes}/{pooled.n} = {pooled.probability:.3f}, "
            f"{percent}% interval {pooled.low:.3f} to {pooled.high:.3f}."
        )
        if self.duplicates:
            text += " Counted once: " + "; ".join(self.duplicates) + "."
        if len(self.versions) > 1:
            text += f" Made with package versions {', '.join(self.versions)}."
        return text

    def chart(self, truth: float | None = None) -> Any:
        """The projector chart: each student's interval, and the running pooled estimate."""
        from monopoly_widgets.classroom.chart import pool_chart

        return pool_chart(self, truth)

    def __str__(self) -> str:
        return self.summary


def pool(results: Iterable[Source] | str, confidence: float = 0.95) -> Pool:
    """Pool results given as codes, result files (paths, text or bytes), dicts or
    :class:`ExperimentResult`; a single text may hold many codes (one a line).

    Raises :class:`InputError` for a result that cannot be read (saying which) or that
    belongs to another experiment or other settings (naming it, and what the others are).
    """
    if isinstance(results, str):
        results = results.split()
    read: list[ExperimentResult] = []
    for number, source in enumerate(results, 1):
        try:
            read.append(read_result(source))
        except InputError as exc:
            raise InputError(f"result {number}: {exc}") from None
    if not read:
        raise InputError("pool needs at least one result (a code, a file or a result)")
    _refuse_strangers(read)
    kept: list[tuple[str, ExperimentResult]] = []
    duplicates: list[str] = []
    seen: dict[Any, str] = {}
    labels: Counter[str] = Counter()
    for number, result in enumerate(read, 1):
        label = _label(result, number)
        same = _identity(result)
        if same in seen:
            first = seen[same]
            again = "given twice" if first == label else f"the same games as {first}"
            duplicates.append(f"{label} ({again})")
            continue
        seen[same] = label
        # Two different results under one name (two students called Sam, say) each keep a
        # row of their own: "Sam", then "Sam (2)".
        labels[label] += 1
        kept.append((label if labels[label] == 1 else f"{label} ({labels[label]})", result))
    rows = tuple(
        StudentRow(label, result, estimate_from_counts(result.successes, result.trials, confidence))
        for label, result in kept
    )
    running = []
    successes = trials = 0
    for _, result in kept:
        successes += result.successes
        trials += result.trials
        running.append(estimate_from_counts(successes, trials, confidence))
    versions = tuple(sorted({result.version for _, result in kept}))
    return Pool(rows, running[-1], tuple(running), tuple(duplicates), versions)


def _label(result: ExperimentResult, number: int) -> str:
    return result.student or f"result {number}"


def _identity(result: ExperimentResult) -> Any:
    """What makes two results the same evidence: the same seed and counts when a seed is
    given (the same games), else every field."""
    if result.seed is not None:
        return ("seed", result.seed, result.successes, result.trials)
    return ("all", result.code)


def _refuse_strangers(read: list[ExperimentResult]) -> None:
    counts = Counter(result.key for result in read)
    usual, _ = counts.most_common(1)[0]
    reference = next(result for result in read if result.key == usual)
    odd = [(number, result) for number, result in enumerate(read, 1) if result.key != usual]
    if not odd:
        return
    number, result = odd[0]
    what = []
    if result.lesson != reference.lesson:
        what.append(f"lesson {result.lesson!r}, not {reference.lesson!r}")
    if result.experiment != reference.experiment:
        what.append(f"experiment {result.experiment!r}, not {reference.experiment!r}")
    if result.settings != reference.settings:
        changed = sorted(
            set(result.settings) ^ set(reference.settings)
            | {
                k
                for k in result.settings
                if k in reference.settings and result.settings[k] != reference.settings[k]
            }
        )
        what.append(
            f"settings {json.dumps({k: result.settings.get(k) for k in changed})}, "
            f"not {json.dumps({k: reference.settings.get(k) for k in changed})}"
        )
    more = f" ({len(odd) - 1} more like it)" if len(odd) > 1 else ""
    raise InputError(
        f"result {number} ({_label(result, number)}) does not belong with the others: "
        f"{'; '.join(what)}{more}. Remove it, or pool it with its own experiment"
    )

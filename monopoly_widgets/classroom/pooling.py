"""Pooling the class's results: each student's estimate, and the class's, narrowing.

Results are pooled only when they belong together: the same lesson, experiment and
settings (``ExperimentResult.key``). The refusal names the odd one out, measured
against the experiment most results share, so one wrong paste among thirty is found
at once. The same result pasted twice counts once, and so does a result with the same
seed and counts as another (the same seed plays the same games: not new evidence);
the pool says which it set aside.

Codes come as a class pastes them: from a chat ("Ana: MW2…", only the code is read), with
blank lines, and now and then a line that is no code at all or a code cut short. Such a
line is reported (``Pool.unread``, and in the summary) and the rest are pooled: one bad
paste among thirty does not stop the lesson. A result without a student's name (the
lesson's ``STUDENT`` left unset: every such result plays the same games, seed 0) is never
merged silently: the summary says how many came without a name and asks for names.

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

from monopoly_widgets.classroom.result import (
    ExperimentResult,
    code_in_line,
    is_file_name,
    read_result,
)
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.wording import wrapped
from monopoly_widgets.sim.intervals import Estimate, estimate_from_counts
from monopoly_widgets.sim.table import new_table

#: The name older lessons gave a result when ``STUDENT`` was not set: no name at all.
NO_NAME = "you"
#: The columns of ``Pool.table``.
TABLE_COLUMNS = ["student", "successes", "trials", "estimate", "low", "high"]

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
    unread: tuple[str, ...] = ()  # each line or file that could not be read, and why
    unnamed: int = 0  # results given without a student's name

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
    def table(self) -> Any:
        """One row per student (what ``chart`` draws), then the pooled line: a pandas
        DataFrame where pandas is installed, else the package's own table (``sim.table``)."""
        return new_table(self.lines, TABLE_COLUMNS)

    @property
    def lines(self) -> list[dict[str, Any]]:
        """``table``'s rows as plain dicts."""
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
        """The pool in a few sentences (what the widget prints above the chart).

        Each remark starts a line, and a line longer than the reader's width is broken
        (``core.wording.wrapped``): printed in a lesson, one long line ran past the
        notebook's right edge (issue 43).
        """
        pooled = self.pooled
        percent = round(pooled.confidence * 100)
        lines = [
            f"{len(self.rows)} results of '{self.experiment}' (lesson {self.lesson}): "
            f"{pooled.successes}/{pooled.n} = {pooled.probability:.3f}, "
            f"{percent}% interval {pooled.low:.3f} to {pooled.high:.3f}."
        ]
        if self.duplicates:
            lines.append("Counted once: " + "; ".join(self.duplicates) + ".")
        if self.unnamed:
            lines.append(
                f"{self.unnamed} result(s) came without a student's name, so they play "
                "the same games and count once: ask those students to put their name in "
                "STUDENT and run the cell again."
            )
        if self.unread:
            lines.append(f"Not read ({len(self.unread)}): " + "; ".join(self.unread) + ".")
        if len(self.versions) > 1:
            lines.append(f"Made with package versions {', '.join(self.versions)}.")
        return wrapped("\n".join(lines))

    def chart(self, truth: float | None = None) -> Any:
        """The projector chart: each student's interval, and the running pooled estimate."""
        from monopoly_widgets.classroom.chart import pool_chart

        return pool_chart(self, truth)

    def __str__(self) -> str:
        return self.summary


def pool(
    results: Iterable[Source] | str | Path, confidence: float = 0.95, *, paths: bool = True
) -> Pool:
    """Pool results given as codes, result files (paths, as text or ``Path``; text or
    bytes), dicts or :class:`ExperimentResult`; one text may hold many codes, one a line,
    each perhaps after a chat's "Name:". ``paths=False`` reads text only as codes (the
    widget's pasted box: a pasted line never opens a file).

    A result that cannot be read is reported in ``Pool.unread`` and the summary, and the
    rest are pooled. Raises :class:`InputError` when none can be read (saying why each
    failed), or for a result that belongs to another experiment or other settings
    (naming it, and what the others are).
    """
    read: list[tuple[int, ExperimentResult, str]] = []
    unread: list[str] = []
    for number, (source, sender) in enumerate(_sources(results, paths), 1):
        try:
            read.append((number, read_result(source), sender))
        except (InputError, OSError) as exc:
            problem = exc if isinstance(exc, InputError) else f"cannot be read ({exc.strerror})"
            unread.append(f"result {number}: {problem}")
    if not read:
        found = ("; ".join(unread[:5]) + ".") if unread else ""
        raise InputError(
            f"pool needs at least one result (a code, a file or a result) {found}".strip()
        )
    _refuse_strangers(read)
    kept: list[tuple[str, ExperimentResult]] = []
    duplicates: list[str] = []
    seen: dict[Any, str] = {}
    labels: Counter[str] = Counter()
    unnamed = 0
    for number, result, sender in read:
        named = result.student not in ("", NO_NAME)
        unnamed += not named
        label = _label(result, number) if named or not sender else f"{sender} (no name)"
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
    return Pool(
        rows, running[-1], tuple(running), tuple(duplicates), versions, tuple(unread), unnamed
    )


def _sources(results: Iterable[Source] | str | Path, paths: bool) -> list[tuple[Source, str]]:
    """Each result to read, with the name a chat put before its code ("" if none).

    A text is one file's name (``pool("a.json")``) or many codes, one a line; blank lines
    are skipped. Within a list, text naming a ``.json`` file is read as that file.
    """
    if isinstance(results, (str, Path)):
        results = [results] if paths and _names_file(results) else results.splitlines()
    found: list[tuple[Source, str]] = []
    for source in results:
        if isinstance(source, str):
            if paths and _names_file(source):
                found.append((Path(source.strip()), ""))
                continue
            for line in source.splitlines():
                if line.strip():
                    found.append(_from_line(line))
        else:
            found.append((source, ""))
    return found


def _names_file(source: str | Path) -> bool:
    return isinstance(source, Path) or is_file_name(source)


def _from_line(line: str) -> tuple[str, str]:
    """A pasted line's code, and the chat name before it ("Ana: MW2…" gives "Ana")."""
    code = code_in_line(line)
    before = line[: line.find(code)] if code in line and code != line.strip() else ""
    sender = " ".join(before.strip().rstrip(":-–>").split())[:MAX_SENDER_CHARS]
    return code, sender


#: The longest chat name kept as a label for a result that carries no name of its own.
MAX_SENDER_CHARS = 40


def _label(result: ExperimentResult, number: int) -> str:
    named = result.student not in ("", NO_NAME)
    return result.student if named else f"result {number} (no name)"


def _identity(result: ExperimentResult) -> Any:
    """What makes two results the same evidence: the same seed and counts when a seed is
    given (the same games), else every field."""
    if result.seed is not None:
        return ("seed", result.seed, result.successes, result.trials)
    return ("all", result.code)


def _refuse_strangers(read: list[tuple[int, ExperimentResult, str]]) -> None:
    counts = Counter(result.key for _, result, _ in read)
    usual, _ = counts.most_common(1)[0]
    reference = next(result for _, result, _ in read if result.key == usual)
    odd = [(number, result) for number, result, _ in read if result.key != usual]
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

"""The teacher's side of the attempt records: read a class's hand-ins into one table.

Each student hands in ``monopoly-widgets-record-<name>-<hash>.json`` (see
:mod:`~monopoly_widgets.lessons.record`). ``pool_records`` reads a folder of them
(or a list of files) with ``json`` only, checks every field, and returns one row
per student and exercise (a DataFrame, or without pandas a ``sim.table.ResultsTable``).
Bad files are all named at once, so a teacher can fix
them in one go, or pooled around with ``skip_bad=True``. A student who handed in
twice (two downloads of the same record) counts once: the copy with more tries.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from monopoly_widgets.lessons.exercise import LessonError
from monopoly_widgets.lessons.record import RECORD_PREFIX, AttemptRecord, read_record
from monopoly_widgets.sim.table import new_table

EXERCISE_COLUMNS = ["student", "exercise", "tries", "correct", "correct_on_try", "shown", "last"]
PREDICTION_COLUMNS = ["student", "prediction", "said", "value", "actual"]


def _files(sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> list[Path]:
    if isinstance(sources, (str, os.PathLike)):
        where = Path(sources)
        if where.is_dir():
            return sorted(where.glob(f"{RECORD_PREFIX}*.json"))
        return [where]
    return [Path(source) for source in sources]


def read_records(
    sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *, skip_bad: bool = False
) -> list[AttemptRecord]:
    """Every record in a folder (or the given files), one per student."""
    found: dict[str, tuple[AttemptRecord, Path]] = {}
    problems: list[str] = []
    for path in _files(sources):
        try:
            record = read_record(path)
        except LessonError as exc:
            problems.append(str(exc))
            continue
        assert record.student is not None  # read_record requires a name
        earlier = found.get(record.student)
        if earlier is not None:
            keep = max((earlier, (record, path)), key=lambda pair: _total_tries(pair[0]))
            warnings.warn(
                f"{earlier[1].name} and {path.name} are both {record.student[:30]!r}'s record: "
                f"keeping {keep[1].name} (more tries)",
                stacklevel=2,
            )
            found[record.student] = keep
        else:
            found[record.student] = (record, path)
    if problems and not skip_bad:
        raise LessonError(
            f"{len(problems)} record(s) could not be pooled "
            "(pass skip_bad=True to pool the rest):\n" + "\n".join(problems)
        )
    for problem in problems:
        warnings.warn(f"left out: {problem}", stacklevel=2)
    return [found[name][0] for name in sorted(found, key=str.casefold)]


def _total_tries(record: AttemptRecord) -> int:
    return sum(entry.tries for entry in record.exercises.values())


def pool_records(
    sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *, skip_bad: bool = False
) -> Any:
    """One row per student and exercise: tries, correct, the try that was right, shown."""
    rows = [
        [
            record.student,
            key,
            entry.tries,
            entry.correct,
            entry.correct_on_try,
            entry.shown,
            entry.last,
        ]
        for record in read_records(sources, skip_bad=skip_bad)
        for key, entry in sorted(record.exercises.items())
    ]
    return new_table(
        [dict(zip(EXERCISE_COLUMNS, row, strict=True)) for row in rows], EXERCISE_COLUMNS
    )


def pool_predictions(
    sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *, skip_bad: bool = False
) -> Any:
    """One row per student and prediction: what they said, and the result they compared it with."""
    rows = [
        [record.student, key, guess.text, guess.value, guess.actual]
        for record in read_records(sources, skip_bad=skip_bad)
        for key, guess in sorted(record.predictions.items())
    ]
    return new_table(
        [dict(zip(PREDICTION_COLUMNS, row, strict=True)) for row in rows], PREDICTION_COLUMNS
    )

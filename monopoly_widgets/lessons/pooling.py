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
from monopoly_widgets.lessons.record import (
    RECORD_PREFIX,
    AttemptRecord,
    read_record,
    record_from_json,
)
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


def _from_server(server: str, key: str | None) -> list[tuple[AttemptRecord | LessonError, Path]]:
    """The records handed in to a class server, each read as a file would be. A notebook
    hands its record in again after every checked answer, so a student's latest one is
    the one kept (the earlier are older copies of it, not another hand-in)."""
    from monopoly_widgets.classroom.hand_in import handed_in_records

    if not key:
        raise LessonError("reading records from a class server needs its teacher key: key=...")
    read: list[tuple[AttemptRecord | LessonError, Path]] = []
    latest: dict[str, int] = {}
    for number, data in enumerate(handed_in_records(server, key), 1):
        where = Path(f"record {number} handed in")
        try:
            record = record_from_json(data, where.name)
        except LessonError as exc:
            read.append((exc, where))
            continue
        if record.student in latest:
            read[latest[record.student]] = (record, where)
        else:
            latest[record.student or ""] = len(read)
            read.append((record, where))
    return read


def _read_each(
    sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], key: str | None
) -> list[tuple[AttemptRecord | LessonError, Path]]:
    if isinstance(sources, str) and sources.startswith(("http://", "https://")):
        return _from_server(sources, key)
    read: list[tuple[AttemptRecord | LessonError, Path]] = []
    for path in _files(sources):
        try:
            read.append((read_record(path), path))
        except LessonError as exc:
            read.append((exc, path))
    return read


def read_records(
    sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    *,
    skip_bad: bool = False,
    key: str | None = None,
) -> list[AttemptRecord]:
    """Every record in a folder (or the given files), one per student. ``sources`` may be
    a class server's address (``"http://…:8765/"``) with its teacher ``key``: the records
    handed in there (``AttemptRecord.submit``)."""
    found: dict[str, tuple[AttemptRecord, Path]] = {}
    problems: list[str] = []
    for record, path in _read_each(sources, key):
        if isinstance(record, LessonError):
            problems.append(str(record))
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
    sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    *,
    skip_bad: bool = False,
    key: str | None = None,
) -> Any:
    """One row per student and exercise: tries, correct, the try that was right, shown.
    ``sources``: a folder, files, or a class server's address with its teacher ``key``."""
    rows = [
        [
            record.student,
            exercise,
            entry.tries,
            entry.correct,
            entry.correct_on_try,
            entry.shown,
            entry.last,
        ]
        for record in read_records(sources, skip_bad=skip_bad, key=key)
        for exercise, entry in sorted(record.exercises.items())
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

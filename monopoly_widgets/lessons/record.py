"""The attempt record: a small JSON file a student hands in, and the teacher pools.

It says which exercises the student tried, how many tries each took, whether they
got there, whether they asked to be shown, and their predictions. No network is
needed: the file is written in the notebook's folder (the kernel's working
directory) as ``monopoly-widgets-record-<name>-<hash>.json``. In JupyterLite that
folder *is* the browser's storage, so the file stays in the browser, and the
student downloads it from the file browser to hand it in.

Writing is atomic (a file beside it, then a rename), so a crash or a full disk
never leaves half a record; a file that belongs to another student, or that cannot
be read, is never overwritten. Reading uses ``json`` only and checks every field.
"""

from __future__ import annotations

import json
import os
import warnings
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from monopoly_widgets.core import files
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.lessons.exercise import LessonError
from monopoly_widgets.lessons.students import file_stem

RECORD_FORMAT = "monopoly-widgets-record"
RECORD_VERSION = 1
RECORD_PREFIX = "monopoly-widgets-record-"
#: A hand-in larger than this is not a record (and is not read into memory).
LARGEST_RECORD_BYTES = 1_000_000


@dataclass
class ExerciseRecord:
    """One exercise in a record: tries so far, and the first try that was right."""

    tries: int = 0
    correct: bool = False
    correct_on_try: int | None = None
    shown: bool = False
    last: str = ""  # the last verdict
    last_answer: str = ""  # a short excerpt of the last answer marked


@dataclass
class PredictionRecord:
    """A prediction as the student typed it, as a number if it reads as one, and the outcome."""

    text: str
    value: float | None
    percent: bool
    actual: float | None = None


@dataclass
class AttemptRecord:
    """Everything one student did in this kernel (and in earlier ones, read back from the file)."""

    student: str | None
    folder: Path = field(default_factory=Path.cwd)
    exercises: dict[str, ExerciseRecord] = field(default_factory=dict)
    predictions: dict[str, PredictionRecord] = field(default_factory=dict)
    #: False for a file that is another student's or unreadable: it is never written.
    writable: bool = True
    warned: bool = field(default=False, repr=False)

    @property
    def path(self) -> Path | None:
        """Where the record is written; None for a record without a student's name."""
        if self.student is None:
            return None
        return self.folder / f"{RECORD_PREFIX}{file_stem(self.student)}.json"

    def same_as_last(self, key: str, answer_excerpt: str) -> bool:
        """Is this the answer marked last time (the cell run again, not a new try)?"""
        entry = self.exercises.get(key)
        return entry is not None and entry.tries > 0 and entry.last_answer == answer_excerpt

    def note_try(self, key: str, status: str, answer_excerpt: str = "") -> None:
        entry = self.exercises.setdefault(key, ExerciseRecord())
        entry.tries += 1
        entry.last, entry.last_answer = status, answer_excerpt
        if status == "correct" and not entry.correct:
            entry.correct, entry.correct_on_try = True, entry.tries
        self.save()

    def note_shown(self, key: str) -> None:
        self.exercises.setdefault(key, ExerciseRecord()).shown = True
        self.save()

    def tries(self, key: str) -> int:
        entry = self.exercises.get(key)
        return entry.tries if entry else 0

    def to_json(self) -> dict[str, Any]:
        from monopoly_widgets import __version__

        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "package": __version__,
            "student": self.student,
            "exercises": {key: asdict(entry) for key, entry in sorted(self.exercises.items())},
            "predictions": {key: asdict(p) for key, p in sorted(self.predictions.items())},
        }

    def submit(self, server: str | None = None) -> dict[str, Any]:
        """Hand this record to the class server (``server``, else ``MW_CLASS_SERVER``);
        ``pool_records(server, key=...)`` reads it there. Returns the acknowledgement."""
        from monopoly_widgets.classroom.hand_in import hand_in

        return hand_in("record", self.to_json(), server)

    def save(self) -> None:
        """Write the record atomically beside the notebook; warn (never raise) if it cannot."""
        path = self.path
        if path is None or not self.writable:
            return
        text = json.dumps(self.to_json(), indent=1, ensure_ascii=False)
        try:
            files.replace_whole(path, text, "record")  # the student's own record
        except (OSError, InputError) as exc:
            if not self.warned:
                self.warned = True
                why = getattr(exc, "strerror", None) or exc
                warnings.warn(
                    f"your record could not be written to {path} ({why}); "
                    "your answers still count in this session.",
                    stacklevel=3,
                )


def read_record(path: str | os.PathLike[str]) -> AttemptRecord:
    """Read and check one student's record; a bad file gets a :class:`LessonError` naming it."""
    where = Path(path)
    try:
        if where.stat().st_size > LARGEST_RECORD_BYTES:
            raise LessonError(
                f"{where.name}: too large to be a record ({where.stat().st_size:,} bytes)"
            )
        data = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(f"{where.name}: cannot be read ({exc})") from None
    except json.JSONDecodeError as exc:
        raise LessonError(
            f"{where.name}: not a record (not JSON: {exc.msg}, line {exc.lineno})"
        ) from None
    return record_from_json(data, where.name, folder=where.parent)


def record_from_json(data: Any, source: str, folder: Path | None = None) -> AttemptRecord:
    """An :class:`AttemptRecord` from parsed JSON, every field checked; errors name ``source``."""

    def bad(what: str) -> LessonError:
        return LessonError(f"{source}: not a valid record: {what}")

    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise bad(f'"format" must be "{RECORD_FORMAT}"')
    if data.get("version") != RECORD_VERSION:
        raise bad(f'"version" must be {RECORD_VERSION}')
    student = data.get("student")
    if not (isinstance(student, str) and 0 < len(student) <= 60):
        raise bad('"student" must be a name of 1 to 60 characters')
    exercises = _checked_map(data.get("exercises"), "exercises", bad)
    predictions = _checked_map(data.get("predictions"), "predictions", bad)
    record = AttemptRecord(student, folder or Path.cwd())
    for key, entry in exercises.items():
        record.exercises[key] = _exercise_entry(entry, f'exercise "{key[:20]}"', bad)
    for key, entry in predictions.items():
        record.predictions[key] = _prediction_entry(entry, f'prediction "{key[:20]}"', bad)
    return record


def _checked_map(value: Any, name: str, bad: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(
        isinstance(key, str) and 0 < len(key) <= 40 for key in value
    ):
        raise bad(f'"{name}" must map short names to entries')
    if len(value) > 500:
        raise bad(f'"{name}" has {len(value)} entries, more than a lesson has')
    return value


def _exercise_entry(entry: Any, where: str, bad: Any) -> ExerciseRecord:
    fields = {"tries", "correct", "correct_on_try", "shown", "last", "last_answer"}
    if not isinstance(entry, dict) or set(entry) != fields:
        raise bad(f"{where} must have {', '.join(sorted(fields))}")
    tries, on_try = entry["tries"], entry["correct_on_try"]
    if (
        not _count(tries)
        or not isinstance(entry["correct"], bool)
        or not isinstance(entry["shown"], bool)
    ):
        raise bad(f"{where}: tries must be a whole number, correct and shown true or false")
    if on_try is not None and not (_count(on_try) and 1 <= on_try <= tries):
        raise bad(f"{where}: correct_on_try must be a try number between 1 and tries")
    if entry["correct"] != (on_try is not None):
        raise bad(f"{where}: correct and correct_on_try disagree")
    if not isinstance(entry["last"], str) or not isinstance(entry["last_answer"], str):
        raise bad(f"{where}: last and last_answer must be text")
    return ExerciseRecord(
        tries,
        entry["correct"],
        on_try,
        entry["shown"],
        entry["last"][:20],
        entry["last_answer"][:60],
    )


def _prediction_entry(entry: Any, where: str, bad: Any) -> PredictionRecord:
    if not isinstance(entry, dict) or set(entry) != {"text", "value", "percent", "actual"}:
        raise bad(f"{where} must have text, value, percent and actual")
    numbers_ok = all(
        entry[name] is None
        or (isinstance(entry[name], (int, float)) and not isinstance(entry[name], bool))
        for name in ("value", "actual")
    )
    if (
        not isinstance(entry["text"], str)
        or not isinstance(entry["percent"], bool)
        or not numbers_ok
    ):
        raise bad(
            f"{where}: text must be text, percent true or false, value and actual numbers or null"
        )
    return PredictionRecord(entry["text"][:60], entry["value"], entry["percent"], entry["actual"])


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**6


_SESSION: dict[str | None, AttemptRecord] = {}


def record_for(student: str | None) -> AttemptRecord:
    """This kernel's record for ``student``, read back from its file on first use.

    A file that cannot be read, or that names another student, is left alone: the
    session keeps counting in memory and says so once, so nothing is lost.
    """
    if student in _SESSION:
        return _SESSION[student]
    record = AttemptRecord(student)
    path = record.path
    if path is not None and path.exists():
        try:
            found = read_record(path)
            if found.student != student:
                raise LessonError(
                    f"{path.name}: a record of {found.student[:30]!r}, not {student[:30]!r}"
                )
            found.folder = record.folder
            record = found
        except LessonError as exc:
            record.writable = False
            warnings.warn(
                f"{exc}; it is left as it is, and this session's answers are kept in memory.",
                stacklevel=3,
            )
    _SESSION[student] = record
    return record


def forget_session() -> None:
    """Start this kernel's records afresh (files on disk are kept): for tests and a new class."""
    _SESSION.clear()

"""Who is answering: a student's name, checked, and the stable seed and file name it gives.

A student's name seeds their exercise variants and names their attempt record, so
both must be the same in every kernel, on every machine, next week: they come from
SHA-256 of the name (trimmed, spaces collapsed, case folded), never from Python's
``hash``, which changes from one process to the next.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from typing import Any

from monopoly_widgets.lessons.exercise import LessonError
from monopoly_widgets.lessons.verdict import quote

#: The longest name (or class code) a student may give.
LONGEST_NAME = 60

_DEFAULT: list[str | None] = [None]


def student_name(student: Any) -> str | None:
    """``student`` checked and trimmed, or the name given to :func:`set_student`, or None."""
    if student is None:
        return _DEFAULT[0]
    if not isinstance(student, str):
        raise LessonError(
            f'student must be a name in quotes, like student="Ana", not {quote(student)}'
        )
    name = " ".join(student.split())
    if not name or len(name) > LONGEST_NAME:
        raise LessonError(
            f"student must be a name or class code of 1 to {LONGEST_NAME} characters, "
            f"not {quote(student)}"
        )
    return name


def set_student(student: str | None) -> None:
    """Answer as ``student`` from now on in this kernel (None: nobody, records stay in memory).

    After ``set_student("Ana")``, every ``check``, ``show_me``, ``predict`` and
    ``Question`` uses Ana's variant and keeps Ana's record, without ``student=``.
    """
    _DEFAULT[0] = None if student is None else student_name(student)


def _digest(name: str) -> str:
    return hashlib.sha256(name.casefold().encode("utf-8")).hexdigest()


def student_seed(name: str) -> int:
    """A seed from the student's name, the same on every machine and in every process."""
    return int(_digest(name)[:16], 16)


def file_stem(name: str) -> str:
    """A safe, distinct file-name part: readable letters plus 8 hex digits of the name's hash.

    The hash keeps "Ana" and "Ana!" (or two names that look alike once cut) apart,
    so one student's record never lands on another's.
    """
    plain = unicodedata.normalize("NFKD", name.casefold()).encode("ascii", "ignore").decode()
    readable = re.sub(r"[^a-z0-9]+", "-", plain)
    readable = readable.strip("-")[:24] or "student"
    return f"{readable}-{_digest(name)[:8]}"

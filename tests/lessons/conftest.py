"""Each lessons test starts with no student set, no tries counted, in a folder of its own.

The folder matters: a check with a student's name writes the student's record in
the working directory, and a test must never write into the repository.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from monopoly_widgets.lessons.record import forget_session
from monopoly_widgets.lessons.students import set_student


@pytest.fixture(autouse=True)
def fresh_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.chdir(tmp_path)
    forget_session()
    set_student(None)
    yield
    forget_session()
    set_student(None)

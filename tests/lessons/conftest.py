"""Each lessons test starts with no student set and no tries counted in this process."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from monopoly_widgets.lessons.record import forget_session
from monopoly_widgets.lessons.students import set_student


@pytest.fixture(autouse=True)
def fresh_session() -> Iterator[None]:
    forget_session()
    set_student(None)
    yield
    forget_session()
    set_student(None)

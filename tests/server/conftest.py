from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from monopoly_widgets.server import ClassServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    """A class server on a free loopback port, with its store in the test's folder."""
    running = ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0).start()
    try:
        yield running
    finally:
        running.stop()

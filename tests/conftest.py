"""Shared by every test: widgets still open when the session ends are closed then.

A widget that lives to the interpreter's exit is closed by ipywidgets' ``Widget.__del__``
after the module it needs is gone, which prints "Exception ignored in: Widget.__del__ ...
AttributeError" under a passing run. Closed here, while everything is still loaded, the
run ends quietly.
"""

from __future__ import annotations

from typing import Any

import ipywidgets


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    ipywidgets.Widget.close_all()

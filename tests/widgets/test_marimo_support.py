"""The explorer in marimo, without a browser: display, the Plotly library per session,
the step the browser reports, and the quickstart notebook run by marimo itself."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.widgets import explorer as explorer_module
from monopoly_widgets.widgets import frontends, plotly_library
from tests.widgets.helpers import attach

ROOT = Path(__file__).parents[2]


class FakeComm:
    """Stands in for marimo's comm: ``_closed`` is what marimo sets when it closes a model."""

    comm_id = "fake"
    kernel = object()

    def __init__(self) -> None:
        self._closed = False

    def send(self, *args: Any, **kwargs: Any) -> None:
        pass

    def on_msg(self, callback: Any) -> None:
        pass

    def close(self, *args: Any, **kwargs: Any) -> None:
        self._closed = True


class Context:
    """A marimo session's runtime context (one per student in ``marimo run``)."""


@pytest.fixture
def marimo_sessions(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Pretend to run in marimo; returns a function that switches the current session."""
    current: dict[str, Any] = {"context": Context()}
    monkeypatch.setattr(frontends, "in_marimo", lambda: True)
    monkeypatch.setattr(plotly_library, "in_marimo", lambda: True)
    monkeypatch.setattr(explorer_module, "in_marimo", lambda: True)
    monkeypatch.setattr(plotly_library, "_marimo_session", lambda: current["context"])
    original = plotly_library._new_library

    def new_library() -> Any:
        library = original()
        library.comm = FakeComm()
        return library

    monkeypatch.setattr(plotly_library, "_new_library", new_library)

    def switch(context: Any) -> None:
        current["context"] = context

    return switch


def explorer() -> mw.GameExplorer:
    return mw.GameExplorer(mw.new_game("deal", players=3, seed=1))


def test_each_marimo_session_has_its_own_library(marimo_sessions: Any) -> None:
    first, second = Context(), Context()
    marimo_sessions(first)
    a, b = explorer(), explorer()
    marimo_sessions(second)
    c = explorer()
    assert a.table.plotly is b.table.plotly, "one library per session, not per explorer"
    assert c.table.plotly is not a.table.plotly, "the second student's page gets its own"


def test_a_closed_library_is_replaced_and_live_tables_follow(marimo_sessions: Any) -> None:
    """marimo closes a cell's models when the cell runs again (``marimo edit``)."""
    marimo_sessions(Context())
    first, other = explorer(), explorer()
    old = first.table.plotly
    old.comm.close()  # the first explorer's cell ran again
    rerun = explorer()
    assert rerun.table.plotly is not old
    assert other.table.plotly is rerun.table.plotly, "a live table must not point at a closed one"


def test_jupyter_keeps_one_library_per_kernel() -> None:
    assert not frontends.in_marimo()
    assert explorer().table.plotly is explorer().table.plotly


def test_in_marimo_only_when_marimo_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("marimo")
    fake.running_in_notebook = lambda: False  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "marimo", fake)
    assert not frontends.in_marimo()
    fake.running_in_notebook = lambda: True  # type: ignore[attr-defined]
    assert frontends.in_marimo()


def test_mime_shows_the_table_widget_in_marimo() -> None:
    pytest.importorskip("marimo")
    game = explorer()
    mime, data = game._mime_()
    assert mime == "text/html"
    assert "marimo-anywidget" in data


def test_the_browser_may_report_the_step_it_shows_and_nothing_else() -> None:
    game = explorer()
    comm = attach(game)
    for _ in range(3):
        game.forward()
    game.table.set_state({"shown_step": 2})
    assert game.table.shown_step == 2 and game.table.error == ""
    assert game.step == 3, "a reported step moves nothing"
    game.table.set_state({"shown_step": 99})
    assert game.table.shown_step == 2 and "shown_step" in game.table.error
    comm.clear()
    game.table.set_state({"shown_step": True})
    assert game.table.shown_step == 2
    assert comm.last("shown_step") == 2, "Python's value goes back to the browser"
    game.table.set_state({"shown_step": 1, "step": 0})
    assert game.table.step == 3 and game.table.shown_step == 2


def test_the_browser_reports_steps_only_in_marimo(marimo_sessions: Any) -> None:
    assert explorer().table.reports_step is True


def test_the_quickstart_runs_as_a_marimo_notebook(tmp_path: Path) -> None:
    """``marimo export html`` runs every cell; a failing cell makes it fail."""
    pytest.importorskip("marimo")
    out = tmp_path / "quickstart.html"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "marimo",
            "export",
            "html",
            str(ROOT / "notebooks" / "00_quickstart_marimo.py"),
            "-o",
            str(out),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    html = out.read_text()
    assert html.count("marimo-anywidget") >= 4
    assert "The table shows step 0." in html
    # One Plotly library for the notebook's five explorers, not one each.
    assert out.stat().st_size < 15_000_000

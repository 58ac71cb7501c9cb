"""The tournaments' progress bar: the notebook's own bar in a browser tab, not red text."""

from __future__ import annotations

import sys

import pytest

from monopoly_widgets.sim import tournament


def test_a_browser_tab_with_ipython_gets_the_notebook_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    import tqdm.auto
    import tqdm.notebook

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr("IPython.get_ipython", lambda: object())
    assert tournament.progress_bar() is tqdm.notebook.tqdm
    monkeypatch.setattr("IPython.get_ipython", lambda: None)  # plain Python in the tab
    assert tournament.progress_bar() is tqdm.auto.tqdm


def test_elsewhere_tqdm_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    import tqdm.auto

    monkeypatch.setattr(sys, "platform", "linux")
    assert tournament.progress_bar() is tqdm.auto.tqdm

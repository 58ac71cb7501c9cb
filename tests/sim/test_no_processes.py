"""Tournaments where no process can start (a browser tab under Pyodide, some sandboxes).

``simulate`` then plays every game in its own process, and the table is the
one a process pool gives: each game's seed depends only on the master seed and
the game's index.
"""

from __future__ import annotations

import concurrent.futures
import sys

import pandas as pd
import pytest

from monopoly_widgets.sim import simulate, tournament

KWARGS = {"games": 8, "seed": 5, "progress": False}


class NoProcesses:
    """Stands in for ProcessPoolExecutor where the platform refuses processes."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise NotImplementedError("This Python build lacks multiprocessing.synchronize")


@pytest.fixture(scope="module")
def pool_table() -> pd.DataFrame:
    """The table a real two-process pool gives."""
    assert tournament.processes_available()
    return simulate("deal", ["heuristic", "random"], workers=2, batch_size=1, **KWARGS)


def test_in_a_browser_tab_games_run_in_process_with_the_same_results(
    pool_table: pd.DataFrame, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", NoProcesses)
    assert not tournament.processes_available()
    table = simulate("deal", ["heuristic", "random"], workers=2, batch_size=1, **KWARGS)
    pd.testing.assert_frame_equal(table, pool_table)


def test_a_platform_that_refuses_a_pool_falls_back_to_in_process(
    pool_table: pd.DataFrame, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", NoProcesses)
    assert tournament.process_pool(2) is None
    table = simulate("deal", ["heuristic", "random"], workers=2, batch_size=1, **KWARGS)
    pd.testing.assert_frame_equal(table, pool_table)

"""Stopping a league (Jupyter's stop button, Ctrl-C) stops it at once and keeps its games.

Before, the league waited for every game still to play (its pool's shutdown waits for
the queued batches), then raised, so the teacher waited the whole league and lost it.
The stop is made as the stop button makes it: a ``KeyboardInterrupt`` in this process's
main thread while the league waits for its games, here raised by the progress function
(called in that thread each time a batch of games arrives), so it comes at a known point.
"""

from __future__ import annotations

import time
from pathlib import Path

import psutil
import pytest

import monopoly_widgets as mw

GOOD_BOT = Path(__file__).parent / "bots" / "good.py"


def stop_after(games: int) -> tuple[list[tuple[int, int, bool]], object]:
    """A progress function that presses stop once ``games`` games are in, and its calls."""
    calls: list[tuple[int, int, bool]] = []

    def progress(result: object, done: int, total: int, finished: bool) -> None:
        calls.append((done, total, finished))
        if not finished and done >= games and not any(d >= games for d, _, _ in calls[:-1]):
            raise KeyboardInterrupt

    return calls, progress


def children() -> set[int]:
    """This process's children now (other tests may leave pools of their own running)."""
    return {p.pid for p in psutil.Process().children(recursive=True)}


def children_left(before: set[int], timeout: float = 10.0) -> list[psutil.Process]:
    """The children started since ``before`` still running after ``timeout`` s at most."""
    deadline = time.monotonic() + timeout
    while True:
        left = [p for p in psutil.Process().children(recursive=True) if p.pid not in before]
        left = [p for p in left if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def test_a_stopped_league_keeps_its_games_and_leaves_no_process() -> None:
    calls, progress = stop_after(20)
    before = children()
    try:
        with pytest.warns(RuntimeWarning, match=r"stopped by the user after 20 of 400 games"):
            result = mw.league(
                [GOOD_BOT, "random"], games=200, seed=1, workers=2, progress=progress
            )
    except KeyboardInterrupt:  # a failure, not the end of the whole test run
        pytest.fail("the stopped league raised instead of returning the games it played")
    assert result.stopped and len(result.rows) == 20, "one batch of 10 deals, both seatings"
    assert calls[-1] == (20, 400, True), "the progress display is told the league ended"
    assert any("stopped by the user after 20 of 400" in note for note in result.notes)
    assert "note: stopped by the user" in str(result)
    assert result.table["games"].sum() == 2 * 20, "the table rates the games played"
    assert result.replay(19).game.is_over
    # Every worker and every bot's process it started is gone: the league did not play on.
    assert children_left(before) == []


def test_a_league_stopped_before_any_game_ends_raises() -> None:
    calls, progress = stop_after(0)
    before = children()
    with pytest.raises(KeyboardInterrupt):
        mw.league(["random", "heuristic"], games=50, seed=1, workers=2, progress=progress)
    assert calls == [(0, 100, False)]
    assert children_left(before) == []

"""The tab's league seat (``league/browser.py``) outside a browser: where it applies, and
which bot workers it keeps between tasks. The workers themselves run in
``tests/lite/test_league_in_lite.py`` (Chromium, the offline site)."""

from __future__ import annotations

from monopoly_widgets.league import browser
from monopoly_widgets.league.entries import Entry
from monopoly_widgets.league.sandbox import Limits
from monopoly_widgets.league.seats import InProcessSeat, make_seat


class Worker:
    """Stands in for a bot's Web Worker: records whether it was terminated."""

    def __init__(self) -> None:
        self.ended = False

    def stop(self) -> None:
        self.ended = True


def test_outside_a_browser_no_worker_is_used() -> None:
    assert browser.workers_available() is False
    seat = make_seat(Entry("ana", path="ana.py"), Limits(), isolated=False)
    assert isinstance(seat, InProcessSeat)


def test_a_well_worker_is_kept_once_and_every_kept_one_ends_with_the_league() -> None:
    entry, limits = Entry("ana", path="ana.py"), Limits()
    first, second, failed = Worker(), Worker(), Worker()
    failed.ended = True
    try:
        seats = [browser.WorkerSeat(entry, limits) for _ in range(3)]  # three tasks at once
        for seat, bot in zip(seats, (first, second, failed), strict=True):
            seat.bot = bot  # type: ignore[assignment]
            seat.close()
        assert browser.IDLE == {("ana.py", limits): first} and not first.ended
        assert second.ended  # one is kept per bot: the other is ended
        assert browser.WorkerSeat(entry, limits).bot is first  # the next task takes it
        browser.IDLE[("ana.py", limits)] = first  # type: ignore[assignment]
    finally:
        browser.close_idle()
    assert first.ended and browser.IDLE == {}

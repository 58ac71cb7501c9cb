"""Each student's entry is checked before the league starts, in its own process.

The check imports the file, plays one whole game against the random bot (seat 0, a
deal of its own whose seed comes from the league's secret seed, ``games.check_seed``)
and checks that every move is legal. An entry that fails gets a report
naming the file and what went wrong ("bots/ana.py: choose returned None, not one of
the legal actions on turn 3") and sits the league out; the others play on.
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.league.entries import Entry
from monopoly_widgets.league.games import Batch, play_game
from monopoly_widgets.league.sandbox import Limits
from monopoly_widgets.league.seats import make_seat

#: The deal number the check game is recorded under (its seed is not deal 0's).
CHECK_DEAL = 0


def check_entry(
    entry: Entry,
    game: str,
    limits: Limits,
    isolated: bool,
    options: dict[str, Any],
    seed: int,
) -> tuple[str | None, list[int]]:
    """None if ``entry`` plays a whole legal game, else the report naming its file; and the
    PIDs of the processes the check started (all stopped when it returns)."""
    opponent = Entry("random", builtin="random")
    batch = Batch(
        game, (entry, opponent), (CHECK_DEAL,), seed, limits, isolated, options, check=True
    )
    seats: dict[str, Any] = {opponent.name: make_seat(opponent, limits, isolated)}
    seat = make_seat(entry, limits, isolated)
    seats[entry.name] = seat
    try:
        row = play_game(batch, CHECK_DEAL, (entry, opponent), seats)
    finally:
        for player in seats.values():
            player.close()
    forfeit = row["forfeit"]
    report = None if forfeit is None else f"{entry.label}: {forfeit['reason']}"
    return report, list(seat.pids)

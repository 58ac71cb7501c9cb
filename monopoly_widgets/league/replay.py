"""A league game in the explorer: its seats named by the entries, a forfeit said where it stops.

The saved game holds every move played up to the forfeit, so the replay's last step
is the decision the bot failed on. There the explorer stops (``GameExplorer.ending``)
and says which bot forfeited, why and on which turn, citing the league's rule; no bot
is asked to play on. A student's bot never runs in the teacher's kernel: the seats
are :class:`RecordedBot`, which only name their entry.
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.text import plain
from monopoly_widgets.league.entries import Entry
from monopoly_widgets.widgets.views.common import seat_name

#: The league's rule a forfeit follows, cited by its section in the teacher's guide.
FORFEIT_RULE = (
    'League rule (docs/league.md, "4. Safe and fair: the limits"): a bot that crashes, '
    "runs out of time or returns an illegal move forfeits the game."
)


class RecordedBot:
    """A league entry's seat in a replay: named as the league names it; its moves are
    the record's only (it is never run here, so it cannot be asked for new ones)."""

    needs_observation = False

    def __init__(self, label: str) -> None:
        self.label = label

    def __call__(self, observation: Any, legal_actions: Any, rng: Any) -> Any:
        raise InputError(
            f"{self.label} played this game in the league; its moves are in the record "
            "only, so it cannot play a new one here"
        )

    def __repr__(self) -> str:
        return f"RecordedBot({self.label!r})"


def forfeit_ending(forfeit: dict[str, Any], labels: list[str]) -> str:
    """ "The league game ends here: crash.py (Player 1) forfeited: choose raised ... on
    turn 3. Player 0 (good.py) is given the win. League rule (...): ..." """
    seat = forfeit["seat"]
    other = 1 - seat
    return (
        f"The league game ends here: {labels[seat]} ({seat_name(seat)}) forfeited: "
        f"{forfeit['reason']}. {seat_name(other)} ({labels[other]}) is given the win. "
        f"{FORFEIT_RULE}"
    )


def replay_row(row: dict[str, Any], entries: list[Entry]) -> Any:
    """A ``GameExplorer`` on the league game ``row``, at the deal."""
    from monopoly_widgets.widgets import GameExplorer

    by_name = {entry.name: entry for entry in entries}
    labels = [plain(by_name[name].seat_label if name in by_name else name) for name in row["seats"]]
    forfeit = row["forfeit"]
    return GameExplorer.from_json(
        row["saved"],
        agents=[RecordedBot(label) for label in labels],
        ending="" if forfeit is None else forfeit_ending(forfeit, labels),
    )

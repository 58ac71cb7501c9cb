"""The value of information: how much would seeing the other hands be worth?

A lesson in itself. The coach's fair analysis samples the hidden hands; the
"cards known" analysis (teacher's view only, labelled as cheating) keeps the
other players' hands as they really are. If the two recommend different moves,
seeing the hands is worth the difference between the two moves' chances *in the
real deal*; if they agree, it is worth nothing at this decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monopoly_widgets.coach.analyse import MAX_PLAYOUTS, analyse
from monopoly_widgets.coach.playouts import PlayoutJob, game_text, run_jobs
from monopoly_widgets.coach.result import Analysis
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.validation import whole_number
from monopoly_widgets.stats.intervals import mean_interval


@dataclass(frozen=True)
class InformationValue:
    """What seeing the other hands is worth at one decision, with a 95% interval."""

    fair: Analysis
    known: Analysis
    #: Chance of winning, with the hands known, after the move the known analysis picks
    #: minus after the move the fair analysis picks (0 when they pick the same move).
    value: float
    low: float
    high: float
    playouts: int

    def __str__(self) -> str:
        if self.fair.best is None or self.known.best is None:
            unmeasured = self.fair if self.fair.best is None else self.known
            return f"Nothing to compare. {unmeasured.why_no_best()}"
        fair = self.fair.move(self.fair.best).text
        known = self.known.move(self.known.best).text
        if self.fair.best == self.known.best:
            return f"Seeing the other hands would not change the move: {fair}."
        return (
            f"Without seeing the hands: {fair}. Seeing them (cheating): {known}. "
            f"Worth {self.value:+.1%} chance of winning (95% interval {self.low:+.1%} to "
            f"{self.high:+.1%}, {self.playouts} paired playouts)."
        )


def value_of_information(
    game: Game,
    playouts: int = 400,
    compare_playouts: int = 400,
    continue_with: str = "heuristic",
    seed: int = 0,
    executor: Any | None = None,
) -> InformationValue:
    """Analyse fairly and with the hands known, then compare the two chosen moves.

    The two moves are replayed ``compare_playouts`` times each with the hands
    known, in the same worlds (paired), so the difference is measured in the real
    deal and its interval is narrow.
    """
    whole_number(compare_playouts, "compare_playouts", 1, MAX_PLAYOUTS)
    options = {"playouts": playouts, "continue_with": continue_with, "seed": seed}
    fair = analyse(game, executor=executor, **options)
    known = analyse(game, cards_known=True, executor=executor, **options)
    if fair.best is None or known.best is None or fair.best == known.best:
        return InformationValue(fair, known, 0.0, 0.0, 0.0, 0)
    saved = game_text(game)
    jobs = [
        PlayoutJob(saved, fair.seat, move, 0, compare_playouts, seed + 1, continue_with, True)
        for move in (known.best, fair.best)
    ]
    with_known, with_fair = run_jobs(jobs, executor)
    differences = [k - f for k, f in zip(with_known, with_fair, strict=True)]
    value, low, high = mean_interval(differences)
    return InformationValue(fair, known, value, low, high, compare_playouts)

"""What an analysis found: each move's chance of winning, with its interval."""

from __future__ import annotations

import html
import textwrap
from dataclasses import asdict, dataclass
from typing import Any

from monopoly_widgets.coach.pairing import clear_of

#: What a move with no playout shows instead of figures (it has none to show).
NOT_MEASURED = "not measured"


@dataclass(frozen=True)
class MoveEstimate:
    """One legal move: wins out of playouts, and the Wilson interval around the share."""

    action_id: str
    text: str
    wins: int
    playouts: int
    low: float
    high: float
    #: Set when this move leaves the same position as an earlier one: the id of the move
    #: that was played out for both (``coach/merging.py``); its figures are that move's.
    same_as: str | None = None
    #: Against the best move, in the worlds both were played in: how many the best won
    #: and this move did not, and the reverse (``coach/pairing.py``); None for the best.
    versus_best: tuple[int, int] | None = None

    @property
    def measured(self) -> bool:
        """Has this move had a playout? With fewer playouts than moves some have none, and
        their "0 of 0" is no estimate at all (shown as "not measured", never as 0%)."""
        return self.playouts > 0

    @property
    def probability(self) -> float:
        """The estimated chance of winning after this move (wins / playouts)."""
        return self.wins / self.playouts if self.playouts else 0.0


@dataclass(frozen=True)
class Analysis:
    """The result of :func:`~monopoly_widgets.coach.analyse` (see its docstring)."""

    seat: int
    step: int
    #: Every legal move, the highest estimate first (ties: more playouts first).
    moves: tuple[MoveEstimate, ...]
    #: The id of the move with the highest estimate; None when no move has a playout
    #: (a move never measured is never called best).
    best: str | None
    playouts: int
    rounds: int
    seconds: float
    #: Why it stopped: "playouts", "time budget", "best move separated", "one move", or
    #: "top moves measured to within 5%".
    stopped: str
    #: How playouts were shared out, in words.
    method: str
    seed: int
    continue_with: str
    cards_known: bool
    confidence: float
    #: CPU seconds the playouts took, summed over every process that ran them.
    cpu_seconds: float = 0.0

    def move(self, action_id: str) -> MoveEstimate:
        """The estimate of one move, by its id."""
        for estimate in self.moves:
            if estimate.action_id == action_id:
                return estimate
        raise KeyError(action_id)

    def why_no_best(self) -> str:
        """Why no move is marked best, in one line ("" when one is)."""
        if self.best is not None:
            return ""
        return (
            f"No move is marked best: none was measured (stopped: {self.stopped}; "
            f"{len(self.distinct())} moves need at least one playout each)."
        )

    def distinct(self) -> list[MoveEstimate]:
        """One move of each group of equivalent moves, the highest estimate first."""
        return [m for m in self.moves if m.same_as is None]

    def separated(self) -> bool:
        """Is the best move clearly better than every other, at the stated confidence?

        Clearly better than a move: their intervals do not overlap, or the paired
        comparison in the worlds both were played in says so (``coach/pairing.py``).
        """
        moves = self.distinct()
        if len(moves) < 2:
            return True
        best, others = moves[0], moves[1:]
        return all(
            clear_of(
                (best.low, best.high),
                (m.low, m.high),
                *(m.versus_best or (0, 0)),
                len(others),
                self.confidence,
            )
            for m in others
        )

    def lead(self) -> str:
        """How the best move compares with the runner-up world by world, in one line."""
        moves = self.distinct()
        if self.best is None or len(moves) < 2 or moves[1].versus_best is None:
            return ""
        runner_up = moves[1]
        ahead, behind = runner_up.versus_best
        shared = min(moves[0].playouts, runner_up.playouts)
        verdict = "clearly better" if self.separated() else "not yet clearly better"
        return (
            f"Against the runner-up ({runner_up.text}) in the same {shared} worlds: the best "
            f"move won where it lost in {ahead}, the reverse in {behind}; {verdict}"
            f" ({round(self.confidence * 100)}% confidence)."
        )

    def conclusive(self, precision: float = 0.05) -> bool:
        """Separated, or the three leading moves each known to within ``precision`` either side."""
        leaders = self.distinct()[:3]
        return self.separated() or all((m.high - m.low) / 2 <= precision for m in leaders)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe, for the widget and for saving."""
        data = asdict(self)
        data["moves"] = [{**asdict(m), "probability": m.probability} for m in self.moves]
        return data

    def __str__(self) -> str:
        view = "their hands known (cheating)" if self.cards_known else "hidden cards sampled"
        lines = [
            f"Player {self.seat} at step {self.step}: chance of winning after each move "
            f"({self.playouts} playouts, {view}; {round(self.confidence * 100)}% intervals)"
        ]
        for m in self.moves:
            mark = "*" if m.action_id == self.best else " "
            same = "  (the same position as the move above: played out once)" if m.same_as else ""
            figures = (
                f"{m.probability:6.1%}  ({m.low:.1%} to {m.high:.1%}, {m.wins}/{m.playouts})"
                if m.measured
                else NOT_MEASURED
            )
            lines.append(f"{mark} {figures}  {m.text}{same}")
        if self.best is None:
            lines.append(self.why_no_best())
        elif self.lead():
            lines.append(textwrap.fill(self.lead(), width=88))
        # Wrapped at word boundaries: a notebook's output area would break a long line mid-word.
        lines.append(textwrap.fill(f"Stopped: {self.stopped}. {self.method}", width=88))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{'&#9733;' if m.action_id == self.best else ''}</td>"
            f"<td>{html.escape(m.text)}</td>"
            + (
                f"<td>{m.probability:.1%}</td><td>{m.low:.1%} to {m.high:.1%}</td>"
                f"<td>{m.wins} of {m.playouts}</td></tr>"
                if m.measured
                else f"<td colspan='3'>{NOT_MEASURED}</td></tr>"
            )
            for m in self.moves
        )
        view = "their hands known (cheating)" if self.cards_known else "hidden cards sampled"
        return (
            f"<table class='mw-analysis'><caption>Player {self.seat}, step {self.step}: chance "
            f"of winning after each move ({html.escape(view)})</caption>"
            "<tr><th></th><th>Move</th><th>Chance</th><th>Interval</th><th>Wins</th></tr>"
            f"{rows}</table><p>{html.escape(self.why_no_best() or self.lead())} "
            f"Stopped: {html.escape(self.stopped)}. "
            f"{html.escape(self.method)}</p>"
        )

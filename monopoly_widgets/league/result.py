"""What a league returns: the table, the rating, the chart, every game as a replay."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.text import plain
from monopoly_widgets.core.validation import whole_number
from monopoly_widgets.league.entries import Entry
from monopoly_widgets.league.rating import rate
from monopoly_widgets.sim.intervals import wilson_interval
from monopoly_widgets.sim.table import new_table, records

if TYPE_CHECKING:
    import pandas as pd

#: The columns of ``LeagueResult.games``, one row per game.
GAME_COLUMNS = ("seat 0", "seat 1", "deal", "seed", "winner", "forfeit", "turns")
#: The columns of ``LeagueResult.table``, one row per bot.
TABLE_COLUMNS = (
    "bot",
    "games",
    "wins",
    "draws",
    "losses",
    "forfeits",
    "win_rate",
    "win_low",
    "win_high",
    "rating",
    "rating_low",
    "rating_high",
)


@dataclass
class LeagueResult:
    """``table`` (one row per bot), ``games`` (one row per game), ``failures`` (the
    entries that sat out, with the reason), ``notes`` (what the league could not do)."""

    game: str
    entries: list[Entry]
    rows: list[dict[str, Any]]
    failures: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    #: Every bot process the league started (all stopped when it returns).
    pids: list[int] = field(default_factory=list)
    #: True when the user stopped the league (the stop button, Ctrl-C): ``rows`` holds the
    #: games finished before that, and ``notes`` says how many of how many.
    stopped: bool = False
    #: The league's seed (random and secret unless the teacher gave one): every deal's
    #: seed comes from it (``games.py``), so ``mw.league(..., seed=result.seed)`` plays
    #: the same deals again, and each saved game replays as it was played.
    seed: int | None = None

    @property
    def games(self) -> pd.DataFrame:
        """One row per game, in the order they were scheduled; ``replay(row)`` opens one.
        A DataFrame where pandas is installed, else the package's own table (the offline
        JupyterLite site has no pandas: ``sim/table.py``)."""
        return new_table(
            [
                {
                    "seat 0": row["seats"][0],
                    "seat 1": row["seats"][1],
                    "deal": row["deal"],
                    "seed": row["seed"],
                    "winner": row["winner_bot"] if row["winner_bot"] is not None else "draw",
                    "forfeit": None
                    if row["forfeit"] is None
                    else f"{row['forfeit']['bot']}: {row['forfeit']['reason']}",
                    "turns": row["turns"],
                }
                for row in self.rows
            ],
            GAME_COLUMNS,
        )

    @property
    def forfeits(self) -> pd.DataFrame:
        """The games a bot forfeited, and why."""
        rows = [row for row in records(self.games) if row["forfeit"] is not None]
        return new_table(rows, GAME_COLUMNS)

    @property
    def table(self) -> pd.DataFrame:
        """One row per bot, strongest first: games, wins, draws, losses, forfeits, the win
        rate with its 95% Wilson interval, and the rating with its 95% interval (``rating.py``)."""
        names = [entry.name for entry in self.entries]
        index = {name: i for i, name in enumerate(names)}
        counts = {
            name: {"games": 0, "wins": 0, "draws": 0, "losses": 0, "forfeits": 0} for name in names
        }
        outcomes = []
        for row in self.rows:
            first, second = row["seats"]
            winner = row["winner_bot"]
            for name in (first, second):
                line = counts[name]
                line["games"] += 1
                if winner is None:
                    line["draws"] += 1
                elif winner == name:
                    line["wins"] += 1
                else:
                    line["losses"] += 1
            if row["forfeit"] is not None:
                counts[row["forfeit"]["bot"]]["forfeits"] += 1
            score = 0.5 if winner is None else float(winner == first)
            outcomes.append((index[first], index[second], score))
        ratings = rate(outcomes, len(names))
        lines = []
        for name, rating in zip(names, ratings, strict=True):
            line = counts[name]
            low, high = (
                wilson_interval(line["wins"], line["games"]) if line["games"] else (0.0, 1.0)
            )
            lines.append(
                {
                    "bot": name,
                    **line,
                    "win_rate": line["wins"] / line["games"] if line["games"] else float("nan"),
                    "win_low": low,
                    "win_high": high,
                    "rating": round(rating.rating, 1),
                    "rating_low": round(rating.low, 1),
                    "rating_high": round(rating.high, 1),
                }
            )
        lines.sort(key=lambda line: -line["rating"])  # stable: equal ratings keep entry order
        return new_table(lines, TABLE_COLUMNS)

    def chart(self) -> Any:
        """A Plotly figure for the projector (``league/chart.py``)."""
        from monopoly_widgets.league.chart import league_chart

        return league_chart(
            self.table, f"League of {len(self.entries)} bots, {len(self.rows)} games of {self.game}"
        )

    def saved_game(self, row: int) -> str:
        """Game ``row`` (of ``games``) as saved JSON (``mw.load_game`` reads it)."""
        whole_number(row, "row", 0, len(self.rows) - 1)
        return self.rows[row]["saved"]

    def replay(self, row: int) -> Any:
        """Game ``row`` of ``games`` in a ``GameExplorer``, from its saved actions, at the
        deal; its seats named by the entries, a forfeited game ending where the bot failed,
        saying why (``league/replay.py``)."""
        if not self.rows:
            raise InputError("this league played no games")
        from monopoly_widgets.league.replay import replay_row

        self.saved_game(row)  # checks the row number
        return replay_row(self.rows[row], self.entries)

    def __str__(self) -> str:
        lines = [f"League: {len(self.entries)} bots, {len(self.rows)} games of {self.game}"]
        if self.seed is not None:
            lines.append(f"  seed: {self.seed} (seed={self.seed} plays the same deals again)")
        lines += [f"  sat out: {report}" for report in self.failures.values()]
        lines += [f"  note: {note}" for note in self.notes]
        table = self.table
        if not table.empty:
            shown = table[["bot", "games", "wins", "draws", "losses", "forfeits"]].copy()
            shown["win rate (95%)"] = [
                f"{r:.2f} ({lo:.2f}-{hi:.2f})" if _known(r) else "–"
                for r, lo, hi in zip(
                    table["win_rate"], table["win_low"], table["win_high"], strict=True
                )
            ]
            shown["rating (95%)"] = [
                f"{r:+.0f} ({lo:+.0f} to {hi:+.0f})" if _known(lo) else "–"  # no game yet
                for r, lo, hi in zip(
                    table["rating"], table["rating_low"], table["rating_high"], strict=True
                )
            ]
            lines.append(shown.to_string(index=False))
        # Names come from students' files: no control character or bidi override reaches
        # the terminal (``core/text.py``).
        return "\n".join(plain(line) for line in "\n".join(lines).split("\n"))

    def _repr_html_(self) -> str:
        return "<pre>" + __import__("html").escape(str(self)) + "</pre>"


def _known(value: Any) -> bool:
    """Is ``value`` a number (not None, as the package's table has it, nor NaN)?"""
    return value is not None and value == value

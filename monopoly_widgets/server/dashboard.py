"""The teacher's dashboard: every table at a glance, pause and resume, and spectating.

What the dashboard shows of a table in play is **public information only**: what every
seat of it can see (:func:`public_view`). A hand reaches the teacher only when the game is
over, or through a reveal that the table is told about (:meth:`Dashboard.reveal`: every
seat's narration says the teacher is looking at every hand), so a teacher cannot quietly
help one student.

A pause is kept in the store (the table ``paused``), so a server started again keeps its
paused tables paused.
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.core import Game
from monopoly_widgets.server.tables import Table

SCHEMA = "CREATE TABLE IF NOT EXISTS paused (table_id TEXT PRIMARY KEY REFERENCES tables(id));"
#: The narration's line when the teacher looks at every hand of a game in play.
REVEAL_NOTE = "The teacher is looking at every hand of this table."


def public_view(game: Game) -> dict[str, Any]:
    """The game as every seat sees it: a field is kept only where every seat's observation
    agrees on it (a hand, or money held face down, differs by viewer, so it goes; its
    count stays). The rule is the engines' own ``observation`` (each hides what its rules
    hide), applied once here for every game."""
    views = [game.observation(seat) for seat in range(game.players)]
    shown: dict[str, Any] = {
        key: value
        for key, value in views[0].items()
        if key not in ("seats", "viewer") and all(view.get(key) == value for view in views)
    }
    shown["viewer"] = None
    shown["seats"] = [
        {
            key: value
            for key, value in seat.items()
            if all(view["seats"][number].get(key) == value for view in views)
        }
        for number, seat in enumerate(views[0]["seats"])
    ]
    return shown


def seat_line(seat: dict[str, Any]) -> dict[str, Any]:
    """Money, properties and complete sets of one seat's public view (None: not public)."""
    money = seat.get("bank_total", seat.get("score", seat.get("money_in_hand")))
    sets = seat.get("sets")
    laid = seat.get("laid_down")
    properties = (
        sum(len(s.get("cards", [])) for s in sets)
        if isinstance(sets, list)
        else (len(laid) if isinstance(laid, list) else None)
    )
    return {
        "money": money,
        "properties": properties,
        "complete_sets": seat.get("complete_sets"),
        "hand_count": seat.get("hand_count"),
    }


class Dashboard:
    """The teacher's view of the hub's tables, and the teacher's pause, resume and reveal."""

    def __init__(self, hub: Any) -> None:
        self.hub = hub
        self.db = hub.store.db
        self.db.execute(SCHEMA)
        for (table_id,) in self.db.execute("SELECT table_id FROM paused").fetchall():
            table = hub.tables.get(table_id)
            if table is not None:
                table.paused = True
                hub.schedule(table)  # cancels the timer the resume set

    def overview(self, table: Table) -> dict[str, Any]:
        """One table for the dashboard: whose turn, money, sets, moves, who is connected."""
        public = public_view(table.game)
        current = table.game.current_player
        names = [s["name"] or (f"{s['bot']} bot" if s["bot"] else "") for s in table.seat_status()]
        summary = table.summary()
        return {
            **summary,
            "moves": table.game.step,
            "turn_of": None if current is None else f"Player {current}: {names[current]}",
            "lines": [
                {**seat, **seat_line(public["seats"][seat["seat"]])} for seat in summary["seats"]
            ],
        }

    def tables(self) -> list[dict[str, Any]]:
        return [self.overview(table) for table in self.hub.tables.values()]

    def spectate(self, table_id: str) -> dict[str, Any]:
        """What a spectator sees: the public view, the latest public events, the seats."""
        from monopoly_widgets.server.tables import EVENTS_ON_JOIN, public_event

        table = self.hub.table(table_id)
        return {
            "table": table.id,
            "step": table.game.step,
            "over": table.game.is_over,
            "paused": table.paused,
            "closed": table.closed,
            "view": public_view(table.game),
            "events": [public_event(e) for e in table.game.events[-EVENTS_ON_JOIN:]],
            "notes": table.notes[-EVENTS_ON_JOIN:],
            "seats": table.seat_status(),
        }

    def pause(self, table_id: str, paused: bool) -> Table:
        """Pause (no moves, bots or clocks) or resume a table; its seats are told."""
        table = self.hub.table(table_id)
        if paused:
            self.db.execute("INSERT OR IGNORE INTO paused VALUES (?)", (table.id,))
        else:
            self.db.execute("DELETE FROM paused WHERE table_id = ?", (table.id,))
            table.deadline = None  # a clock starts again in full
        table.paused = paused
        self.hub.schedule(table)
        self.hub.broadcast(table, [])
        return table

    def reveal(self, table_id: str) -> dict[str, Any]:
        """Every hand, for the teacher: free after the game; in play, the table is told."""
        table = self.hub.table(table_id)
        if not table.game.is_over and not any(n["text"] == REVEAL_NOTE for n in table.notes):
            table.notes.append({"step": table.game.step, "text": REVEAL_NOTE})
            self.hub.broadcast(table, [])
        return table.game.observation(None)

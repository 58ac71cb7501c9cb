"""The class server's SQLite store: every table, seat and move, kept before it is acknowledged.

The standard library's ``sqlite3`` in WAL mode with ``synchronous=NORMAL``: a commit is in
the write-ahead log before the server answers, so a server killed at any moment (SIGKILL
included) loses no acknowledged move; only a power cut of the whole machine could lose the
last moves (``synchronous=FULL`` would cost an fsync a move: see benchmarks/README.md).

A table is kept as its spec (game, players, seed, options, bots, clock); its position is
the moves, replayed from the seed when the server starts again (``running.py``), the way
a saved game replays (``core/serialization.py``). Rows are only ever added or updated:
nothing a class played is deleted.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from monopoly_widgets.server.tables import Seat, Table, TableSpec

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, spec TEXT NOT NULL, created REAL NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
    bot TEXT, code TEXT UNIQUE, token TEXT, name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id), step INTEGER NOT NULL,
    action TEXT NOT NULL, by TEXT NOT NULL, note TEXT NOT NULL DEFAULT '', at REAL NOT NULL,
    PRIMARY KEY (table_id, step));
"""


class Store:
    """One SQLite file. Used from the server's event loop only (one connection)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    # --- writing (each call one transaction, committed before it returns) ---------------
    def meta(self, key: str, default: str) -> str:
        """The value kept under ``key``, keeping ``default`` first if there is none."""
        self.db.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, default))
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0])

    def add_table(self, table: Table) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO tables (id, spec, created) VALUES (?, ?, ?)",
                (table.id, json.dumps(table.spec.to_dict()), time.time()),
            )
            self.db.executemany(
                "INSERT INTO seats (table_id, seat, bot, code, token, name)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(table.id, s.seat, s.bot, s.code, s.token, s.name) for s in table.seats],
            )

    def add_move(self, table_id: str, step: int, action: str, by: str, note: str) -> None:
        """Move number ``step`` (from 1) of a table; a second write of one step fails."""
        self.db.execute(
            "INSERT INTO moves (table_id, step, action, by, note, at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, step, action, by, note, time.time()),
        )

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        self.db.execute(
            "UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?", (name, table_id, seat)
        )

    def close_table(self, table_id: str) -> None:
        self.db.execute("UPDATE tables SET closed = 1 WHERE id = ?", (table_id,))

    # --- reading, when the server starts ------------------------------------------------
    def tables(self) -> list[dict[str, Any]]:
        """Every table kept, oldest first: its spec, seats and moves, as rows."""
        found = []
        for table_id, spec, closed in self.db.execute(
            "SELECT id, spec, closed FROM tables ORDER BY created, rowid"
        ).fetchall():
            seats = [
                Seat(seat, bot, code, token, name)
                for seat, bot, code, token, name in self.db.execute(
                    "SELECT seat, bot, code, token, name FROM seats"
                    " WHERE table_id = ? ORDER BY seat",
                    (table_id,),
                )
            ]
            moves = self.db.execute(
                "SELECT step, action, by, note FROM moves WHERE table_id = ? ORDER BY step",
                (table_id,),
            ).fetchall()
            found.append(
                {
                    "id": table_id,
                    "spec": json.loads(spec),
                    "closed": bool(closed),
                    "seats": seats,
                    "moves": moves,
                }
            )
        return found


def spec_from_row(data: dict[str, Any]) -> TableSpec:
    """The kept spec as a :class:`TableSpec` (it was checked when the table was made)."""
    return TableSpec(**{**data, "bots": {int(seat): name for seat, name in data["bots"].items()}})

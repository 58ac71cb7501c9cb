"""The hub: every live table, the seats' connections, bots and clocks, on one event loop.

Everything that changes a table happens here, on the server's tornado event loop, one
message at a time: so no two moves can race, and no lock is needed. A move is checked
(``Table.check_move``), applied, written to the store, and only then sent to every seat
(the sender's copy is its acknowledgement). If the store cannot write it, the move is
taken back and refused.

Bots move after ``bot_delay`` seconds (0 for load tests); a person's decision has a clock
when the teacher set one; a seat whose person has left is played by the stand-in bot
after ``away_after`` seconds, and the seats' line shows that.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from tornado.ioloop import IOLoop

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.server import codes, protocol
from monopoly_widgets.server.protocol import ProtocolError
from monopoly_widgets.server.store import Store, spec_from_row
from monopoly_widgets.server.tables import (
    BY_BOT,
    BY_CLOCK,
    BY_PERSON,
    BY_STAND_IN,
    Table,
    make_spec,
)

log = logging.getLogger("monopoly_widgets.server")
#: Wrong join codes or tokens one address may send in a minute before its joins wait.
WRONG_JOINS_PER_MINUTE = 100


class Connection(Protocol):
    """What the hub needs of a seat's connection (the WebSocket handler, or a test's)."""

    def send(self, text: str) -> None: ...

    def drop(self, text: str) -> None: ...


class Hub:
    """The tables, their seats' connections and their timers."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.by_code: dict[str, tuple[Table, int]] = {}
        self.by_token: dict[str, tuple[Table, int]] = {}
        #: The connection of each seat that has one: (table id, seat) -> connection.
        self.connections: dict[tuple[str, int], Connection] = {}
        self._timers: dict[str, object] = {}
        self.moves = 0
        #: Seconds each recent move took on the server, from its message (or the bot's
        #: turn) to the last seat's frame handed to the network: the server's own share of
        #: the latency (``stats``; benchmarks/class_server.py prints it).
        self.move_seconds: deque[float] = deque(maxlen=20_000)
        #: When each address last sent a wrong code or token (the last minute's).
        self._wrong_joins: dict[str, deque[float]] = {}

    # --- tables ----------------------------------------------------------------------
    def resume(self) -> list[str]:
        """Deal again every kept table and replay its moves: the positions the server had.

        A table whose moves no longer replay (a store edited by hand) is left out, with a
        warning naming it; every other table resumes.
        """
        problems = []
        for row in self.store.tables():
            try:
                table = Table(row["id"], spec_from_row(row["spec"]), row["seats"])
                for _step, action, by, note in row["moves"]:
                    table.apply(action, by, note)
            except Exception as exc:  # one bad table must not keep the class from the others
                problems.append(f"table {row['id']} could not be resumed: {exc}")
                continue
            table.closed = row["closed"]
            self._add(table)
        for problem in problems:
            log.warning(problem)
        return problems

    def create_table(self, given: Mapping[str, Any]) -> Table:
        """A new table from a teacher's description (``tables.make_spec`` checks it)."""
        spec = make_spec(given)
        table = Table.create(spec, set(self.by_code))
        self.store.add_table(table)
        self._add(table)
        return table

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        for seat in table.seats:
            if seat.code:
                self.by_code[seat.code] = (table, seat.seat)
            if seat.token:
                self.by_token[seat.token] = (table, seat.seat)
        self.schedule(table)

    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise InputError(f"there is no table {table_id!r:.30}")
        return table

    def close_table(self, table_id: str) -> Table:
        """Close a table: no more moves; its seats are told; it is kept (and exportable)."""
        table = self.table(table_id)
        self.store.close_table(table.id)
        table.closed = True
        self._cancel(table)
        self.broadcast(table, [])
        return table

    # --- seats -----------------------------------------------------------------------
    def join(
        self, connection: Connection, message: dict[str, Any], address: str = ""
    ) -> tuple[Table, int]:
        """Seat ``connection`` by a join code or a token; the seat's old connection is let go.

        Wrong codes and tokens are counted by the computer they come from: past
        :data:`WRONG_JOINS_PER_MINUTE` in a minute, its joins are refused for the rest of
        that minute, so codes cannot be tried in bulk over many connections (a whole class
        behind one address stays well under it).
        """
        recent = self._wrong_joins.setdefault(address, deque())
        now = time.monotonic()
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= WRONG_JOINS_PER_MINUTE:
            raise ProtocolError(
                "rate", "too many wrong join codes from this computer: wait a minute"
            )
        try:
            return self._join(connection, message)
        except ProtocolError as exc:
            if exc.code in ("code", "token"):
                recent.append(now)
            raise

    def _join(self, connection: Connection, message: dict[str, Any]) -> tuple[Table, int]:
        if "code" in message:
            found = self.by_code.get(codes.normal_code(message["code"]))
            if found is None:
                raise ProtocolError(
                    "code", "no seat has this join code (check it with your teacher)"
                )
        else:
            found = None
            for token, place in self.by_token.items():
                if codes.same_secret(message["token"], token):
                    found = place
            if found is None:
                raise ProtocolError("token", "no seat has this token")
        table, seat = found
        old = self.connections.get((table.id, seat))
        if old is not None and old is not connection:
            old.drop(protocol.error_frame("replaced", "this seat was joined from another page"))
        self.connections[(table.id, seat)] = connection
        name = (
            protocol.plain_name(message.get("name", ""))
            or table.seats[seat].name
            or f"Player {seat}"
        )
        if name != table.seats[seat].name:
            table.seats[seat].name = name
            self.store.set_name(table.id, seat, name)
        table.present.add(seat)
        table.empty_since.pop(seat, None)
        info = table.seats[seat]
        connection.send(
            protocol.frame(
                "welcome", table=table.id, seat=seat, token=info.token, code=info.code, name=name
            )
        )
        connection.send(
            protocol.frame("state", **table.seat_frame(seat, table.game.events, joined=True))
        )
        self.broadcast_seats(table)
        self.schedule(table)
        return table, seat

    def leave(self, connection: Connection, table: Table, seat: int) -> None:
        """The seat's page closed or its network went: a bot plays it after ``away_after``."""
        if self.connections.get((table.id, seat)) is not connection:
            return  # already replaced by a newer page of the same seat
        del self.connections[(table.id, seat)]
        table.present.discard(seat)
        table.empty_since[seat] = time.monotonic()
        self.broadcast_seats(table)
        self.schedule(table)

    # --- moves -----------------------------------------------------------------------
    def person_move(self, table: Table, seat: int, message: dict[str, Any]) -> None:
        began = time.perf_counter()
        action = table.check_move(seat, message["token"], message["action"], message["step"])
        self.play(table, action, BY_PERSON, began)

    def play(self, table: Table, action: Any, by: str, began: float | None = None) -> None:
        """Apply a checked move, keep it, then send it to every seat."""
        began = time.perf_counter() if began is None else began
        seat = table.game.current_player
        note = table.note_for(by, seat) if seat is not None else ""
        events = table.apply(action, by, note)
        try:
            self.store.add_move(table.id, table.game.step, table.game.history[-1], by, note)
        except sqlite3.Error as exc:
            table.game.undo()
            table.played_by.pop()
            if note:
                table.notes.pop()
            raise ProtocolError(
                "store", f"the move could not be kept, so it was not played ({exc})"
            ) from None
        self.moves += 1
        self.broadcast(table, events)
        self.move_seconds.append(time.perf_counter() - began)
        self.schedule(table)

    def stats(self) -> dict[str, Any]:
        """Moves so far, seats connected, and the server's time a move (median, p99, most)."""
        times = sorted(self.move_seconds)

        def share(q: float) -> float | None:
            return (
                round(times[min(len(times) - 1, int(q * len(times)))] * 1000, 3) if times else None
            )

        return {
            "tables": len(self.tables),
            "connected": len(self.connections),
            "moves": self.moves,
            "move_ms_p50": share(0.5),
            "move_ms_p99": share(0.99),
            "move_ms_max": share(1.0),
        }

    def broadcast(self, table: Table, events: list[Any]) -> None:
        for seat in range(len(table.seats)):
            connection = self.connections.get((table.id, seat))
            if connection is not None:
                connection.send(protocol.frame("state", **table.seat_frame(seat, events)))

    def broadcast_seats(self, table: Table) -> None:
        text = protocol.frame("seats", table=table.id, seats=table.seat_status())
        for seat in range(len(table.seats)):
            connection = self.connections.get((table.id, seat))
            if connection is not None:
                connection.send(text)

    # --- bots and clocks -------------------------------------------------------------
    def schedule(self, table: Table) -> None:
        """Set the table's one timer for what comes next: a bot's move, a clock, a stand-in."""
        self._cancel(table)
        seat, who = table.waiting_for()
        if seat is None:
            return
        if who in (BY_BOT, BY_STAND_IN):
            self._later(table, table.spec.bot_delay, lambda: self._bot_move(table, who))
            return
        now = time.monotonic()
        waits = []
        if table.spec.clock is not None:
            if table.deadline_step != table.game.step or table.deadline is None:
                table.deadline = now + table.spec.clock
                table.deadline_step = table.game.step
            waits.append(table.deadline - now)
        since = table.empty_since.get(seat)
        if since is not None and table.seats[seat].name:
            waits.append(since + table.spec.away_after - now)
        if waits:
            self._later(table, max(0.0, min(waits)), lambda: self._wake(table))

    def _wake(self, table: Table) -> None:
        self._timers.pop(table.id, None)
        seat, who = table.waiting_for()
        if seat is None:
            return
        if (
            who == BY_PERSON
            and table.deadline is not None
            and time.monotonic() >= table.deadline - 0.001
        ):
            self._guarded(
                table, lambda: self.play(table, table.bot_choice(seat, stand_in=True), BY_CLOCK)
            )
        elif who == BY_STAND_IN:
            self._bot_move(table, who)
        else:
            self.schedule(table)

    def _bot_move(self, table: Table, who: str) -> None:
        self._timers.pop(table.id, None)
        seat, now_who = table.waiting_for()
        if seat is None or now_who != who:
            self.schedule(table)
            return
        self._guarded(
            table,
            lambda: self.play(table, table.bot_choice(seat, stand_in=who == BY_STAND_IN), who),
        )

    def _guarded(self, table: Table, move: Callable[[], None]) -> None:
        try:
            move()
        except Exception:  # a bot or the store failing stops this table's timer, not the server
            log.exception("table %s: a bot's move failed", table.id)

    def _later(self, table: Table, delay: float, callback: Callable[[], None]) -> None:
        loop = IOLoop.current()
        self._timers[table.id] = loop.call_later(delay, callback)

    def _cancel(self, table: Table) -> None:
        handle = self._timers.pop(table.id, None)
        if handle is not None:
            IOLoop.current().remove_timeout(handle)

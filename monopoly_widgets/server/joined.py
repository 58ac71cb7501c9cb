"""``mw.join("CODE")``: a student's seat of a class table, in a notebook.

It shows the explorer's own table widget (``widgets/table.py``), drawn from what the class
server sends this seat: its observation, its legal moves, the public events and notes.
The notebook's kernel never holds the true game (a kernel is the student's, and could
print anything it holds), so the table cannot step back or show another seat's view; a
click on a move is sent to the server, which checks it like any client's
(``docs/class-protocol.md``). The charts are drawn from the seat's own observations
(money, properties and sets as the seat sees them, turn by turn) and the odds panel is the
game's usual one, worked out from the observation, as in the explorer.

The connection runs in a thread of its own (its own asyncio loop), and reconnects with
the seat's token if it drops.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from typing import Any

from monopoly_widgets.classroom.hand_in import joined_class, left_class
from monopoly_widgets.core import Action
from monopoly_widgets.core.errors import InputError, MessageError
from monopoly_widgets.server.codes import normal_code
from monopoly_widgets.server.protocol import VERSION
from monopoly_widgets.widgets import choices as choice_menu
from monopoly_widgets.widgets import probability, views
from monopoly_widgets.widgets.charts import Charts, odds_data
from monopoly_widgets.widgets.messages import check_message
from monopoly_widgets.widgets.table import GameTable

#: Where ``mw.join`` looks for the class server unless told (or ``MW_CLASS_SERVER`` is set).
DEFAULT_SERVER = "http://127.0.0.1:8765/"
#: Events the narration shows, as the explorer's.
NARRATION = 6


class JoinedSeat:
    """One seat of a live table, shown as the explorer's table; display it in a cell."""

    def __init__(self, code: str, server: str, name: str = "") -> None:
        self.code = normal_code(code)
        self.server = server if server.endswith("/") else server + "/"
        self.name = name
        self.seat: int | None = None
        self.token: str | None = None
        self.last: dict[str, Any] = {}
        self.last_error = ""
        self.table = GameTable()
        self.table.set_handler(self.handle_message)
        self.table.add_class("mw-explorer")
        self._charts: Charts | None = None
        self._narration: list[dict[str, str]] = []
        #: The teacher's latest question (its ``question`` frame), and the answers the
        #: server has kept from this seat, by question id.
        self.question: dict[str, Any] | None = None
        self.answered: dict[str, Any] = {}
        self._points: dict[int, list[list[int | None]]] = {}
        self._joined = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._socket: Any = None
        self._closing = False
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True, name="mw-join")
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._connect(), self._loop)

    # --- the connection (on its own loop) ------------------------------------------------
    async def _connect(self) -> None:
        from tornado.websocket import websocket_connect

        delay = 0.5
        while not self._closing:
            try:
                url = self.server.replace("http", "ws", 1) + "ws"
                self._socket = await websocket_connect(url)
                join = {"token": self.token} if self.token else {"code": self.code}
                if self.name and not self.token:
                    join["name"] = self.name
                await self._socket.write_message(json.dumps({"v": VERSION, "type": "join", **join}))
                delay = 0.5
                while True:
                    text = await self._socket.read_message()
                    if text is None:
                        break
                    self._receive(json.loads(text))
            except OSError as exc:
                self._show_error(f"cannot reach the class server at {self.server}: {exc}")
            if self._closing or self.seat is None:
                return
            self.table.notice = "The connection to the class server was lost: joining again…"
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)

    def _receive(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "welcome":
            self.seat, self.token = frame["seat"], frame["token"]
            joined_class(self.server)  # the lessons' checked answers are handed in here
        elif kind == "error":
            self._show_error(str(frame.get("message", "")))
            if frame.get("code") in ("code", "replaced"):
                self._closing = True
                self._joined.set()
        elif kind == "state":
            self._show(frame)
            self._joined.set()  # the table is drawn: join() returns
        elif kind == "question":
            self.question = frame
        elif kind == "answered":
            self.answered[frame["question"]] = frame["answer"]

    # --- drawing ------------------------------------------------------------------------
    def _show(self, frame: dict[str, Any]) -> None:
        self.last = frame
        game, seat, observation = frame["game"], frame["seat"], frame["observation"]
        roles = [
            "you" if s["seat"] == seat else (f"{s['bot']} bot" if s["bot"] else s["playing"])
            for s in frame["seats"]
        ]
        model = views.table_model(game, observation, roles)
        actions = [Action(**a) for a in frame["legal"]]
        names = choice_menu.card_names(model)
        copies = choice_menu.card_copies(model)
        detail = views.choice_detail(game)
        self._narration += [{"text": e["text"], "rule": e["rule"]} for e in frame["events"]]
        self._narration += [{"text": n["text"], "rule": "class server"} for n in frame["notes"]]
        self._narration = self._narration[-NARRATION:]
        if self._charts is None:
            self._charts = Charts(self.table, game, frame["players"])
        with self.table.hold_sync():
            self.table.table = model
            self.table.choices = choice_menu.choice_list(actions, names, detail, copies)
            self.table.choice_seat = seat if actions else None
            self.table.narration = list(self._narration)
            self.table.step = self.table.steps = frame["step"]
            self.table.perspective = seat
            self.table.seat_names = [
                f"Player {s['seat']} ({s['name'] or s['bot'] or 'nobody yet'})"
                for s in frame["seats"]
            ]
            self.table.notice = self._notice(frame)
            self._chart(frame)

    def _notice(self, frame: dict[str, Any]) -> str:
        if frame["closed"]:
            return "The teacher closed this table."
        if frame["over"]:
            winner = frame["winner"]
            return "The game is over: " + (
                "a draw." if winner is None else f"Player {winner} wins."
            )
        clock = frame.get("clock")
        left = f" ({clock['seconds']:.0f} s on the clock)" if clock else ""
        if frame["legal"]:
            return f"Your decision, Player {frame['seat']}{left}."
        return f"Waiting for Player {frame['current_player']}{left}."

    def _chart(self, frame: dict[str, Any]) -> None:
        """The charts from this seat's observations only, one point a turn."""
        assert self._charts is not None
        observation = frame["observation"]
        turn = int(observation.get("turn", 0))
        self._points[turn] = [_seat_values(s) for s in observation.get("seats", [])]
        turns = sorted(self._points)
        columns = [[self._points[t][p] for t in turns] for p in range(frame["players"])]
        series = [[[values[k] for values in column] for column in columns] for k in range(3)]
        self._charts.show_series(turns, *series)
        panel = probability.probability_function(frame["game"])
        rows = panel(observation) if panel is not None else []
        self._charts.set_odds(odds_data(f"Odds: Player {frame['seat']}", rows))

    def _show_error(self, text: str) -> None:
        self.last_error = text
        self.table.show_error(text)

    # --- the browser ---------------------------------------------------------------------
    def handle_message(self, content: Any) -> None:
        """A click on the table: a move goes to the server; anything else is refused."""
        try:
            message = check_message(content)
        except MessageError as exc:
            self._show_error(f"ignored a message from the browser: {exc}")
            return
        if message["type"] != "action":
            self._show_error(
                "a class table follows the live game: it cannot step, replay or change view"
            )
            return
        move = {
            "v": VERSION,
            "type": "move",
            "seat": self.seat,
            "token": self.token,
            "action": message["id"],
            "step": self.last.get("step", -1),
        }
        self.send(move)

    def play(self, action_id: str) -> None:
        """Send a move (an action id from ``legal_actions()``), as a click would."""
        self.send(
            {
                "v": VERSION,
                "type": "move",
                "seat": self.seat,
                "token": self.token,
                "action": action_id,
                "step": self.last.get("step", -1),
            }
        )

    def answer(self, answer: str | float, timeout: float = 10) -> Any:
        """Answer the teacher's question now: a choice's text or id, a number, or a move's
        action id. Returns the answer once the server has kept it; raises
        :class:`InputError` with the server's reason if it was refused."""
        asked = self.question
        if asked is None:
            raise InputError("the teacher has not asked a question yet")
        by_text = {c["text"]: c["id"] for c in asked["choices"]}
        value = by_text.get(answer, answer) if isinstance(answer, str) else answer
        self.last_error = ""
        self.send({"v": VERSION, "type": "answer", "question": asked["question"], "answer": value})
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if asked["question"] in self.answered and self.answered[asked["question"]] == value:
                return value
            if self.last_error:
                raise InputError(self.last_error)
            time.sleep(0.02)
        raise InputError(f"the class server did not answer within {timeout:g} seconds")

    def legal_actions(self) -> list[Action]:
        """This seat's legal moves now (empty unless it is its decision)."""
        return [Action(**a) for a in self.last.get("legal", [])]

    def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message)
        if self._socket is not None:
            self._loop.call_soon_threadsafe(lambda: self._socket.write_message(text))

    def leave(self) -> None:
        """Close the connection (the seat stays yours: join again with the same code); the
        lessons stop handing records in to this class."""
        self._closing = True
        left_class()
        if self._socket is not None:
            self._loop.call_soon_threadsafe(self._socket.close)
        self._loop.call_soon_threadsafe(self._loop.stop)

    def wait_joined(self, timeout: float = 10) -> JoinedSeat:
        if not self._joined.wait(timeout) or self.seat is None:
            raise InputError(self.last_error or f"could not join the class server at {self.server}")
        return self

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.table._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        step = self.last.get("step")
        return f"<JoinedSeat {self.code} seat {self.seat} at {self.server} step {step}>"


def _seat_values(seat: dict[str, Any]) -> list[int | None]:
    """Money, properties and complete sets as the observation shows them (None: hidden)."""
    money = seat.get("bank_total", seat.get("score", seat.get("money_in_hand")))
    sets = seat.get("sets")
    properties = sum(len(s.get("cards", [])) for s in sets) if isinstance(sets, list) else None
    return [money, properties, seat.get("complete_sets")]


def join(code: str, server: str | None = None, name: str = "") -> JoinedSeat:
    """Join a seat of a class table with its join code; show the result in a cell.

    ``server`` is the address the teacher gave (default: ``MW_CLASS_SERVER``, else
    ``http://127.0.0.1:8765/``). Raises :class:`InputError` if the code is refused or
    the server cannot be reached.
    """
    if not isinstance(code, str) or not code.strip():
        raise InputError("join needs the join code your teacher gave, like 'KD7QXH'")
    if not isinstance(name, str):
        raise InputError(f"name must be text, not {type(name).__name__}")
    address = server or os.environ.get("MW_CLASS_SERVER") or DEFAULT_SERVER
    return JoinedSeat(code, address, name).wait_joined()

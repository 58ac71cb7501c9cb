"""``mw.join("CODE")``: a student's seat of a class table, in a notebook.

It shows the explorer's own table widget (``widgets/table.py``), drawn from what the class
server sends this seat: its observation, its legal moves, the public events and notes.
The notebook's kernel never holds the true game (a kernel is the student's, and could
print anything it holds), so the table cannot step back or show another seat's view; a
click on a move is sent to the server, which checks it like any client's
(``docs/class-protocol.md``). The charts are drawn from the seat's own observations
(money, properties and sets as the seat sees them, turn by turn) and the odds panel is the
game's usual one, worked out from the observation, as in the explorer.

The connection (``links.py``) runs in a thread of its own in a kernel process, or on the
tab's own WebSocket when the kernel is Pyodide (JupyterLite); either reconnects with the
seat's token if it drops.
"""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any

from monopoly_widgets.classroom.hand_in import joined_class, left_class
from monopoly_widgets.core import Action
from monopoly_widgets.core.errors import InputError, MessageError
from monopoly_widgets.server.codes import normal_code
from monopoly_widgets.server.links import in_browser_tab, make_link
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

    def __init__(self, code: str, server: str, name: str = "", keep_frames: bool = False) -> None:
        self.code = normal_code(code)
        self.server = server if server.endswith("/") else server + "/"
        self.name = name
        self.seat: int | None = None
        self.token: str | None = None
        self.last: dict[str, Any] = {}
        self.last_error = ""
        #: With ``keep_frames``, the text of every frame the server sent this seat, in
        #: order: what this computer was told, to check it holds no other seat's hand.
        self.frames: list[str] | None = [] if keep_frames else None
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
        #: Set when the seat stops for good: a refused code or origin, another page took
        #: the seat, or ``leave()``; the link then stops joining again.
        self.stopped = False
        self._link = make_link(self)

    # --- the connection (``links.py`` carries it) ---------------------------------------
    @property
    def joined_once(self) -> bool:
        return self.seat is not None

    def join_message(self) -> str:
        """The join the link sends: by the seat's token once it has one, else by the code."""
        join: dict[str, Any] = {"token": self.token} if self.token else {"code": self.code}
        if self.name and not self.token:
            join["name"] = self.name
        return json.dumps({"v": VERSION, "type": "join", **join})

    def arrived(self, text: str) -> None:
        if self.frames is not None:
            self.frames.append(text)
        self._receive(json.loads(text))

    def lost(self) -> None:
        self.table.notice = "The connection to the class server was lost: joining again…"

    def unreachable(self, reason: str) -> None:
        self._show_error(f"cannot reach the class server at {self.server}: {reason}")

    def _receive(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "welcome":
            self.seat, self.token = frame["seat"], frame["token"]
            joined_class(self.server)  # the lessons' checked answers are handed in here
        elif kind == "error":
            code = frame.get("code")
            self._show_error(
                self._origin_refused() if code == "origin" else str(frame.get("message", ""))
            )
            if code in ("code", "replaced", "origin"):
                self.stopped = True
                self._joined.set()
        elif kind == "state":
            self._show(frame)
            self._joined.set()  # the table is drawn: join() returns
        elif kind == "question":
            self.question = frame
        elif kind == "answered":
            self.answered[frame["question"]] = frame["answer"]

    def _origin_refused(self) -> str:
        """What a student is told when the server refuses the page (a JupyterLite site on
        another address than the server's, which the teacher has not allowed)."""
        origin = _page_origin()
        return (
            f"The class server at {self.server} does not accept seats from this page"
            + (f" ({origin})" if origin else "")
            + f". Open {self.server} in a new tab and join there with your code, or ask"
            " your teacher to start the server with --allow-origin "
            + (origin or "<this page's address>")
            + "."
        )

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
        self._link.send(json.dumps(message))

    def leave(self) -> None:
        """Close the connection (the seat stays yours: join again with the same code); the
        lessons stop handing records in to this class."""
        self.stopped = True
        left_class()
        self._link.close()

    def wait_joined(self, timeout: float = 10) -> JoinedSeat:
        """Wait until the table is drawn (in a kernel process; a browser tab's kernel cannot
        wait for its own page's events, so there the table fills in as the frames come)."""
        if in_browser_tab():
            return self
        if not self._joined.wait(timeout) or self.seat is None:
            raise InputError(self.last_error or f"could not join the class server at {self.server}")
        return self

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.table._repr_mimebundle_(**kwargs)

    def _mime_(self) -> tuple[str, str]:
        """marimo's display protocol: the table widget, as ``GameExplorer`` shows it."""
        import marimo as mo

        return mo.ui.anywidget(self.table)._mime_()

    def __repr__(self) -> str:
        step = self.last.get("step")
        return f"<JoinedSeat {self.code} seat {self.seat} at {self.server} step {step}>"


def _seat_values(seat: dict[str, Any]) -> list[int | None]:
    """Money, properties and complete sets as the observation shows them (None: hidden)."""
    money = seat.get("bank_total", seat.get("score", seat.get("money_in_hand")))
    sets = seat.get("sets")
    properties = sum(len(s.get("cards", [])) for s in sets) if isinstance(sets, list) else None
    return [money, properties, seat.get("complete_sets")]


def _page_origin() -> str:
    """The origin of the page this kernel runs in (a browser tab's only; else empty)."""
    if not in_browser_tab():
        return ""
    import js

    return str(js.location.origin)


def join(
    code: str, server: str | None = None, name: str = "", *, keep_frames: bool = False
) -> JoinedSeat:
    """Join a seat of a class table with its join code; show the result in a cell.

    ``server`` is the address the teacher gave (default: ``MW_CLASS_SERVER``, else
    ``http://127.0.0.1:8765/``). Raises :class:`InputError` if the code is refused or
    the server cannot be reached. ``keep_frames`` keeps the text of every frame received
    (``JoinedSeat.frames``).
    """
    if not isinstance(code, str) or not code.strip():
        raise InputError("join needs the join code your teacher gave, like 'KD7QXH'")
    if not isinstance(name, str):
        raise InputError(f"name must be text, not {type(name).__name__}")
    address = server or os.environ.get("MW_CLASS_SERVER") or DEFAULT_SERVER
    return JoinedSeat(code, address, name, keep_frames).wait_joined()

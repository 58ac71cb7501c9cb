"""One live table: the true game, its seats, its bots and clock, and what each seat is sent.

The table is the only place that holds every hand. What leaves it for a seat is built by
:meth:`Table.seat_frame` from ``game.observation(seat)`` (hidden cards only as counts) and
the public events, worded by the engine (text, rule, who, kind: their ``data`` stays
here), so a frame for one seat never holds another seat's hidden card.

A move is checked in the order a player's mistakes come (``check_move``): the table is
open, the token is that seat's, it is that seat's decision, the move is for the step the
player saw, and the action id is legal now. A refused move changes nothing.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from monopoly_widgets.agents.playout import AGENT_NAMES, make_agent
from monopoly_widgets.core import Action, Event, Game, new_game
from monopoly_widgets.core.errors import IllegalActionError, InputError
from monopoly_widgets.core.rng import fresh_seed, make_rng
from monopoly_widgets.core.validation import excerpt, whole_number
from monopoly_widgets.server import codes
from monopoly_widgets.server.protocol import ProtocolError

#: How many of the latest events a seat is sent when it joins.
EVENTS_ON_JOIN = 20
#: Longest clock per decision a teacher may set, in seconds (an hour).
MAX_CLOCK_SECONDS = 3600
#: Who played a step: a person, the seat's bot, or the stand-in bot (clock ran out, seat empty).
BY_PERSON, BY_BOT, BY_CLOCK, BY_STAND_IN = "person", "bot", "clock", "stand-in"


@dataclass(frozen=True)
class TableSpec:
    """What a teacher chose for a table: everything needed to deal it again.

    ``bots`` maps a seat to the bot that plays it (the other seats are people's);
    ``clock`` is the seconds a person has for each decision (``None``: no clock);
    ``stand_in`` is the bot that plays a person's decision when the clock runs out or the
    seat is empty; ``away_after`` the seconds a seat may be empty before it does;
    ``bot_delay`` the seconds a bot waits before it moves, so people can follow.
    """

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    bots: dict[int, str] = field(default_factory=dict)
    clock: float | None = None
    stand_in: str = "heuristic"
    away_after: float = 10.0
    bot_delay: float = 0.6

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe (the store keeps it; the teacher's API shows it)."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "bots": {str(seat): name for seat, name in sorted(self.bots.items())},
            "clock": self.clock,
            "stand_in": self.stand_in,
            "away_after": self.away_after,
            "bot_delay": self.bot_delay,
        }


SPEC_FIELDS = frozenset(TableSpec.__dataclass_fields__)


def make_spec(given: Mapping[str, Any]) -> TableSpec:
    """A checked :class:`TableSpec` from a teacher's dict (Python, the command line, the API).

    Raises the package's errors naming the field; the game itself is dealt once here to
    check the game, players, seed and options the way ``new_game`` does.
    """
    if not isinstance(given, Mapping):
        raise InputError(f"a table is described by a dict, not {excerpt(given)}")
    unknown = sorted(set(given) - SPEC_FIELDS)
    if unknown:
        raise InputError(
            f"a table has no field {excerpt(unknown[0], 30)}; its fields: "
            + ", ".join(sorted(SPEC_FIELDS))
        )
    if "game" not in given:
        raise InputError("a table needs 'game': one of deal, bid, cardgame")
    players = given.get("players", 2)
    seed = given.get("seed")
    seed = fresh_seed() if seed is None else seed
    game = new_game(given["game"], players, seed, given.get("options") or {})  # checks them
    bots = _bots(given.get("bots") or {}, game.players)
    if len(bots) == game.players:
        raise InputError(
            "bots: at least one seat must be a person's (a table of bots needs no server)"
        )
    clock = given.get("clock")
    if clock is not None:
        clock = _seconds(clock, "clock", 1, MAX_CLOCK_SECONDS)
    stand_in = _agent(given.get("stand_in", "heuristic"), "stand_in")
    return TableSpec(
        game=game.name,
        players=game.players,
        seed=game.seed,
        options=dict(given.get("options") or {}),
        bots=bots,
        clock=clock,
        stand_in=stand_in,
        away_after=_seconds(given.get("away_after", 10.0), "away_after", 0, MAX_CLOCK_SECONDS),
        bot_delay=_seconds(given.get("bot_delay", 0.6), "bot_delay", 0, 10),
    )


def _bots(given: Any, players: int) -> dict[int, str]:
    if not isinstance(given, Mapping):
        raise InputError(
            f"bots must map seats to bot names, like {{2: 'heuristic'}}, not {excerpt(given)}"
        )
    bots = {}
    for seat, name in given.items():
        number = int(seat) if isinstance(seat, str) and seat.isdigit() else seat
        bots[whole_number(number, "bots: seat", 0, players - 1)] = _agent(name, f"bots[{seat}]")
    return bots


def _agent(name: Any, what: str) -> str:
    if not isinstance(name, str) or name not in AGENT_NAMES:
        raise InputError(f"{what} must be one of {', '.join(AGENT_NAMES)}, not {excerpt(name, 30)}")
    return name


def _seconds(value: Any, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise InputError(
            f"{what} must be a number of seconds from {low} to {high}, not {excerpt(value)}"
        )
    return float(value)


@dataclass
class Seat:
    """One seat: a bot's (``bot`` is its name), or a person's, with a join code and token."""

    seat: int
    bot: str | None
    code: str | None
    token: str | None
    name: str = ""

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "bot": self.bot}


class Table:
    """A live table. Only the server's event loop touches it (no locks needed)."""

    def __init__(self, table_id: str, spec: TableSpec, seats: list[Seat]) -> None:
        self.id = table_id
        self.spec = spec
        self.seats = seats
        self.game: Game = new_game(spec.game, spec.players, spec.seed, spec.options)
        self.closed = False
        #: Paused by the teacher (``dashboard.py``): no moves, no bots, no clock until resumed.
        self.paused = False
        #: Who played each step (``BY_*``), in order.
        self.played_by: list[str] = []
        #: The server's own lines for the narration: ``{"step", "text"}``.
        self.notes: list[dict[str, Any]] = []
        #: Seats whose person is connected now, and since when each empty seat is empty.
        self.present: set[int] = set()
        self.empty_since: dict[int, float] = {
            s.seat: time.monotonic() for s in seats if s.bot is None
        }
        #: When the clock of the decision now runs out (``time.monotonic()``), if it runs.
        self.deadline: float | None = None
        self.deadline_step = -1
        self._agents: dict[int, Any] = {}
        self._rngs = [make_rng(spec.seed, "class", seat) for seat in range(spec.players)]

    @classmethod
    def create(cls, spec: TableSpec, taken_codes: set[str]) -> Table:
        """A new table, a join code and a token for each person's seat."""
        seats = []
        for seat in range(spec.players):
            bot = spec.bots.get(seat)
            code = None if bot else codes.new_code(taken_codes)
            if code:
                taken_codes.add(code)
            seats.append(Seat(seat, bot, code, None if bot else codes.new_token()))
        return cls(codes.new_table_id(), spec, seats)

    # --- moves --------------------------------------------------------------------
    def check_move(self, seat: int, token: str, action_id: str, step: int) -> Action:
        """The legal action a person asks for, or :class:`ProtocolError` saying why not."""
        if self.closed:
            raise ProtocolError("closed", "this table is closed")
        if self.paused:
            raise ProtocolError("paused", "the teacher paused this table: wait until it resumes")
        if not 0 <= seat < len(self.seats) or self.seats[seat].bot is not None:
            raise ProtocolError(
                "seat", f"seat {excerpt(seat, 10)} is not a person's seat at this table"
            )
        if not codes.same_secret(token, self.seats[seat].token):
            raise ProtocolError("token", "the token is not this seat's")
        if self.game.is_over:
            raise ProtocolError("over", "the game is over")
        if self.game.current_player != seat:
            raise ProtocolError("turn", f"it is not Player {seat}'s decision now")
        if step != self.game.step:
            raise ProtocolError(
                "stale", f"the move was chosen at step {step}; the game is at step {self.game.step}"
            )
        try:
            return self.game.find_action(action_id)
        except IllegalActionError as exc:
            raise ProtocolError("illegal", str(exc)) from None

    def apply(self, action: Action | str, by: str, note: str = "") -> list[Event]:
        """Play ``action`` (already checked, or replayed from the store)."""
        events = self.game.apply(action)
        self.played_by.append(by)
        if note:
            self.notes.append({"step": self.game.step, "text": note})
        if self.deadline_step != self.game.step:
            self.deadline = None
        return events

    def note_for(self, by: str, seat: int) -> str:
        """The narration's line when a bot plays a person's seat (the clock, an empty seat)."""
        bot = f"the {self.spec.stand_in} bot"
        if by == BY_CLOCK:
            return f"Player {seat}'s clock ran out: {bot} played for them."
        if by == BY_STAND_IN:
            return f"Player {seat}'s seat is empty: {bot} played for them."
        return ""

    def bot_choice(self, seat: int, stand_in: bool) -> Action:
        """The move the seat's bot (or the stand-in bot) makes from the seat's own view."""
        key = seat if not stand_in else -1 - seat
        agent = self._agents.get(key)
        if agent is None:
            agent = self._agents[key] = make_agent(
                self.spec.stand_in if stand_in else self.seats[seat].bot
            )  # type: ignore[arg-type]
        legal = self.game.legal_actions()
        wants = getattr(agent, "needs_observation", True)
        observation = self.game.observation(seat) if wants else None
        try:
            choice = agent(observation, legal, self._rngs[seat])
            return self.game.find_action(choice)
        except Exception:  # a failing bot must not stop the table: the first legal move
            return legal[0]

    def waiting_for(self) -> tuple[int | None, str]:
        """Whose decision it is and who will make it: ``BY_PERSON``, ``BY_BOT`` or
        ``BY_STAND_IN`` (a person's seat empty for longer than ``away_after``)."""
        seat = self.game.current_player
        if seat is None or self.game.is_over or self.closed or self.paused:
            return None, ""
        if self.seats[seat].bot is not None:
            return seat, BY_BOT
        since = self.empty_since.get(seat)
        if (
            since is not None
            and self.seats[seat].name
            and time.monotonic() - since >= self.spec.away_after
        ):
            return seat, BY_STAND_IN
        return seat, BY_PERSON

    # --- what is sent -----------------------------------------------------------
    def seat_status(self) -> list[dict[str, Any]]:
        """Every seat, public: its name, bot, whether its person is here, who plays it now."""
        status = []
        for seat in self.seats:
            here = seat.seat in self.present
            playing = (
                seat.bot
                if seat.bot
                else (
                    "person" if here or not seat.name else f"{self.spec.stand_in} bot (seat empty)"
                )
            )
            status.append({**seat.public(), "connected": here, "playing": playing})
        return status

    def seat_frame(self, seat: int, events: list[Event], *, joined: bool = False) -> dict[str, Any]:
        """Everything seat ``seat`` is sent after a move (or on joining): its own view only."""
        game = self.game
        deciding = (
            game.current_player == seat and not game.is_over and not self.closed and not self.paused
        )
        shown = events[-EVENTS_ON_JOIN:] if joined else events
        return {
            "table": self.id,
            "seat": seat,
            "game": game.name,
            "players": game.players,
            "step": game.step,
            "at": time.time(),
            "over": game.is_over,
            "winner": game.winner,
            "closed": self.closed,
            "paused": self.paused,
            "current_player": game.current_player,
            "observation": game.observation(seat),
            "legal": [a.to_dict() for a in game.legal_actions()] if deciding else [],
            "events": [public_event(e) for e in shown],
            "notes": self.notes[-EVENTS_ON_JOIN:]
            if joined
            else [n for n in self.notes if n["step"] == game.step],
            "seats": self.seat_status(),
            "clock": self.clock_left(),
        }

    def clock_left(self) -> dict[str, Any] | None:
        if self.deadline is None:
            return None
        return {
            "seat": self.game.current_player,
            "seconds": max(0.0, round(self.deadline - time.monotonic(), 1)),
        }

    def summary(self) -> dict[str, Any]:
        """The teacher's line for this table (public facts and the join codes)."""
        return {
            "id": self.id,
            "spec": self.spec.to_dict(),
            "step": self.game.step,
            "turn": self.game.turn,
            "current_player": self.game.current_player,
            "over": self.game.is_over,
            "winner": self.game.winner,
            "closed": self.closed,
            "paused": self.paused,
            "seats": [{**s, "code": self.seats[s["seat"]].code} for s in self.seat_status()],
        }


def public_event(event: Event) -> dict[str, Any]:
    """An engine event as a seat is sent it: its words, rule, player and kind (not ``data``)."""
    return {"text": event.text, "rule": event.rule, "player": event.player, "kind": event.kind}

"""The ``Game`` object that teachers, notebooks, agents and widgets use.

It is the same for every game. It keeps the state, the options, the seed and
the timeline, checks every action against the legal ones, and saves and loads
games as JSON. All rules live in the game packages (``deal``, ``bid``,
``cardgame``), behind :class:`~monopoly_widgets.core.rules.Rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.errors import IllegalActionError
from monopoly_widgets.core.rules import Rules
from monopoly_widgets.core.timeline import Timeline
from monopoly_widgets.core.validation import (
    excerpt,
    seat_or_none,
    shorten_quotes,
    whole_number,
)
from monopoly_widgets.core.wording import wrapped

#: Longest action id the engines are asked about (real ids are well under 100 characters).
MAX_ACTION_ID_CHARS = 200


class Game:
    """One game being played: legal actions, apply, undo, events, save.

    Make one with :func:`monopoly_widgets.new_game`,
    :func:`monopoly_widgets.from_position` or :func:`monopoly_widgets.load_game`.
    """

    def __init__(
        self,
        rules: Rules,
        state: Any,
        *,
        seed: int,
        options: dict[str, Any],
        start_position: Mapping[str, Any] | None = None,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.options = dict(options)
        #: The position the game began from, or ``None`` for a normal deal.
        self.start_position = dict(start_position) if start_position is not None else None
        self._state = state
        self.timeline = Timeline(rules, state, rules.setup_events(state))
        self._legal: tuple[Action, ...] | None = None
        self._legal_by_id: dict[str, Action] | None = None
        #: ``rules.is_over(state)``, worked out whenever the state changes (``is_over``).
        self._over = rules.is_over(state)

    # --- who, what, when -------------------------------------------------------
    @property
    def name(self) -> str:
        """The game's short name: "deal", "bid" or "cardgame"."""
        return self.rules.name

    @property
    def players(self) -> int:
        """How many seats."""
        return self.rules.num_players(self._state)

    @property
    def state(self) -> Any:
        """The engine's state object (read it, do not change it)."""
        return self._state

    @property
    def current_player(self) -> int | None:
        """Whoever must decide next: not always the player whose turn it is.

        Answers with Just Say No, payments and discards are decisions too.
        """
        return self.rules.current_player(self._state)

    @property
    def turn(self) -> int:
        """The turn number, from 1."""
        return self.rules.turn(self._state)

    #: True once someone has won or the game ended as a draw. Read before every decision of
    #: a simulation, so it is kept up to date as the state changes (``apply``, ``go_back_to``)
    #: and read by a getter written in C (a property written in Python costs a call each time).
    is_over = property(
        attrgetter("_over"), doc="True once someone has won or the game ended as a draw."
    )

    @property
    def winner(self) -> int | None:
        """The winning seat, or ``None`` if nobody has won (yet)."""
        return self.rules.winner(self._state)

    @property
    def step(self) -> int:
        """How many actions have been taken."""
        return len(self.timeline)

    @property
    def history(self) -> list[str]:
        """The ids of the actions taken, in order (what a saved game stores)."""
        return [a.id for a in self.timeline.actions]

    @property
    def events(self) -> list[Event]:
        """Everything that happened, in order, each with ``.text`` and ``.rule``.

        Worked out by replaying the actions (see ``core/timeline.py``): the first look at a
        finished game of Deal takes about half a millisecond; later looks only replay the
        steps taken since.
        """
        return self.timeline.all_events()

    # --- acting ----------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """The current player's legal actions (empty once the game is over)."""
        legal = self._legal
        if legal is None:
            # Every game's rules list no actions once it is over (Rules.legal_actions).
            legal = self._legal = tuple(self.rules.legal_actions(self._state))
            self._legal_by_id = None
        return legal

    def find_action(self, action_or_id: Action | str) -> Action:
        """The legal action with this id, or :class:`IllegalActionError` saying why not."""
        action_id = action_or_id.id if isinstance(action_or_id, Action) else action_or_id
        if not isinstance(action_id, str):
            raise IllegalActionError(
                "an action must be an Action or an action id string, "
                f"not {type(action_id).__name__} ({excerpt(action_id)})"
            )
        if self.is_over:
            raise IllegalActionError(f"the game is over; {excerpt(action_id)} cannot be played")
        legal = self.legal_actions()
        if self._legal_by_id is None:
            self._legal_by_id = {a.id: a for a in legal}
        found = self._legal_by_id.get(action_id)
        if found is None:
            if len(action_id) > MAX_ACTION_ID_CHARS:
                # No rules' parser should ever see a megabyte id; none is that long.
                raise IllegalActionError(
                    f"{excerpt(action_id)} is not an action id: it is {len(action_id):,} "
                    f"characters long (ids are at most {MAX_ACTION_ID_CHARS})"
                )
            # The rules quote the id, or parts of it: quote no more than an excerpt.
            reason = self.rules.why_illegal(self._state, action_id)
            raise IllegalActionError(
                shorten_quotes(reason or f"{excerpt(action_id)} is not legal now", action_id)
            )
        return found

    def apply(self, action_or_id: Action | str) -> list[Event]:
        """Play a legal action (an ``Action`` or its id); return the events it caused.

        Raises :class:`IllegalActionError`, with the reason, if it is not legal
        now; the game is then unchanged.
        """
        action = None
        if self._legal is not None:
            # Fast path for agents, which return one of the very objects we offered.
            for offered in self._legal:
                if offered is action_or_id:
                    action = offered
                    break
        if action is None:
            action = self.find_action(action_or_id)
        events = self.rules.apply(self._state, action)
        self.timeline.record(action, events)
        self._legal = None
        self._over = self.rules.is_over(self._state)
        return events

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions (chance is replayed exactly).

        Raises :class:`InputError` (a ``ValueError``) unless ``steps`` is a whole
        number from 0 to ``game.step``; the game is then unchanged.
        """
        whole_number(steps, "undo: steps", 0, self.step)
        self.go_back_to(self.step - steps)

    def go_back_to(self, step: int) -> None:
        """Return to the moment after ``step`` actions, forgetting what came later.

        Raises :class:`InputError` unless ``step`` is a whole number from 0 to
        ``game.step``; the game is then unchanged.
        """
        whole_number(step, "go_back_to: step", 0, self.step)
        self._state = self.timeline.state_at(step)
        self.timeline.truncate(step)
        self._legal = None
        self._over = self.rules.is_over(self._state)

    def state_at(self, step: int) -> Any:
        """A copy of the state after ``step`` actions, without changing this game."""
        whole_number(step, "state_at: step", 0, self.step)
        return self.timeline.state_at(step)

    # --- seeing -----------------------------------------------------------------
    def observation(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` can see (JSON-safe); ``None`` is the teacher's view.

        Raises :class:`InputError` unless ``player`` is ``None`` or a seat number.
        """
        seat_or_none(player, "observation: player", self.players)
        return self.rules.observation(self._state, player)

    def metrics(self) -> dict[str, list[int]]:
        """Per-player ``money``, ``properties`` and ``sets`` now (for the charts)."""
        return self.rules.metrics(self._state)

    def position(self) -> dict[str, Any]:
        """The current position as a dict that :func:`from_position` accepts."""
        return self.rules.position(self._state)

    def to_json(self, indent: int | None = 1) -> str:
        """Save as JSON: ``{game, players, options, seed, position, actions}``."""
        from monopoly_widgets.core.serialization import game_to_json

        return game_to_json(self, indent=indent)

    def copy(self) -> Game:
        """An independent game at the same point, with the same history."""
        from monopoly_widgets.core.serialization import game_from_dict, game_to_dict

        return game_from_dict(game_to_dict(self))

    def render(self, perspective: int | None = None) -> str:
        """The table as plain text, seen by ``perspective`` (``None``: everything), its long
        lines (a hand of ten cards) broken at spaces so that no card's name is cut in a
        notebook's output (``core.wording.wrapped``)."""
        seat_or_none(perspective, "render: perspective", self.players)
        return wrapped(self.rules.render_text(self._state, perspective))

    def __str__(self) -> str:
        return wrapped(self.rules.render_text(self._state, None))

    def _repr_html_(self) -> str:
        return self.rules.render_html(self._state, None)

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"player {self.current_player} to act"
        return (
            f"<Game {self.name} players={self.players} seed={self.seed} "
            f"turn={self.turn} step={self.step} {status}>"
        )

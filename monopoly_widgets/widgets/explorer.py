"""``GameExplorer``: a game on a table, with controls, bots, human seats and charts.

The explorer keeps a *cursor*: the step the table shows. Stepping back and
scrubbing only move the cursor (the state there is read by walking the
timeline, ``Timeline.walk``), so the future is kept.
Stepping forward past the end asks the bot in the deciding seat to move, or
waits for a person. Only when someone plays a *different* move from a past
step is the old future forgotten (``game.go_back_to``).

The explorer is the glue between parts that each read on their own:

- ``widgets/cursor.py``: the cursor over the game's timeline (the state and
  events shown, the chart series, the odds worked out), with no widgets;
- ``widgets/handlers.py``: one small function per message from the browser;
- ``widgets/seats.py``: bots and people, and whose move a person may play;
- ``widgets/notices.py``: the notice line's sentences;
- ``widgets/table.py`` and ``widgets/charts.py``: the traits the browser draws;
- ``widgets/coaching.py``: the coach's move chart, worked out in the background.

Everything the browser sends arrives in :meth:`GameExplorer.handle_message`,
which checks it (``widgets/messages.py``); anything not allowed (an unknown
message, a move that is not legal, the wrong seat, not a person's turn) is
refused with a visible error and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from monopoly_widgets.core import Action, Game, files, load_game, new_game
from monopoly_widgets.core.errors import InputError, MessageError, MonopolyWidgetsError
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.serialization import saved_game_text
from monopoly_widgets.core.validation import seat_or_none, whole_number
from monopoly_widgets.widgets import choices as choice_menu
from monopoly_widgets.widgets import notices, probability, seats, views
from monopoly_widgets.widgets.charts import Charts
from monopoly_widgets.widgets.coaching import FIRST_PLAYOUTS, MAX_PLAYOUTS, Coach, refusal
from monopoly_widgets.widgets.coaching import check_settings as check_coach_settings
from monopoly_widgets.widgets.cursor import TimelineCursor
from monopoly_widgets.widgets.frontends import in_marimo
from monopoly_widgets.widgets.handlers import handler_for
from monopoly_widgets.widgets.messages import check_message, clip_error
from monopoly_widgets.widgets.seats import Agent, default_agents
from monopoly_widgets.widgets.table import GameTable, check_layout, check_speed
from monopoly_widgets.widgets.views.common import seat_name

#: How many events of the step shown the narration line lists.
NARRATION_EVENTS = 6


#: The line over the table where a recorded game stops before its end (``ending``).
STOPPED_DECISION = "The recorded game stops here: the note below says why."


class GameExplorer:
    """Explore, replay or play one game in a notebook.

    ``agents`` has one entry per seat: an agent, or ``None`` for a person who
    clicks. Without ``agents`` every seat is a bot. ``perspective`` is ``None``
    for the teacher's view (everything) or a seat number (other hands face
    down, with counts). ``layout`` is ``"auto"`` (by the width the notebook
    gives it), ``"wide"`` (charts beside the full table) or ``"compact"``
    (opponents one line each, charts in tabs: fits a 1280x720 projector).

    The coach (the Coach button, or :meth:`show_coach`) analyses the decision at
    the cursor with ``coach_playouts`` playouts per move first (None: as ``mw.analyse``
    screens, 8 each), each round adding
    more, up to ``coach_max_playouts`` per move, the other seats played by
    ``coach_continue_with`` ("heuristic", "random" or "deal_policy"; see ``mw.analyse``).
    """

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent | None] | None = None,
        perspective: int | None = None,
        *,
        speed: float = 2.0,
        layout: str = "auto",
        coach_playouts: int | None = FIRST_PLAYOUTS,
        coach_max_playouts: int = MAX_PLAYOUTS,
        coach_continue_with: str = "heuristic",
    ) -> None:
        if not isinstance(game, Game):
            raise InputError(f"GameExplorer needs a Game, not {type(game).__name__}")
        self.game = game
        self.agents: list[Agent | None] = seats.check_agents(game, agents)
        seat_or_none(perspective, "perspective", game.players)
        #: Set to ``fn(observation) -> [(label, probability, explanation)]`` to replace
        #: the registered probability panel of this game for this explorer.
        self.probability_panel: probability.ProbabilityFn | None = None
        #: The last request refused, in words ("" if none).
        self.last_error = ""
        #: What the last step on a person's turn said ("" once the cursor moves on).
        self._nudge = ""
        self.table = GameTable(speed=check_speed(speed), layout_mode=check_layout(layout))
        self.table.set_handler(self.handle_message)
        # marimo re-runs the cells that read the table only when the browser changes a
        # trait, so there the browser reports the step it shows (``shown_step``).
        self.table.reports_step = in_marimo()
        self.charts = Charts(self.table, game.name, game.players)
        # One widget: the table draws its charts itself, so it can place them by its width.
        self.widget = self.table
        self.table.layout = widgets.Layout(width="100%")
        self.table.add_class("mw-explorer")
        self._perspective = perspective
        check_coach_settings(coach_playouts, coach_max_playouts, coach_continue_with)
        #: The coach panel's analysis, run in the background (``widgets/coaching.py``).
        self.coach = Coach(
            self._publish_coach,
            first_playouts=coach_playouts,
            max_playouts=coach_max_playouts,
            continue_with=coach_continue_with,
        )
        self._coach_on = False
        #: What the coach was last asked about (game, step, view, playing); None when off.
        self._coach_request: tuple[Any, ...] | None = None
        self._start_game(game, cursor=game.step)

    # --- settings -------------------------------------------------------------------
    @property
    def layout(self) -> str:
        """ "auto", "wide" or "compact": how the table arranges itself."""
        return self.table.layout_mode

    @layout.setter
    def layout(self, value: str) -> None:
        self.table.layout_mode = check_layout(value)

    def _start_game(self, game: Game, cursor: int) -> None:
        """Show ``game`` with the cursor at ``cursor`` (new game, loaded game, start)."""
        self.game = game
        self._ending = ""
        self._rngs = [make_rng(game.seed, "agent", seat) for seat in range(game.players)]
        #: The step shown, its state and events, the charts' series and odds up to it.
        self.cursor = TimelineCursor(game, cursor)
        self.table.seed = game.seed
        self._refresh()

    # --- what the cursor shows ---------------------------------------------------------
    @property
    def step(self) -> int:
        """The step the table shows (0 is the deal)."""
        return self.cursor.step

    @property
    def perspective(self) -> int | None:
        """``None`` (teacher: everything) or the seat whose view the table shows."""
        return self._perspective

    @perspective.setter
    def perspective(self, seat: int | None) -> None:
        seat_or_none(seat, "perspective", self.game.players)
        self._perspective = seat
        self._refresh()

    @property
    def playing(self) -> bool:
        """True while the browser's timer is stepping the game."""
        return self.table.playing

    @property
    def speed(self) -> float:
        """Steps per second while playing."""
        return self.table.speed

    @speed.setter
    def speed(self, value: float) -> None:
        self.table.speed = check_speed(value)

    def state(self) -> Any:
        """The engine state at the cursor (read it, do not change it)."""
        return self.cursor.state

    def observation(self, viewer: int | None = None) -> dict[str, Any]:
        """What ``viewer`` sees at the cursor (``None``: everything)."""
        return self.cursor.observation(viewer)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions at the cursor."""
        return self.cursor.legal_actions()

    def current_player(self) -> int | None:
        """Who decides at the cursor."""
        return self.cursor.current_player()

    @property
    def ending(self) -> str:
        """Why this recorded game stops before the rules end it ("" if it does not).

        Set by :meth:`from_json` (a league's forfeited game): the replay ends at its
        last step and says this there, and no bot is asked to play on. A new game, or a
        move that changes the record, clears it.
        """
        return self._ending

    def human_seats(self) -> list[int]:
        """The seats played by people."""
        return [seat for seat, agent in enumerate(self.agents) if agent is None]

    # --- moving the cursor ---------------------------------------------------------------
    def forward(self) -> bool:
        """One step forward: along the timeline, or a bot's move at its end.

        Returns False (and says why) when nothing can move: the game is over or
        a person must choose.
        """
        self._clear_error()
        if not self.cursor.at_end:
            self.cursor.move_to(self.cursor.step + 1)
            self._refresh()
            return True
        moved = self._bot_move()
        self._refresh()
        return moved

    def back(self) -> bool:
        """One step back (instant; the future is kept until someone plays differently)."""
        self._clear_error()
        if self.cursor.step == 0:
            return False
        self.cursor.move_to(self.cursor.step - 1)
        self._refresh()
        return True

    def seek(self, step: int) -> None:
        """Show the table after ``step`` actions."""
        whole_number(step, "step", 0, self.game.step)
        self._clear_error()
        self.cursor.move_to(step)
        self._refresh()

    def reset(self) -> None:
        """Back to the deal (the timeline is kept: step forward to replay it)."""
        self.pause()
        self.seek(0)

    def play(self) -> None:
        """Start the browser's play timer (and say whose move it is, if a person's)."""
        self._clear_error()
        self.table.playing = True
        self._refresh_notice()

    def pause(self) -> None:
        """Stop the browser's play timer (and fill in the odds panel)."""
        if self.table.playing:
            self.table.playing = False
            self._refresh_charts()

    def tick(self) -> None:
        """One beat of the play timer: step forward, or stop if nothing can move."""
        if not self.table.playing:
            return
        if not self.forward():
            self._nudge = ""  # play reached a person: no "step waits", just whose move
            self.pause()
            self._refresh_notice()

    def new_game(self, seed: int | None = None) -> None:
        """A new deal of the same game, players and options (``seed=None``: a fresh seed)."""
        game = new_game(self.game.name, self.game.players, seed, self.game.options)
        self.pause()
        self._clear_error()
        self._start_game(game, cursor=0)
        self._maybe_autoplay()

    # --- people's moves ------------------------------------------------------------------
    def play_action(self, action_id: str, seat: int | None = None) -> None:
        """A person in ``seat`` plays ``action_id`` at the cursor.

        Raises :class:`IllegalActionError` (saying why) if it is not that seat's
        decision, the seat is a bot's, or the action is not legal; nothing
        changes then. Playing from a past step keeps the future if it is the
        move that was played, and otherwise forgets it.
        """
        action = seats.check_person_move(
            self.cursor, self.agents, self._perspective, action_id, seat
        )
        self._clear_error()
        cursor = self.cursor
        if not cursor.at_end and self.game.timeline.actions[cursor.step].id == action.id:
            cursor.move_to(cursor.step + 1)  # the move that was played: the future is kept
        else:
            if not cursor.at_end:
                cursor.branch()  # a different move: the old future is forgotten
            self._ending = ""  # no longer the recorded game
            self.game.apply(action)
            cursor.follow_end()
        self._refresh()
        self._maybe_autoplay()

    def _bot_move(self) -> bool:
        game = self.game
        if game.is_over:
            self.table.notice = notices.game_over(game)
            return False
        if self._ending:  # the record stops here: the notice says why
            return False
        seat = game.current_player
        assert seat is not None
        agent = self.agents[seat]
        if agent is None:
            self._nudge_person(seat)
            return False
        legal = game.legal_actions()
        wants_obs = getattr(agent, "needs_observation", True)
        observation = game.observation(seat) if wants_obs else None
        try:
            choice = agent(observation, legal, self._rngs[seat])
            game.apply(choice)
        except Exception as exc:  # an agent is anyone's code: report it, keep the table alive
            self._show_error(f"the bot in {seat_name(seat)}'s seat failed: {exc!r}")
            return False
        self.cursor.follow_end()
        return True

    def _nudge_person(self, seat: int) -> None:
        """Step on a person's turn: say whose move it is, and make the browser show it.

        The notice stays until the cursor moves; the ``nudge`` message makes the
        table flash it (and the choices) even when the same words are repeated.
        """
        text = notices.waiting_for_person(seat, self._perspective)
        self._nudge = text
        self.table.send({"type": "nudge", "seat": seat, "text": text})

    def _maybe_autoplay(self) -> None:
        """With people at the table, bots answer on their own at the chosen speed."""
        if not self.human_seats() or self.game.is_over or not self.cursor.at_end:
            return
        seat = self.game.current_player
        if seat is not None and self.agents[seat] is not None:
            self.table.playing = True

    # --- the browser ---------------------------------------------------------------------
    def handle_message(self, content: Any) -> None:
        """Carry out one request from the browser, or refuse it with a visible error.

        The message is checked first (``widgets/messages.py``), then carried out by
        the handler of its kind (``widgets/handlers.py``).
        """
        try:
            message = check_message(content)
            handler = handler_for(message["type"])
        except MessageError as exc:
            self._show_error(f"ignored a message from the browser: {exc}")
            return
        try:
            handler(self, message)
        except (MonopolyWidgetsError, ValueError) as exc:
            self._show_error(str(exc))
        except Exception as exc:  # never let a click kill the widget silently
            self._show_error(f"could not do {message['type']!r}: {exc!r}")

    def offer_download(self) -> None:
        """Send the whole game to the browser, which saves it as a file (the save button)."""
        self.table.send({"type": "download", "filename": self._filename(), "text": self.to_json()})

    def _show_error(self, text: str) -> None:
        text = clip_error(text)
        self.last_error = text
        self.table.show_error(text)

    def _clear_error(self) -> None:
        self._nudge = ""
        self.last_error = ""
        if self.table.error:
            self.table.error = ""

    # --- drawing -------------------------------------------------------------------------
    def _choices(self, table_model: dict[str, Any]) -> tuple[list[dict[str, Any]], int | None]:
        """The legal actions to offer as buttons: only a person's, only to their view.

        Each carries a ``path`` for the two-step choice (``widgets/choices.py``).
        """
        seat = self.current_player()
        if seat is None or self.agents[seat] is not None:
            return [], None
        if self._perspective is not None and self._perspective != seat:
            return [], None
        names = choice_menu.card_names(table_model)
        detail = views.choice_detail(self.game.name)
        copies = choice_menu.card_copies(table_model)
        return choice_menu.choice_list(self.legal_actions(), names, detail, copies), seat

    def _refresh_notice(self) -> None:
        self.table.notice = self._nudge or notices.notice(
            self.cursor, self.agents, self._perspective, self._ending
        )

    def _refresh(self) -> None:
        """Send the table and charts for the cursor (only traits that changed go out)."""
        observation = self.cursor.observation(self._perspective)
        table_model = views.table_model(
            self.game.name, observation, seats.roles(self.agents, self._perspective)
        )
        if self._ending and self.cursor.at_end:
            # A recorded game stopped early (a league forfeit): nobody is to play now, so
            # the line over the table does not ask for a move; the notice says why.
            table_model = {**table_model, "decision": STOPPED_DECISION}
        choices, choice_seat = self._choices(table_model)
        events = self.cursor.events[-NARRATION_EVENTS:]
        with self.table.hold_sync():
            self.table.table = table_model
            self.table.choices = choices
            self.table.choice_seat = choice_seat
            self.table.narration = [{"text": e.text, "rule": e.rule} for e in events]
            self.table.step = self.cursor.step
            self.table.steps = self.game.step
            self.table.perspective = self._perspective
            self.table.seat_names = seats.seat_labels(self.agents)
            self._refresh_notice()
            # In the same message as the table: the browser then draws a step's
            # table and charts in one frame (one style, layout and paint pass),
            # not one frame per message.
            self.charts.show(self.cursor, self._perspective, self.probability_panel)
        self._refresh_coach()

    def _refresh_charts(self) -> None:
        self.charts.show(self.cursor, self._perspective, self.probability_panel)
        self._refresh_coach()

    # --- the coach -----------------------------------------------------------------------
    @property
    def coach_shown(self) -> bool:
        """True while the coach panel is on (the Coach button is pressed)."""
        return self._coach_on

    def show_coach(self, on: bool = True) -> None:
        """Turn the coach panel on (analysing the step shown) or off (stopping it)."""
        if not isinstance(on, bool):
            raise InputError(f"show_coach needs True or False, not {on!r:.40}")
        self._clear_error()
        self._coach_on = on
        self._refresh_coach()

    def _publish_coach(self, value: dict[str, Any]) -> None:
        self.table.coach = value

    def _refresh_coach(self) -> None:
        """Start the coach on the step shown, unless it already works on it.

        Any change of game, step, perspective or play stops the old analysis
        (``Coach.start`` and ``Coach.stop`` bump its generation).
        """
        if not self._coach_on:
            if self._coach_request is not None or self.table.coach:
                self._coach_request = None
                self.coach.stop({})
            return
        cursor = self.cursor
        seat = cursor.current_player()
        why = refusal(self._perspective, seat, cursor.is_over())
        request = (id(self.game), self.game.step, cursor.step, self._perspective, self.playing)
        if request == self._coach_request:
            return
        self._coach_request = request
        if why:
            self.coach.stop({"on": True, "status": why, "chart": {}})
        elif self.playing:
            status = "The coach waits while the game plays: pause to see the moves."
            self.coach.stop({"on": True, "status": status, "chart": {}})
        else:
            assert seat is not None
            game = self.game.copy()
            if not cursor.at_end:
                game.go_back_to(cursor.step)
            self.coach.start(game, seat)

    # --- saving and loading ------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole game (every step, even past the cursor) as JSON."""
        return self.game.to_json()

    def save(self, path: str | Path, *, overwrite: bool = False) -> Path:
        """Write the game as JSON to ``path``; open it again with :meth:`from_json`.

        An existing file is refused unless ``overwrite=True``: a cell run twice, or a
        classmate's game of the same name, is never written over (``core/files.py``).
        """
        advice = "choose another name, or pass overwrite=True to replace it"
        return files.write_output(path, self.to_json(), overwrite, advice, "saved game")

    def _filename(self) -> str:
        return f"{self.game.name}-seed{self.game.seed}-step{self.game.step}.json"

    @classmethod
    def from_json(
        cls,
        text_or_path: str | Path,
        agents: Sequence[Agent | None] | None = None,
        perspective: int | None = None,
        *,
        ending: str = "",
    ) -> GameExplorer:
        """Open a saved game for replay, with the cursor at the deal.

        ``text_or_path`` is the JSON text itself, or the path of a file holding it
        (see :func:`~monopoly_widgets.core.serialization.saved_game_text`).
        ``ending``: why the game stops before its end (see :attr:`ending`).
        """
        if not isinstance(ending, str):
            raise InputError(f"ending must be text, not {type(ending).__name__}")
        game = load_game(saved_game_text(text_or_path))
        explorer = cls(game, agents=agents, perspective=perspective)
        explorer._ending = ending if not game.is_over else ""
        explorer.seek(0)
        return explorer

    # --- one HTML file ----------------------------------------------------------------------
    def save_html(
        self, path: str | Path, perspective: int | None | str = "shown", *, overwrite: bool = False
    ) -> Path:
        """Write the game as one HTML file that replays it with no kernel and no network.

        The file opens at the step shown, with the table, its step, back and play
        controls, the timeline, the narration with its rule citations, and the
        charts (``widgets/replay.py``). ``perspective`` is the view it holds: by
        default the one shown now; ``None`` is the teacher's (every hand, and each
        seat's view in the menu); a seat number holds that seat's view only, so no
        other seat's hidden card is anywhere in the file. An existing file is
        refused unless ``overwrite=True``.
        """
        from monopoly_widgets.widgets.replay import save_replay

        seat = self._perspective if perspective == "shown" else perspective
        return save_replay(
            path,
            self.game,
            self.agents,
            seat,  # type: ignore[arg-type]
            self.cursor.step,
            panel=self.probability_panel,
            overwrite=overwrite,
            ending=self._ending,  # a league forfeit: the file says it at the last step too
        )

    # --- notebook display ------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, and a static picture of the table for where widgets cannot show.

        Front ends that have no widget manager show ``text/html`` instead of the
        widget (nbconvert and nbviewer with no widget state, GitHub). JupyterLab
        4 prefers the widget whenever its extension is installed, and with no
        kernel it says "model not found" rather than fall back.
        """
        bundle = self.widget._repr_mimebundle_(**kwargs)
        # anywidget answers (data, metadata); a plain widget answers data only.
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = repr(self)
        data["text/html"] = self.static_html()
        return data

    def static_html(self) -> str:
        """The table at the cursor as plain HTML, in the view shown (no script)."""
        return self.game.rules.render_html(self.cursor.state, self._perspective)

    def _mime_(self) -> tuple[str, str]:
        """marimo's display protocol, understood by every marimo version: the table widget.

        For other cells to react to the game, wrap the table yourself and read
        its ``shown_step`` (see docs/api.md): ``view = mo.ui.anywidget(explorer.table)``.
        """
        import marimo as mo

        return mo.ui.anywidget(self.table)._mime_()

    def __repr__(self) -> str:
        return (
            f"<GameExplorer {self.game.name} {self.game.players} players "
            f"step {self.cursor.step}/{self.game.step} seed={self.game.seed}>"
        )


def play(
    name: str = "deal",
    players: int = 3,
    human: int | None = 0,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    speed: float = 2.0,
) -> GameExplorer:
    """Start a game in one line: a person in seat ``human`` and heuristic bots elsewhere.

    ``human=None`` makes every seat a bot (press play to watch).
    """
    game = new_game(name, players=players, seed=seed, options=options)
    agents = default_agents(game)
    perspective = None
    if human is not None:
        seat_or_none(human, "human", players)
        agents[human] = None
        perspective = human
    explorer = GameExplorer(game, agents=agents, perspective=perspective, speed=speed)
    explorer._maybe_autoplay()
    return explorer

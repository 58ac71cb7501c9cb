"""The timeline of one game: the actions taken, and how to look back at any step.

The actions ARE the game: every game is deterministic given its seed, so the
state and the events of any step can be worked out again by replaying them
(a saved game is its list of actions, too). The timeline keeps only what makes
looking back fast:

- **States.** Stepping back (``undo``) and scrubbing (``state_at``) must be
  instant, but a deep copy on every step would be slow and large. So the
  timeline keeps a clone of the state every ``SNAPSHOT_EVERY`` steps and
  replays the few actions since the nearest one. The snapshots are made the
  first time someone looks back, not while the game is played forward: a
  simulation that never steps back never pays for them.
- **Events.** It keeps the events of the deal and of the latest step (what a
  narration line shows). The events of an earlier step are worked out again
  by replaying that step from the state before it. Keeping every event of
  every step made random games 5% slower (``benchmarks/engine.py``: the
  retained objects cost memory traffic and garbage collection), for a history
  most simulated games never read. ``all_events`` replays the whole game once
  and then only the steps added since.
- **Walks.** Whoever reads many steps in a row (the explorer's cursor and
  charts) asks for a *walk* (``walk``): one state carried forward action by
  action, each step's events as they happen. A walk can resume where an earlier
  one stopped, so reading the next step costs one action, not a replay.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.rules import Rules

SNAPSHOT_EVERY = 16


class Moment(NamedTuple):
    """One step as a walk passes it: the state after ``step`` actions, and that step's events.

    The state belongs to the walk, which carries it on to the next step: read
    it, or clone it (``rules.clone``) to keep it.
    """

    step: int
    state: Any
    events: list[Event]


class Timeline:
    """Actions, periodic snapshots, and the events of any step (see the module docstring)."""

    def __init__(self, rules: Rules, start: Any, setup_events: list[Event]) -> None:
        self.rules = rules
        self.actions: list[Action] = []
        self._setup_events = list(setup_events)
        #: The events of the latest step after the deal (None: none yet, or not known after
        #: stepping back).
        self._last_events: list[Event] | None = None
        #: For ``all_events``: (steps replayed, the state after them, their events).
        self._replayed: tuple[int, Any, list[Event]] | None = None
        self._snapshots: dict[int, Any] = {0: rules.clone(start)}

    def __len__(self) -> int:
        """The number of actions taken."""
        return len(self.actions)

    def record(self, action: Action, events: list[Event]) -> None:
        """Note an applied action and the events it caused."""
        self.actions.append(action)
        self._last_events = events

    def events_at(self, step: int) -> list[Event]:
        """The events of step ``step`` (0 is the deal), in order."""
        self._check_step(step)
        if step == 0:
            return list(self._setup_events)
        if step == len(self.actions):
            if self._last_events is None:
                self._last_events = self._replay_step(step)
            return list(self._last_events)
        return self._replay_step(step)

    def all_events(self) -> list[Event]:
        """Every event so far, in order: the deal's, then each step's."""
        if self._replayed is None:
            self._replayed = (0, self.rules.clone(self._snapshots[0]), list(self._setup_events))
        done, state, events = self._replayed
        for action in self.actions[done:]:
            events.extend(self.rules.apply(state, action))
        self._replayed = (len(self.actions), state, events)
        return list(events)

    def _replay_step(self, step: int) -> list[Event]:
        """Apply action ``step`` again to the state before it, for its events."""
        return next(self.walk(step, step)).events

    def state_at(self, step: int) -> Any:
        """A fresh state as it was after ``step`` actions (0 is the start).

        Replays from the nearest earlier snapshot, keeping a snapshot at every
        multiple of ``SNAPSHOT_EVERY`` it passes, so the next look back is quick.
        """
        self._check_step(step)
        base, state = self._nearest_snapshot(step)
        for _ in self._advance(state, base, step):
            pass
        return state

    def walk(self, start: int, stop: int, *, resume: Moment | None = None) -> Iterator[Moment]:
        """Each step from ``start`` to ``stop`` (both included), forwards, as a :class:`Moment`.

        One state is carried forward, so each further step costs one action.
        ``resume`` is a moment at step ``start - 1`` from an earlier walk: its
        state is carried on from there (the caller gives it up) instead of being
        replayed from the nearest snapshot (a moment at any other step is not
        used). A range that ends before it starts is empty, like ``range``; the
        events of step 0 are the deal's. A step out of range raises ``IndexError``
        at once, not at the first ``next``.
        """
        self._check_step(stop)
        if start <= stop:
            self._check_step(start)
        return self._walk(start, stop, resume)

    def _walk(self, start: int, stop: int, resume: Moment | None) -> Iterator[Moment]:
        if start > stop:
            return
        if resume is not None and resume.step == start - 1:
            base, state = resume.step, resume.state
        else:
            base, state = self._nearest_snapshot(max(start - 1, 0))
            if start == 0:
                yield Moment(0, state, list(self._setup_events))
        for step, events in self._advance(state, base, stop):
            if step >= start:
                yield Moment(step, state, events)

    def _check_step(self, step: int) -> None:
        if not 0 <= step <= len(self.actions):
            raise IndexError(f"step must be between 0 and {len(self.actions)}, not {step}")

    def _nearest_snapshot(self, step: int) -> tuple[int, Any]:
        """(its step, a clone of it): the latest snapshot at or before ``step``."""
        base = step - step % SNAPSHOT_EVERY
        while base not in self._snapshots:  # not made yet, or dropped by truncate
            base -= SNAPSHOT_EVERY
        return base, self.rules.clone(self._snapshots[base])

    def _advance(self, state: Any, done: int, stop: int) -> Iterator[tuple[int, list[Event]]]:
        """Apply actions ``done + 1`` to ``stop`` to ``state`` (after ``done`` actions).

        Yields each step and its events, and keeps a snapshot at every multiple
        of ``SNAPSHOT_EVERY`` it passes, so the next look back is quick.
        """
        for step in range(done + 1, stop + 1):
            events = self.rules.apply(state, self.actions[step - 1])
            if step % SNAPSHOT_EVERY == 0 and step not in self._snapshots:
                self._snapshots[step] = self.rules.clone(state)
            yield step, events

    def truncate(self, step: int) -> None:
        """Forget every action after ``step`` (used by undo and by playing on from the past)."""
        if step == len(self.actions):
            return
        del self.actions[step:]
        for k in [k for k in self._snapshots if k > step]:
            del self._snapshots[k]
        self._last_events = None
        if self._replayed is not None and self._replayed[0] > step:
            self._replayed = None

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
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.rules import Rules

SNAPSHOT_EVERY = 16


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
        if not 0 <= step <= len(self.actions):
            raise IndexError(f"step must be between 0 and {len(self.actions)}, not {step}")
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
        return self.rules.apply(self.state_at(step - 1), self.actions[step - 1])

    def state_at(self, step: int) -> Any:
        """A fresh state as it was after ``step`` actions (0 is the start).

        Replays from the nearest earlier snapshot, keeping a snapshot at every
        multiple of ``SNAPSHOT_EVERY`` it passes, so the next look back is quick.
        """
        if not 0 <= step <= len(self.actions):
            raise IndexError(f"step must be between 0 and {len(self.actions)}, not {step}")
        base = step - step % SNAPSHOT_EVERY
        while base not in self._snapshots:  # not made yet, or dropped by truncate
            base -= SNAPSHOT_EVERY
        state = self.rules.clone(self._snapshots[base])
        for done, action in enumerate(self.actions[base:step], start=base + 1):
            self.rules.apply(state, action)
            if done % SNAPSHOT_EVERY == 0 and done not in self._snapshots:
                self._snapshots[done] = self.rules.clone(state)
        return state

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

"""The timeline of one game: the actions taken, and snapshots to step back fast.

Stepping back (``undo``) and scrubbing (``state_at``) must be instant, but a
deep copy on every step would be slow and large. So the timeline keeps a clone
of the state every ``SNAPSHOT_EVERY`` steps and replays the few actions since
the nearest snapshot. Replay is exact because every game is deterministic
given its seed.

Snapshots are made the first time someone looks back, not while the game is
played forward: a simulation that never steps back never pays for them.
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.rules import Rules

SNAPSHOT_EVERY = 16


class Timeline:
    """Actions, per-step events and periodic snapshots of one game."""

    def __init__(self, rules: Rules, start: Any, setup_events: list[Event]) -> None:
        self.rules = rules
        self.actions: list[Action] = []
        #: ``step_events[k]`` are the events of step ``k``; step 0 is the deal.
        self.step_events: list[list[Event]] = [list(setup_events)]
        self._snapshots: dict[int, Any] = {0: rules.clone(start)}

    def __len__(self) -> int:
        """The number of actions taken."""
        return len(self.actions)

    def record(self, action: Action, events: list[Event]) -> None:
        """Note an applied action and the events it caused."""
        self.actions.append(action)
        self.step_events.append(events)

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
        del self.actions[step:]
        del self.step_events[step + 1 :]
        for k in [k for k in self._snapshots if k > step]:
            del self._snapshots[k]

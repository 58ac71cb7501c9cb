"""Playing a lesson's position out loud: each action, then each event with the rule behind it.

Lessons 01-03 step through small positions one action at a time. These helpers print
what a student reads aloud (``step``, ``choices``), and give the same narration as
text (``play_out``), so an exercise can keep it back until the student has answered:
the exercise's worked answer is the narration of its own play-out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import monopoly_widgets as mw
from monopoly_widgets.lessons.say import WIDTH, say


def lesson(name: str, position: dict[str, Any], seed: int = 1, options: dict | None = None):
    """A game of ``name`` set up at ``position``, printed as the teacher sees it (all cards)."""
    game = mw.from_position(name, position, seed=seed, options=options)
    print(game.render())
    return game


def narration(game: Any, action_id: str) -> list[str]:
    """Play one action on ``game``; the lines that say who did what, and under which rule."""
    action = game.find_action(action_id)
    lines = [f"> player {action.player}: {action.text}"]
    for event in game.apply(action):
        lines.append(f"    {event.text}")
        lines.append(f"        rule: {event.rule}")
    return lines


def step(game: Any, action_id: str) -> None:
    """Play one action and print what happened, with the rule for each event."""
    say("\n".join(narration(game, action_id)))


def choices(game: Any) -> None:
    """Print what the player who must decide now may do: each action's id, then its text
    beside it, or under it when the two would not fit on one line."""
    lines = [f"player {game.current_player} may:"]
    for action in game.legal_actions():
        line = f"    {action.id:45} {action.text}"
        lines.append(line if len(line) <= WIDTH else f"    {action.id}\n        {action.text}")
    say("\n".join(lines))


def play_out(game: Any, moves: Iterable[str]) -> tuple[Any, list[str]]:
    """A copy of ``game`` after ``moves``, and the narration; ``game`` itself is unchanged."""
    after = game.copy()
    lines: list[str] = []
    for move in moves:
        lines += narration(after, move)
    return after, lines

"""Actions and events: the two small records every game shares.

An *action* is one choice a player can make. Its ``id`` is a short, stable,
JSON-safe string, so a game can be saved as the list of ids that were chosen
(the OpenSpiel idea: a game serializes as its action history).

An *event* is one thing that happened, told in plain words, with the rule it
follows, so a student can always ask "why did that happen?".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """One legal choice.

    ``id`` is what gets saved and what the browser sends back. ``text`` is the
    plain-English label a button shows. ``kind`` groups actions for the table
    ("play", "bank", "pay", "discard", "respond", "bid", ...). ``card`` is the id
    of the card the action is mainly about (so the table can make that card
    clickable), and ``target`` the player it is aimed at, when there is one.
    """

    id: str
    text: str
    player: int
    kind: str
    card: int | None = None
    target: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict, as sent to the browser."""
        return {
            "id": self.id,
            "text": self.text,
            "player": self.player,
            "kind": self.kind,
            "card": self.card,
            "target": self.target,
        }


@dataclass(slots=True)
class Event:
    """One thing that happened, in plain words, with the rule it follows.

    Treat an event as read-only. It is not a frozen dataclass only because the
    engines make one or two per action, and a frozen dataclass is three times
    slower to create (``benchmarks/engine.py``).

    ``rule`` names a rulebook section ("Deal rulebook: On Your Turn") or a named
    rule option ("option: hand_limit_discard_to"). ``player`` is who did it, if
    anyone. ``data`` holds small JSON-safe facts for charts and tests.
    """

    text: str
    rule: str
    player: int | None = None
    kind: str = "info"
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict, as sent to the browser."""
        return {
            "text": self.text,
            "rule": self.rule,
            "player": self.player,
            "kind": self.kind,
            "data": self.data,
        }

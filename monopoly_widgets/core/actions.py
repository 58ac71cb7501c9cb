"""Actions and events: the two small records every game shares.

An *action* is one choice a player can make. Its ``id`` is a short, stable,
JSON-safe string, so a game can be saved as the list of ids that were chosen
(the OpenSpiel idea: a game serializes as its action history).

An *event* is one thing that happened, told in plain words, with the rule it
follows, so a student can always ask "why did that happen?".
"""

from __future__ import annotations

from dataclasses import dataclass
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


class Event:
    """One thing that happened, in plain words, with the rule it follows.

    Treat an event as read-only. ``rule`` names a rulebook section ("Deal rulebook: On Your
    Turn") or a named rule option ("option: hand_limit_discard_to"). ``player`` is who did it,
    if anyone. ``data`` holds small JSON-safe facts for charts and tests.

    ``text`` is given either as the finished words or as a format string and its values,
    ``("Player {} banks {}.", 1, "Boardwalk")``, which are put together (``str.format``)
    the first time the text is read: the engines make one or two events per action, and a
    simulation that never reads them then never pays for wording them. Either way
    ``event.text`` is the finished string, and the events compare and print the same.

    For the same reason an event without facts gets its empty ``data`` dict only when
    someone reads it.
    """

    __slots__ = ("_text", "rule", "player", "kind", "_data")

    def __init__(
        self,
        text: str | tuple[Any, ...],
        rule: str,
        player: int | None = None,
        kind: str = "info",
        data: dict[str, Any] | None = None,
    ) -> None:
        self._text = text
        self.rule = rule
        self.player = player
        self.kind = kind
        self._data = data

    @property
    def text(self) -> str:
        """The event in plain words (worded now if it was given as a format string)."""
        text = self._text
        if text.__class__ is tuple:
            text = self._text = text[0].format(*text[1:])
        return text

    @property
    def data(self) -> dict[str, Any]:
        """Small JSON-safe facts about the event, for charts and tests (often none)."""
        data = self._data
        if data is None:
            data = self._data = {}
        return data

    def _fields(self) -> tuple[Any, ...]:
        return (self.text, self.rule, self.player, self.kind, self.data)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Event:
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable fields, like a non-frozen dataclass

    def __repr__(self) -> str:
        return (
            f"Event(text={self.text!r}, rule={self.rule!r}, player={self.player!r}, "
            f"kind={self.kind!r}, data={self.data!r})"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict, as sent to the browser."""
        return {
            "text": self.text,
            "rule": self.rule,
            "player": self.player,
            "kind": self.kind,
            "data": self.data,
        }

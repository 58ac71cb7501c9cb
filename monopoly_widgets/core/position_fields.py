"""Reading hand-written positions: the checks every game's ``position.py`` shares.

A position is a dict a teacher types (or a saved game holds). Every field is
checked before a state is built, and a wrong one raises
:class:`~monopoly_widgets.core.errors.PositionError` naming the field and what
it may hold, quoting the bad value only as a short excerpt. The games differ in
their fields, not in how a whole number, a seat or a card name is read, so
those readers live here once.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from monopoly_widgets.core.errors import PositionError
from monopoly_widgets.core.validation import excerpt


def check_fields(position: Mapping[str, Any], known: Iterable[str], game: str) -> None:
    """Refuse a field the game does not know (a typo would otherwise be ignored)."""
    allowed = list(known)
    unknown = sorted(str(key) for key in position if key not in allowed)
    if unknown:
        raise PositionError(
            unknown[0], f"is not a field of a {game} position; the fields are {sorted(allowed)}"
        )


def read_int(value: Any, field: str, low: int, high: int | None = None) -> int:
    """A whole number in ``low..high`` (no upper bound when ``high`` is None); not a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(field, f"must be a whole number, not {excerpt(value)}")
    if value < low or (high is not None and value > high):
        allowed = f"{low} or more" if high is None else f"between {low} and {high}"
        raise PositionError(field, f"must be {allowed}, not {value}")
    return value


def read_seat(value: Any, field: str, players: int) -> int:
    """A seat number, 0 to ``players - 1``."""
    return read_int(value, field, 0, players - 1)


def read_bool(value: Any, field: str) -> bool:
    """``true`` or ``false`` (not 0, 1 or a string)."""
    if not isinstance(value, bool):
        raise PositionError(field, f"must be true or false, not {excerpt(value)}")
    return value


def read_list(value: Any, field: str, length: int | None = None) -> list[Any]:
    """A list, of exactly ``length`` items when given."""
    if not isinstance(value, list):
        raise PositionError(field, f"must be a list, not {excerpt(value)}")
    if length is not None and len(value) != length:
        raise PositionError(field, f"must have {length} entries (one per seat), not {len(value)}")
    return value


def read_choice(value: Any, field: str, choices: Sequence[str]) -> str:
    """One of a fixed set of words (a phase, a colour)."""
    if not isinstance(value, str) or value not in choices:
        raise PositionError(field, f"must be one of {list(choices)}, not {excerpt(value)}")
    return value


class CardPool:
    """Hands out card ids by name, so each physical card is placed once.

    ``names`` is the deck in id order (``names[i]`` is card ``i``'s name). A name
    the deck does not hold, or holds fewer times than the position asks for, is
    refused with the field it came from. ``example_names`` shows a reader how
    cards are spelled; with ``suggest`` a misspelt name gets the closest real one
    ("did you mean ...?"). ``copies_in`` words the "too many" error after the
    deck, e.g. "one pack has" gives "too many copies of 'X': one pack has only 1".
    """

    def __init__(
        self,
        names: Sequence[str],
        game: str,
        example_names: Sequence[str] = (),
        *,
        suggest: bool = False,
        copies_in: str = "",
    ) -> None:
        self.names = list(names)
        self.game = game
        self.example_names = list(example_names)
        self.suggest = suggest
        self.copies_in = copies_in
        self.free: dict[str, list[int]] = {}
        for card_id in range(len(self.names) - 1, -1, -1):
            self.free.setdefault(self.names[card_id], []).append(card_id)

    def take(self, name: Any, field: str) -> int:
        """The lowest free id of the card called ``name``."""
        if not isinstance(name, str) or name not in self.free:
            examples = ""
            if self.example_names:
                examples = f" (names as printed, e.g. {', '.join(map(repr, self.example_names))})"
            if self.suggest and isinstance(name, str):
                close = difflib.get_close_matches(name[:60], list(self.free), n=1, cutoff=0.5)
                examples += f"; did you mean {excerpt(close[0])}?" if close else ""
            raise PositionError(
                field, f"{excerpt(name)} is not a card name of {self.game}{examples}"
            )
        ids = self.free[name]
        if not ids:
            held = self.names.count(name)
            if self.copies_in:
                raise PositionError(
                    field, f"too many copies of {excerpt(name)}: {self.copies_in} only {held}"
                )
            raise PositionError(field, f"too many {excerpt(name)} cards: the deck holds {held}")
        return ids.pop()

    def take_list(self, value: Any, field: str) -> list[int]:
        """Ids for a list of names, each checked as ``field[i]``."""
        if not isinstance(value, list):
            raise PositionError(field, f"must be a list of card names, not {excerpt(value)}")
        return [self.take(name, f"{field}[{i}]") for i, name in enumerate(value)]

    def rest(self) -> list[int]:
        """The ids no field has taken, in order."""
        return sorted(card for ids in self.free.values() for card in ids)

"""Checks shared by every entry point: JSON limits, copies, excerpts, argument types.

Input from a person, a file or the browser is checked once, at the boundary
(``new_game``, ``from_position``, ``load_game``, ``Game.apply`` with an id, a
browser message), so that the rules' inner loops never pay for it. Three
promises hold everywhere:

* **Bounded.** JSON text is at most :data:`MAX_JSON_CHARS` characters, nested
  at most :data:`MAX_JSON_DEPTH` deep, with strings of at most
  :data:`MAX_STRING_CHARS` characters (no card name, option or action id comes
  near that). Past a limit the error says which limit, at once: a 50 MB string
  is never parsed, searched for close names or echoed.
* **Short.** An error quotes input only through :func:`excerpt`, at most
  :data:`EXCERPT_CHARS` characters with an ellipsis.
* **Owned.** :func:`copy_json` returns a deep copy made of plain dicts, lists
  and scalars, so nothing the caller keeps can change a game afterwards.

The limits are documented in ``docs/api.md`` ("Errors and limits").
"""

from __future__ import annotations

import json
import math
import re
import reprlib
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from monopoly_widgets.core.errors import InputError

#: Longest JSON text accepted (a saved game of a long match is about 100 kB).
MAX_JSON_CHARS = 5_000_000
#: Deepest nesting of lists and dicts accepted (a saved Deal position nests 6 deep).
MAX_JSON_DEPTH = 32
#: Longest string accepted inside JSON input (card names and action ids are < 100).
MAX_STRING_CHARS = 1_000
#: Most values (strings, numbers, lists, dicts) in one JSON input.
MAX_JSON_VALUES = 500_000
#: Longest quote of the user's input in an error message.
EXCERPT_CHARS = 60

#: ``fail(field, problem)`` builds the error to raise (``PositionError``, ``SavedGameError``...).
Fail = Callable[[str, str], Exception]

_repr = reprlib.Repr()
_repr.maxlevel = 2
_repr.maxlist = _repr.maxtuple = _repr.maxdict = _repr.maxset = 4
_repr.maxstring = _repr.maxother = EXCERPT_CHARS + 10
_repr.maxlong = 40


def excerpt(value: Any, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)`` cut to about ``limit`` characters, ending in "…" if cut.

    Cheap for huge values: only the first few items and characters are looked at.
    """
    if isinstance(value, str):
        text = repr(value[: limit + 1])
        if len(value) > limit or len(text) > limit + 2:
            return text[: limit - 1] + "…" + text[0]
        return text
    if isinstance(value, int) and value.bit_length() > 128:
        return f"a {value.bit_length()}-bit number"  # repr refuses ints of 4,300+ digits
    text = _repr.repr(value)
    if len(text) > limit:
        return text[: limit - 1] + "…"
    return text


_LONG_QUOTE = re.compile(f"'([^']{{{EXCERPT_CHARS},}})'")


def shorten_quotes(text: str, given: str) -> str:
    """``text`` with each quote of (part of) ``given`` longer than an excerpt cut to one.

    For the reasons the rules give about an action id (they quote the id or parts
    of it). Only quotes taken from ``given`` are cut, never the rule's own words
    between two apostrophes ("player 1's turn ... their owner's"). Error path only.
    """
    if len(given) <= EXCERPT_CHARS:
        return text

    def cut(quoted: re.Match[str]) -> str:
        inside = quoted.group(1)
        return excerpt(inside) if inside in given else quoted.group(0)

    return _LONG_QUOTE.sub(cut, text)


def type_name(value: Any) -> str:
    """The JSON word for a value's type, as a person would say it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a decimal point"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object (dict)"
    return type(value).__name__


def _fail_with(fail: Fail, field: str, problem: str) -> NoReturn:
    raise fail(field, problem)


def parse_json(text: str | bytes | bytearray, field: str, fail: Fail) -> Any:
    """Parse JSON text within the size and depth limits; raise ``fail(field, ...)``."""
    if len(text) > MAX_JSON_CHARS:
        _fail_with(
            fail,
            field,
            f"is {len(text):,} characters long; the limit is {MAX_JSON_CHARS:,}",
        )
    try:
        data = json.loads(text)
    except RecursionError:
        _fail_with(fail, field, f"is nested deeper than the limit of {MAX_JSON_DEPTH} levels")
    except json.JSONDecodeError as exc:
        near = excerpt(exc.doc[exc.pos : exc.pos + 20]) if isinstance(exc.doc, str) else ""
        where = f" near {near}" if near and near != "''" else ""
        _fail_with(
            fail,
            field,
            f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}{where}",
        )
    except (UnicodeDecodeError, ValueError) as exc:
        _fail_with(fail, field, f"is not valid JSON text ({excerpt(str(exc))})")
    return data


def copy_json(value: Any, field: str, fail: Fail) -> Any:
    """A deep copy of ``value`` made of dict, list, str, int, float, bool and None.

    Checks the depth, size and string limits and that every key is a string, so
    the copy can always be saved as JSON. Tuples become lists. Errors name the
    path of the bad value, for example ``position.hands[0][2]``.
    """
    budget = [MAX_JSON_VALUES]
    return _copy(value, field, fail, 0, budget)


def _copy(value: Any, field: str, fail: Fail, depth: int, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        _fail_with(fail, field, f"has more than {MAX_JSON_VALUES:,} values; that is the limit")
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, str):
        if len(value) > MAX_STRING_CHARS:
            _fail_with(
                fail,
                field,
                f"is text of {len(value):,} characters ({excerpt(value)}); "
                f"the limit is {MAX_STRING_CHARS:,}",
            )
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            _fail_with(fail, field, f"must be a finite number, not {value!r}")
        return value
    if depth >= MAX_JSON_DEPTH:
        # Named by its first two steps, not by 32 of them, and worded as parse_json words it.
        top = re.match(r"[^\[.]*(?:[\[.][^\[.]*)?", field)
        _fail_with(
            fail,
            top.group(0) if top else field,
            f"is nested deeper than the limit of {MAX_JSON_DEPTH} levels",
        )
    if isinstance(value, (list, tuple)):
        return [_copy(v, f"{field}[{i}]", fail, depth + 1, budget) for i, v in enumerate(value)]
    if isinstance(value, Mapping):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                _fail_with(fail, field, f"has a key {excerpt(key)} that is not text")
            if len(key) > MAX_STRING_CHARS:
                _fail_with(fail, field, f"has a key of {len(key):,} characters ({excerpt(key)})")
            out[key] = _copy(item, f"{field}.{key}", fail, depth + 1, budget)
        return out
    _fail_with(
        fail,
        field,
        f"must hold only JSON values (objects, lists, text, numbers, true/false, null), "
        f"not {type(value).__name__}",
    )


def whole_number(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is an int (not a bool) in ``low..high``; else :class:`InputError`."""
    allowed = _range(low, high)
    if isinstance(value, bool) or not isinstance(value, int):
        shape = f"a whole number {allowed}" if allowed.startswith("from") else "a whole number"
        if allowed and not allowed.startswith("from"):
            shape += f", {allowed}"
        raise InputError(f"{name} must be {shape}, not {excerpt(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        shown = str(value) if value.bit_length() < 200 else f"a {value.bit_length()}-bit number"
        raise InputError(f"{name} must be {allowed}, not {shown}")
    return value


def seat_or_none(value: Any, name: str, players: int) -> int | None:
    """``None`` (everything, the teacher's view) or a seat number from 0 to ``players - 1``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(
            f"{name} must be None or a seat number from 0 to {players - 1}, not {excerpt(value)}"
        )
    if not 0 <= value < players:
        raise InputError(
            f"{name} must be None or a seat number from 0 to {players - 1}, not {value}"
        )
    return value


def _range(low: int | None, high: int | None) -> str:
    """The allowed values in words: "from 0 to 5", "1 or more", "at most 9" or ""."""
    if low is not None and high is not None:
        return f"from {low} to {high}"
    if low is not None:
        return f"{low} or more"
    if high is not None:
        return f"at most {high}"
    return ""


def json_mapping(value: Any, field: str, fail: Fail) -> dict[str, Any]:
    """A JSON object given as text or as a mapping, parsed, checked and copied."""
    if isinstance(value, (str, bytes, bytearray)):
        value = parse_json(value, field, fail)
    value = copy_json(value, field, fail)
    if not isinstance(value, Mapping):
        _fail_with(fail, field, f"must be a JSON object (a dict), not {type_name(value)}")
    return value

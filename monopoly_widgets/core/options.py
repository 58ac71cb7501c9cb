"""Named rule options.

Where rulebooks disagree or say nothing, the choice is a named option with a
default and the source that default follows. Teachers flip options to compare
house rules; ``docs/rules/<game>.md`` lists every option.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from monopoly_widgets.core.errors import OptionError
from monopoly_widgets.core.validation import copy_json, excerpt, type_name


@dataclass(frozen=True)
class RuleOption:
    """One rule option: its name, default, allowed values, and why the default."""

    name: str
    default: Any
    doc: str
    source: str
    choices: tuple[Any, ...] | None = None
    kind: type = object
    #: For whole-number options: the smallest and largest value allowed (``None``: no bound).
    low: int | None = None
    high: int | None = None
    #: For an option added after games were already saved: the value the older rules
    #: played, which a saved game that does not record the option is replayed under
    #: (``fill_saved_options``). ``None``: the option is as old as the save format.
    older_saves: Any = None

    def __post_init__(self) -> None:
        # The default is checked once, here, so a game's options need not check it again
        # each time a game is made (``resolve_options``); a wrong default fails at import.
        self.check(self.default)
        if self.older_saves is not None:
            self.check(self.older_saves)

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is allowed, else raise :class:`OptionError`."""
        if self.choices is not None and value not in self.choices:
            raise OptionError(
                f"option {self.name!r} must be one of {list(self.choices)!r}, not {excerpt(value)}"
            )
        if self.kind is bool and not isinstance(value, bool):
            raise OptionError(f"option {self.name!r} must be true or false, not {excerpt(value)}")
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(
                    f"option {self.name!r} must be a whole number, not {excerpt(value)}"
                )
            if self.low is not None and value < self.low:
                raise OptionError(f"option {self.name!r} must be {self.low} or more, not {value}")
            if self.high is not None and value > self.high:
                raise OptionError(f"option {self.name!r} must be at most {self.high}, not {value}")
        if self.kind in (dict, list) and not isinstance(value, self.kind):
            shape = "an object (dict)" if self.kind is dict else "a list"
            raise OptionError(f"option {self.name!r} must be {shape}, not {type_name(value)}")
        return value


def resolve_options(
    known: Mapping[str, RuleOption], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Every option with its value: the defaults, overridden by ``given``.

    Unknown names are an error (a typo in a lesson should not silently play the
    default rules).
    """
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise OptionError(
            "options must be a dict of option name to value (or None), "
            f"not {type_name(given)} ({excerpt(given)})"
        )
    # A deep copy: the game owns its options, so a caller editing their dict later
    # (say a set_values table) cannot change a game, its saved form or its replay.
    given = copy_json(given, "options", _option_error)
    unknown = sorted(set(given) - set(known))
    if unknown:
        shown = ", ".join(excerpt(name, 30) for name in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise OptionError(f"unknown option(s) {shown}{more}; known options are {sorted(known)}")
    return {
        name: opt.check(given[name]) if name in given else _own_copy(opt.default)
        for name, opt in known.items()
    }


#: Values that cannot change, so a game may share them with the option's default.
_IMMUTABLE = (str, int, float, bool, type(None))


def _own_copy(default: Any) -> Any:
    """A default the game can own: shared if it cannot change, else a deep copy (a dict or
    list default must not be changed through one game's options)."""
    return default if isinstance(default, _IMMUTABLE) else copy.deepcopy(default)


def _option_error(field: str, problem: str) -> OptionError:
    return OptionError(f"{field}: {problem}")


def fill_saved_options(known: Mapping[str, RuleOption], saved: Mapping[str, Any]) -> dict[str, Any]:
    """The options a saved game is replayed under: those it records, and for each newer
    option it does not record, the value the rules had before the option existed.

    A save records every option the game had (``game_to_dict``), so a name missing from
    it means the save is older than the option; replaying it under today's default could
    change its moves (``docs/rules/<game>.md``, "Old saves"). Options without an
    ``older_saves`` value are left to their default as before.
    """
    filled = dict(saved)
    for name, opt in known.items():
        if name not in filled and opt.older_saves is not None:
            filled[name] = opt.older_saves
    return filled

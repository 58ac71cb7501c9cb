"""Named rule options.

Where rulebooks disagree or say nothing, the choice is a named option with a
default and the source that default follows. Teachers flip options to compare
house rules; ``docs/rules/<game>.md`` lists every option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from monopoly_widgets.core.errors import OptionError


@dataclass(frozen=True)
class RuleOption:
    """One rule option: its name, default, allowed values, and why the default."""

    name: str
    default: Any
    doc: str
    source: str
    choices: tuple[Any, ...] | None = None
    kind: type = object

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is allowed, else raise :class:`OptionError`."""
        if self.choices is not None and value not in self.choices:
            raise OptionError(
                f"option {self.name!r} must be one of {list(self.choices)!r}, not {value!r}"
            )
        if self.kind is bool and not isinstance(value, bool):
            raise OptionError(f"option {self.name!r} must be true or false, not {value!r}")
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise OptionError(f"option {self.name!r} must be a whole number, not {value!r}")
        return value


def resolve_options(
    known: Mapping[str, RuleOption], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Every option with its value: the defaults, overridden by ``given``.

    Unknown names are an error (a typo in a lesson should not silently play the
    default rules).
    """
    given = dict(given or {})
    if not isinstance(given, dict):
        raise OptionError("options must be a dict of option name to value")
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise OptionError(f"unknown option(s) {unknown}; known options are {sorted(known)}")
    return {name: opt.check(given.get(name, opt.default)) for name, opt in known.items()}

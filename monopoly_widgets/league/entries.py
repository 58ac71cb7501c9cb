"""The league's entries: students' ``.py`` files from a folder, and built-in bots by name.

Finding the entries reads names only: a student's file is never imported here (it is
imported in its own process, ``child.py``). A file whose name starts with ``_`` or
``.`` is not an entry (``__init__.py``, editor backups).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from monopoly_widgets.agents.playout import AGENT_NAMES
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.validation import excerpt


@dataclass(frozen=True)
class Entry:
    """One bot in the league: a student's file (``path``) or a built-in bot (``builtin``)."""

    name: str  # shown in the table: the file's name without ".py", or the built-in's name
    path: str | None = None
    builtin: str | None = None

    @property
    def label(self) -> str:
        """How reports name it: the file as given ("bots/ana.py"), or "built-in heuristic"."""
        return self.path if self.path is not None else f"built-in {self.builtin}"

    @property
    def seat_label(self) -> str:
        """How a replay names its seat: the file's name ("ana.py"), or "built-in random"."""
        return Path(self.path).name if self.path is not None else self.label


def find_entries(bots: str | Path | Iterable[str | Path]) -> list[Entry]:
    """The entries from a folder, files and built-in names (``"heuristic"``), in that order.

    Raises :class:`InputError` for a name that is neither a built-in bot nor a ``.py``
    file or folder that exists, and when two entries would have the same name.
    """
    items = [bots] if isinstance(bots, (str, Path)) else list(bots)
    entries: list[Entry] = []
    for item in items:
        if isinstance(item, str) and item in AGENT_NAMES:
            entries.append(Entry(item, builtin=item))
            continue
        path = Path(item)
        if path.is_dir():
            files = sorted(p for p in path.glob("*.py") if not p.name.startswith(("_", ".")))
            if not files:
                raise InputError(f"bots folder {excerpt(str(path))} has no .py files")
            entries.extend(Entry(p.stem, path=str(p)) for p in files)
        elif path.suffix == ".py" and path.is_file():
            entries.append(Entry(path.stem, path=str(path)))
        else:
            raise InputError(
                f"bot {excerpt(str(item))} is not a folder, a .py file or a built-in bot "
                f"({', '.join(AGENT_NAMES)})"
            )
    names = [entry.name for entry in entries]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise InputError(f"two entries are called {twice[0]!r}: rename one of the files")
    if len(entries) < 2:
        raise InputError(f"a league needs at least 2 bots, not {len(entries)}")
    return entries

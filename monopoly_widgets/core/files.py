"""Writing the files people keep: whole or not at all, and never over a file they made.

The package writes files that a teacher or a student keeps: a saved game, a replay, a
result to hand in, a bot for the league, a CSV of games, a handout, an answer key, a
student's record. Every one goes through this module, so the rule "nothing is lost" is
written once:

- **Whole or not at all.** The text goes to a hidden file beside the target first, and
  that file then takes the target's name. A failure halfway (a full disk, a stopped
  kernel) leaves the target as it was, and the hidden file, which this module made, is
  removed.
- **Never over someone's file** (:func:`write_new`, :func:`write_numbered`). The hidden
  file takes its name by a hard link, which fails if the name is taken, even by a file
  that appeared a moment ago: two students saving into one shared folder at the same
  second both keep their files. Where a folder has no hard links (a FAT memory stick, a
  browser tab's storage in JupyterLite), the name is made with exclusive creation
  (``open(path, "x")``) instead, which fails the same way.
- **Replacing** (:func:`replace_whole`) is for a file that its caller has shown to be its
  own (the package's handout, answer key or a student's record) or that the person
  asked to replace (``overwrite=True``, ``--overwrite``).
"""

from __future__ import annotations

import errno
import itertools
import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.validation import excerpt

#: What ``os.link`` says where a folder has no hard links (EMLINK: Emscripten; Pyodide has
#: no ``os.link`` at all): then exclusive creation is used.
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS, errno.EXDEV, errno.EMLINK}

#: The most numbered names :func:`write_numbered` tries (``stem-2`` ... ``stem-1000``).
MOST_NUMBERED = 1000


def check_target(path: str | os.PathLike[str], what: str = "file") -> Path:
    """``path`` as a ``Path``, if it can be written: not a folder, in a folder that exists.

    Raises :class:`InputError` naming the problem. Callers that do long work before
    writing (a replay, a league) call it first, so a bad path fails before the work.
    """
    target = Path(path)
    if target.is_dir():
        raise InputError(f"{_short(target)} is a folder: give the path of the {what} to write")
    if not target.parent.is_dir():
        raise InputError(f"the folder {_short(target.parent)} does not exist")
    return target


def check_free(path: str | os.PathLike[str], advice: str, what: str = "file") -> Path:
    """:func:`check_target`, and the name must be free: an existing file is refused with
    :class:`InputError` ("... already exists: ``advice``")."""
    target = check_target(path, what)
    if target.exists():
        raise InputError(f"{_short(target)} already exists: {advice}")
    return target


def write_new(
    path: str | os.PathLike[str],
    text: str,
    advice: str = "choose another name",
    what: str = "file",
) -> Path:
    """Write ``text`` to ``path`` as a new file; an existing file there is never touched.

    Raises :class:`InputError` ("... already exists: ``advice``") if the name is taken,
    also when the file appeared while this one was being written. Returns ``path``.
    """
    target = check_free(path, advice, what)
    written = _write_under_first_free(text, [target])
    if written is None:
        raise InputError(f"{_short(target)} already exists: it appeared while writing; {advice}")
    return written


def write_numbered(path: str | os.PathLike[str], text: str, what: str = "file") -> Path:
    """Write ``text`` to ``path``, or, if that name is taken, to ``stem-2.suffix``,
    ``stem-3.suffix`` ...: the first name that is free at the moment of writing. No
    existing file is touched. Returns the path written."""
    target = check_target(path, what)
    numbered = (
        target.with_name(f"{target.stem}-{number}{target.suffix}")
        for number in range(2, MOST_NUMBERED + 1)
    )
    written = _write_under_first_free(text, itertools.chain([target], numbered))
    if written is None:
        raise InputError(
            f"{_short(target)} and its numbered names up to {MOST_NUMBERED} are all taken: "
            "choose another name"
        )
    return written


def replace_whole(path: str | os.PathLike[str], text: str, what: str = "file") -> Path:
    """Write ``text`` to ``path``, replacing the file there in one step (see the module's
    docstring for when that is allowed). Returns ``path``."""
    target = check_target(path, what)
    try:
        aside = _write_aside(target, text)
    except OSError:
        if sys.platform != "emscripten":
            raise
        target.write_text(text, encoding="utf-8")  # a browser tab's storage: no hidden file
        return target
    try:
        os.replace(aside, target)
    except OSError:
        _remove(aside)
        if sys.platform != "emscripten":
            raise
        target.write_text(text, encoding="utf-8")  # a browser tab's storage: no rename
    return target


def check_output(
    path: str | os.PathLike[str], overwrite: bool, advice: str, what: str = "file"
) -> Path:
    """Before the work: :func:`check_target` with ``overwrite``, else :func:`check_free`."""
    _check_flag(overwrite)
    return check_target(path, what) if overwrite else check_free(path, advice, what)


def write_output(
    path: str | os.PathLike[str], text: str, overwrite: bool, advice: str, what: str = "file"
) -> Path:
    """What a person asked to be written: :func:`replace_whole` with ``overwrite`` (they
    asked to replace the file), else :func:`write_new` (each checks the path itself).
    Returns the path written."""
    _check_flag(overwrite)
    if overwrite:
        return replace_whole(path, text, what)
    return write_new(path, text, advice, what)


# --- how -------------------------------------------------------------------------------------
def _check_flag(overwrite: object) -> None:
    if not isinstance(overwrite, bool):
        raise InputError(f"overwrite must be True or False, not {excerpt(overwrite)}")


def _write_under_first_free(text: str, names: Iterable[Path]) -> Path | None:
    """Write ``text`` once, under the first of ``names`` that is free; None if none is."""
    names = iter(names)
    first = next(names)
    try:
        aside: str | None = _write_aside(first, text)
    except OSError:
        if sys.platform != "emscripten":
            raise
        aside = None  # a browser tab's storage: each name is made by exclusive creation
    try:
        for name in itertools.chain([first], names):
            if _take_name(aside, name, text):
                return name
        return None
    finally:
        if aside is not None:
            _remove(aside)


def _take_name(aside: str | None, name: Path, text: str) -> bool:
    """Give the written text the name ``name`` if it is free (False if it is taken)."""
    link = getattr(os, "link", None)  # Pyodide's ``os`` has none
    if aside is not None and link is not None:
        try:
            link(aside, name)
            return True
        except FileExistsError:
            return False
        except OSError as exc:
            if exc.errno not in _NO_LINKS:
                raise
    try:
        out = open(name, "x", encoding="utf-8")  # closed by the "with" below
    except FileExistsError:
        return False
    try:
        with out:
            out.write(text)
    except BaseException:
        _remove(name)  # made by the exclusive open above: ours to remove
        raise
    return True


def _write_aside(target: Path, text: str) -> str:
    """``text`` in a new hidden file beside ``target``, with an ordinary file's permissions."""
    handle, aside = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        _make_ordinary(aside)
    except BaseException:
        _remove(aside)
        raise
    return aside


def _make_ordinary(name: str) -> None:
    """The permissions of any new file (``mkstemp`` makes its files private to their owner)."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(name, 0o666 & ~mask)


def _remove(name: str | Path) -> None:
    try:
        os.unlink(name)
    except FileNotFoundError:
        pass


def _short(path: Path) -> str:
    return excerpt(str(path), 80)

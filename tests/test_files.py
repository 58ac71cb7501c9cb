"""``core/files.py``: the files people keep are written whole, and never over their own.

The races are made real: ``os.link`` (the step where the written file takes its name) is
wrapped so that another person's file appears at that name just before, as when two
students save into one shared folder at the same moment.
"""

from __future__ import annotations

import errno
import os
import sys
import tempfile
from pathlib import Path

import pytest

from monopoly_widgets.core import files
from monopoly_widgets.core.errors import InputError

REAL_LINK = os.link


def names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def someone_saves_first(monkeypatch: pytest.MonkeyPatch, times: int = 1) -> list[Path]:
    """Before each of the next ``times`` links, another person's file appears at the name."""
    made: list[Path] = []

    def link(source: str, name: str | Path) -> None:
        if len(made) < times:
            Path(name).write_text("a classmate's file")
            made.append(Path(name))
        REAL_LINK(source, name)

    monkeypatch.setattr(os, "link", link)
    return made


def fails_with(code: int, message: str):
    """A stand-in for an ``os`` call that fails as the system would, with ``code``."""

    def failing(*args: object, **kwargs: object) -> None:
        raise OSError(code, message)

    return failing


def no_hard_links(monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder with no hard links: a FAT memory stick, a browser tab's storage."""
    monkeypatch.setattr(os, "link", fails_with(errno.EPERM, "Operation not permitted"))


def test_write_new_writes_a_new_file_with_ordinary_permissions(tmp_path: Path) -> None:
    written = files.write_new(tmp_path / "game.json", "{}")
    assert written == tmp_path / "game.json" and written.read_text() == "{}"
    mask = os.umask(0)
    os.umask(mask)
    assert written.stat().st_mode & 0o777 == 0o666 & ~mask, "not mkstemp's private file"
    assert names(tmp_path) == ["game.json"], "nothing left beside it"


def test_write_new_refuses_a_file_that_is_there(tmp_path: Path) -> None:
    mine = tmp_path / "game.json"
    mine.write_text("my game")
    with pytest.raises(InputError, match="game.json' already exists: choose another name"):
        files.write_new(mine, "{}")
    assert mine.read_text() == "my game" and names(tmp_path) == ["game.json"]


def test_write_new_refuses_a_file_that_appears_while_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    someone_saves_first(monkeypatch)
    with pytest.raises(InputError, match="appeared while writing"):
        files.write_new(tmp_path / "game.json", "mine")
    assert (tmp_path / "game.json").read_text() == "a classmate's file"
    assert names(tmp_path) == ["game.json"], "the hidden file is removed"


def test_write_numbered_takes_the_first_free_name(tmp_path: Path) -> None:
    (tmp_path / "ana.json").write_text("first")
    (tmp_path / "ana-2.json").write_text("second")
    written = files.write_numbered(tmp_path / "ana.json", "third")
    assert written.name == "ana-3.json" and written.read_text() == "third"
    assert (tmp_path / "ana.json").read_text() == "first"
    assert (tmp_path / "ana-2.json").read_text() == "second"
    assert names(tmp_path) == ["ana-2.json", "ana-3.json", "ana.json"]


def test_two_students_saving_at_once_both_keep_their_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = someone_saves_first(monkeypatch, times=2)
    written = files.write_numbered(tmp_path / "ana.json", "mine")
    assert made == [tmp_path / "ana.json", tmp_path / "ana-2.json"]
    assert written.name == "ana-3.json" and written.read_text() == "mine"
    assert {p.read_text() for p in made} == {"a classmate's file"}
    assert names(tmp_path) == ["ana-2.json", "ana-3.json", "ana.json"]


def test_without_hard_links_nothing_is_written_over_either(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_hard_links(monkeypatch)
    (tmp_path / "ana.json").write_text("first")
    assert files.write_numbered(tmp_path / "ana.json", "second").name == "ana-2.json"
    with pytest.raises(InputError, match="already exists"):
        files.write_new(tmp_path / "ana.json", "third")
    assert files.write_new(tmp_path / "ben.json", "ben's").read_text() == "ben's"
    assert (tmp_path / "ana.json").read_text() == "first"
    assert names(tmp_path) == ["ana-2.json", "ana.json", "ben.json"]


def test_a_failed_write_leaves_nothing_and_an_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk_full = fails_with(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "link", disk_full)
    with pytest.raises(OSError, match="No space"):
        files.write_new(tmp_path / "new.json", "text")
    assert names(tmp_path) == []

    old = tmp_path / "key.md"
    old.write_text("last term's key")
    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(OSError, match="No space"):
        files.replace_whole(old, "this term's key")
    assert old.read_text() == "last term's key" and names(tmp_path) == ["key.md"]


def test_replace_whole_replaces_in_one_step(tmp_path: Path) -> None:
    old = tmp_path / "record.json"
    old.write_text("before")
    assert files.replace_whole(old, "after").read_text() == "after"
    assert names(tmp_path) == ["record.json"]


def test_in_a_browser_tabs_storage_the_file_is_still_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """JupyterLite's storage may offer no rename: the file is written in place there."""
    monkeypatch.setattr(os, "replace", fails_with(errno.ENOSYS, "Function not implemented"))
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert files.replace_whole(tmp_path / "record.json", "saved").read_text() == "saved"
    assert names(tmp_path) == ["record.json"]


def test_bad_targets_get_clear_errors_before_any_work(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a folder: give the path of the saved game"):
        files.check_target(tmp_path, "saved game")
    with pytest.raises(InputError, match="the folder '.*missing' does not exist"):
        files.write_numbered(tmp_path / "missing" / "a.json", "text")
    with pytest.raises(InputError, match="overwrite must be True or False, not 'yes'"):
        files.check_output(tmp_path / "a.json", "yes", "choose another name")  # type: ignore[arg-type]
    assert names(tmp_path) == []


def test_write_output_replaces_only_when_asked(tmp_path: Path) -> None:
    mine = tmp_path / "games.csv"
    mine.write_text("last week's league")
    with pytest.raises(InputError, match="add --overwrite"):
        files.write_output(mine, "new", False, "add --overwrite to replace it")
    assert mine.read_text() == "last week's league"
    files.write_output(mine, "new", True, "add --overwrite to replace it")
    assert mine.read_text() == "new" and names(tmp_path) == ["games.csv"]


def test_a_failed_write_in_place_removes_only_the_file_it_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no hidden file can be made (a browser tab's storage), the text is written in
    place under a name made by exclusive creation; if writing fails, that file, and only
    that one, goes: the student's own file beside it stays as it was."""
    mine = tmp_path / "ana.json"
    mine.write_text("my result")
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(tempfile, "mkstemp", fails_with(errno.ENOSYS, "Function not implemented"))
    with pytest.raises(UnicodeEncodeError):
        files.write_numbered(mine, "half a character: \ud800")  # cannot be written as UTF-8
    assert names(tmp_path) == ["ana.json"] and mine.read_text() == "my result"
    assert files.write_numbered(mine, "second").name == "ana-2.json", "and it still writes"

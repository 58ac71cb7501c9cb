"""What the league's sandbox may delete in Pyodide's folder: only its own old files.

``runtime.mark_used`` deletes another version's modules zip and snapshot once unused for a
week (``UNUSED_SECONDS``). It may touch only the names it writes (``league-`` and 16 hex
digits, ``.zip`` or ``.snapshot``), never a file of the user's, however alike its name.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from monopoly_widgets.league.wasm import runtime


def aged(path: Path, days: float, data: bytes = b"x") -> Path:
    path.write_bytes(data)
    then = time.time() - days * 24 * 3600
    os.utime(path, (then, then))
    return path


def test_only_the_leagues_own_old_files_are_deleted(tmp_path: Path) -> None:
    in_use = aged(tmp_path / "league-0123456789abcdef.zip", 30)
    in_use_snapshot = aged(tmp_path / "league-0123456789abcdef.snapshot", 30)
    old_zip = aged(tmp_path / "league-fedcba9876543210.zip", 8)
    old_snapshot = aged(tmp_path / "league-fedcba9876543210.snapshot", 8)
    recent = aged(tmp_path / "league-00000000aaaaaaaa.zip", 2)
    users = [
        aged(tmp_path / "league-results.zip", 30, b"the teacher's own"),
        aged(tmp_path / "league-0123456789abcdef.zip.bak", 30, b"a copy"),
        aged(tmp_path / "notes.txt", 30, b"mine"),
        aged(tmp_path / "pyodide.asm.wasm", 30, b"\0asm"),
    ]

    runtime.mark_used(in_use, in_use_snapshot)

    assert not old_zip.exists() and not old_snapshot.exists()
    assert in_use.exists() and in_use_snapshot.exists() and recent.exists()
    assert time.time() - in_use.stat().st_mtime < 60  # marked as used now
    for path in users:
        assert path.exists(), path.name
    assert users[0].read_bytes() == b"the teacher's own"

"""A property of the site build: whatever a folder holds, a build loses nothing of a teacher's.

Hypothesis makes the folder: empty or missing, a teacher's own files, or a site built
before with files the teacher added or edited since; the build (the fast stand-in of
``test_site_folder.py``) then succeeds or fails. Either the build is refused or fails
and the folder is byte for byte as it was, or it succeeds and every file that the
build did not make, unchanged, is still there with the same bytes. Nothing is left
beside the folder.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoly_widgets.lite import build
from monopoly_widgets.lite.site_folder import MARKER, LiteBuildError
from tests.lite.test_site_folder import FAKE_SITE, FakeBuild, leftovers, run_cli, snapshot

segment = st.text(alphabet="abcxyz01_-.", min_size=1, max_size=6).filter(
    lambda name: name not in {".", ".."} and name != MARKER
)
relative_path = st.lists(segment, min_size=1, max_size=3).map("/".join)
teacher_files = st.dictionaries(relative_path, st.binary(max_size=12), max_size=5)


def write_files(folder: Path, files: dict[str, bytes]) -> None:
    """Write what can be written (a path under a file, or onto a folder, is skipped)."""
    for rel, data in files.items():
        path = folder / rel
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.is_dir():
                path.write_bytes(data)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    built_before=st.booleans(),
    added=teacher_files,
    edited=st.sets(st.sampled_from(sorted(FAKE_SITE)), max_size=2),
    fails=st.booleans(),
)
def test_a_build_never_loses_a_teachers_file(
    built_before: bool, added: dict[str, bytes], edited: set[str], fails: bool
) -> None:
    with tempfile.TemporaryDirectory() as root, pytest.MonkeyPatch.context() as patch:
        out = Path(root) / "site"
        if built_before:
            patch.setattr(build, "build_into", FakeBuild())
            with contextlib.redirect_stdout(io.StringIO()):
                assert run_cli(out) == 0
            write_files(out, {rel: b"the teacher's edit" for rel in edited})
        write_files(out, added)
        before = snapshot(out) if out.exists() else None
        made = json.loads((out / MARKER).read_text())["files"] if built_before else {}
        patch.setattr(build, "build_into", FakeBuild(fail=LiteBuildError("no network")))
        if not fails:
            patch.setattr(build, "build_into", FakeBuild())
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            status = run_cli(out)
        after = snapshot(out) if out.exists() else None
        assert leftovers(Path(root)) == []
        if status != 0 or fails:
            assert status != 0 and after == before  # refused or failed: nothing changed
            return
        for rel, data in (before or {}).items():
            ours = rel == MARKER or (rel in made and rel in FAKE_SITE and rel not in edited)
            if not ours:
                assert after is not None and after.get(rel) == data, f"{rel} was lost"

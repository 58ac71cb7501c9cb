"""The site build never loses a teacher's files, whether it succeeds or fails.

The expensive step (:func:`build.build_into`: the wheel, Pyodide, ``jupyter lite
build``) is replaced by a fake that writes a small site or fails, so these tests
are fast; the real build is checked by the ``offline_site`` fixture's tests and by
:func:`test_no_network_is_one_line_and_the_old_site_survives` (real pip and npm
pointed at a closed port on 127.0.0.1).
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import pytest

from monopoly_widgets.cli import main
from monopoly_widgets.lite import build, site_folder
from monopoly_widgets.lite.site_folder import MARKER, LiteBuildError

#: The files the fake build makes (relative path -> content).
FAKE_SITE = {
    "jupyter-lite.json": '{"jupyter-config-data": {}}',
    "index.html": "<html>lite</html>",
    "files/00_quickstart.ipynb": '{"cells": []}',
    "pypi/monopoly_widgets-0-py3-none-any.whl": "wheel",
}


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones and ``.git/`` included) and its bytes."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def teachers_project(folder: Path) -> Path:
    """A teacher's own JupyterLite project: its config, a git repository, a notebook."""
    (folder / ".git" / "refs").mkdir(parents=True)
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (folder / "content").mkdir()
    (folder / "content" / "week1.ipynb").write_text('{"cells": ["my lesson"]}')
    (folder / "jupyter-lite.json").write_text('{"jupyter-config-data": {"appName": "Mine"}}')
    return folder


class FakeBuild:
    """Stands in for ``build_into``: writes :data:`FAKE_SITE` (plus ``extra``) or fails."""

    def __init__(self, fail: BaseException | None = None, extra: dict[str, str] | None = None):
        self.fail, self.extra, self.calls = fail, extra or {}, 0

    def __call__(self, site: Path, work: Path, offline: bool, cache: Path, log: object) -> None:
        self.calls += 1
        for rel, text in {**FAKE_SITE, **self.extra}.items():
            (site / rel).parent.mkdir(parents=True, exist_ok=True)
            (site / rel).write_text(text)
        if self.fail is not None:
            raise self.fail


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeBuild:
    stand_in = FakeBuild()
    monkeypatch.setattr(build, "build_into", stand_in)
    return stand_in


def run_cli(out: Path, *more: str) -> int:
    return main(["lite", "build", "--out", str(out), *more])


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err
    return lines[0]


def leftovers(parent: Path) -> list[str]:
    """Folders the build made beside its target and did not clean up."""
    return [p.name for p in parent.iterdir() if ".building-" in p.name or ".old-" in p.name]


def test_a_teachers_jupyterlite_project_is_refused_and_untouched(
    tmp_path: Path, fake: FakeBuild, capsys: pytest.CaptureFixture[str]
) -> None:
    project = teachers_project(tmp_path / "project")
    before = snapshot(project)
    assert run_cli(project) == 2
    line = one_line_error(capsys)
    assert "JupyterLite project of your own" in line and "nothing was changed" in line
    assert snapshot(project) == before
    assert fake.calls == 0
    assert leftovers(tmp_path) == []


def test_out_dot_in_a_teachers_project_is_refused(
    tmp_path: Path,
    fake: FakeBuild,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    project = teachers_project(tmp_path / "project")
    before = snapshot(project)
    monkeypatch.chdir(project)
    assert run_cli(Path(".")) == 2
    assert "the folder you are in" in one_line_error(capsys)
    assert snapshot(project) == before and fake.calls == 0


def test_a_marker_that_is_not_ours_is_refused(
    tmp_path: Path, fake: FakeBuild, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / MARKER).write_text('{"files": "everything"}')
    (folder / "notes.txt").write_text("mine")
    before = snapshot(folder)
    assert run_cli(folder) == 2
    assert "not one this build wrote" in one_line_error(capsys)
    assert snapshot(folder) == before


def test_first_build_writes_a_marker_listing_every_file_with_its_hash(
    tmp_path: Path, fake: FakeBuild
) -> None:
    out = tmp_path / "site"
    assert run_cli(out) == 0
    marker = json.loads((out / MARKER).read_text())
    assert set(marker["files"]) == set(FAKE_SITE)
    for rel, digest in marker["files"].items():
        assert site_folder.sha256_of(out / rel) == digest
    assert leftovers(tmp_path) == []


def test_a_rebuild_keeps_the_teachers_added_files_and_says_which(
    tmp_path: Path, fake: FakeBuild, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    fake.extra = {"files/old_lesson.ipynb": "{}"}
    assert run_cli(out) == 0
    (out / "files" / "week1.ipynb").write_text('{"cells": ["my lesson"]}')
    (out / ".git").mkdir()
    (out / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (out / "my-notes").mkdir()
    added = {
        rel: data for rel, data in snapshot(out).items() if rel.startswith((".git", "files/w"))
    }
    capsys.readouterr()
    fake.extra = {"files/new_lesson.ipynb": "{}"}
    assert run_cli(out) == 0
    after = snapshot(out)
    assert {rel: after[rel] for rel in added} == added, "a file the teacher added was lost"
    assert (out / "my-notes").is_dir()
    assert "files/new_lesson.ipynb" in after
    assert "files/old_lesson.ipynb" not in after, "the old build's own file should go"
    kept = [line for line in capsys.readouterr().out.splitlines() if line.startswith("kept ")]
    assert kept == ["kept 3 file(s) you added to the site: .git/HEAD, files/week1.ipynb, my-notes/"]
    marker = json.loads((out / MARKER).read_text())
    assert "files/week1.ipynb" not in marker["files"], "the teacher's file is not ours to list"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    "failure",
    [
        LiteBuildError("no network: downloading Pyodide 314.0.6 from npm failed"),
        PermissionError(13, "Permission denied", "/read-only/site"),
        KeyboardInterrupt(),
    ],
    ids=["no-network", "read-only", "interrupted"],
)
def test_a_failed_rebuild_leaves_the_old_site_and_the_teachers_files_untouched(
    tmp_path: Path, fake: FakeBuild, failure: BaseException, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    assert run_cli(out) == 0
    (out / "files" / "week1.ipynb").write_text('{"cells": ["my lesson"]}')
    before = snapshot(out)
    capsys.readouterr()
    fake.fail = failure
    if isinstance(failure, KeyboardInterrupt):
        with pytest.raises(KeyboardInterrupt):
            run_cli(out)
    else:
        assert run_cli(out) == 2
        line = one_line_error(capsys)
        assert ("no network" if isinstance(failure, LiteBuildError) else "Permission") in line
    assert snapshot(out) == before
    assert leftovers(tmp_path) == [], "the unfinished folder must be removed"


def test_a_changed_file_of_the_build_stops_the_rebuild(
    tmp_path: Path, fake: FakeBuild, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    assert run_cli(out) == 0
    (out / "jupyter-lite.json").write_text('{"jupyter-config-data": {"appName": "edited"}}')
    before = snapshot(out)
    calls = fake.calls
    assert run_cli(out) == 2
    line = one_line_error(capsys)
    assert "were changed since (jupyter-lite.json)" in line
    assert snapshot(out) == before and fake.calls == calls


def test_an_added_file_in_the_way_of_the_new_build_stops_it(
    tmp_path: Path, fake: FakeBuild, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    assert run_cli(out) == 0
    (out / "files" / "new_lesson.ipynb").write_text("the teacher's own")
    before = snapshot(out)
    fake.extra = {"files/new_lesson.ipynb": "{}"}
    assert run_cli(out) == 2
    assert "have the names of files the new build makes" in one_line_error(capsys)
    assert snapshot(out) == before
    assert leftovers(tmp_path) == []


def test_a_marker_entry_outside_the_site_is_never_deleted(tmp_path: Path, fake: FakeBuild) -> None:
    out = tmp_path / "site"
    assert run_cli(out) == 0
    outside = tmp_path / "outside.txt"
    outside.write_text("not the site's")
    marker = json.loads((out / MARKER).read_text())
    marker["files"]["../outside.txt"] = site_folder.sha256_of(outside)
    (out / MARKER).write_text(json.dumps(marker))
    assert run_cli(out) == 0
    assert outside.read_text() == "not the site's"


def test_offline_without_npm_says_what_to_install_before_any_work(
    tmp_path: Path,
    fake: FakeBuild,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(build.shutil, "which", lambda tool: None)
    empty_cache = tmp_path / "cache"
    assert run_cli(tmp_path / "site", "--offline", "--cache", str(empty_cache)) == 2
    line = one_line_error(capsys)
    assert "node and npm is not installed" in line and "apt-get install nodejs npm" in line
    assert "nodejs.org" in line
    assert fake.calls == 0 and not (tmp_path / "site").exists()


def test_a_read_only_parent_is_one_line(
    tmp_path: Path,
    fake: FakeBuild,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Tests run as root, for whom chmod does not make a folder read-only: fail mkdtemp itself.
    def read_only(**kwargs: object) -> str:
        raise PermissionError(13, "Permission denied", str(kwargs.get("dir")))

    monkeypatch.setattr(site_folder.tempfile, "mkdtemp", read_only)
    assert run_cli(tmp_path / "site") == 2
    line = one_line_error(capsys)
    assert f"cannot write in {tmp_path} (Permission denied)" in line
    assert fake.calls == 0


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (connections are refused at once)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.lite
def test_no_network_is_one_line_and_the_old_site_survives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The real build, offline, with an empty cache and the registries unreachable."""
    site = tmp_path / "site"
    with monkeypatch.context() as patch:
        patch.setattr(build, "build_into", FakeBuild())
        assert run_cli(site) == 0
    (site / "files" / "week1.ipynb").write_text('{"cells": ["my lesson"]}')
    before = snapshot(site)
    capsys.readouterr()
    registry = f"http://127.0.0.1:{closed_port()}/"
    monkeypatch.setenv("PIP_INDEX_URL", registry + "simple")
    monkeypatch.setenv("PIP_RETRIES", "0")
    monkeypatch.setenv("npm_config_registry", registry)
    monkeypatch.setenv("npm_config_fetch_retries", "0")
    monkeypatch.setenv("npm_config_cache", str(tmp_path / "npm-cache"))
    monkeypatch.setenv("npm_config_offline", "false")
    monkeypatch.delenv("MW_LITE_CACHE", raising=False)
    if not (os.environ.get("PATH") and build.shutil.which("npm")):
        pytest.skip("npm is not installed")
    assert run_cli(site, "--offline", "--cache", str(tmp_path / "empty-cache")) == 2
    line = one_line_error(capsys)
    assert line.startswith("error: no network: downloading Pyodide"), line
    assert "--verbose" in line
    assert snapshot(site) == before
    assert leftovers(tmp_path) == []

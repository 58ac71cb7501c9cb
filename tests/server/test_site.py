"""``serve --site``: the class server serves the offline lessons site under ``/lite/``.

A small stand-in site (the files ``lite.build.check_site`` looks for) keeps these tests
quick; ``tests/lite/test_site_from_class_server.py`` opens the real site in Chromium.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from monopoly_widgets.cli import main
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.lite.build import SITE_SETTINGS
from monopoly_widgets.server import ClassServer
from monopoly_widgets.server.site import is_offline_site, ready_site

WASM = b"\0asm\1\0\0\0"


def stand_in_site(folder: Path, pyodide_url: str = "./static/pyodide/pyodide.mjs") -> Path:
    """The files of an offline site that the server and ``check_site`` look at."""
    config = {
        "jupyter-config-data": {
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {"pyodideUrl": pyodide_url}
            },
            "settingsOverrides": SITE_SETTINGS,
        }
    }
    (folder / "static" / "pyodide").mkdir(parents=True)
    (folder / "jupyter-lite.json").write_text(json.dumps(config))
    (folder / "index.html").write_text("<!DOCTYPE html><title>lessons</title>")
    (folder / "static" / "pyodide" / "pyodide.mjs").write_text("export {};")
    (folder / "static" / "pyodide" / "pyodide.asm.wasm").write_bytes(WASM)
    (folder / "files").mkdir()
    (folder / "files" / "00_quickstart.ipynb").write_text('{"cells": []}')
    for name in ("anywidget", "@jupyter-widgets/jupyterlab-manager"):
        (folder / "extensions" / name).mkdir(parents=True)
    (folder / "pypi").mkdir()
    (folder / "pypi" / "monopoly_widgets-0-py3-none-any.whl").write_bytes(b"PK")
    return folder


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


@pytest.fixture
def site_server(tmp_path: Path) -> Iterator[ClassServer]:
    site = stand_in_site(tmp_path / "site")
    (tmp_path / "secret.txt").write_text("not for students")
    running = ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0, site=site).start()
    try:
        yield running
    finally:
        running.stop()


def test_the_site_is_served_under_lite_with_its_content_types(site_server: ClassServer) -> None:
    base = site_server.url
    status, headers, body = fetch(base + "lite/static/pyodide/pyodide.asm.wasm")
    assert (status, headers["Content-Type"], body) == (200, "application/wasm", WASM)
    status, headers, _ = fetch(base + "lite/static/pyodide/pyodide.mjs")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    assert headers["X-Content-Type-Options"] == "nosniff"
    status, headers, _ = fetch(base + "lite/files/00_quickstart.ipynb")
    assert (status, headers["Content-Type"]) == (200, "application/json")
    status, _, body = fetch(base + "lite/")
    assert status == 200 and b"<title>lessons</title>" in body
    status, headers, _ = fetch(base + "lite")
    assert status in (301, 302) and headers["Location"] == "lite/"


def test_nothing_outside_the_site_folder_is_served(site_server: ClassServer) -> None:
    for path in ("lite/../secret.txt", "lite/%2e%2e/secret.txt", "lite/..%2fsecret.txt"):
        status, _, body = fetch(site_server.url + path)
        assert status in (400, 403, 404) and b"not for students" not in body, path


def test_the_student_page_links_to_the_lessons(site_server: ClassServer) -> None:
    status, _, page = fetch(site_server.url)
    assert status == 200 and b'<a href="lite/">The lessons</a>' in page
    # The page shows the link only when the site answers (student.js asks for this file).
    assert fetch(site_server.url + "lite/jupyter-lite.json")[0] == 200


def test_without_a_site_there_is_no_lite(server: ClassServer) -> None:
    assert fetch(server.url + "lite/jupyter-lite.json")[0] == 404


def test_a_folder_that_is_no_offline_site_is_refused_before_listening(tmp_path: Path) -> None:
    online = stand_in_site(tmp_path / "online", pyodide_url="https://cdn.example/pyodide.mjs")
    for folder in (online, tmp_path / "missing"):
        with pytest.raises(InputError, match="is not an offline lessons site"):
            ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0, site=folder)
    assert not (tmp_path / "class.sqlite").exists()


def test_an_offline_site_is_reused_and_an_online_one_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    offline = stand_in_site(tmp_path / "offline")
    online = stand_in_site(tmp_path / "online", pyodide_url="https://cdn.example/pyodide.mjs")
    assert is_offline_site(offline) and not is_offline_site(online)
    assert not is_offline_site(tmp_path / "missing")
    built: list[Path] = []

    def build(folder: Path, offline: bool, log: object) -> Path:
        built.append(folder)
        assert offline
        return folder

    monkeypatch.setattr("monopoly_widgets.lite.build.build_site", build)
    assert ready_site(offline, log=lambda _: None) == offline.resolve()
    assert built == []
    assert ready_site(online, log=lambda _: None) == online.resolve()
    assert built == [online.resolve()]


def test_serve_site_names_a_folder_it_cannot_build_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder of someone else's files is never built over: a clear error, nothing kept."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("a teacher's notes")
    db = tmp_path / "class.sqlite"
    assert main(["serve", "--port", "0", "--db", str(db), "--site", str(folder)]) == 2
    assert "error:" in capsys.readouterr().err  # the site build's refusal, naming the folder
    assert (folder / "notes.txt").read_text() == "a teacher's notes"
    assert not db.exists()

"""``mw.join`` in Notebook 7, Voilà and marimo: a student's seat of a live table, played.

As in JupyterLab (``test_class_seat_in_jupyterlab.py``): a class server runs in this
process with one table (seat 0 a person, seats 1 and 2 bots), and the front end runs a
notebook that joins seat 0 by its code (``class_seat_test.ipynb``; for marimo
``class_seat_test_marimo.py``) and writes every frame the seat's kernel was sent to
``frames.json``. In each front end the test waits for the explorer's table from seat
0's view (three seats, its own hand face up and the others' hidden, a move to make),
clicks the first move, and waits for the server to have played it and for the kernel to
receive the frame of that step. Then it checks every frame the kernel received against
the true hands (``tests/server/leaks.py``): none holds another seat's hidden card.
Each front end is started as its docs say, on 127.0.0.1, and stopped by its PID.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from monopoly_widgets.server import ClassServer
from tests.browser.test_explorer_in_jupyterlab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OUTPUT,
    free_port,
    prepare_lab_dir,
    stop_by_pid,
    wait_for_server,
)
from tests.browser.test_marimo_run import running_marimo
from tests.browser.test_voila import voila_command, wait_for_port
from tests.server.leaks import leaks

HERE = Path(__file__).parent
NOTEBOOK = HERE / "class_seat_test.ipynb"
MARIMO_APP = HERE / "class_seat_test_marimo.py"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


@contextlib.contextmanager
def running_notebook7(root: Path) -> Iterator[tuple[str, Path]]:
    """Notebook 7 (``jupyter notebook``) over a copy of the test notebook: yields (its
    URL, its folder); its app is exposed to the page so the test can run every cell."""
    dirs = prepare_lab_dir(root, NOTEBOOK)
    port, token = free_port(), secrets.token_hex(16)
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
        "JUPYTER_CONFIG_DIR": str(dirs["config"]),
    }
    log = (root / "notebook.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "notebook",
            "--no-browser",
            "--allow-root",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={dirs['work']}",
            "--JupyterNotebookApp.expose_app_in_browser=True",
        ],
        cwd=dirs["work"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_server(f"{base}/api/status?token={token}", process)
        yield f"{base}/notebooks/{NOTEBOOK.name}?token={token}", dirs["work"]
    finally:
        stop_by_pid(process)
        log.close()


#: The open notebook's kernel is idle (Notebook 7 has no status bar to read).
KERNEL_IDLE = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
    && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle';
}"""


def open_notebook7(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function(KERNEL_IDLE, timeout=120_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


@contextlib.contextmanager
def running_voila(root: Path) -> Iterator[tuple[str, Path]]:
    """``voila class_seat_test.ipynb`` in a folder of its own: yields (URL, folder)."""
    folder = root / "app"
    folder.mkdir()
    shutil.copy2(NOTEBOOK, folder / NOTEBOOK.name)
    env = dict(os.environ)
    for name in ("runtime", "config"):
        (root / name).mkdir()
    env.update(JUPYTER_RUNTIME_DIR=str(root / "runtime"), JUPYTER_CONFIG_DIR=str(root / "config"))
    port = free_port()
    log = (root / "voila.log").open("w")
    process = subprocess.Popen(
        [*voila_command(), NOTEBOOK.name, "--no-browser", f"--port={port}"]
        + ["--Voila.ip=127.0.0.1"],
        cwd=folder,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}/", folder
    finally:
        stop_by_pid(process)
        log.close()


@contextlib.contextmanager
def running_marimo_app(root: Path) -> Iterator[tuple[str, Path]]:
    pytest.importorskip("marimo")
    folder = root / "app"
    folder.mkdir()
    shutil.copy2(MARIMO_APP, folder / MARIMO_APP.name)
    with running_marimo(root, folder / MARIMO_APP.name) as url:
        yield url, folder


FRONT_ENDS = {
    "notebook7": (running_notebook7, open_notebook7),
    "voila": (running_voila, lambda page, url: page.goto(url)),
    "marimo": (running_marimo_app, lambda page, url: page.goto(url)),
}


def read_frames(path: Path) -> list[str]:
    return json.loads(path.read_text()) if path.exists() else []


def last_step(frames: list[str]) -> int:
    """The latest step of the game a state frame showed (-1: none yet)."""
    return max((json.loads(f)["step"] for f in frames if '"type":"state"' in f), default=-1)


@pytest.mark.parametrize("front_end", list(FRONT_ENDS))
def test_a_joined_seat_plays_from_the_front_end(
    front_end: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    start, open_page = FRONT_ENDS[front_end]
    server = ClassServer(tmp_path / "class.sqlite", "127.0.0.1", 0).start()
    try:
        table = server.create_table(
            "deal", 3, seed=3, bots={1: "heuristic", 2: "heuristic"}, bot_delay=0.2
        )
        code = next(s["code"] for s in table["seats"] if s["code"])
        monkeypatch.setenv("MW_CLASS_SERVER", server.url)
        monkeypatch.setenv("MW_TEST_CODE", code)
        kept = tmp_path / "frames.json"
        monkeypatch.setenv("MW_TEST_FRAMES", str(kept))
        (tmp_path / front_end).mkdir()
        with start(tmp_path / front_end) as (url, _folder), sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(120_000)
            expect.set_options(timeout=120_000)
            try:
                open_page(page, url)
                seats = page.locator(".mw-seat")
                expect(seats).to_have_count(3)
                # This seat's view: its own hand face up, the others' as counts only.
                expect(seats.nth(0)).to_contain_text("you")
                expect(seats.nth(0)).not_to_contain_text("hidden")
                for other in (1, 2):
                    expect(seats.nth(other)).to_contain_text("hidden")
                choice = page.locator(".mw-choice")
                expect(choice.first).to_be_visible()
                action = choice.first.get_attribute("data-action")
                choice.first.click()
                deadline = time.monotonic() + 60
                while f'"{action}"' not in server.export_json(table["id"]):
                    assert time.monotonic() < deadline, "the server never got the click"
                    time.sleep(0.2)
                played = json.loads(server.export_json(table["id"]))
                moved = len(played["actions"])  # the step the click made (or a later one)
                # The move came back to the kernel.
                while last_step(read_frames(kept)) < moved:
                    assert time.monotonic() < deadline, "the kernel never got the move's frame"
                    time.sleep(0.5)
                OUTPUT.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(OUTPUT / f"class-seat-{front_end}.png"))
            except Exception:
                OUTPUT.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(OUTPUT / f"class-seat-{front_end}-failure.png"))
                raise
            finally:
                browser.close()
            frames = read_frames(kept)
        assert server.tables()[0]["seats"][0]["name"] == "Ana"
        assert leaks(server.export_json(table["id"]), 0, frames) == []
    finally:
        server.stop()

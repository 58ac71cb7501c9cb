"""The teacher's install, exactly as the README says, in a fresh virtual environment.

``pip install -e ".[lab]"`` runs in a new venv (from the repository root, with no
``PYTHONPATH``), then ``jupyter lab notebooks/00_quickstart.ipynb`` starts with only
what a test needs added (a free port on 127.0.0.1, a token, no browser). Checked:

* Notebook 7 comes with it (``jupyter notebook --version``), as the guide says;
* JupyterLite's kernel extension does not (it belongs to the site build's own
  environment), so JupyterLab's page logs no "Shared module @jupyterlite/services
  doesn't exist" in Chromium's console; and the quick start's tables appear.

Marked ``slow`` and ``browser``: the install takes a few minutes (pip's cache helps).
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import venv
from pathlib import Path

import pytest

from tests.browser.test_explorer_in_jupyterlab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OUTPUT,
    free_port,
    run_notebook,
    stop_by_pid,
    wait_for_server,
)

ROOT = Path(__file__).resolve().parents[1]

#: What JupyterLab logs on every page when JupyterLite's kernel extension is beside it.
LITE_IN_LAB = "Shared module @jupyterlite/services"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]


def venv_env(env_dir: Path, tmp: Path) -> dict[str, str]:
    """The shell of someone who activated the venv (and has no PYTHONPATH)."""
    env = dict(os.environ, VIRTUAL_ENV=str(env_dir), PIP_DISABLE_PIP_VERSION_CHECK="1")
    env["PATH"] = f"{env_dir / 'bin'}{os.pathsep}{env['PATH']}"
    for name in ("PYTHONPATH", "PYTHONHOME", "JUPYTER_PATH", "JUPYTER_DATA_DIR"):
        env.pop(name, None)
    for name in ("runtime", "config", "data"):
        (tmp / name).mkdir(exist_ok=True)
    env.update(
        JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
        JUPYTER_CONFIG_DIR=str(tmp / "config"),
        JUPYTER_DATA_DIR=str(tmp / "data"),
    )
    return env


def shell(command: str, env: dict[str, str], timeout: float) -> str:
    done = subprocess.run(
        ["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout + done.stderr


def test_the_teachers_install_has_notebook_7_and_a_clean_jupyterlab(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    env = venv_env(env_dir, tmp_path)
    shell('pip install -e ".[lab]"', env, timeout=1800)
    version = shell("jupyter notebook --version", env, timeout=120).strip().splitlines()[-1]
    assert int(re.match(r"(\d+)", version).group(1)) >= 7, version
    extensions = shell("jupyter labextension list", env, timeout=120)
    assert "@jupyterlite" not in extensions, extensions

    port, token = free_port(), secrets.token_hex(16)
    command = "jupyter lab notebooks/00_quickstart.ipynb"  # the README's, then the test's flags
    flags = f" --no-browser --allow-root --ServerApp.ip=127.0.0.1 --ServerApp.port={port}"
    flags += f" --ServerApp.port_retries=0 --IdentityProvider.token={token}"
    flags += " --LabApp.expose_app_in_browser=True"
    flags += f" --LabApp.user_settings_dir={tmp_path / 'settings'}"
    flags += f" --LabApp.workspaces_dir={tmp_path / 'workspaces'}"
    log = (tmp_path / "jupyterlab.log").open("w")
    lab = subprocess.Popen(
        ["bash", "-c", "exec " + command + flags],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    console: list[str] = []
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_server(f"{base}/api/status?token={token}", lab, timeout=120)
        OUTPUT.mkdir(parents=True, exist_ok=True)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.set_default_timeout(120_000)
            page.on("console", lambda message: console.append(message.text))
            try:
                # JupyterLab serves the folder of the notebook it was given: notebooks/.
                url = f"{base}/lab/tree/00_quickstart.ipynb?token={token}"
                run_notebook(page, url, ready=None)
                expect(page.locator(".mw-root").first).to_be_visible()
                page.screenshot(path=str(OUTPUT / "teacher-install-jupyterlab.png"))
            except Exception as exc:
                page.screenshot(path=str(OUTPUT / "teacher-install-failure.png"))
                log.flush()
                tail = (tmp_path / "jupyterlab.log").read_text()[-3000:]
                raise AssertionError(f"{exc}\n--- JupyterLab's log ---\n{tail}") from exc
            finally:
                browser.close()
    finally:
        stop_by_pid(lab)
        log.close()
    assert [m for m in console if LITE_IN_LAB in m] == [], console[:5]

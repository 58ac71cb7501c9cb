"""The site build in its own environment, with the teaching guide's commands exactly as written.

From the repository root: ``python3 -m venv .venv-lite``, then
``.venv-lite/bin/pip install -e ".[lite]"``, then the online build and the offline
build into the default ``lite-site/``. Between the two a teacher's notebook is added
to the site: the rebuild (the real one, with its real swap) must keep it and say so.

The test refuses to run if ``lite-site/`` is already there (it is someone's), and
removes only the ``lite-site/`` it made; ``.venv-lite/`` is kept for the next run
(git ignores both). Marked ``slow`` and ``lite``: the install and two builds take
minutes; downloads come from the build's cache (``MW_LITE_CACHE``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from monopoly_widgets.lite.site_folder import MARKER
from tests.lite.conftest import need_node

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "lite-site"

pytestmark = [pytest.mark.slow, pytest.mark.lite]


def shell(command: str, timeout: float) -> str:
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)  # the venv's own install, not this test's
    done = subprocess.run(
        ["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_the_readme_builds_the_site_in_its_own_venv_and_keeps_a_teachers_file() -> None:
    need_node()
    if SITE.exists():
        pytest.skip(f"{SITE} already exists: it is not this test's to rebuild")
    shell("python3 -m venv .venv-lite", timeout=300)
    shell('.venv-lite/bin/pip install -e ".[lite]"', timeout=1800)
    try:
        shell(".venv-lite/bin/python -m monopoly_widgets lite build", timeout=900)
        marker = json.loads((SITE / MARKER).read_text())
        assert "files/00_quickstart.ipynb" in marker["files"]
        assert not (SITE / "static" / "pyodide").exists(), "the online site bundles no Pyodide"
        mine = SITE / "files" / "week1.ipynb"
        mine.write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
        out = shell(".venv-lite/bin/python -m monopoly_widgets lite build --offline", timeout=900)
        assert "kept 1 file(s) you added to the site: files/week1.ipynb" in out, out
        assert mine.read_text().startswith('{"cells": []')
        assert (SITE / "static" / "pyodide" / "pyodide.asm.wasm").exists()
        assert "files/week1.ipynb" not in json.loads((SITE / MARKER).read_text())["files"]
        assert not [p for p in ROOT.iterdir() if ".lite-site." in p.name], "staging left behind"
    finally:
        shutil.rmtree(SITE, ignore_errors=True)

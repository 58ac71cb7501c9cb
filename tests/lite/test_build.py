"""The site build's parts, without network: lessons, wheel resolution, lock hashes, CLI."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest

from monopoly_widgets.cli import main
from monopoly_widgets.lite import build, wheels


def code(text: str) -> dict:
    return {"cell_type": "code", "source": [text], "metadata": {}, "outputs": []}


def notebook(*cells: dict) -> dict:
    return {"cells": list(cells), "metadata": {"kernelspec": {"name": "python3"}}}


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import pandas as pd", True),
        ("import numpy as np", True),
        ("import plotly.express as px", True),
        ("table = mw.simulate('deal', games=10)\ntable.to_pandas()", True),
        # The simulation tools and the league make their own tables where pandas is missing:
        ("from monopoly_widgets.league import run_league", False),
        ("from monopoly_widgets.sim.plots import win_rate_chart", False),
        ("table = mw.simulate('deal', games=10)", False),
        ("mw.estimate_win_probability(game, 0)", False),
        ("from monopoly_widgets.sim import convergence_frame as frame", False),
        ("import monopoly_widgets.sim", False),
        ("deal = mw.play('deal', players=3)\ndeal", False),
        ("# pandas is described in lesson 05\nx = 1", False),
    ],
)
def test_lessons_that_need_pandas_are_found(source: str, expected: bool) -> None:
    assert build.needs_pandas(notebook(code(source))) is expected


def test_offline_lesson_gets_the_note_the_install_cell_and_the_pyodide_kernel() -> None:
    original = notebook(code("import pandas as pd"))
    before = json.dumps(original)
    site = build.lite_notebook(original, offline=True)
    kinds = [cell["cell_type"] for cell in site["cells"]]
    assert kinds == ["markdown", "code", "code"]
    assert "imports pandas or numpy" in "".join(site["cells"][0]["source"])
    install = "".join(site["cells"][1]["source"])
    assert "--no-deps monopoly_widgets" in install
    assert "import monopoly_widgets.lessons.charts" in install  # figures without nbformat
    first_pip = next(line for line in install.splitlines() if line.startswith("%pip"))
    assert "anywidget" in first_pip and "plotly" in first_pip
    assert "numpy" not in first_pip and "pandas" not in first_pip
    assert site["metadata"]["kernelspec"]["name"] == "python"
    assert json.dumps(original) == before, "the repository's notebook must not change"


def test_no_lesson_of_the_repository_lacks_anything_offline() -> None:
    """Every lesson runs to its end offline (tests/lite/test_lessons_in_pyodide.py runs them)."""
    for path in sorted((build.source_root() / "notebooks").glob("*.ipynb")):
        lesson = json.loads(path.read_text(encoding="utf-8"))
        assert build.offline_gaps(lesson) == [], path.name
        site = build.lite_notebook(lesson, offline=True)
        assert site["cells"][0]["cell_type"] == "code", f"{path.name} got an offline note"
    figures = notebook(code("from monopoly_widgets.coach.chart import move_chart\nmove_chart(a)"))
    assert build.offline_gaps(figures) == []


def test_online_lesson_installs_with_dependencies_and_has_no_note() -> None:
    site = build.lite_notebook(notebook(code("import pandas as pd")), offline=False)
    assert [cell["cell_type"] for cell in site["cells"]] == ["code", "code"]
    assert "%pip install -q monopoly_widgets" in "".join(site["cells"][0]["source"])


def fake_wheel(folder: Path, name: str, version: str, requires: list[str]) -> Path:
    """A minimal pure wheel whose METADATA lists ``requires``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{version}-py3-none-any.whl"
    lines = [f"Name: {name}", f"Version: {version}"] + [f"Requires-Dist: {r}" for r in requires]
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{name}-{version}.dist-info/METADATA", "\n".join(lines) + "\n")
    return path


def fake_lock(**packages: tuple[str, list[str]]) -> dict:
    entries = {
        name: {"version": version, "depends": depends, "file_name": f"{name}-{version}-x.whl"}
        for name, (version, depends) in packages.items()
    }
    for name, entry in entries.items():
        entry["file_name"] = f"{name}-{entry['version']}-py3-none-any.whl"
    return {"info": {"python": "3.14.2"}, "packages": entries}


def test_resolve_follows_lock_and_metadata_with_pyodide_markers(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    folder = cache / "wheels"
    fake_wheel(folder, "widgety", "2.0", ["helper>=1", "winonly; sys_platform == 'win32'", "numpy"])
    fake_wheel(folder, "helper", "1.5", ["locked"])
    fake_wheel(folder, "locked", "3.0", [])
    fake_wheel(folder, "deep", "0.1", [])
    lock = fake_lock(locked=("3.0", ["deep"]), deep=("0.1", []))
    found = wheels.resolve(["widgety"], lock, provided=[], left_out=["numpy"], cache=cache)
    assert sorted(found.extra) == ["helper", "widgety"]
    assert sorted(found.from_lock) == ["deep", "locked"]


def test_resolve_refuses_a_compiled_lock_package(tmp_path: Path) -> None:
    lock = fake_lock()
    lock["packages"]["numpy"] = {
        "version": "2.0",
        "depends": [],
        "file_name": "numpy-2.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
    }
    with pytest.raises(wheels.WheelError, match="compiled Pyodide package"):
        wheels.resolve(["numpy"], lock, provided=[], left_out=[], cache=tmp_path)


def test_lock_hashes_are_rewritten_to_the_served_files(tmp_path: Path) -> None:
    runtime = tmp_path / "pyodide"
    runtime.mkdir()
    lock = fake_lock(locked=("3.0", []))
    lock["packages"]["locked"]["sha256"] = "0" * 64
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock))
    wheel = fake_wheel(tmp_path / "dl", "locked", "3.0", [])
    wheels.install_into_runtime(runtime, {"locked": wheel})
    written = json.loads((runtime / "pyodide-lock.json").read_text())
    served = runtime / "locked-3.0-py3-none-any.whl"
    expected = hashlib.sha256(served.read_bytes()).hexdigest()
    assert written["packages"]["locked"]["sha256"] == expected


def test_build_refuses_to_replace_a_folder_that_is_not_a_site(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    precious = tmp_path / "homework"
    precious.mkdir()
    (precious / "essay.txt").write_text("mine")
    assert main(["lite", "build", "--out", str(precious)]) == 2
    assert "files this build did not make" in capsys.readouterr().err
    assert (precious / "essay.txt").read_text() == "mine"


def test_lessons_copied_to_the_site_leave_out_marimo_notebooks(tmp_path: Path) -> None:
    """The site's file browser offers the lessons and their data, not a marimo notebook."""
    source, dest = tmp_path / "notebooks", tmp_path / "files"
    source.mkdir()
    lesson = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (source / "01_lesson.ipynb").write_text(json.dumps(lesson), encoding="utf-8")
    (source / "scores.csv").write_text("seat,score\n0,3\n", encoding="utf-8")
    (source / "helper.py").write_text("ANSWER = 42\n", encoding="utf-8")
    (source / "00_app_marimo.py").write_text(
        "import marimo\n\napp = marimo.App()\n", encoding="utf-8"
    )
    build.copy_lessons(source, dest, offline=True)
    assert sorted(p.name for p in dest.iterdir()) == ["01_lesson.ipynb", "helper.py", "scores.csv"]


def test_the_repository_marimo_quickstart_is_recognised() -> None:
    root = Path(__file__).resolve().parents[2]
    assert build.is_marimo_notebook(root / "notebooks" / "00_quickstart_marimo.py")
    assert not build.is_marimo_notebook(root / "notebooks" / "00_quickstart.ipynb")


def test_a_notebook_with_broken_json_is_named_in_the_build_error(tmp_path: Path) -> None:
    """Issue 43 §8: the build failed with "Expecting value: line 1 column 13" alone."""
    from monopoly_widgets.lite.site_folder import LiteBuildError

    source, dest = tmp_path / "notebooks", tmp_path / "files"
    source.mkdir()
    lesson = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (source / "01_lesson.ipynb").write_text(json.dumps(lesson), encoding="utf-8")
    (source / "02_broken.ipynb").write_text('{"cells": [,]}', encoding="utf-8")
    with pytest.raises(LiteBuildError, match=r"notebook 02_broken\.ipynb is not valid JSON"):
        build.copy_lessons(source, dest, offline=True)


@pytest.mark.parametrize("offline", [True, False])
def test_the_install_cell_shows_progress_and_no_monitor_warning(offline: bool) -> None:
    """The install cell prints before its first wait and at each step; run where no
    thread can start (as in a tab), tqdm's bars then print no TqdmMonitorWarning."""
    import subprocess
    import sys

    install = "".join(build.lite_notebook(notebook(), offline=offline)["cells"][0]["source"])
    lines = [line for line in install.splitlines() if not line.startswith("#")]
    assert lines[0].startswith("print('Setting up this tab (step 1 of 3)")
    assert lines[1].startswith("%pip")
    python = "\n".join(line for line in lines if not line.startswith("%pip"))
    script = (
        "import threading, warnings\n"
        "warnings.simplefilter('always')\n"
        "def no_thread(self):\n"
        '    raise RuntimeError("can\'t start new thread")\n'
        "threading.Thread.start = no_thread\n"
        f"{python}\n"
        "bar = tqdm.tqdm(total=2)\nbar.update(2)\nbar.close()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Step 3 of 3: ready." in done.stdout
    assert "TqdmMonitorWarning" not in done.stderr and "monitor" not in done.stderr


@pytest.mark.parametrize("offline", [True, False])
def test_the_site_shuts_a_closed_lessons_kernel_down(offline: bool) -> None:
    """Every lesson opened starts a kernel; the site's settings end it when the lesson is
    closed (issue 43). tests/lite/test_kernels_of_closed_lessons.py counts them in Chromium."""
    overrides = build.lite_config(offline)["jupyter-config-data"]["settingsOverrides"]
    assert overrides["@jupyterlab/notebook-extension:tracker"]["kernelShutdown"] is True

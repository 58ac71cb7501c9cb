"""Every lesson of the offline site runs to its end in Pyodide, with no pandas or nbformat.

The site is built as the docs say (``lite build --offline``). Its own Pyodide
runtime and wheels are used under Node, and each lesson's site copy (install cell
first) runs top to bottom in an IPython shell: a cell that raises, or an output
that cannot be shown (a Plotly figure asking for nbformat), fails the lesson.
The browser test (``test_lesson_in_the_offline_site.py``) runs lesson 05 in the
real site; this one covers every lesson in a few minutes without a browser.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.lite.conftest import need_node

pytestmark = pytest.mark.lite

HERE = Path(__file__).parent


def test_every_lesson_runs_to_its_end_in_pyodide(offline_site: Path, tmp_path: Path) -> None:
    need_node()
    runtime = offline_site / "static" / "pyodide"
    host = tmp_path / "host"
    (host / "wheels").mkdir(parents=True)
    for wheel in [*runtime.glob("*.whl"), *(offline_site / "pypi").glob("*.whl")]:
        if not wheel.name.startswith("micropip-"):  # loaded by the runner itself
            shutil.copy2(wheel, host / "wheels")
    shutil.copytree(offline_site / "files", host / "notebooks")
    lessons = sorted(path.name for path in (host / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert len(lessons) >= 8
    done = subprocess.run(
        ["node", str(HERE / "run_in_pyodide.mjs"), str(runtime), str(host)]
        + [str(HERE / "lessons_in_pyodide.py")],
        capture_output=True,
        text=True,
        timeout=1500,
    )
    ran, failed = "ran to its end: ", "FAILED "
    report = [line for line in done.stdout.splitlines() if line.startswith((ran, failed))]
    print("\n".join(report))
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-3000:]
    finished = {line[len(ran) :].split(" (")[0] for line in report if line.startswith(ran)}
    assert finished == set(lessons), f"not run to the end: {set(lessons) - finished}"

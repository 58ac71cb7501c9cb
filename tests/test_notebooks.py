"""The lesson notebooks run from top to bottom and their exercise checks pass.

Each notebook is run exactly as the README says, ``pytest --nbval-lax
notebooks/<name>.ipynb``, in a child process: every code cell must run without
error (the ``assert`` cells are the exercise answers), outputs are not compared
(the notebooks are committed without outputs). One test per notebook, so a
failure names the lesson.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    assert len(NOTEBOOKS) >= 8


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(notebook: Path) -> None:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for index, cell in enumerate(cells):
        if cell["cell_type"] == "code":
            assert not cell.get("outputs"), f"cell {index} has outputs: clear them"
            assert cell.get("execution_count") is None, f"cell {index} has an execution count"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_notebook_runs_under_nbval(notebook: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--nbval-lax",
            "-q",
            "-p",
            "no:cacheprovider",
            str(notebook),
        ],
        cwd=notebook.parent,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]

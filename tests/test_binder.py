"""Binder: the ``binder/`` folder is valid and is all a fresh environment needs.

Two checks, both marked ``slow`` (``pytest -m slow tests/test_binder.py`` runs only them):

1. ``jupyter-repo2docker --no-build --no-run .`` reads ``binder/`` and prints the
   Dockerfile it would build, without Docker. It must exit with 0 and show that it
   found ``runtime.txt`` (Python 3.11) and ``binder/requirements.txt``.
2. A fresh virtual environment gets ``pip install -r binder/requirements.txt`` (run
   from the repository root, as repo2docker does) and nothing else, and runs
   ``notebooks/00_quickstart.ipynb`` from top to bottom with its own kernel. The
   notebook is copied to a temporary folder first, so the kernel imports the copy
   of ``monopoly_widgets`` installed in the venv, not the source tree.

pip's cache is used, so after the first run the install takes about a minute.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
QUICKSTART = ROOT / "notebooks" / "00_quickstart.ipynb"
KERNEL_NAME = "mw-binder-check"


def run(command: list[str], cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    """Run ``command`` and fail with its output if it does not exit with 0."""
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONNOUSERSITE="1")
    env.pop("PYTHONPATH", None)  # the venv must not see this checkout's packages
    result = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert result.returncode == 0, (
        f"{' '.join(command)} exited with {result.returncode}\n"
        f"--- stdout ---\n{result.stdout[-4000:]}\n--- stderr ---\n{result.stderr[-4000:]}"
    )
    return result


def test_binder_files_exist() -> None:
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    requirements = (BINDER / "requirements.txt").read_text().split("\n")
    lines = [line.strip() for line in requirements if line.strip() and not line.startswith("#")]
    assert "." in lines, "binder/requirements.txt must install this package"
    assert any(line.startswith("voila") for line in lines)


@pytest.mark.slow
def test_repo2docker_reads_binder_folder() -> None:
    repo2docker = shutil.which("jupyter-repo2docker")
    if repo2docker is None:
        pytest.skip("jupyter-repo2docker is not installed")
    result = run([repo2docker, "--no-build", "--no-run", "."], cwd=ROOT, timeout=120)
    dockerfile = result.stdout
    assert "python=3.11" in result.stdout + result.stderr, "runtime.txt was not used"
    assert "binder/requirements.txt" in dockerfile, "binder/requirements.txt was not found"
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in dockerfile


@pytest.mark.slow
def test_quickstart_runs_in_a_venv_built_from_binder_requirements(tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    run(
        [str(python), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
        cwd=ROOT,
        timeout=1200,
    )
    # The package must come from the venv, not from this checkout.
    where = run(
        [str(python), "-c", "import monopoly_widgets; print(monopoly_widgets.__file__)"],
        cwd=tmp_path,
        timeout=60,
    ).stdout.strip()
    assert where.startswith(str(env_dir)), where
    # A kernel for this venv only, under its own name, inside the venv.
    run(
        [
            str(python),
            "-m",
            "ipykernel",
            "install",
            "--prefix",
            str(env_dir),
            "--name",
            KERNEL_NAME,
        ],
        cwd=tmp_path,
        timeout=60,
    )
    work = tmp_path / "work"
    work.mkdir()
    notebook = shutil.copy(QUICKSTART, work / QUICKSTART.name)
    result = run(
        [
            str(env_dir / "bin" / "jupyter"),
            "nbconvert",
            "--execute",
            "--to",
            "notebook",
            "--stdout",
            f"--ExecutePreprocessor.kernel_name={KERNEL_NAME}",
            "--ExecutePreprocessor.timeout=300",
            str(notebook),
        ],
        cwd=work,
        timeout=600,
    )
    executed = json.loads(result.stdout)
    code_cells = [cell for cell in executed["cells"] if cell["cell_type"] == "code"]
    assert code_cells and all(cell.get("execution_count") for cell in code_cells)
    errors = [
        output
        for cell in code_cells
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]
    assert not errors, errors
    shown = [
        output["data"]["text/plain"]
        for cell in code_cells
        for output in cell.get("outputs", [])
        if output.get("output_type") in ("execute_result", "display_data")
        and "text/plain" in output.get("data", {})
    ]
    assert any("<GameExplorer deal 3 players" in "".join(text) for text in shown), shown

"""The package in WebAssembly: Pyodide under Node installs the wheel and plays the games.

A fast check that the package stays WebAssembly-clean (no import needs
processes, threads or compiled packages) and that the engines behave the same
inside Pyodide: part of the conformance suite (every check, three-player games,
30 random playouts per game) runs there under pytest.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.lite

HERE = Path(__file__).parent


def test_conformance_suite_passes_inside_pyodide(pyodide_host: tuple[Path, Path]) -> None:
    runtime, host = pyodide_host
    done = subprocess.run(
        ["node", str(HERE / "run_in_pyodide.mjs"), str(runtime), str(host)]
        + [str(HERE / "pyodide_checks.py")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    print(done.stdout[-4000:], done.stderr[-2000:])
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "platform emscripten" in done.stdout
    assert " passed" in done.stdout and " failed" not in done.stdout
    assert "no processes in Pyodide" in done.stdout
    assert "files in Pyodide: written whole, never over another" in done.stdout

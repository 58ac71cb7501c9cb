"""What the sandbox needs on the teacher's machine: Deno, Pyodide's runtime, a snapshot.

* **Deno** runs the sandbox (``host.mjs``) with no permission but reading Pyodide's
  folder and this package's scripts. It comes from PyPI (``pip install deno``, in the
  ``[lab]`` extra) for Linux, macOS and Windows, or from the ``PATH``.
* **Pyodide's runtime** (CPython compiled to WebAssembly) is the npm package that the
  JupyterLite build uses: :func:`monopoly_widgets.lite.wheels.fetch_pyodide_runtime`
  downloads it once with npm into the same cache (``$MW_LITE_CACHE`` or the user's cache).
* **This package's pure-Python modules**, so that a bot may ``import monopoly_widgets``
  (``from monopoly_widgets.deal.cards import CARDS``, as lesson 06 does) as before; only
  the standard library and this package, no numpy (Pyodide's wheels are not bundled).
  They are sent to each sandbox as it starts (Pyodide keeps files in JavaScript's
  memory, which a snapshot does not hold).
* **A memory snapshot** of Pyodide after it has started and run ``bootstrap.py`` (no bot):
  made once per machine, it lets every bot start in about a tenth of the processor time
  (measured: 0.8 s instead of 8.7 s; ``benchmarks/league.py``). Each bot starts from the
  same clean snapshot, so nothing one bot does reaches another.

A missing piece is a :class:`SandboxUnavailable` error saying what to install, and that
``sandbox="process"`` runs without the sandbox (and what that does not protect).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from monopoly_widgets.core.errors import InputError

#: This package's folder: host.mjs, worker.mjs and bootstrap.py.
HERE = Path(__file__).resolve().parent

#: The package's root folder: its ``.py`` files are copied into the sandbox's memory.
PACKAGE = HERE.parent.parent

#: What to do when the sandbox cannot start.
HOW_TO_INSTALL = (
    "install it with `pip install 'monopoly_widgets[lab]'` (or `pip install deno`; Pyodide "
    "is then downloaded once with npm, from Node.js), or run the league without the sandbox "
    "with sandbox='process' (--sandbox process), which does not protect the teacher's files, "
    "network, environment or processes: see docs/league.md"
)


class SandboxUnavailable(InputError):
    """Deno or Pyodide is missing: the message says what to install."""


@dataclass(frozen=True)
class Sandbox:
    """Where the sandbox's pieces are: the Deno program, Pyodide's folder, the snapshot."""

    deno: str
    runtime: Path
    snapshot: Path | None
    files: dict[str, str]  # the package's modules, sent to each bot's sandbox

    def command(self) -> list[str]:
        """The command that starts one sandbox (``host.mjs``) with its only permission."""
        return [
            self.deno,
            "run",
            "--quiet",
            "--no-prompt",
            "--no-config",
            "--no-lock",
            "--no-remote",
            "--no-npm",
            f"--allow-read={self.runtime},{HERE}",
            str(HERE / "host.mjs"),
        ]


def find_deno() -> str:
    """The Deno program: the PyPI package's, else ``deno`` on the ``PATH``."""
    try:
        import deno  # type: ignore[import-not-found]

        return str(deno.find_deno_bin())
    except (ImportError, FileNotFoundError, AttributeError):
        pass
    found = shutil.which("deno")
    if found is None:
        raise SandboxUnavailable(
            f"the league's sandbox needs Deno, which is missing: {HOW_TO_INSTALL}"
        )
    return found


def find_runtime() -> Path:
    """Pyodide's runtime folder, downloaded once into the cache (``lite/wheels.py``)."""
    try:
        from monopoly_widgets.lite import wheels

        return wheels.fetch_pyodide_runtime(wheels.cache_dir())
    except ImportError as exc:
        reason = f"{type(exc).__name__}: {exc}"
    except Exception as exc:  # noqa: BLE001 - the download's error, said in one line
        reason = str(exc).splitlines()[0][:300]
    raise SandboxUnavailable(
        f"the league's sandbox needs Pyodide's runtime, which could not be fetched ({reason}): "
        f"{HOW_TO_INSTALL}"
    )


def minimal_environment() -> dict[str, str]:
    """The only environment variables Deno gets: none of the teacher's secrets."""
    keep = ("HOME", "USERPROFILE", "SYSTEMROOT", "TMPDIR", "TEMP", "TMP", "DENO_DIR")
    environment = {name: os.environ[name] for name in keep if name in os.environ}
    environment.update({"NO_COLOR": "1", "DENO_NO_UPDATE_CHECK": "1"})
    return environment


def package_files() -> dict[str, str]:
    """``{"monopoly_widgets/deal/cards.py": text, ...}``: the package's Python modules."""
    return {
        path.relative_to(PACKAGE.parent).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(PACKAGE.rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def make_snapshot(deno: str, runtime: Path) -> Path | None:
    """The memory snapshot for this Pyodide and bootstrap (made once; None if it cannot be)."""
    key = hashlib.sha256((HERE / "bootstrap.py").read_bytes() + (HERE / "worker.mjs").read_bytes())
    path = runtime / f"league-{key.hexdigest()[:16]}.snapshot"
    if path.exists():
        return path
    partial = runtime / f"{path.name}.{os.getpid()}.partial"
    command = [
        deno,
        "run",
        "--quiet",
        "--no-prompt",
        "--no-config",
        "--no-lock",
        "--no-remote",
        "--no-npm",
        f"--allow-read={runtime},{HERE}",
        f"--allow-write={partial}",
        str(HERE / "host.mjs"),
    ]
    request = {"op": "snapshot", "runtime": str(runtime), "output": str(partial)}
    try:
        subprocess.run(
            command,
            input=json.dumps(request) + "\n",
            capture_output=True,
            text=True,
            timeout=600,
            env=minimal_environment(),
            check=False,
        )
        if partial.exists() and partial.stat().st_size > 0:
            os.replace(partial, path)  # whole or not at all: another league may read it
            for old in runtime.glob("league-*.snapshot"):  # this module's, for older scripts
                if old != path:
                    old.unlink(missing_ok=True)
            return path
    except (OSError, subprocess.SubprocessError):
        pass
    finally:
        if partial.exists():
            partial.unlink()  # only the file this call made
    return None  # every bot then starts Pyodide from scratch: slower, as safe


@lru_cache(maxsize=1)
def prepare() -> Sandbox:
    """Find Deno and Pyodide and make the snapshot (once per process); raise
    :class:`SandboxUnavailable` saying what to install if one is missing."""
    if sys.platform in ("emscripten", "wasi"):
        raise SandboxUnavailable("the Deno sandbox cannot start inside a browser tab")
    deno = find_deno()
    runtime = find_runtime()
    return Sandbox(deno, runtime, make_snapshot(deno, runtime), package_files())

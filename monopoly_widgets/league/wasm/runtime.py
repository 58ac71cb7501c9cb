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
  They are one zip file (``league-<key>.zip``, next to the snapshot) on Python's path in
  the sandbox: one file written into each sandbox's memory as it starts, where 242 files
  one by one took 1 to 2 s of a start (Pyodide keeps files in JavaScript's memory, which
  a snapshot does not hold).
* **A memory snapshot** of Pyodide after it has started, run ``bootstrap.py`` (no bot)
  and imported the package's rules engines and agents (:data:`PRELOADED`): made once per
  machine and package version, it lets a sandbox start without compiling any of them.
  Each sandbox is a new Worker restored from the same clean snapshot, so nothing one
  sandbox's bot does reaches another (``host.mjs``; ``benchmarks/league.py`` measures it).

A missing piece is a :class:`SandboxUnavailable` error saying what to install, and that
``sandbox="process"`` runs without the sandbox (and what that does not protect).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
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


#: The package's sub-packages imported before the snapshot is taken (each module that
#: imports in Pyodide), so that a bot importing them costs its sandbox nothing: the games'
#: rules and the agents. Any other module is imported from the zip when a bot asks.
PRELOADED = ("core", "deal", "bid", "cardgame", "agents")


@dataclass(frozen=True)
class Sandbox:
    """Where the sandbox's pieces are: the Deno program, Pyodide's folder, the snapshot,
    and the zip of the package's modules."""

    deno: str
    runtime: Path
    snapshot: Path | None
    modules: Path  # the package's modules, one zip written into each sandbox

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


def preloaded_modules(files: dict[str, str]) -> list[str]:
    """The dotted names of the modules under :data:`PRELOADED`, packages first."""
    names = []
    for name in files:
        parts = name.removesuffix(".py").split("/")
        if len(parts) > 2 and parts[1] in PRELOADED:
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return ["monopoly_widgets", *sorted(set(names), key=lambda dotted: (dotted.count("."), dotted))]


def modules_zip(files: dict[str, str]) -> bytes:
    """The package's modules as one zip (fixed dates, so the same files give the same bytes)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, text in files.items():
            archive.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), text)
    return buffer.getvalue()


def write_whole(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all (another league may be reading it)."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)  # only the file this call made


def sandbox_key(modules: bytes) -> str:
    """What a snapshot depends on: the bootstrap, the worker and the package's modules."""
    digest = hashlib.sha256((HERE / "bootstrap.py").read_bytes())
    digest.update((HERE / "worker.mjs").read_bytes())
    digest.update(modules)
    return digest.hexdigest()[:16]


#: Another version's snapshot and zip (another checkout of the package, an older
#: install) are deleted once none of its leagues has started for this long: deleted at
#: once, two versions' leagues on one machine would delete each other's while in use.
UNUSED_SECONDS = 7 * 24 * 3600

#: The names of the files the league writes into Pyodide's folder (``league-`` and the
#: 16 hex digits of :func:`sandbox_key`): the only files :func:`mark_used` may delete.
MADE_HERE = re.compile(r"league-[0-9a-f]{16}\.(zip|snapshot)")


def make_modules(runtime: Path) -> Path:
    """The zip of the package's modules, in Pyodide's folder (made once per version)."""
    data = modules_zip(package_files())
    path = runtime / f"league-{sandbox_key(data)}.zip"
    if not path.exists():
        write_whole(path, data)
    return path


def mark_used(*paths: Path) -> None:
    """Note that a league uses ``paths`` now (their modification time), and delete the
    other versions' snapshots and zips unused for :data:`UNUSED_SECONDS`."""
    for path in paths:
        try:
            os.utime(path)
        except OSError:
            pass
    runtime = paths[0].parent
    for old in runtime.iterdir():
        if not MADE_HERE.fullmatch(old.name):
            continue  # only the names make_modules and make_snapshot write
        try:
            if old not in paths and time.time() - old.stat().st_mtime > UNUSED_SECONDS:
                old.unlink()
        except OSError:
            pass


def make_snapshot(deno: str, runtime: Path, modules: Path) -> Path | None:
    """The memory snapshot for this Pyodide, bootstrap and package (made once; None if it
    cannot be)."""
    path = modules.with_suffix(".snapshot")
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
    request = {
        "op": "snapshot",
        "runtime": str(runtime),
        "modules": str(modules),
        "preload": preloaded_modules(package_files()),
        "output": str(partial),
    }
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
    modules = make_modules(runtime)
    snapshot = make_snapshot(deno, runtime, modules)
    mark_used(modules, *([snapshot] if snapshot else []))
    return Sandbox(deno, runtime, snapshot, modules)

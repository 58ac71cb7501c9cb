"""Pyodide's runtime and the pure-Python wheels a JupyterLite kernel needs.

Why this module exists: the Pyodide kernel installs its Python packages with
micropip at start-up. A name listed in Pyodide's lock file (``ipython``,
``jedi``, ``traitlets``...) is fetched from the Pyodide folder and checked
against the lock file's sha256; any other name (``anywidget``, ``comm``...) is
looked up in the site's own wheel index (``pypi/all.json``). The npm package
``pyodide`` carries the runtime and the lock file but no wheels, so an offline
site needs each of them downloaded from PyPI, and the lock file's hashes
rewritten to the downloaded files' (PyPI's files are not byte-identical to
Pyodide's re-packed ones).

Downloads go to a cache folder (:func:`cache_dir`), so a second build needs no
network for the same versions.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from email.parser import Parser
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

from monopoly_widgets.lite.site_folder import LiteBuildError

#: The Pyodide release jupyterlite-pyodide-kernel 0.8.6 is built and tested with.
PYODIDE_VERSION = "314.0.6"

#: Files of the npm package a site needs (source maps, consoles and types are left out).
RUNTIME_FILES = (
    "package.json",
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


class WheelError(LiteBuildError):
    """A download failed, or a needed package has no pure-Python wheel."""


#: What pip and npm print when the registry cannot be reached.
NO_NETWORK = re.compile(
    r"NewConnectionError|Failed to establish|Network is unreachable|Name or service not known|"
    r"Temporary failure in name resolution|Connection refused|ConnectTimeout|Read timed out|"
    r"ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network",
    re.IGNORECASE,
)


def cache_dir() -> Path:
    """Where downloads are kept: ``$MW_LITE_CACHE``, else the user's cache folder."""
    chosen = os.environ.get("MW_LITE_CACHE")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "monopoly_widgets" / "lite"


def _run(command: list[str], what: str, cache: Path) -> None:
    """Run a download; a failure is one line naming its cause (the output kept as details)."""
    try:
        done = subprocess.run(command, capture_output=True, text=True)
    except FileNotFoundError:
        raise WheelError(f"{what} needs {command[0]}, which is not installed") from None
    if done.returncode == 0:
        return
    output = (done.stderr + done.stdout).strip()
    if NO_NETWORK.search(output):
        raise WheelError(
            f"no network: {what} failed and the cache {cache} does not have it; build once "
            "with internet (later builds use the cache), or pass --cache with a filled cache",
            details=output[-3000:],
        )
    lines = output.splitlines() or ["no output"]
    cause = next((line for line in lines if "error" in line.lower()), lines[-1])
    raise WheelError(f"{what} failed: {cause.strip()[:200]}", details=output[-3000:])


def runtime_cached(cache: Path, version: str = PYODIDE_VERSION) -> bool:
    """Is Pyodide's runtime (or its npm tarball) already in ``cache``? Then npm is not needed."""
    folder = cache / f"pyodide-{version}"
    if all((folder / name).exists() for name in RUNTIME_FILES):
        return True
    return (cache / f"pyodide-{version}.tgz").exists()


def fetch_pyodide_runtime(cache: Path, version: str = PYODIDE_VERSION) -> Path:
    """The folder of Pyodide's runtime from the npm package ``pyodide@version``.

    Uses ``npm pack`` (npm's own client, so its registry settings apply) and
    keeps the tarball in ``cache``.
    """
    folder = cache / f"pyodide-{version}"
    if all((folder / name).exists() for name in RUNTIME_FILES):
        return folder
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = exc.strerror or exc
        raise WheelError(f"cannot make the download cache {cache} ({reason})") from None
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.exists():
        npm = "npm.cmd" if sys.platform == "win32" else "npm"
        _run(
            [
                npm,
                "pack",
                f"pyodide@{version}",
                "--pack-destination",
                str(cache),
                "--loglevel=error",
            ],
            f"downloading Pyodide {version} from npm",
            cache,
        )
    folder.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        for name in RUNTIME_FILES:
            member = archive.getmember(f"package/{name}")
            source = archive.extractfile(member)
            if source is None:
                raise WheelError(f"the npm package pyodide@{version} has no file {name}")
            (folder / name).write_bytes(source.read())
    return folder


def pyodide_markers(lock: Mapping[str, Any]) -> dict[str, str]:
    """Environment markers as Pyodide sees them, to choose dependencies (PEP 508)."""
    full = str(lock["info"]["python"])
    return {
        "python_version": ".".join(full.split(".")[:2]),
        "python_full_version": full,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "extra": "",
    }


def download_pure_wheels(requirements: Iterable[str], dest: Path, python_version: str) -> None:
    """``pip download`` the pure-Python wheels (``py3-none-any``) of ``requirements``.

    Asking for platform ``any`` matters: psygnal, for one, also publishes
    compiled wheels that Pyodide cannot load.
    """
    wanted = sorted(set(requirements))
    if not wanted:
        return
    dest.mkdir(parents=True, exist_ok=True)
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
            "--python-version",
            python_version,
            "--dest",
            str(dest),
            *wanted,
        ],
        f"downloading wheels from PyPI ({', '.join(wanted[:3])}{', ...' if wanted[3:] else ''})",
        dest.parent,
    )


def wheel_name_version(path: Path) -> tuple[str, Version]:
    """The canonical project name and version from a wheel's file name."""
    name, version = path.name.split("-")[:2]
    return canonicalize_name(name), Version(version)


def wheel_requirements(path: Path) -> list[Requirement]:
    """The ``Requires-Dist`` lines of a wheel's METADATA."""
    with zipfile.ZipFile(path) as archive:
        metadata = next(
            n for n in archive.namelist() if re.fullmatch(r"[^/]+\.dist-info/METADATA", n)
        )
        text = archive.read(metadata).decode("utf-8")
    return [Requirement(line) for line in Parser().parsestr(text).get_all("Requires-Dist") or []]


def find_wheel(folder: Path, name: str, specifier: SpecifierSet | None = None) -> Path | None:
    """The newest wheel of ``name`` in ``folder`` that ``specifier`` allows."""
    found = [
        (version, path)
        for path in folder.glob("*.whl")
        for wheel_name, version in [wheel_name_version(path)]
        if wheel_name == name and (specifier is None or specifier.contains(version, True))
    ]
    return max(found)[1] if found else None


@dataclass
class Resolution:
    """What a site needs: wheels for Pyodide's folder, and wheels for ``pypi/``.

    ``from_lock`` maps a lock-file key to the downloaded wheel (to be copied
    under the lock's file name); ``extra`` are wheels of packages the lock file
    does not list, for the site's own index.
    """

    from_lock: dict[str, Path] = field(default_factory=dict)
    extra: dict[str, Path] = field(default_factory=dict)


def resolve(
    roots: Iterable[str],
    lock: Mapping[str, Any],
    provided: Iterable[str],
    left_out: Iterable[str],
    cache: Path,
) -> Resolution:
    """Download every wheel ``roots`` need in Pyodide, dependencies included.

    A name in the lock file gets the lock's own version and dependencies (that
    is what micropip will ask for); any other name gets the newest pure wheel
    its requirers allow, and its METADATA's dependencies as Pyodide's markers
    select them. ``provided`` names come with the kernel itself; ``left_out``
    names are deliberately absent (numpy and pandas offline).
    """
    packages: Mapping[str, Any] = lock["packages"]
    lock_keys = {canonicalize_name(key): key for key in packages}
    markers = pyodide_markers(lock)
    python = markers["python_version"]
    skip = {canonicalize_name(n) for n in (*provided, *left_out)}
    wheels = cache / "wheels"
    result = Resolution()
    specs: dict[str, SpecifierSet] = {
        canonicalize_name(r): SpecifierSet() for r in roots if canonicalize_name(r) not in skip
    }
    pending = set(specs)
    while pending:
        wanted: list[str] = []
        for name in sorted(pending):
            if name in lock_keys:
                entry = packages[lock_keys[name]]
                if not entry["file_name"].endswith("-none-any.whl"):
                    raise WheelError(
                        f"{name} is a compiled Pyodide package ({entry['file_name']}); "
                        "PyPI has no build of it for WebAssembly"
                    )
                if find_wheel(wheels, name, SpecifierSet(f"=={entry['version']}")) is None:
                    wanted.append(f"{name}=={entry['version']}")
            elif find_wheel(wheels, name, specs[name]) is None:
                wanted.append(f"{name}{specs[name]}")
        download_pure_wheels(wanted, wheels, python)
        next_round: set[str] = set()
        for name in pending:
            if name in lock_keys:
                entry = packages[lock_keys[name]]
                path = find_wheel(wheels, name, SpecifierSet(f"=={entry['version']}"))
                depends = [canonicalize_name(d) for d in entry["depends"]]
                if path is None:
                    raise WheelError(f"PyPI gave no pure wheel of {name}=={entry['version']}")
                result.from_lock[lock_keys[name]] = path
                found = [(d, SpecifierSet()) for d in depends]
            else:
                path = find_wheel(wheels, name, specs[name])
                if path is None:
                    raise WheelError(f"PyPI gave no pure wheel of {name}{specs[name]}")
                result.extra[name] = path
                found = [
                    (canonicalize_name(r.name), r.specifier)
                    for r in wheel_requirements(path)
                    if r.marker is None or r.marker.evaluate(markers)
                ]
            for dependency, specifier in found:
                if dependency in skip:
                    continue
                if dependency not in specs:
                    specs[dependency] = specifier
                    next_round.add(dependency)
                else:
                    specs[dependency] &= specifier
        pending = next_round
    for name, path in result.extra.items():
        _, version = wheel_name_version(path)
        if not specs[name].contains(version, True):
            raise WheelError(f"{path.name} does not satisfy {name}{specs[name]}")
    return result


def sha256_of(path: Path) -> str:
    """The file's sha256, as Pyodide's lock file writes it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def install_into_runtime(runtime: Path, from_lock: Mapping[str, Path]) -> None:
    """Copy the wheels into Pyodide's folder under the lock's names and fix their hashes.

    The browser refuses a wheel whose sha256 differs from the lock file's, so
    each entry gets the hash of the file actually served.
    """
    lock_path = runtime / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    for key, wheel in from_lock.items():
        entry = lock["packages"][key]
        target = runtime / entry["file_name"]
        target.write_bytes(wheel.read_bytes())
        entry["sha256"] = sha256_of(target)
    lock_path.write_text(json.dumps(lock))

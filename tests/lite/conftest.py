"""Fixtures of the JupyterLite tests: Pyodide's runtime, wheels, the offline site.

Downloads (Pyodide's npm package, wheels from PyPI) go to the build's cache
folder (``$MW_LITE_CACHE`` or the user's cache), so only a first run needs the
registries. Without ``node``/``npm`` the tests are skipped, saying so.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet

from monopoly_widgets.lite import wheels
from monopoly_widgets.lite.build import build_site, build_wheel, source_root

#: Pure wheels the conformance run installs in Pyodide, at the lock file's versions.
TEST_WHEELS = ("pytest", "pluggy", "iniconfig", "pygments")


def need_node() -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node and npm are needed to run Pyodide (apt-get install nodejs npm)")


def lock_wheel(lock: dict, name: str, cache: Path) -> Path:
    """The PyPI wheel of ``name`` at the version Pyodide's lock file pins (cached)."""
    version = lock["packages"][name]["version"]
    folder = cache / "wheels"
    spec = SpecifierSet(f"=={version}")
    found = wheels.find_wheel(folder, name, spec)
    if found is None:
        wheels.download_pure_wheels([f"{name}=={version}"], folder, "3.14")
        found = wheels.find_wheel(folder, name, spec)
    assert found is not None, f"no wheel of {name}=={version}"
    return found


@pytest.fixture(scope="session")
def pyodide_host(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A Pyodide folder (runtime + micropip) and a host folder with wheels and the suite."""
    need_node()
    cache = wheels.cache_dir()
    base = tmp_path_factory.mktemp("pyodide")
    runtime = base / "pyodide"
    shutil.copytree(wheels.fetch_pyodide_runtime(cache), runtime)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    wheels.install_into_runtime(runtime, {"micropip": lock_wheel(lock, "micropip", cache)})
    host = base / "host"
    (host / "wheels").mkdir(parents=True)
    for name in TEST_WHEELS:
        shutil.copy2(lock_wheel(lock, name, cache), host / "wheels")
    build_wheel(source_root(), host / "wheels")
    suite = host / "suite" / "tests"
    suite.mkdir(parents=True)
    shutil.copy2(source_root() / "tests" / "__init__.py", suite)
    shutil.copytree(source_root() / "tests" / "conformance", suite / "conformance")
    return runtime, host


@pytest.fixture(scope="session")
def offline_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The offline site, built exactly as the docs say (``lite build --offline``)."""
    need_node()
    return build_site(tmp_path_factory.mktemp("lite") / "site", offline=True, log=print)

"""Build the JupyterLite site: the package's wheel, the lessons, and (offline) Pyodide.

Every build starts from an empty folder beside the target, and the finished,
checked site is swapped in (:mod:`monopoly_widgets.lite.site_folder` says what
may be replaced). An incremental ``jupyter lite build`` after editing
``jupyter-lite.json`` was seen to drop the local ``pyodideUrl`` silently,
leaving a site that tries the CDN; building from clean, then checking the
written settings, rules that out.

The lessons are copied from ``notebooks/`` with one cell put in front: the
``%pip install`` a browser kernel needs before ``import monopoly_widgets``
(the repository's notebooks stay as they are, for JupyterLab and Binder).
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement

from monopoly_widgets.lite import site_folder, wheels
from monopoly_widgets.lite.site_folder import LiteBuildError

#: Where the site goes unless ``--out`` says otherwise.
DEFAULT_OUT = Path("lite-site")

#: The Pyodide kernel's settings in ``jupyter-lite.json``.
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

#: JupyterLab settings the site ships (``settingsOverrides``). Each lesson opened in a
#: browser starts its own Pyodide kernel, a few hundred MB of a school laptop's memory,
#: and JupyterLab keeps it running after the lesson's tab is closed unless the notebook
#: tracker's ``kernelShutdown`` is set: with it, closing a lesson frees its kernel.
SITE_SETTINGS = {"@jupyterlab/notebook-extension:tracker": {"kernelShutdown": True}}

#: Front-end extensions the widgets need; a site without them shows no explorer.
NEEDED_EXTENSIONS = ("anywidget", "@jupyter-widgets/jupyterlab-manager")

#: The Pyodide kernel's spec, so a lesson opens with it and no "select a kernel" dialog.
LITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}

#: Packages with no WebAssembly wheel on PyPI: absent from an offline site.
NOT_OFFLINE = ("numpy", "pandas")

#: Tab completion in the notebook: IPython asks jedi, which needs parso (offline too).
COMPLETION = ("jedi", "parso")

#: Modules a lesson's code may import that need numpy or pandas (absent offline). The
#: simulation tools and the league do not: without pandas their tables are the
#: package's own (``sim/table.py``). Plotly Express needs a data-frame library.
NEEDS_PANDAS_MODULES = ("pandas", "numpy", "plotly.express")


def source_root() -> Path:
    """The repository this package was installed from (its lessons are needed)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "pyproject.toml").exists() or not (root / "notebooks").is_dir():
        raise LiteBuildError(
            f"the site is built from a source checkout (with notebooks/), not from {root}; "
            "clone the repository and run the command there"
        )
    return root


def kernel_wheels() -> Path:
    """The wheels the Pyodide kernel extension ships (piplite, pyodide_kernel...)."""
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    folder = share / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    if not (folder / "all.json").exists():
        raise LiteBuildError(
            "jupyterlite-pyodide-kernel is not installed; run: pip install -e '.[lite]'"
        )
    return folder


def build_wheel(root: Path, dest: Path) -> Path:
    """Build this package's wheel into ``dest`` (pip, no network needed)."""
    dest.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
    command += ["--no-build-isolation", "--wheel-dir", str(dest), str(root)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise LiteBuildError(
            f"building the package's wheel failed (pip wheel): {last[:200]}", details=done.stderr
        )
    return next(dest.glob("monopoly_widgets-*.whl"))


def needs_pandas(notebook: dict[str, Any]) -> bool:
    """Does a lesson's code import pandas, numpy, or a module that needs them?"""
    modules = "|".join(re.escape(m) for m in NEEDS_PANDAS_MODULES)
    imports = re.compile(rf"(?:import|from)\s+(?:{modules})\b|\.to_pandas\s*\(")
    return any(
        imports.search("".join(cell["source"]))
        for cell in notebook.get("cells", [])
        if cell.get("cell_type") == "code"
    )


def _cell(kind: str, text: str) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "metadata": {"tags": ["jupyterlite"]}}
    cell["source"] = text.splitlines(keepends=True)
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


#: Shown at once when the install cell starts, so the wait is never a blank ``[*]``.
INSTALL_START = "print('Setting up this tab (step 1 of 3): 20 to 40 s the first time...')"

#: A tab cannot start threads: tqdm's monitor thread is switched off before any bar, or
#: trying to start it prints "TqdmMonitorWarning: ... can't start new thread" on stderr,
#: a pink box students take for an error (issue 43).
NO_MONITOR_THREAD = "import tqdm\ntqdm.tqdm.monitor_interval = 0  # a tab cannot start its thread"

INSTALL_ONLINE = f"""\
# In the browser (JupyterLite) the package is installed into this tab first; the cell
# prints each step (20 to 40 seconds the first time; later cells are quick).
{INSTALL_START}
%pip install -q monopoly_widgets
print('Step 2 of 3: loading the package...')
{NO_MONITOR_THREAD}
import monopoly_widgets
print('Step 3 of 3: ready.')
"""

INSTALL_OFFLINE = f"""\
# In the browser (JupyterLite) the package is installed into this tab first; the cell
# prints each step (20 to 40 seconds the first time; later cells are quick).
# This offline site has no numpy, pandas or nbformat, so the package comes without them:
# its result tables are its own, and it draws Plotly figures itself.
{INSTALL_START}
%pip install -q {{dependencies}}
%pip install -q --no-deps monopoly_widgets
print('Step 2 of 3: loading the package and its charts...')
{NO_MONITOR_THREAD}
import monopoly_widgets.lessons.charts  # shows Plotly figures without nbformat
print('Step 3 of 3: ready.')
"""


def offline_dependencies() -> list[str]:
    """The package's own requirements an offline site can carry (all but numpy, pandas)."""
    from importlib.metadata import requires

    found = [Requirement(text) for text in requires("monopoly_widgets") or []]
    return [r.name for r in found if r.marker is None and r.name not in NOT_OFFLINE]


PANDAS_NOTE = """\
**This notebook imports pandas or numpy, which this offline site does not have.** No \
WebAssembly build of them can be bundled from PyPI, so the cells that use them stop \
with `ModuleNotFoundError`. Open it in the online site (built without `--offline`), \
on Binder, or in your own JupyterLab (see the README).
"""


def offline_gaps(notebook: dict[str, Any]) -> list[str]:
    """What a lesson needs that the offline site lacks: ``["pandas"]``, or nothing.

    Plotly figures no longer count: the install cell makes the package draw them
    (``lessons.charts.draw_figures_without_nbformat``).
    """
    return ["pandas"] if needs_pandas(notebook) else []


def lite_notebook(notebook: dict[str, Any], offline: bool) -> dict[str, Any]:
    """The lesson as the site serves it: the install cell (and offline notes) first."""
    site = copy.deepcopy(notebook)
    install = INSTALL_OFFLINE.format(dependencies=" ".join(offline_dependencies()))
    cells = [_cell("code", install if offline else INSTALL_ONLINE)]
    if offline:
        notes = {"pandas": PANDAS_NOTE}
        cells[:0] = [_cell("markdown", notes[gap]) for gap in offline_gaps(notebook)]
    site["cells"] = cells + site.get("cells", [])
    site.setdefault("metadata", {})["kernelspec"] = dict(LITE_KERNELSPEC)
    return site


def is_marimo_notebook(path: Path) -> bool:
    """Whether ``path`` is a marimo notebook: a Python file that makes a ``marimo.App``."""
    if path.suffix != ".py":
        return False
    return "marimo.App(" in path.read_text(encoding="utf-8", errors="replace")


def copy_lessons(notebooks: Path, dest: Path, offline: bool) -> dict[str, list[str]]:
    """Copy ``notebooks/`` into the site's files; returns what each lesson lacks offline.

    A marimo notebook is left out: JupyterLite would only open it as a text file, which
    a student might take for a lesson that does not run. Any other file (a data file a
    lesson reads) is copied as it is.
    """
    dest.mkdir(parents=True, exist_ok=True)
    needing: dict[str, list[str]] = {}
    for path in sorted(notebooks.iterdir()):
        if path.name.startswith(".") or path.is_dir() or is_marimo_notebook(path):
            continue
        if path.suffix == ".ipynb":
            notebook = read_notebook(path)
            if offline_gaps(notebook):
                needing[path.name] = offline_gaps(notebook)
            site = lite_notebook(notebook, offline)
            (dest / path.name).write_text(json.dumps(site, indent=1) + "\n", encoding="utf-8")
        else:
            shutil.copy2(path, dest / path.name)
    return needing


def read_notebook(path: Path) -> dict[str, Any]:
    """A lesson notebook's JSON; a file that is not one fails the build naming it."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise LiteBuildError(f"notebook {path.name} is not UTF-8 text; fix or remove it") from None
    except json.JSONDecodeError as exc:
        raise LiteBuildError(
            f"notebook {path.name} is not valid JSON ({exc.msg} at line {exc.lineno} column "
            f"{exc.colno}); fix or remove it, then build again"
        ) from None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise LiteBuildError(f"notebook {path.name} has no list of cells; fix or remove it")
    return notebook


def lite_config(offline: bool) -> dict[str, Any]:
    """The staging ``jupyter-lite.json``: offline, never fall back to PyPI."""
    settings: dict[str, Any] = {}
    if offline:
        settings["disablePyPIFallback"] = True
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Monopoly widgets lessons",
            "litePluginSettings": {KERNEL_PLUGIN: settings},
            "settingsOverrides": SITE_SETTINGS,
        },
    }


def prepare_offline_runtime(
    lite_dir: Path, package_wheel: Path, cache: Path, log: Callable[[str], None]
) -> None:
    """Pyodide's runtime into ``static/pyodide`` and every wheel the kernel needs."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as kernel_pyodide

    if kernel_pyodide != wheels.PYODIDE_VERSION:
        raise LiteBuildError(
            f"jupyterlite-pyodide-kernel expects Pyodide {kernel_pyodide}, this build bundles "
            f"{wheels.PYODIDE_VERSION}; install the tested versions: pip install -e '.[lite]'"
        )
    runtime = wheels.fetch_pyodide_runtime(cache)
    target = lite_dir / "static" / "pyodide"
    target.mkdir(parents=True)
    for name in wheels.RUNTIME_FILES:
        shutil.copy2(runtime / name, target / name)
    lock = json.loads((target / "pyodide-lock.json").read_text())
    provided = [p.name.split("-")[0] for p in kernel_wheels().glob("*.whl")]
    kernel = [r.name for w in kernel_wheels().glob("*.whl") for r in wheels.wheel_requirements(w)]
    package = [r.name for r in wheels.wheel_requirements(package_wheel) if r.marker is None]
    # jedi (with parso) is what IPython's tab completion uses; the kernel does not require it.
    roots = ["micropip", *COMPLETION, *kernel, *package]
    found = wheels.resolve(
        roots, lock, provided=[*provided, "monopoly_widgets"], left_out=NOT_OFFLINE, cache=cache
    )
    wheels.install_into_runtime(target, found.from_lock)
    for path in found.extra.values():
        shutil.copy2(path, lite_dir / "pypi" / path.name)
    log(
        f"offline: Pyodide {wheels.PYODIDE_VERSION} with {len(found.from_lock)} wheels "
        f"from its lock file, {len(found.extra)} more in pypi/"
    )


def check_site(out: Path, offline: bool) -> None:
    """Fail loudly if the built site would not work (see the module docstring)."""
    config = json.loads((out / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"].get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    if offline:
        url = settings.get("pyodideUrl", "")
        if not url.startswith("./") or not (out / url).exists():
            raise LiteBuildError(f"the site's pyodideUrl is {url!r}, not the bundled Pyodide")
    shipped = config["jupyter-config-data"].get("settingsOverrides", {})
    for plugin, wanted in SITE_SETTINGS.items():
        if any(shipped.get(plugin, {}).get(key) != value for key, value in wanted.items()):
            raise LiteBuildError(f"the site's settings for {plugin} are not {wanted}")
    for name in NEEDED_EXTENSIONS:
        if not (out / "extensions" / name).is_dir():
            raise LiteBuildError(f"the front-end extension {name} is missing from the site")
    if not list((out / "pypi").glob("monopoly_widgets-*.whl")):
        raise LiteBuildError("the package's wheel is missing from the site's pypi/")


def check_tools(offline: bool, cache: Path) -> None:
    """Before any work: the offline build needs npm (and Node) unless Pyodide is cached."""
    if not offline or wheels.runtime_cached(cache):
        return
    missing = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    if missing:
        raise LiteBuildError(
            "the offline build needs Node and npm to download Pyodide, and "
            f"{' and '.join(missing)} is not installed: on Debian or Ubuntu run "
            "'apt-get install nodejs npm', elsewhere install Node.js (it brings npm) "
            "from nodejs.org"
        )


def build_into(
    site: Path, work: Path, offline: bool, cache: Path, log: Callable[[str], None]
) -> None:
    """The expensive part: the wheel, Pyodide (offline), the lessons and ``jupyter lite build``.

    ``site`` must not exist yet; ``work`` is a scratch folder for the build's inputs.
    """
    root = source_root()
    lite_dir, files = work / "lite", work / "files"
    package_wheel = build_wheel(root, lite_dir / "pypi")
    log(f"wheel: {package_wheel.name}")
    if offline:
        prepare_offline_runtime(lite_dir, package_wheel, cache, log)
    needing = copy_lessons(root / "notebooks", files, offline)
    if offline and needing:
        lacking = ", ".join(f"{name} ({' and '.join(gaps)})" for name, gaps in needing.items())
        log("offline: these lessons say what this site lacks: " + lacking)
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(offline), indent=2))
    command = [sys.executable, "-m", "jupyterlite_core", "build"]
    command += ["--lite-dir", str(lite_dir), "--output-dir", str(site)]
    # Source maps would double the site's size and only help debugging the app.
    command += ["--contents", str(files), "--no-sourcemaps"]
    done = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True)
    if done.returncode != 0:
        output = (done.stdout + done.stderr).strip()
        last = output.splitlines()[-1] if output else "no output"
        raise LiteBuildError(f"jupyter lite build failed: {last[:200]}", details=output[-3000:])
    check_site(site, offline)


def build_site(
    out: Path = DEFAULT_OUT,
    offline: bool = False,
    cache: Path | None = None,
    log: Callable[[str], None] = print,
) -> Path:
    """Build the site into ``out`` and return it; an earlier site there is replaced whole.

    ``out`` must be new, empty, or a site this build made (see
    :mod:`monopoly_widgets.lite.site_folder`): the new site is built beside it
    and swapped in only when complete, keeping any files a teacher added.
    """
    out = Path(out).resolve()
    cache = Path(cache) if cache else wheels.cache_dir()
    target = site_folder.inspect_target(out)
    check_tools(offline, cache)
    source_root()
    staging = site_folder.staging_folder(out)
    try:
        site = staging / "site"
        build_into(site, staging, offline, cache, log)
        site_folder.write_marker(site)
        site_folder.carry_added(target, site)
        site_folder.swap_in(site, target, log)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    log(f"site: {out} (serve it with: python -m http.server --directory {out})")
    return out

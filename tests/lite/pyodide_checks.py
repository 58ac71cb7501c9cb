# Runs INSIDE Pyodide (see run_in_pyodide.mjs and test_pyodide_node.py), not under pytest.
# Installs the package's wheel, imports every module it can, and runs part of the
# engines' conformance suite; its last expression is the exit status.
import importlib
import os
import pkgutil
import sys
import time

import micropip

wheels = sorted(f"emfs:/host/wheels/{name}" for name in os.listdir("/host/wheels"))
await micropip.install(wheels, deps=False)  # noqa: F704 (top-level await in Pyodide)

import monopoly_widgets  # noqa: E402

assert "site-packages" in monopoly_widgets.__file__, monopoly_widgets.__file__
print("platform", sys.platform, "python", sys.version.split()[0])

# Third-party packages this Node run does not install (the browser site does, except
# numpy and pandas offline; the [rl] extra's gymnasium and pettingzoo never): a module
# needing one of them is counted, not failed.
ABSENT = {"numpy", "pandas", "anywidget", "ipywidgets", "plotly", "traitlets", "IPython"}
ABSENT |= {"tqdm", "packaging", "jupyterlite_core", "psygnal", "comm", "gymnasium", "pettingzoo"}
# The class server's tornado ([class]: a browser tab serves no class) and the handouts'
# latex2mathml and kaleido ([lab]: printed from JupyterLab, not from a tab).
ABSENT |= {"tornado", "latex2mathml", "kaleido"}
imported, needing = [], {}
for module in pkgutil.walk_packages(monopoly_widgets.__path__, "monopoly_widgets."):
    try:
        importlib.import_module(module.name)
        imported.append(module.name)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in ABSENT:
            raise
        needing[module.name] = exc.name
print(f"imported {len(imported)} modules; {len(needing)} need absent packages:")
for name, missing in sorted(needing.items()):
    print(f"  {name} needs {missing}")
for wanted in ("monopoly_widgets.deal", "monopoly_widgets.bid", "monopoly_widgets.cardgame"):
    assert wanted in imported, f"{wanted} did not import in Pyodide"
assert "monopoly_widgets.agents" in imported and "monopoly_widgets.prob" in imported
assert "multiprocessing" not in sys.modules, "importing the package started multiprocessing"

# The premise of sim's executor fallback: here no process can start.
from concurrent.futures import ProcessPoolExecutor  # noqa: E402

try:
    ProcessPoolExecutor(max_workers=2).submit(abs, -1).result(timeout=5)
    processes = True
except Exception as exc:  # noqa: BLE001 (which error depends on the Pyodide release)
    processes = False
    print("no processes in Pyodide:", type(exc).__name__, str(exc)[:80])
assert not processes, "a process pool worked in Pyodide"

# The files people keep (core/files.py) on Emscripten's file system, which has no hard links.
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from monopoly_widgets.core import files  # noqa: E402
from monopoly_widgets.core.errors import InputError  # noqa: E402

folder = Path(tempfile.mkdtemp())
first = files.write_numbered(folder / "ana.json", "first")
second = files.write_numbered(folder / "ana.json", "second")
assert (first.name, second.name) == ("ana.json", "ana-2.json"), (first, second)
try:
    files.write_new(first, "third")
    raise AssertionError("write_new wrote over a file in Pyodide")
except InputError:
    pass
files.replace_whole(second, "replaced")
assert (first.read_text(), second.read_text()) == ("first", "replaced")
assert sorted(os.listdir(folder)) == ["ana-2.json", "ana.json"], os.listdir(folder)
print("files in Pyodide: written whole, never over another")

import pytest  # noqa: E402

os.environ["MW_CONFORMANCE_PLAYOUTS"] = os.environ.get("MW_PYODIDE_PLAYOUTS", "30")
started = time.perf_counter()
status = pytest.main(["/host/suite/tests/conformance", "-q", "-p", "no:cacheprovider", "-k", "3p"])
print(f"conformance in Pyodide: {time.perf_counter() - started:.1f} s")
int(status)

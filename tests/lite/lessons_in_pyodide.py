# Runs INSIDE Pyodide (see run_in_pyodide.mjs and test_lessons_in_pyodide.py), not under pytest.
# Installs the offline site's wheels, then runs every lesson of the site (the copies with
# their install cell) top to bottom in an IPython shell, as the browser kernel would, and
# counts a lesson as failed at its first cell that raises or whose output cannot be shown.
# Its last expression is the exit status: the number of lessons that did not reach the end.
import json
import os
import sys
import time

import micropip

wheels = sorted(f"emfs:/host/wheels/{name}" for name in os.listdir("/host/wheels"))
await micropip.install(wheels, deps=False)  # noqa: F704 (top-level await in Pyodide)

from IPython.core.interactiveshell import InteractiveShell  # noqa: E402

for absent in ("pandas", "numpy", "nbformat"):  # what the offline site does not carry
    try:
        __import__(absent)
    except ImportError:
        continue
    raise SystemExit(f"{absent} is importable here, so this run would prove nothing")

shell = InteractiveShell.instance(colors="nocolor")
problems: list[str] = []
shell.showtraceback = lambda *args, **kwargs: problems.append(
    "".join(__import__("traceback").format_exception(*sys.exc_info()))[-1500:]
)

os.chdir("/host/notebooks")
failed = 0
for name in sorted(os.listdir(".")):
    if not name.endswith(".ipynb"):
        continue
    lesson = json.load(open(name, encoding="utf-8"))
    shell.reset(new_session=True)
    started = time.perf_counter()
    cells = [cell for cell in lesson["cells"] if cell["cell_type"] == "code"]
    for index, cell in enumerate(cells):
        code = "".join(cell["source"])
        if "jupyterlite" in cell.get("metadata", {}).get("tags", []):
            # The site's install cell: its %pip lines are done above, the rest runs.
            code = "\n".join(line for line in code.splitlines() if not line.startswith("%pip"))
        problems.clear()
        result = shell.run_cell(code, store_history=False)
        if problems or not result.success:
            failed += 1
            print(f"FAILED {name}: code cell {index} of {len(cells)}")
            print((problems or [repr(result.error_in_exec)])[0])
            break
    else:
        took = time.perf_counter() - started
        print(f"ran to its end: {name} ({len(cells)} code cells, {took:.1f} s)")
    sys.stdout.flush()
failed  # noqa: B018 (the exit status, read by run_in_pyodide.mjs)

"""Which notebook front end runs this kernel, where the explorer must behave differently.

Only marimo needs it today. marimo runs every session of ``marimo run`` in one
process, and it closes every widget model made by a cell when that cell runs
again (``marimo edit``); a model shared by all explorers of the process would
belong to the first session and the first cell only. See ``widgets/plotly_library.py``.

marimo is looked up in ``sys.modules``, never imported: a kernel that has not
imported marimo is not running a marimo notebook, and JupyterLab pays nothing.
"""

from __future__ import annotations

import sys


def in_marimo() -> bool:
    """True when this code runs inside a marimo notebook or app (also in WebAssembly)."""
    marimo = sys.modules.get("marimo")
    if marimo is None:
        return False
    running = getattr(marimo, "running_in_notebook", None)
    try:
        return bool(running()) if callable(running) else False
    except Exception:  # an old or partial marimo: behave as in Jupyter
        return False

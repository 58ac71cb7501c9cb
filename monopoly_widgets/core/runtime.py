"""What this Python can do: start worker processes, start threads.

In a browser tab (JupyterLite's Pyodide) or under WASI there are no processes,
and Pyodide has no threads either; tournaments, the coach and the explorer's
coach panel then run their work in the calling thread, with the same results.
"""

from __future__ import annotations

import sys


def processes_available() -> bool:
    """Can this Python start worker processes? Not in a browser tab (Pyodide) or WASI."""
    return sys.platform not in ("emscripten", "wasi")


def threads_available() -> bool:
    """Can this Python start threads? Not in Pyodide."""
    return sys.platform != "emscripten"

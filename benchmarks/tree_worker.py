"""A benchmark's child process that measures one checkout's code, for side-by-side runs.

A benchmark comparing this tree with another checkout (``--against OLD_CHECKOUT``) starts
one worker per tree: the same script, run again with ``_serve`` and the other tree first on
``PYTHONPATH``, so each process imports only its own tree's package. The parent sends one
JSON request a line and reads one JSON answer a line; it takes the trees in turn within
each round, so a busy machine slows them alike. The worker first prints one line when it
has warmed up.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from typing import Any


class TreeWorker:
    """A ``SCRIPT _serve ...`` process measuring one tree (``None``: the tree imported here)."""

    def __init__(self, script: str, tree: str | None, serve_args: Sequence[str] = ()) -> None:
        env = dict(os.environ)
        if tree is not None:
            env["PYTHONPATH"] = tree
        self.tree = tree
        self.process = subprocess.Popen(
            [sys.executable, script, "_serve", *serve_args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self._read()  # warmed up

    def measure(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send one request; wait for its answer."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self._read()

    def close(self) -> None:
        """End the worker (it stops at the end of its input)."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()

    def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the worker for {self.tree or 'this tree'} stopped")
        return json.loads(line)

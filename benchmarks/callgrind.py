"""Counting instructions with callgrind, for the benchmarks that compare trees by them.

Instruction counts do not change with the load on this shared machine, so two trees
can be compared by them even while other work runs (``engine.py``, ``agents.py``,
``deal_policy.py`` and ``rl_env.py`` use this).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from typing import Any


def totals(path: str) -> int:
    """The instruction count in one callgrind dump (its ``totals:`` line)."""
    with open(path, encoding="utf-8") as dump:
        for line in dump:
            if line.startswith("totals:"):
                return int(line.split()[1])
    raise SystemExit(f"no totals in {path}")


def count_marked_calls(arguments: Sequence[str], tree: str | None) -> tuple[Any, list[int]]:
    """Run ``python *arguments`` under callgrind, counting only inside each call made through
    ``operator.call`` (the child marks what it measures that way), one dump per call.

    Returns the JSON the child printed last and each marked call's instructions, in order.
    ``tree``, if given, is the checkout whose code the child runs (its ``PYTHONPATH``).
    """
    if shutil.which("valgrind") is None:
        raise SystemExit("counting instructions needs valgrind (apt-get install valgrind)")
    env = dict(os.environ, PYTHONHASHSEED="0")  # set and dict order: the same every run
    if tree is not None:
        env["PYTHONPATH"] = tree
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            "--collect-atstart=no",
            "--toggle-collect=_operator_call",
            "--dump-after=_operator_call",
            sys.executable,
            *arguments,
        ]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        printed = json.loads(done.stdout.strip().splitlines()[-1])
        counts = []
        while os.path.exists(f"{out}.{len(counts) + 1}"):
            counts.append(totals(f"{out}.{len(counts) + 1}"))
    return printed, counts

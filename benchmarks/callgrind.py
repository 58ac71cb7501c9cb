"""Reading callgrind's output, for the benchmarks that count instructions.

Instruction counts do not change with the load on this shared machine, so two trees
can be compared by them even while other work runs (``engine.py``, ``agents.py`` and
``deal_policy.py`` use this).
"""

from __future__ import annotations


def totals(path: str) -> int:
    """The instruction count in one callgrind dump (its ``totals:`` line)."""
    with open(path, encoding="utf-8") as dump:
        for line in dump:
            if line.startswith("totals:"):
                return int(line.split()[1])
    raise SystemExit(f"no totals in {path}")

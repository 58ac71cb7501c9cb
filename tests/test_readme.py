"""The README's tour must really run: its Python blocks are executed in order."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_blocks_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert len(blocks) >= 4, "the README should show the API"
    namespace: dict[str, object] = {}
    for number, block in enumerate(blocks):
        code = compile(block, f"README.md python block {number + 1}", "exec")
        exec(code, namespace)  # noqa: S102 - our own README, in a test

"""The table's JavaScript under node: its pure helpers' tests, and the joined module.

``node --test tests/js/`` runs the ``*.test.mjs`` files beside this one. They load
the helpers (``names.js``, ``layout.js``, ``node_cache.js``, ``choices.js``,
``figures.js``) as the widget joins them (``load.mjs``) and check the rules they
compute: how a card's name is fitted, which layout a width gets, what the node cache
keeps, how many moves make a menu of groups, how the charts' axes grow. The module
anywidget receives (``GameTable._esm``) must also parse as one ES module, so a name
defined twice across the parts, or a syntax slip in one, fails here before a browser.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from monopoly_widgets.widgets.table import GameTable

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def test_the_helpers_pass_their_node_tests() -> None:
    done = subprocess.run(
        ["node", "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout and "# pass 0" not in done.stdout, done.stdout[-2000:]


def test_the_joined_module_parses(tmp_path: Path) -> None:
    module = tmp_path / "table.mjs"
    module.write_text(str(GameTable._esm), encoding="utf-8")
    done = subprocess.run(
        ["node", "--check", str(module)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]

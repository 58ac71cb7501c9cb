"""docs/rules/bid.md stays true: its example loads and every option is listed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import monopoly_widgets as mw
from monopoly_widgets.bid.options import OPTIONS

from .test_positions import DOC_EXAMPLE

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "bid.md"


def test_the_position_example_in_the_docs_loads() -> None:
    """Rule: docs/rules/bid.md "Positions": the printed example is a valid position."""
    text = DOC.read_text()
    block = re.search(r"```json\n(.*?)```", text, re.S)
    assert block is not None
    example = json.loads(block.group(1))
    assert example == DOC_EXAMPLE
    assert mw.from_position("bid", example).current_player == 2


def test_every_option_is_documented() -> None:
    """Rule: project standard: every RuleOption is listed in docs/rules/bid.md."""
    text = DOC.read_text()
    for name in OPTIONS:
        assert f"`{name}`" in text, name

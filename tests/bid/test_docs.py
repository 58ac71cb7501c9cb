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


def test_sourcing_marks_what_the_rulebook_does_not_say() -> None:
    """Rule: Bid rulebook "Contents" lists "50 Money Cards" and "32 Action Cards" without
    values, and gives no number of players: both are ASSUMPTIONS, listed in the docs' one
    list of assumptions together with the mulligan and trading choices."""
    assert "ASSUMPTION" in OPTIONS["count_money_1"].source
    assert "no values" in OPTIONS["count_money_1"].source
    assert OPTIONS["max_mulligans"].default == 1
    text = DOC.read_text()
    assumptions = text.split("## All assumptions in one place")[1].split("\n## ")[0]
    for needle in ("2 to 5 players", "max_mulligans", "$1M to $5M", "trade_offers"):
        assert needle in assumptions, needle
    assert text.count("## All assumptions in one place") == 1

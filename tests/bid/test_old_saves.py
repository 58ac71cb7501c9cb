"""Saves written before option bid_cards load with the rules they were played under.

``core/options.fill_saved_options`` fills an option a save does not record with its
``older_saves`` value (docs/rules/bid.md "Old saves").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monopoly_widgets import load_game
from monopoly_widgets.testing import check_transcript

OLDER = sorted((Path(__file__).parents[1] / "golden" / "saved-before-bid-cards").glob("*.json"))


def test_both_older_transcripts_are_kept() -> None:
    assert [p.name for p in OLDER] == ["bid-3p-seed21.json", "bid-5p-seed22.json"]


@pytest.mark.parametrize("path", OLDER, ids=lambda p: p.name)
def test_a_save_older_than_bid_cards_replays_exactly(path: Path) -> None:
    """Option bid_cards: a save that does not record it was played when a bid was always
    the fewest cards, and loads and replays under "fewest", step by step."""
    transcript = json.loads(path.read_text())
    assert "bid_cards" not in transcript["saved_game"]["options"]
    check_transcript(transcript)
    assert load_game(transcript["saved_game"]).options["bid_cards"] == "fewest"

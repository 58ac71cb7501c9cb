"""The golden transcripts replay exactly: every step's events and the final position.

A failure names the first step that changed. If the change was meant, write the
transcripts again (see ``monopoly_widgets/testing/transcripts.py``) and read the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monopoly_widgets import load_game
from monopoly_widgets.testing import check_transcript, record_transcript
from monopoly_widgets.testing.transcripts import SHIPPED, transcript_file_name

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    "name, players, seed", [(n, p, s) for n, p, s, _ in SHIPPED], ids=lambda v: str(v)
)
def test_golden_transcript_replays(name: str, players: int, seed: int) -> None:
    transcript = json.loads((GOLDEN / transcript_file_name(name, players, seed)).read_text())
    check_transcript(transcript)


#: Transcripts saved before an option existed, kept as they were written: a saved game
#: without the option replays under the rules it was played with (``fill_saved_options``).
OLDER = sorted((GOLDEN / "saved-before-ask-every-target").glob("*.json"))


@pytest.mark.parametrize("path", OLDER, ids=lambda p: p.name)
def test_a_save_older_than_ask_every_target_replays_exactly(path: Path) -> None:
    """Option: ask_every_target (deal): a save that does not record it was played when only
    a holder of Just Say No was asked, and loads and replays under False, step by step."""
    transcript = json.loads(path.read_text())
    assert "ask_every_target" not in transcript["saved_game"]["options"]
    check_transcript(transcript)
    assert load_game(transcript["saved_game"]).options["ask_every_target"] is False


def test_older_transcripts_are_kept() -> None:
    assert [p.name for p in OLDER] == ["deal-2p-seed11.json", "deal-4p-seed12.json"]


def test_a_changed_event_is_caught_at_its_step() -> None:
    transcript = record_transcript("deal", 2, 5, heuristic_seats=(0,))
    transcript["steps"][3]["events"][0] = "something else happened"
    with pytest.raises(AssertionError, match="step 3"):
        check_transcript(transcript)

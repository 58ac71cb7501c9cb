"""The golden transcripts replay exactly: every step's events and the final position.

A failure names the first step that changed. If the change was meant, write the
transcripts again (see ``monopoly_widgets/testing/transcripts.py``) and read the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monopoly_widgets.testing import check_transcript, record_transcript
from monopoly_widgets.testing.transcripts import SHIPPED, transcript_file_name

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    "name, players, seed", [(n, p, s) for n, p, s, _ in SHIPPED], ids=lambda v: str(v)
)
def test_golden_transcript_replays(name: str, players: int, seed: int) -> None:
    transcript = json.loads((GOLDEN / transcript_file_name(name, players, seed)).read_text())
    check_transcript(transcript)


def test_a_changed_event_is_caught_at_its_step() -> None:
    transcript = record_transcript("deal", 2, 5, heuristic_seats=(0,))
    transcript["steps"][3]["events"][0] = "something else happened"
    with pytest.raises(AssertionError, match="step 3"):
        check_transcript(transcript)

"""What the lessons print fits a projector's line and never cuts a word (``lessons/say.py``,
``core.wording.wrapped``).

JupyterLab breaks a long output line wherever the window ends, inside words: at 1280x720
a hint of 160 characters read "How many 3-card ha" / "nds have none of them?".
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import monopoly_widgets as mw
from monopoly_widgets.core.wording import WIDTH, wrapped
from monopoly_widgets.lessons import check, compare_prediction, show_me
from monopoly_widgets.lessons.narrate import choices, step

LESSON_04 = {
    "players": 2,
    "turn_player": 1,
    "turn": 6,
    "hands": [["Sly Deal", "$2M", "Pass Go"], ["$1M", "Boardwalk", "House"]],
    "banks": [["$3M"], ["$5M"]],
    "properties": [
        [{"colour": "Red", "cards": ["Kentucky Avenue", "Indiana Avenue"]}],
        [{"colour": "Green", "cards": ["Pacific Avenue"]}],
    ],
    "discard_pile": ["Deal Breaker", "Just Say No"],
}

words = st.text(alphabet="abcdefghij'()$.,:", min_size=1, max_size=30)


@given(st.lists(st.lists(words, max_size=40), min_size=1, max_size=4), st.integers(0, 8))
def test_lines_fit_and_every_word_stays_whole(paragraphs: list[list[str]], indent: int) -> None:
    text = "\n".join(" " * indent + " ".join(paragraph) for paragraph in paragraphs)
    lines = wrapped(text).split("\n")
    for line in lines:
        assert len(line) <= WIDTH or " " not in line.strip(), "only a lone long word is longer"
    assert " ".join(lines).split() == text.split(), "the same words, in order, none cut"


def test_short_lines_and_line_breaks_are_kept_as_they_are() -> None:
    text = "first line\n    an indented one\n\nafter a blank line"
    assert wrapped(text) == text


def test_a_continuation_is_indented_under_its_line() -> None:
    line = "    rule: " + "word " * 30
    first, *rest = wrapped(line).split("\n")
    assert first.startswith("    rule: ") and rest
    assert all(later.startswith("        ") and not later.startswith("         ") for later in rest)
    move = "> player 0: " + "word " * 30
    assert all(later.startswith("  w") for later in wrapped(move).split("\n")[1:])


def test_a_students_feedback_fits_the_line(capsys: pytest.CaptureFixture[str]) -> None:
    me = mw.from_position("deal", LESSON_04, seed=4).observation(0)
    for answer in (0.5, 0.2, "none", 0.3):  # each try's hint, the longest 163 characters
        check("04-E1", answer, view=me, student="Test Say")
    show_me("04-E1", view=me, student="Test Say")
    compare_prediction("never guessed", 1.97, student="Test Say", source="the simulation")
    printed = capsys.readouterr().out
    assert "How many 3-card hands have none of them?" in " ".join(printed.split())
    assert max(len(line) for line in printed.splitlines()) <= WIDTH


def test_long_choices_go_under_their_id_and_a_narrated_move_fits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = mw.from_position(
        "deal",
        {
            "players": 2,
            "hands": [["Forced Deal", "$1M"], []],
            "properties": [
                [{"colour": "Red", "cards": ["Kentucky Avenue"]}],
                [{"colour": "Green", "cards": ["Pacific Avenue"]}],
            ],
        },
    )
    choices(game)
    step(game, "forced:1:Green:Pacific Avenue:Red:Kentucky Avenue")
    printed = capsys.readouterr().out
    assert re.search(r"\n    bank:\$1M {30,}Bank \$1M", printed), "short ones stay side by side"
    forced = "forced:1:Green:Pacific Avenue:Red:Kentucky Avenue"
    assert f"\n    {forced}\n        Play Forced Deal: swap" in printed
    assert max(len(line) for line in printed.splitlines()) <= WIDTH

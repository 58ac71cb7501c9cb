"""The answer key: worked out from what the notebooks compute, written for a teacher."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from monopoly_widgets.lessons import Exercise, LessonError, Mistake, Number, write_answer_key
from monopoly_widgets.lessons.__main__ import main
from monopoly_widgets.lessons.answer_key import MARKER, answer_key, collect_inputs
from monopoly_widgets.lessons.solutions import EXERCISES


def notebook(folder: Path, name: str, *cells: str) -> Path:
    path = folder / name
    content = {
        "cells": [{"cell_type": "code", "source": cell, "metadata": {}} for cell in cells],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(content), encoding="utf-8")
    return path


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    notebook(
        folder,
        "05_demo.ipynb",
        "from monopoly_widgets.lessons import check\nplayers = 3",
        "e2_answer = ...\ncheck('05-E2', e2_answer, players=players)",
    )
    return folder


def test_the_inputs_are_what_the_notebook_passed(lessons: Path) -> None:
    assert collect_inputs(lessons / "05_demo.ipynb") == {"05-E2": {"players": 3}}


def test_an_entry_shows_fraction_decimal_percentage_hints_and_mistakes() -> None:
    exercise = Exercise(
        "K-1",
        "a chance",
        Number(4, percent=True, probability=True),
        lambda deck: Fraction(5093672, 8445073),
        hints=("a nudge", "the formula"),
        mistakes=(Mistake("P(none)", lambda deck: 1 - 5093672 / 8445073, "that is none"),),
        working=lambda deck: f"1 - C({deck - 10}, 5) / C({deck}, 5)",
    )
    text = answer_key({"K-1": {"deck": 106}}, [exercise])
    assert text.startswith(MARKER)
    assert "**Answer:** 5093672/8445073 = 0.603153…, which is 0.6032 to 4 places (60.32%)" in text
    assert "1 - C(96, 5) / C(106, 5)" in text and "Fraction(" not in text
    assert "1. a nudge\n2. the formula" in text
    assert "- P(none) (0.396847…, which is 0.3968 to 4 places (39.68%)): that is none" in text


def test_the_key_is_written_and_only_its_own_file_replaced(lessons: Path, tmp_path: Path) -> None:
    out = tmp_path / "key.md"
    write_answer_key(out, lessons)
    text = out.read_text(encoding="utf-8")
    assert "## 05-E2: the fair share of wins" in text
    assert "**Answer:** 1/3 = 0.333333…, which is 0.333 to 3 places (33.3%)" in text
    assert "Not worked out" in text  # exercises no notebook here checks
    assert len([key for key in EXERCISES if f"## {key}:" in text]) == len(EXERCISES)
    write_answer_key(out, lessons)  # its own file: replaced
    mine = tmp_path / "mine.md"
    mine.write_text("my own notes")
    with pytest.raises(LessonError, match="not an answer key made here"):
        write_answer_key(mine, lessons)
    assert mine.read_text() == "my own notes"
    assert main(["answer-key", "--out", str(mine), "--notebooks", str(lessons)]) == 2
    assert sorted(path.name for path in tmp_path.iterdir()) == ["key.md", "mine.md", "notebooks"]

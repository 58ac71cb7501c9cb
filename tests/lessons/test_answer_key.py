"""The answer key: worked out from what the notebooks compute, written for a teacher."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from monopoly_widgets.cli import main
from monopoly_widgets.lessons import Exercise, LessonError, Mistake, Number, write_answer_key
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


#: A lesson exercise of this test's own, so the test does not follow the lessons' edits.
FAIR = Exercise(
    "K-2",
    "the fair share of wins",
    Number(3, percent=True, probability=True),
    lambda players: Fraction(1, players),
    working=lambda players: f"each of the {players} seats wins 1/{players} of the games",
)


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    notebook(
        folder,
        "05_demo.ipynb",
        "from monopoly_widgets.lessons import check\n"
        "from tests.lessons.test_answer_key import FAIR\nplayers = 3",
        "e2_answer = ...\ncheck(FAIR, e2_answer, players=players)",
    )
    return folder


def test_the_inputs_are_what_the_notebook_passed(lessons: Path) -> None:
    assert collect_inputs(lessons / "05_demo.ipynb") == {"K-2": {"players": 3}}
    notebook(
        lessons,
        "06_widget.ipynb",
        "from monopoly_widgets.lessons import Question\n"
        "from tests.lessons.test_answer_key import FAIR\n"
        "q = Question(FAIR, players=4)\nq.tries",
    )
    assert collect_inputs(lessons / "06_widget.ipynb") == {"K-2": {"players": 4}}


def test_a_failing_notebook_is_named_with_its_cell(lessons: Path) -> None:
    notebook(lessons, "07_broken.ipynb", "x = 1", "1 / 0")
    with pytest.raises(LessonError, match="07_broken.ipynb, code cell 1: ZeroDivisionError"):
        collect_inputs(lessons / "07_broken.ipynb")


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
    write_answer_key(out, lessons, [FAIR, EXERCISES["07-E3"]])
    text = out.read_text(encoding="utf-8")
    assert text.startswith(MARKER + "\n")
    assert "## K-2: the fair share of wins" in text
    assert "**Answer:** 1/3 = 0.333333…, which is 0.333 to 3 places (33.3%)" in text
    assert "each of the 3 seats wins 1/3 of the games" in text
    assert "## 07-E3" in text and "Not worked out" in text  # no notebook here checks it
    write_answer_key(out, lessons)  # its own file: replaced (every lesson exercise listed)
    assert all(f"## {key}:" in out.read_text(encoding="utf-8") for key in EXERCISES)
    mine = tmp_path / "mine.md"
    mine.write_text("my own notes")
    with pytest.raises(LessonError, match="not an answer key made here"):
        write_answer_key(mine, lessons)
    assert mine.read_text() == "my own notes"
    assert main(["lessons", "answer-key", "--out", str(mine), "--notebooks", str(lessons)]) == 2
    assert sorted(path.name for path in tmp_path.iterdir()) == ["key.md", "mine.md", "notebooks"]


def test_a_named_students_own_version_wins_over_the_shared_inputs() -> None:
    """Issue 43 §6: with the shared version's inputs (what the key records) and a name,
    model_answer gave the shared version; it must give that student's."""
    from monopoly_widgets.lessons import model_answer, variant

    for key in ("04-E2", "05-E2"):
        shared = variant(key)
        names = [name for name in ("Ana", "Bo", "Cy", "Dee", "Eli") if variant(key, name) != shared]
        assert names, key
        name = names[0]
        own = model_answer(key, student=name)
        assert model_answer(key, student=name, **shared) == own
        assert model_answer(key, **shared) != own


def test_the_key_lists_each_named_students_version(lessons: Path, tmp_path: Path) -> None:
    from monopoly_widgets.lessons import model_answer, variant

    names = tmp_path / "class.txt"
    names.write_text("Ana\n\n  Bo  \nAna\n<b>Cy|x</b>\n", encoding="utf-8")
    out = tmp_path / "key.md"
    assert (
        main(
            [
                "lessons",
                "answer-key",
                "--out",
                str(out),
                "--notebooks",
                str(lessons),
                "--students",
                str(names),
            ]
        )
        == 0
    )
    text = out.read_text(encoding="utf-8")
    for key in ("04-E2", "05-E2"):
        part = text.split(f"## {key}:")[1].split("\n## ")[0]
        assert f'model_answer("{key}", student="Ana")' in part
        rows = [line for line in part.splitlines() if line.startswith("| ") and "---" not in line]
        assert [row.split(" | ")[0] for row in rows] == [
            "| student",
            "| Ana",
            "| Bo",
            "| &lt;b&gt;Cy&#124;x&lt;/b&gt;",
        ]
        exercise = EXERCISES[key]
        for row, name in zip(rows[1:], ["Ana", "Bo"], strict=False):
            shown = ", ".join(f"{k} = {v}" for k, v in variant(key, name).items())
            answer = exercise.expects.show(model_answer(key, student=name))
            assert row == f"| {name} | {shown} | {answer} |"
    assert "## K-2" not in text or "Each student's version" not in text.split("## K-2")[1][:400]
    with pytest.raises(LessonError, match="student 2: student must be"):
        write_answer_key(out, lessons, students=["Ana", "x" * 200])

"""The attempt record: written atomically beside the notebook, never over another's, pooled.

Issue 27 §3: which exercises, correct or not, how many tries, and the predictions,
in a small JSON file the student hands in; read back with ``json`` only, checked.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from monopoly_widgets.lessons import (
    Exercise,
    LessonError,
    Truth,
    Whole,
    check,
    compare_prediction,
    pool_predictions,
    pool_records,
    predict,
    read_record,
    set_student,
    show_me,
)
from monopoly_widgets.lessons.record import forget_session, record_for

SCORE = Exercise("R-1", "a score", Whole("dollars"), lambda: 1050, hint="add the houses")
TRUTH = Exercise("R-2", "a truth", Truth(), lambda: True)


@pytest.fixture
def in_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def record_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("monopoly-widgets-record-*.json"))


def test_a_students_tries_are_written_beside_the_notebook(in_folder: Path) -> None:
    set_student("Ana López")
    check(SCORE, 1000)
    check(SCORE, "$1,050")
    check(SCORE, 1050)
    check(TRUTH, False)
    show_me(TRUTH)
    (path,) = record_files(in_folder)
    assert path.name.startswith("monopoly-widgets-record-ana-lopez-")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["student"] == "Ana López" and data["format"] == "monopoly-widgets-record"
    assert data["exercises"]["R-1"] == {
        "tries": 3, "correct": True, "correct_on_try": 2, "shown": False, "last": "correct"
    }  # fmt: skip
    assert data["exercises"]["R-2"]["correct"] is False and data["exercises"]["R-2"]["shown"]
    assert [p.name for p in in_folder.iterdir()] == [path.name]  # nothing left aside


def test_tries_continue_after_a_kernel_restart(in_folder: Path) -> None:
    check(SCORE, 1, student="Ana")
    forget_session()  # a new kernel
    check(SCORE, 2, student="Ana")
    assert read_record(record_files(in_folder)[0]).exercises["R-1"].tries == 2


def test_students_never_share_a_file(in_folder: Path) -> None:
    for name in ("Ana", "Ana!", "ana b", "Ben"):
        check(SCORE, 1050, student=name)
    assert len(record_files(in_folder)) == 4
    assert {read_record(path).student for path in record_files(in_folder)} == {
        "Ana", "Ana!", "ana b", "Ben"
    }  # fmt: skip


def test_a_file_naming_another_student_is_never_overwritten(in_folder: Path) -> None:
    check(SCORE, 1050, student="Ana")
    (path,) = record_files(in_folder)
    data = json.loads(path.read_text())
    data["student"] = "Someone else"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    forget_session()
    with pytest.warns(UserWarning, match="not 'Ana'"):
        check(SCORE, 1000, student="Ana")
    assert path.read_bytes() == before


def test_a_malformed_record_is_named_and_left_alone(in_folder: Path) -> None:
    check(SCORE, 1050, student="Ana")
    (path,) = record_files(in_folder)
    path.write_text('{"format": "monopoly-widgets-record", "version": 1, "student": "Ana"')
    with pytest.raises(LessonError, match=f"{path.name}: not a record"):
        read_record(path)
    forget_session()
    with pytest.warns(UserWarning, match=path.name):
        check(SCORE, 1050, student="Ana")
    assert path.read_text().endswith('"Ana"')


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ({"format": "other"}, '"format"'),
        ({"student": ""}, '"student"'),
        ({"exercises": []}, '"exercises"'),
        ({"exercises": {"R-1": {"tries": -1}}}, "tries"),
        ({"exercises": {"R-1": {"tries": 1, "correct": True, "correct_on_try": 5,
                                "shown": False, "last": ""}}}, "correct_on_try"),
        ({"predictions": {"p": {"text": 3, "value": None, "percent": False, "actual": None}}},
         "text"),
    ],
)  # fmt: skip
def test_every_field_of_a_record_is_checked(
    in_folder: Path, change: dict[str, object], complaint: str
) -> None:
    check(SCORE, 1050, student="Ana")
    (path,) = record_files(in_folder)
    data = {**json.loads(path.read_text()), **change}
    path.write_text(json.dumps(data))
    with pytest.raises(LessonError, match=complaint) as caught:
        read_record(path)
    assert path.name in str(caught.value)


def test_a_failed_write_keeps_the_old_record_and_warns(
    in_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    check(SCORE, 1050, student="Ana")
    (path,) = record_files(in_folder)
    before = path.read_bytes()

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.warns(UserWarning, match="No space left"):
        check(SCORE, 1000, student="Ana")
    assert path.read_bytes() == before and record_files(in_folder) == [path]
    assert [p.name for p in in_folder.iterdir()] == [path.name]
    assert record_for("Ana").tries("R-1") == 2  # still counted in this session


def test_no_name_means_no_file(in_folder: Path) -> None:
    check(SCORE, 1050)
    assert record_files(in_folder) == [] and record_for(None).tries("R-1") == 1


def test_the_teacher_pools_the_class(in_folder: Path) -> None:
    check(SCORE, 1000, student="Ana")
    check(SCORE, 1050, student="Ana")
    check(SCORE, 1050, student="Ben")
    predict("jsn", "40%", student="Ben")
    compare_prediction("jsn", 0.613, student="Ben")
    table = pool_records(in_folder)
    assert table[["student", "exercise", "tries", "correct_on_try"]].values.tolist() == [
        ["Ana", "R-1", 2, 2], ["Ben", "R-1", 1, 1]
    ]  # fmt: skip
    guesses = pool_predictions(in_folder)
    assert guesses[["student", "said", "value", "actual"]].values.tolist() == [
        ["Ben", "40%", 0.4, 0.613]
    ]


def test_pooling_names_every_bad_file_and_can_pool_around_them(in_folder: Path) -> None:
    check(SCORE, 1050, student="Ana")
    bad = in_folder / "monopoly-widgets-record-zed-00000000.json"
    bad.write_text("[1, 2")
    worse = in_folder / "monopoly-widgets-record-zoe-00000000.json"
    worse.write_text('{"format": "monopoly-widgets-record", "version": 2}')
    with pytest.raises(LessonError, match="2 record") as caught:
        pool_records(in_folder)
    assert bad.name in str(caught.value) and worse.name in str(caught.value)
    with pytest.warns(UserWarning, match="left out"):
        assert pool_records(in_folder, skip_bad=True)["student"].tolist() == ["Ana"]


def test_a_record_handed_in_twice_counts_once(
    in_folder: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    check(SCORE, 1000, student="Ana")
    (path,) = record_files(in_folder)
    copy = tmp_path_factory.mktemp("downloads") / "monopoly-widgets-record-ana (1).json"
    copy.write_bytes(path.read_bytes())
    check(SCORE, 1050, student="Ana")
    with pytest.warns(UserWarning, match="keeping"):
        table = pool_records([copy, path])
    assert table["tries"].tolist() == [2]


def test_a_huge_file_is_not_read(in_folder: Path) -> None:
    big = in_folder / "monopoly-widgets-record-big-00000000.json"
    big.write_text(" " * 1_100_000)
    with pytest.raises(LessonError, match="too large"):
        read_record(big)

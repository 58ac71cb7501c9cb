"""Pooling the class's results (issue 27 §2): codes, files, mixing, duplicates, refusal."""

from __future__ import annotations

import datetime
import json
import random

import pytest

from monopoly_widgets import __version__
from monopoly_widgets.classroom import ExperimentResult, pool, pool_widget, read_result, result_code
from monopoly_widgets.classroom.result import MAX_CODE_CHARS
from monopoly_widgets.core.errors import InputError

SETTINGS = {"players": 2, "cards": 7}


def result(student: str, successes: int, trials: int = 100, seed: int | None = None, **kw):
    fields = {"lesson": "04", "experiment": "two_sets", "settings": SETTINGS, **kw}
    return ExperimentResult(
        fields["lesson"], fields["experiment"], fields["settings"], successes, trials, student, seed
    )


def test_a_code_carries_the_whole_result_and_reads_back() -> None:
    made = result("Ana", 37, seed=11)
    code = made.code
    assert code.startswith("MW1.") and len(code) < 200
    back = read_result(code)
    assert back == made
    assert back.version == __version__ and back.settings == SETTINGS and back.lesson == "04"
    assert result_code("04", "two_sets", SETTINGS, 37, 100, "Ana", 11) == code


def test_a_file_reads_back_and_is_never_overwritten(tmp_path) -> None:
    made = result("Ana", 37)
    first = made.save(tmp_path / "ana.json")
    second = made.save(tmp_path / "ana.json")
    assert first.name == "ana.json" and second.name == "ana-2.json"
    assert read_result(first) == made
    assert read_result(first.read_bytes()) == made
    assert json.loads(first.read_text())["format"] == "MW1"


def test_every_mistyped_character_is_caught() -> None:
    code = result("Ana", 37, seed=3).code
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    rng = random.Random(0)
    for index in range(4, len(code)):
        if code[index] == ".":
            continue
        wrong = rng.choice([c for c in alphabet if c != code[index]])
        with pytest.raises(InputError):
            read_result(code[:index] + wrong + code[index + 1 :])
    with pytest.raises(InputError, match="fails its check|not a result code"):
        read_result(code[:-5])  # cut short


@pytest.mark.parametrize(
    "text, words",
    [
        ("hello", "not a result code"),
        ("MW2.abc.0000000a", "format MW2"),
        ("MW1." + "A" * MAX_CODE_CHARS + ".00000000", "characters long"),
        ('{"format": "MW1", "lesson": "04"}', "lacks the fields"),
        ('{"format": "MW1", "__import__": 1}', "unknown fields"),
        ("{not json", "not valid JSON"),
    ],
)
def test_bad_codes_and_files_get_a_clear_error(text: str, words: str) -> None:
    with pytest.raises(InputError, match=words):
        read_result(text)


def test_a_result_with_impossible_counts_is_refused() -> None:
    with pytest.raises(InputError, match="successes must be from 0 to trials"):
        result("Ana", 120, trials=100)
    with pytest.raises(InputError, match="trials must be from 1"):
        result("Ana", 0, trials=0)
    with pytest.raises(InputError, match="setting 'cards'"):
        ExperimentResult("04", "x", {"cards": [1, 2]}, 1, 2)


def test_pooling_adds_the_counts_and_narrows() -> None:
    codes = [
        result(name, k, seed=s).code
        for s, (name, k) in enumerate([("A", 30), ("B", 40), ("C", 35)])
    ]
    pooled = pool(codes)
    assert (pooled.pooled.successes, pooled.pooled.n) == (105, 300)
    assert [row.label for row in pooled.rows] == ["A", "B", "C"]
    widths = [e.high - e.low for e in pooled.running]
    assert widths[0] > widths[1] > widths[2]
    assert pooled.table[-1]["student"] == "pooled"


def test_mixed_sources_pool_together(tmp_path) -> None:
    path = result("A", 30, seed=1).save(tmp_path / "a.json")
    pooled = pool([path, result("B", 40, seed=2).code, result("C", 35, seed=3)])
    assert pooled.pooled.n == 300
    text = "\n".join([result("D", 10, seed=4).code, "  ", result("E", 20, seed=5).code])
    assert pool(text).pooled.successes == 30


def test_duplicates_count_once_and_are_named() -> None:
    ana = result("Ana", 30, seed=1)
    copycat = result("Bo", 30, seed=1)  # the same seed and counts: the same games
    pooled = pool([ana.code, result("Cy", 40, seed=2).code, ana.code, copycat.code])
    assert pooled.pooled.n == 200
    assert pooled.duplicates == ("Ana (given twice)", "Bo (the same games as Ana)")
    assert "Counted once" in pooled.summary


@pytest.mark.parametrize(
    "odd, words",
    [
        ({"experiment": "one_set"}, "experiment 'one_set', not 'two_sets'"),
        ({"lesson": "05"}, "lesson '05', not '04'"),
        ({"settings": {"players": 3, "cards": 7}}, 'settings {"players": 3}, not {"players": 2}'),
    ],
)
def test_pooling_refuses_the_odd_one_out_by_name(odd: dict, words: str) -> None:
    results = [result("A", 30, seed=1), result("Odd", 31, seed=9, **odd), result("B", 40, seed=2)]
    with pytest.raises(InputError, match="result 2 \\(Odd\\) does not belong") as caught:
        pool(results)
    assert words in str(caught.value)


def test_a_bad_code_in_the_pile_is_named_by_position() -> None:
    with pytest.raises(InputError, match="result 2: code"):
        pool([result("A", 30).code, "MW1.garbage.00000000"])


def test_the_chart_shows_every_student_and_the_running_pool() -> None:
    pooled = pool([result(n, k, seed=i) for i, (n, k) in enumerate([("A", 30), ("B", 40)])])
    figure = pooled.chart(truth=0.35)
    students, band, running = figure.data
    assert list(students.y) == [0, 1, 2]
    assert list(figure.layout.yaxis.ticktext) == ["A", "B", "class (pooled)"]
    assert list(running.x) == [100, 200]


def test_the_widget_pools_uploads_and_pasted_codes() -> None:
    widget = pool_widget()
    upload = result("A", 30, seed=1).to_json().encode()
    widget.upload.value = (
        {
            "name": "a.json",
            "type": "application/json",
            "size": len(upload),
            "content": memoryview(upload),
            "last_modified": datetime.datetime(2026, 12, 1),
        },
    )
    widget.codes.value = result("B", 40, seed=2).code + "\n" + result("C", 35, seed=3).code
    pooled = widget.refresh()
    assert pooled is not None and pooled.pooled.n == 300
    assert "3 results" in widget.message.value
    widget.codes.value = result("D", 1, seed=4, experiment="other").code
    assert widget.refresh() is None
    assert "Not pooled" in widget.message.value and "does not belong" in widget.message.value


def test_two_results_under_one_name_keep_a_row_each() -> None:
    """Two students called Sam (their own seeds): on a chart of names they would share one
    row, one point hiding the other. Unnamed results are numbered as they were given."""
    given = [
        result("Sam", 30, seed=1),
        result("Sam", 30, seed=1),  # pasted twice: counted once
        result("Sam", 45, seed=2),
        result("", 20, seed=3),  # no name
    ]
    pooled = pool(given)
    assert [row.label for row in pooled.rows] == ["Sam", "Sam (2)", "result 4"]
    assert pooled.duplicates == ("Sam (given twice)",)
    figure = pooled.chart()
    students = figure.data[0]
    assert list(students.y) == [0, 1, 2, 3]  # a row each, and the class's
    assert list(figure.layout.yaxis.ticktext) == ["Sam", "Sam (2)", "result 4", "class (pooled)"]
    assert [round(x, 2) for x in students.x[:3]] == [0.3, 0.45, 0.2]

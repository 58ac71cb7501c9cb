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
    assert code.startswith("MW2.") and len(code) < 120
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
        ("MW3.abc.0000000a", "format MW3"),
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
    assert pooled.lines[-1]["student"] == "pooled" and len(pooled.table) == 4


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


def test_a_bad_line_is_reported_and_the_rest_pooled() -> None:
    """Issue 43 §7: one bad paste among thirty used to stop the whole pool."""
    text = "\n".join(
        [result("A", 30, seed=1).code, "MW1.garbage.00000000", "", "see you", result("B", 40).code]
    )
    pooled = pool(text)
    assert [row.label for row in pooled.rows] == ["A", "B"]
    assert pooled.pooled.n == 200
    assert [line.split(":")[0] for line in pooled.unread] == ["result 2", "result 3"]
    assert "fails its check" in pooled.unread[0] and "not a result code" in pooled.unread[1]
    assert "Not read (2): result 2: code" in pooled.summary
    with pytest.raises(InputError, match="at least one result.*result 1: code"):
        pool(["MW1.garbage.00000000"])


def test_codes_pasted_from_a_chat_are_read() -> None:
    ana, bo = result("Ana", 30, seed=1), result("Bo", 40, seed=2)
    chat = f"Ana: {ana.code}\n[10:31] Bo Li - {bo.code} \n  {result('Cy', 20, seed=3).code}"
    pooled = pool(chat)
    assert [row.label for row in pooled.rows] == ["Ana", "Bo", "Cy"] and not pooled.unread
    assert pool([f"Ana: {ana.code}"]).rows[0].result == ana


def test_unnamed_results_are_not_merged_silently() -> None:
    """Students who leave STUDENT unset all play seed 0: the same games. They count once,
    and the summary says so, naming them by their chat name where there is one."""
    unnamed = result("you", 41, seed=0)  # what the lessons made before names were asked for
    nameless = result("", 41, seed=0)
    pooled = pool([f"Bo: {unnamed.code}", f"Cy: {nameless.code}", result("Ana", 30, seed=5).code])
    assert pooled.unnamed == 2
    assert [row.label for row in pooled.rows] == ["Bo (no name)", "Ana"]
    assert pooled.duplicates == ("Cy (no name) (the same games as Bo (no name))",)
    assert "2 result(s) came without a student's name" in pooled.summary
    assert "STUDENT" in pooled.summary
    assert [row.label for row in pool([nameless, unnamed.code]).rows] == ["result 1 (no name)"]


def test_result_files_named_by_text_are_read(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result("A", 30, seed=1).save("a.json")
    result("B", 40, seed=2).save(tmp_path / "b.json")
    assert pool("a.json").pooled.n == 100
    assert pool(["a.json", str(tmp_path / "b.json")]).pooled.n == 200
    missing = pool(["a.json", "nobody.json"])
    assert missing.pooled.n == 100 and "result 2: cannot be read" in missing.unread[0]


def test_a_pasted_line_never_opens_a_file(tmp_path) -> None:
    secret = result("A", 30, seed=1).save(tmp_path / "a.json")
    widget = pool_widget()
    widget.codes.value = f"{secret}\n{result('B', 40, seed=2).code}"
    pooled = widget.refresh()
    assert pooled is not None and pooled.pooled.n == 100
    assert "not a result code" in pooled.unread[0]


def test_the_table_is_a_table(monkeypatch) -> None:
    from monopoly_widgets.sim import table as tables

    pooled = pool([result("A", 30, seed=1), result("B", 40, seed=2)])
    frame = pooled.table
    assert type(frame).__name__ == "DataFrame"
    assert list(frame["student"]) == ["A", "B", "pooled"] and frame["trials"].sum() == 400
    monkeypatch.setattr(tables, "pandas_module", lambda: None)
    own = pooled.table
    assert isinstance(own, tables.ResultsTable)
    assert own["successes"].tolist() == [30, 40, 70] and "<table" in own._repr_html_()


def test_codes_are_shorter_and_the_first_format_still_reads() -> None:
    made = result("Ana Maria", 17, seed=1_234_567_890)
    old = made.first_format_code
    assert made.code.startswith("MW2.") and old.startswith("MW1.")
    assert len(made.code) < 0.8 * len(old)
    assert read_result(old) == made == read_result(made.code)
    assert pool([old, result("Bo", 20, seed=2).code]).pooled.n == 200


def test_a_code_that_inflates_past_the_limit_is_refused() -> None:
    import base64
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"[" + b" " * 1_000_000 + b"]") + packer.flush()
    payload = base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(payload) < MAX_CODE_CHARS - 20
    with pytest.raises(InputError, match="holds more than"):
        read_result(f"MW2.{payload}.{zlib.crc32(payload.encode()):08x}")


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
    assert [row.label for row in pooled.rows] == ["Sam", "Sam (2)", "result 4 (no name)"]
    assert pooled.duplicates == ("Sam (given twice)",)
    figure = pooled.chart()
    students = figure.data[0]
    assert list(students.y) == [0, 1, 2, 3]  # a row each, and the class's
    assert list(figure.layout.yaxis.ticktext) == [
        "Sam",
        "Sam (2)",
        "result 4 (no name)",
        "class (pooled)",
    ]
    assert [round(x, 2) for x in students.x[:3]] == [0.3, 0.45, 0.2]


def test_the_summary_fits_a_notebook_line() -> None:
    """Lesson 04 prints the summary; its one line of 105 characters or more ran past the
    notebook's right edge (issue 43). Every line fits in 88 characters, the sentence is
    the same once the breaks are read as spaces, and each remark starts its own line."""
    unnamed = result("you", 41, seed=0, experiment="a wanted card in the next draw")
    pooled = pool(
        [
            unnamed.code,
            result("", 41, seed=0, experiment="a wanted card in the next draw").code,
            *(
                result(f"S{n}", 9, seed=n, experiment="a wanted card in the next draw")
                for n in (1, 2, 3)
            ),
        ]
    )
    lines = pooled.summary.splitlines()
    assert max(len(line) for line in lines) <= 88, pooled.summary
    assert lines[0].startswith("4 results of 'a wanted card in the next draw' (lesson 04): ")
    flat = " ".join(line.strip() for line in lines)
    assert "95% interval" in flat and "2 result(s) came without a student's name" in flat
    assert any(line.startswith("2 result(s) came without a student's name") for line in lines)

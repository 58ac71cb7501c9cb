"""Names from students and files are shown literally (issue 42 §4, ``core/text.py``).

The hostile name below is a link, a line break and a right-to-left override. Every
chart, table and page that shows a student's or a bot file's name must show it as
text: Plotly's labels with ``<`` and ``&`` as entities (Plotly draws them literally:
``tests/browser/test_names_literal.py`` checks that in Chromium), HTML escaped, and
no bidi control or line break anywhere.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import monopoly_widgets as mw
from monopoly_widgets.classroom.pooling import pool
from monopoly_widgets.classroom.result import ExperimentResult
from monopoly_widgets.core.text import html_text, plain, plotly_text
from monopoly_widgets.sim.table import ResultsTable

#: A student's name: a link, a line break, a right-to-left override.
HOSTILE = '<a href="http://x">ana</a><br>\u202eevil'
#: A bot's file name cannot hold "/": the same tricks without it.
HOSTILE_FILE = '<a href="http:x">ana<br>\u202eevil\u2066'
GOOD_BOT = Path(__file__).parent / "league" / "bots" / "good.py"


def test_plain_removes_bidi_controls_and_breaks_no_line() -> None:
    assert plain(HOSTILE) == '<a href="http://x">ana</a><br>evil'
    assert plain("ana\u202e\u2066\u2069\u200f\u200e\u061c.py") == "ana.py"
    assert plain("ana\nben\tcy\r\u2028dee\x00\x1b[31m") == "ana ben cy  dee[31m"
    assert plain("Zoë 李 مريم 👩‍🎓") == "Zoë 李 مريم 👩‍🎓"  # every visible character kept
    assert plain(7) == "7"


def test_plotly_text_leaves_no_markup() -> None:
    assert plotly_text(HOSTILE) == '&lt;a href="http://x"&gt;ana&lt;/a&gt;&lt;br&gt;evil'
    assert plotly_text("$x^2$ &amp; <b>") == "&#36;x^2&#36; &amp;amp; &lt;b&gt;"


def test_html_text_is_escaped() -> None:
    assert html_text(HOSTILE) == "&lt;a href=&quot;http://x&quot;&gt;ana&lt;/a&gt;&lt;br&gt;evil"


def labels_of(figure) -> list[str]:
    """Every text a Plotly figure draws (tick labels, custom data, names, titles, text)."""
    found: list[str] = []

    def walk(value) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(json.loads(figure.to_json()))
    return found


def assert_no_markup(texts: list[str], expected: str) -> None:
    assert any(text == expected for text in texts), texts
    for text in texts:
        assert "<a" not in text and "<br" not in text and "\u202e" not in text, text


@pytest.fixture(scope="module")
def hostile_league(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bots")
    shutil.copy(GOOD_BOT, folder / f"{HOSTILE_FILE}.py")
    return mw.league([folder, "random"], games=1, workers=1, progress=False)


def test_the_league_chart_shows_a_hostile_file_name_literally(hostile_league) -> None:
    assert HOSTILE_FILE in hostile_league.table["bot"].tolist()  # the data is kept as it is
    assert_no_markup(labels_of(hostile_league.chart()), plotly_text(HOSTILE_FILE))


def test_the_league_table_and_report_show_it_literally(hostile_league) -> None:
    from monopoly_widgets.league.progress import table_html

    page = table_html(hostile_league)
    assert html_text(HOSTILE_FILE) in page and "<a " not in page and "\u202e" not in page
    assert plain(HOSTILE_FILE) in str(hostile_league) and "\u202e" not in str(hostile_league)


def test_the_league_replay_names_the_seat_literally(hostile_league) -> None:
    explorer = hostile_league.replay(0)
    names = explorer.table.seat_names
    assert f"{plain(HOSTILE_FILE)}.py" in " ".join(names)
    assert not any("\u202e" in name or "\u2066" in name for name in names)


def test_the_pooled_chart_shows_a_hostile_student_literally() -> None:
    results = [
        ExperimentResult("04", "two_sets", {"cards": 7}, 30, 100, HOSTILE),
        ExperimentResult("04", "two_sets", {"cards": 7}, 40, 100, "ben"),
    ]
    assert_no_markup(labels_of(pool(results).chart()), plotly_text(HOSTILE))


def test_the_package_table_escapes_a_name() -> None:
    page = ResultsTable([{"student": HOSTILE, "tries": 1}], ["student", "tries"]).to_html()
    assert html_text(HOSTILE) in page and "<a " not in page and "\u202e" not in page

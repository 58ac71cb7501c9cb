"""``python -m monopoly_widgets lessons handout``: a printable lesson that never gives an answer.

Lesson 03 (the quickest to run) is copied, a student's answer and a switched-on
``show_me`` are typed into the copy, and the handout is made from it: the answers go
back to ``...``, no worked solution appears, notebook-only cells are left out, hidden
inputs stay hidden, and a file the teacher made is never written over.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from monopoly_widgets.cli import main
from monopoly_widgets.lessons import worked_solution
from monopoly_widgets.lessons.answer_key import collect_inputs
from monopoly_widgets.lessons.handout import MARKER, unanswered

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSON = "03_card_game_scoring"


def test_typed_answers_go_back_to_the_placeholder() -> None:
    source = 'e1_answer = 1050  # dollars\nshow_me("03-E1", hand=e1_hand)\ne2_answer = ...\n'
    assert unanswered(source) == (
        'e1_answer = ...  # dollars\n# show_me("03-E1", hand=e1_hand)\ne2_answer = ...\n'
    )
    assert unanswered('e3_answer = "top"') == "e3_answer = ..."


@pytest.fixture(scope="module")
def answered_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of lesson 03 in which a student typed E1's answer and switched show_me on."""
    folder = tmp_path_factory.mktemp("notebooks")
    notebook = json.loads((NOTEBOOKS / f"{LESSON}.ipynb").read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if 'check("03-E1"' in source:
            source = source.replace("e1_answer = ...", "e1_answer = 1050")
            source = source.replace('# show_me("03-E1"', 'show_me("03-E1"')
            cell["source"] = source
    chart = (
        "import plotly.graph_objects as go\n"
        "from monopoly_widgets.lessons import charts\n"
        'charts.themed(go.Figure(go.Bar(x=[1], y=[2]), layout={"title": "a lesson chart"}))'
    )
    notebook["cells"].append(
        {
            "cell_type": "code",
            "metadata": {},
            "source": chart,
            "outputs": [],
            "execution_count": None,
        }
    )
    (folder / f"{LESSON}.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    return folder


def test_a_lesson_chart_is_drawn_on_paper(made: tuple[Path, Path]) -> None:
    """A theme-following chart is a widget on screen; on paper it is a still picture, drawn
    from its JSON, named by its description, with no Plotly library in the page."""
    text = made[1].read_text(encoding="utf-8")
    assert '<img alt="chart: a lesson chart" class="handout-chart"' in text
    assert "data:image/svg+xml;base64," in text and "plotly-graph-div" not in text


@pytest.fixture(scope="module")
def made(answered_copy: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the handouts' folder, the handout) after a teacher's file of the same name existed."""
    out = tmp_path_factory.mktemp("handouts")
    (out / f"{LESSON}.handout.html").write_text("the teacher's own notes", encoding="utf-8")
    status = main(["lessons", "handout", "3", "--out", str(out), "--notebooks", str(answered_copy)])
    assert status == 0
    return out, out / f"{LESSON}.handout-2.html"


def test_the_handout_never_shows_an_answer(made: tuple[Path, Path], answered_copy: Path) -> None:
    _, handout = made
    html = handout.read_text(encoding="utf-8")
    assert MARKER in html
    assert "e1_answer = 1050" not in html and "e1_answer" in html
    assert html.count("not answered yet") == 3  # E1 to E3, all unanswered
    inputs = collect_inputs(NOTEBOOKS / f"{LESSON}.ipynb")
    for key, context in inputs.items():
        answer_line, *working = worked_solution(key, **context).splitlines()
        assert answer_line not in html, f"{key}'s answer is in the handout"
        if key == "03-E1":  # the one whose show_me the student switched on
            for line in working:
                assert line not in html, f"{key}'s working is in the handout: {line!r}"


def test_the_handout_reads_like_voila(made: tuple[Path, Path]) -> None:
    _, handout = made
    html = handout.read_text(encoding="utf-8")
    assert "Run the cells from top to bottom" not in html  # a notebook-only cell
    assert "best_money = {}" not in html  # a hide-input cell's code...
    assert "money after the hand, best reward" in html  # ...whose output stays
    assert "_pio.renderers" not in html  # the handout's own setup is hidden too


def test_a_file_the_teacher_made_is_kept_and_a_handout_is_replaced(
    made: tuple[Path, Path], answered_copy: Path
) -> None:
    out, handout = made
    assert (out / f"{LESSON}.handout.html").read_text(encoding="utf-8") == "the teacher's own notes"
    handout.write_text(handout.read_text(encoding="utf-8").replace("</body>", "old</body>"))
    status = main(
        ["lessons", "handout", "03", "--out", str(out), "--notebooks", str(answered_copy)]
    )
    assert status == 0
    assert not (out / f"{LESSON}.handout-3.html").exists()
    assert "old</body>" not in handout.read_text(encoding="utf-8")  # swapped in anew
    assert sorted(path.name for path in out.iterdir()) == [
        f"{LESSON}.handout-2.html",
        f"{LESSON}.handout.html",
    ]


def test_an_unknown_lesson_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    shutil.copy(NOTEBOOKS / f"{LESSON}.ipynb", tmp_path)
    out = tmp_path / "out"
    status = main(
        ["lessons", "handout", "03", "9", "--out", str(out), "--notebooks", str(tmp_path)]
    )
    assert status == 2
    assert "there is no lesson 09" in capsys.readouterr().err
    assert not out.exists()  # nothing was run or written

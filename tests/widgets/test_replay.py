"""A game as one HTML file (``widgets/replay.py``), and the static picture in the
mime bundle, without a browser (``tests/browser/test_html_replay.py`` opens the file)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents.playout import make_agent, play_out
from monopoly_widgets.cli import main
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.widgets.replay import unpack
from tests.widgets.helpers import card_ids


def played(steps: int = 12) -> mw.GameExplorer:
    explorer = mw.GameExplorer(mw.new_game("deal", players=3, seed=5))
    for _ in range(steps):
        explorer.forward()
    return explorer


def packed(text: str, block: str) -> bytes:
    found = re.search(rf'id="mw-replay-{block}">([^<]+)<', text)
    assert found, block
    return unpack(found.group(1))


def test_the_file_holds_every_step_and_opens_at_the_step_shown(tmp_path: Path) -> None:
    explorer = played()
    explorer.seek(7)
    text = explorer.save_html(tmp_path / "game.html").read_text()
    data = json.loads(packed(text, "frames"))
    assert data["steps"] == 12 and data["start"] == 7
    assert data["views"] == ["teacher", "0", "1", "2"]
    assert len(data["frames"]["teacher"]) == 13
    explorer.seek(9)
    assert data["frames"]["teacher"][9]["table"] == explorer.table.table
    assert data["frames"]["teacher"][9]["narration"] == explorer.table.narration
    assert data["frames"]["teacher"][9]["chart_series"] == explorer.table.chart_series
    assert "http://" not in text and "https://" not in text, "no address to fetch from"


def test_plotly_is_carried_once_as_the_packaged_bundle(tmp_path: Path) -> None:
    from monopoly_widgets.widgets.plotly_library import PLOTLY_JS

    text = played().save_html(tmp_path / "game.html").read_text()
    assert packed(text, "plotly") == PLOTLY_JS.read_bytes()
    assert text.count('id="mw-replay-plotly"') == 1
    assert "<script src=" not in text and "<link" not in text, "nothing is loaded from outside"


def test_an_existing_file_is_refused_unless_overwrite(tmp_path: Path) -> None:
    mine = tmp_path / "mine.html"
    mine.write_text("my worksheet")
    explorer = played(3)
    with pytest.raises(InputError, match="already exists"):
        explorer.save_html(mine)
    assert mine.read_text() == "my worksheet"
    explorer.save_html(mine, overwrite=True)
    assert "mw-replay-frames" in mine.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.html"], "nothing left aside"


def test_a_failed_write_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import os

    def broken(*args: object) -> None:
        raise OSError(errno.ENOSPC, "disk full")

    monkeypatch.setattr(os, "link", broken)  # the written file taking its name
    with pytest.raises(OSError, match="disk full"):
        played(2).save_html(tmp_path / "game.html")
    assert list(tmp_path.iterdir()) == []


def test_bad_arguments_get_clear_errors(tmp_path: Path) -> None:
    explorer = played(2)
    with pytest.raises(InputError, match="perspective"):
        explorer.save_html(tmp_path / "a.html", 7)
    with pytest.raises(InputError, match="folder"):
        explorer.save_html(tmp_path)
    with pytest.raises(InputError, match="does not exist"):
        explorer.save_html(tmp_path / "missing" / "a.html")
    assert list(tmp_path.iterdir()) == []


def test_a_seats_file_holds_that_view_and_no_seed(tmp_path: Path) -> None:
    text = played().save_html(tmp_path / "seat.html", 1).read_text()
    data = json.loads(packed(text, "frames"))
    assert data["views"] == ["1"] and list(data["frames"]) == ["1"]
    assert "seed" not in data


def test_a_seats_file_holds_no_hidden_card_of_another_seat(tmp_path: Path) -> None:
    """No card in another seat's hand at a step is anywhere in that step's frame."""
    game = mw.new_game("deal", players=5, seed=11)
    play_out(game, [make_agent("heuristic")] * 5, seed=11)
    text = mw.GameExplorer(game).save_html(tmp_path / "seat1.html", 1).read_text()
    frames = json.loads(packed(text, "frames"))["frames"]["1"]
    teacher = mw.GameExplorer(game)
    hidden_seen = 0
    for step, frame in enumerate(frames):
        teacher.seek(step)
        others = [s for s in teacher.observation(None)["seats"] if s["seat"] != 1]
        hidden = {card["id"] for seat in others for card in seat["hand"]}
        hidden_seen += len(hidden)
        assert not card_ids(frame) & hidden, f"step {step} shows another seat's hand"
    assert hidden_seen > 100  # the check looked at real hands


def test_the_default_view_is_the_one_shown(tmp_path: Path) -> None:
    explorer = played(4)
    explorer.perspective = 2
    text = explorer.save_html(tmp_path / "shown.html").read_text()
    assert json.loads(packed(text, "frames"))["views"] == ["2"]


def test_the_command_line_writes_a_saved_game(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    saved = played().save(tmp_path / "game.json")
    out = tmp_path / "game.html"
    assert main(["replay", str(saved), "--html", str(out), "--seat", "0"]) == 0
    assert "wrote" in capsys.readouterr().out
    assert json.loads(packed(out.read_text(), "frames"))["views"] == ["0"]
    assert main(["replay", str(saved), "--html", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["replay", str(saved), "--html", str(out), "--overwrite"]) == 0


def test_the_mime_bundle_carries_a_static_picture_of_the_view_shown() -> None:
    explorer = played(6)
    explorer.perspective = 0
    bundle = explorer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    picture = bundle["text/html"]
    assert picture == explorer.game.rules.render_html(explorer.state(), 0)
    assert "<script" not in picture


def test_nbconvert_shows_the_static_picture_when_no_widget_state_was_saved(
    tmp_path: Path,
) -> None:
    """A notebook saved with outputs but no widget state, turned into HTML (as nbviewer)."""
    nbformat = pytest.importorskip("nbformat")
    nbconvert = pytest.importorskip("nbconvert")
    explorer = played(6)
    notebook = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("explorer")
    cell.outputs = [nbformat.v4.new_output("display_data", data=explorer._repr_mimebundle_())]
    notebook.cells.append(cell)
    html, _ = nbconvert.HTMLExporter().from_notebook_node(notebook)
    marker = re.sub(r"\s+", " ", explorer.static_html())[:60]
    assert marker in re.sub(r"\s+", " ", html)

"""Bad input from the browser: every message and trait update is checked (issue 13).

The browser is driven through the widget's own ``_handle_msg``, as ipywidgets
delivers what ``table.js`` sends; what Python sends back is recorded. A refused
message or trait update shows a short error and changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.widgets import GameExplorer
from monopoly_widgets.widgets.messages import MAX_ERROR_CHARS, check_message
from tests.widgets.helpers import attach, browser_says, game_names

MARK = "Ж"


def explorer(name: str) -> mw.GameExplorer:
    game = mw.new_game(name, players=3, seed=5)
    return mw.GameExplorer(game, agents=[RandomAgent() for _ in range(3)])


def model_state(ex: mw.GameExplorer) -> dict[str, Any]:
    """The widget's and the game's state: what a refused request must leave as it was."""
    table = ex.table
    return {
        "game": ex.game.to_json(),
        "cursor": ex.step,
        "traits": {
            name: getattr(table, name)
            for name in ("step", "steps", "speed", "seed", "playing", "perspective", "choices")
        },
    }


def trait_update(ex: mw.GameExplorer, state: dict[str, Any]) -> None:
    """The browser setting traits itself (``model.set(...); model.save_changes()``)."""
    message = {
        "content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
        "buffers": [],
    }
    ex.table._handle_msg(message)


BAD_MESSAGES = [
    {"type": "step", "by": True},
    {"type": "step", "by": 1.0},
    {"type": "step", "by": 2},
    {"type": "step", "by": "1"},
    {"type": "step"},
    {"type": "step", "by": 1, "extra": 0},
    {"type": "seek", "step": "3"},
    {"type": "seek", "step": -1},
    {"type": "seek", "step": 9999},
    {"type": "seek", "step": None},
    {"type": "speed", "value": -5},
    {"type": "speed", "value": float("nan")},
    {"type": "speed", "value": "fast"},
    {"type": "perspective", "seat": 7},
    {"type": "perspective", "seat": "0"},
    {"type": "new_game", "seed": -3},
    {"type": "new_game", "seed": 1.5},
    {"type": "action", "id": 5, "step": 0},
    {"type": "action", "id": MARK * 10_000_000, "step": 0},
    {"type": "action", "id": "pass", "seat": "0", "step": 0},
    {"type": "nonsense"},
    {"type": MARK * 1000},
    {"kind": "step"},
    MARK * 10_000,
    ["step", 1],
    None,
]


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("message", BAD_MESSAGES, ids=lambda m: repr(m)[:30])
def test_a_bad_message_is_refused_with_a_short_error_and_changes_nothing(
    name: str, message: Any
) -> None:
    ex = explorer(name)
    ex.forward()
    comm = attach(ex)
    before = model_state(ex)
    browser_says(ex, message)
    assert model_state(ex) == before
    error = comm.last("error")
    assert error and error == ex.last_error
    assert len(error) <= MAX_ERROR_CHARS
    assert MARK * 61 not in error


def test_a_step_by_true_is_not_a_step_of_one() -> None:
    with pytest.raises(mw.MessageError, match="step.by must be 1 or -1, not True"):
        check_message({"type": "step", "by": True})
    assert check_message({"type": "step", "by": -1}) == {"type": "step", "by": -1}
    assert check_message({"type": "new_game"}) == {"type": "new_game", "seed": None}


@pytest.mark.parametrize("name", game_names())
def test_good_messages_still_work(name: str) -> None:
    ex = explorer(name)
    attach(ex)
    browser_says(ex, {"type": "step", "by": 1})
    browser_says(ex, {"type": "step", "by": 1})
    browser_says(ex, {"type": "seek", "step": 1})
    browser_says(ex, {"type": "speed", "value": 4})
    browser_says(ex, {"type": "perspective", "seat": 1})
    assert ex.last_error == ""
    assert (ex.step, ex.speed, ex.perspective) == (1, 4.0, 1)


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize(
    "update",
    [
        {"speed": -5},
        {"step": 9999},
        {"seed": -3},
        {"playing": True},
        {"perspective": 2},
        {"error": ""},
        {"table": {}},
        {"no_such_trait": 1},
        {"speed": 3, "step": 0},
    ],
    ids=lambda u: ",".join(u),
)
def test_a_trait_update_from_the_browser_is_reverted_and_reported(
    name: str, update: dict[str, Any]
) -> None:
    ex = explorer(name)
    ex.forward()
    comm = attach(ex)
    before = model_state(ex)
    trait_update(ex, update)
    assert model_state(ex) == before
    reverted = comm.updates()[0]
    for trait in update:
        if trait in ex.table.keys and trait != "error":
            assert reverted[trait] == getattr(ex.table, trait)  # Python's value, sent back
    assert "may not set" in comm.last("error")


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ("  [1]", "must be a JSON object, not a list"),
        ("[" * 1000 + "]" * 1000, "nested deeper"),
        ("{" + MARK * 6_000_000, "the limit is 5,000,000"),
        (MARK * 50_000_000, "the limit is 5,000,000"),
        ("no-such-file.json", "no file 'no-such-file.json'"),
        ('{"game": "deal"}', "is missing"),
        ("{not json", "is not valid JSON"),
    ],
    ids=["list", "deep", "big-json", "50MB", "missing-file", "incomplete", "broken"],
)
def test_from_json_tells_text_from_a_path_and_never_echoes_much(given: str, words: str) -> None:
    with pytest.raises(mw.SavedGameError) as info:
        mw.GameExplorer.from_json(given)
    text = str(info.value)
    assert words in text
    assert len(text) < 300
    assert MARK * 61 not in text


def test_from_json_reads_a_file_path_and_text(tmp_path: Path) -> None:
    game = mw.new_game("deal", 2, seed=3)
    game.apply(game.legal_actions()[0])
    path = tmp_path / "saved.json"
    path.write_text(game.to_json(), encoding="utf-8")
    for given in (path, str(path), game.to_json(), "\n " + game.to_json()):
        assert mw.GameExplorer.from_json(given).game.to_json() == game.to_json()
    with pytest.raises(mw.SavedGameError, match="cannot read|no file"):
        mw.GameExplorer.from_json(tmp_path)  # a folder
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe{")
    with pytest.raises(mw.SavedGameError, match="not UTF-8|not valid JSON"):
        mw.GameExplorer.from_json(tmp_path / "bad.json")


def test_explorer_arguments_are_input_errors() -> None:
    game = mw.new_game("bid", 3, seed=1)
    with pytest.raises(mw.InputError, match="perspective must be None or a seat number"):
        mw.GameExplorer(game, perspective="1")  # type: ignore[arg-type]
    with pytest.raises(mw.InputError, match="agents must be a list"):
        mw.GameExplorer(game, agents=5)  # type: ignore[arg-type]
    with pytest.raises(mw.InputError, match="one agent"):
        mw.GameExplorer(game, agents=[None])
    with pytest.raises(mw.InputError, match="speed must be between"):
        mw.GameExplorer(game, speed=-5)
    ex = mw.GameExplorer(game)
    with pytest.raises(mw.InputError, match="step must be a whole number from 0 to 0"):
        ex.seek("3")  # type: ignore[arg-type]
    with pytest.raises(mw.InputError, match="human must be None or a seat"):
        mw.play("bid", players=3, human=5)
    data = json.loads(ex.to_json())
    assert data["game"] == "bid"


@pytest.mark.parametrize("name", game_names())
def test_a_persons_long_unknown_move_is_quoted_as_an_excerpt(name: str) -> None:
    seat = mw.new_game(name, players=2, seed=4).current_player
    agents = [None if s == seat else RandomAgent() for s in range(2)]
    ex = mw.GameExplorer(mw.new_game(name, players=2, seed=4), agents=agents)
    comm = attach(ex)
    before = model_state(ex)
    browser_says(ex, {"type": "action", "id": "play:" + MARK * 190, "seat": seat, "step": 0})
    assert model_state(ex) == before
    error = comm.last("error")
    assert error and MARK * 61 not in error
    with pytest.raises(mw.IllegalActionError) as info:
        ex.play_action("play:" + MARK * 100_000)
    assert MARK * 61 not in str(info.value)


@pytest.mark.parametrize("layout", ["tiny", 3, None, ["wide"], "x" * 5000])
def test_an_unknown_layout_is_refused_by_name_and_nothing_changes(layout):
    """layout is "auto", "wide" or "compact"; anything else is the package's InputError."""
    explorer = GameExplorer(mw.new_game("deal", players=2, seed=1))
    with pytest.raises(InputError, match="layout must be one of auto, wide, compact") as why:
        explorer.layout = layout
    assert len(str(why.value)) < 120
    assert explorer.layout == "auto"
    with pytest.raises(InputError, match="layout must be one of"):
        GameExplorer(mw.new_game("deal", players=2, seed=1), layout=layout)

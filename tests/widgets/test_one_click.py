"""A click is one move: an action message names the step it was chosen at.

A double-click sends the same message twice; a second tab, or a click that
arrives after a bot moved, names a step that is gone. Each is refused with a
notice (not an error, not an exception) and the game does not change.
"""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from tests.widgets.helpers import attach, browser_says, game_names

PLAYERS = 3


def hot_seat(name: str) -> mw.GameExplorer:
    """Everyone is a person, so every step waits for a click."""
    return mw.GameExplorer(mw.new_game(name, players=PLAYERS, seed=5), agents=[None] * PLAYERS)


def move(explorer: mw.GameExplorer, step: int) -> dict:
    return {
        "type": "action",
        "id": explorer.table.choices[0]["id"],
        "seat": explorer.table.choice_seat,
        "step": step,
    }


@pytest.mark.parametrize("name", game_names())
def test_two_identical_messages_play_once(name: str) -> None:
    explorer = hot_seat(name)
    attach(explorer)
    click = move(explorer, 0)
    browser_says(explorer, click)
    assert explorer.step == 1 and explorer.game.step == 1
    errors = explorer.table.error_count
    browser_says(explorer, click)  # the double-click's second half
    assert explorer.step == 1 and explorer.game.step == 1, "a click is one move"
    assert explorer.table.error_count == errors and explorer.last_error == ""
    assert "was not played" in explorer.table.notice


@pytest.mark.parametrize("name", game_names())
def test_a_move_chosen_at_a_later_step_is_refused(name: str) -> None:
    explorer = hot_seat(name)
    browser_says(explorer, move(explorer, 3))
    assert explorer.game.step == 0 and "step 3" in explorer.table.notice


def test_a_move_without_its_step_is_refused_as_a_bad_message() -> None:
    explorer = hot_seat("deal")
    message = move(explorer, 0)
    del message["step"]
    browser_says(explorer, message)
    assert explorer.game.step == 0 and "needs the field 'step'" in explorer.last_error


def test_the_table_script_sends_the_step_and_waits_for_an_answer() -> None:
    """The table's script: the action message carries the step; moves take no click until Python
    changes the step, the choices, the notice or the error."""
    from monopoly_widgets.widgets.table import table_script

    script = table_script()
    assert 'step: model.get("step") });' in script
    assert "if (moveSent) return;" in script
    assert '["step", "choices", "error_count", "notice"]' in script

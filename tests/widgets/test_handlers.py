"""The table of message handlers: one per allow-listed message, and nothing else.

Messages are delivered through the widget's own ``_handle_msg`` (as
ipywidgets delivers what ``table.js`` sends) and what Python sends back is
recorded by a dummy comm.
"""

from __future__ import annotations

from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.errors import MessageError
from monopoly_widgets.widgets import handlers
from monopoly_widgets.widgets.handlers import HANDLERS, handler_for
from monopoly_widgets.widgets.messages import MESSAGES
from tests.widgets.helpers import attach, browser_says, game_names, starting_seat

PLAYERS = 3
SEED = 5

#: One valid message of each kind the browser may send.
VALID = {
    "step": {"type": "step", "by": 1},
    "seek": {"type": "seek", "step": 0},
    "tick": {"type": "tick"},
    "play": {"type": "play"},
    "pause": {"type": "pause"},
    "speed": {"type": "speed", "value": 4},
    "reset": {"type": "reset"},
    "perspective": {"type": "perspective", "seat": 1},
    "new_game": {"type": "new_game", "seed": 3},
    "save": {"type": "save"},
    "action": {"type": "action", "id": "LEGAL", "seat": None, "step": 1},
    "coach": {"type": "coach", "on": True},
}


def people_explorer(name: str) -> mw.GameExplorer:
    """A person in the seat that decides first, random bots elsewhere, a few steps played."""
    seat = starting_seat(name, PLAYERS, SEED)
    agents = [None if s == seat else RandomAgent() for s in range(PLAYERS)]
    return mw.GameExplorer(mw.new_game(name, players=PLAYERS, seed=SEED), agents=agents)


def with_legal_id(explorer: mw.GameExplorer, message: dict[str, Any]) -> dict[str, Any]:
    if message.get("id") == "LEGAL":
        return {**message, "id": explorer.table.choices[0]["id"]}
    return message


def everything(explorer: mw.GameExplorer) -> dict[str, Any]:
    """All that a refused message must leave as it was."""
    return {
        "game": explorer.game.to_json(),
        "step": explorer.step,
        "perspective": explorer.perspective,
        "traits": explorer.table.get_state(),
    }


def test_every_allow_listed_message_has_a_handler_and_no_handler_is_unlisted() -> None:
    assert set(HANDLERS) == set(MESSAGES)
    assert set(VALID) == set(MESSAGES), "this test sends one message of each kind"
    for kind in MESSAGES:
        assert handler_for(kind) is HANDLERS[kind]
        assert HANDLERS[kind].__doc__ and f'"{kind}"' in HANDLERS[kind].__doc__


@pytest.mark.parametrize("kind", sorted(MESSAGES))
def test_each_message_reaches_its_own_handler_checked(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    explorer = people_explorer("deal")
    received: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setitem(HANDLERS, kind, lambda ex, message: received.append((ex, message)))
    message = with_legal_id(explorer, VALID[kind])
    browser_says(explorer, message)
    assert explorer.last_error == ""
    assert len(received) == 1 and received[0][0] is explorer
    # The handler gets the checked message: every field of its kind, optional ones as None.
    assert received[0][1] == {"type": kind, **{f: message.get(f) for f in MESSAGES[kind]}}


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("kind", sorted(MESSAGES))
def test_each_handler_does_its_job_through_the_comm(name: str, kind: str) -> None:
    game = mw.new_game(name, players=PLAYERS, seed=SEED)
    explorer = mw.GameExplorer(game, agents=[None] * PLAYERS)  # hot seat: everyone clicks
    for _ in range(3):
        explorer.play_action(explorer.table.choices[0]["id"])
    history = game.history
    explorer.seek(1)
    explorer.coach.first_playouts, explorer.coach.max_playouts = 2, 2  # a quick coach
    explorer.coach.continue_with = "random"
    comm = attach(explorer)
    before = everything(explorer)
    message = VALID[kind]
    if kind == "action":
        ids = [c["id"] for c in explorer.table.choices]
        chosen = next((i for i in ids if i != history[1]), ids[0])
        message = {**message, "id": chosen}
    browser_says(explorer, message)
    assert explorer.last_error == "", explorer.last_error
    sent = set().union(*comm.updates()) if comm.updates() else set()
    customs = comm.customs()
    if kind == "step":
        assert explorer.step == 2 and comm.last("step") == 2
    elif kind == "seek":
        assert explorer.step == 0 and comm.last("step") == 0
    elif kind == "tick":
        assert everything(explorer) == before, "a tick while paused does nothing"
    elif kind == "play":
        assert explorer.playing and comm.last("playing") is True
    elif kind == "pause":
        assert not explorer.playing and everything(explorer) == before
    elif kind == "speed":
        assert explorer.speed == 4.0 and comm.last("speed") == 4.0
    elif kind == "reset":
        assert explorer.step == 0 and explorer.game.step == before["traits"]["steps"]
    elif kind == "perspective":
        assert explorer.perspective == 1 and comm.last("perspective") == 1
    elif kind == "new_game":
        assert explorer.game.seed == 3 and explorer.step == 0 and comm.last("seed") == 3
    elif kind == "save":
        assert customs and customs[-1]["type"] == "download"
        assert customs[-1]["text"] == explorer.game.to_json() and not sent
    elif kind == "action":
        assert explorer.step == 2 and explorer.game.history[:2] == [history[0], chosen]
    elif kind == "coach":
        explorer.coach.wait()
        assert explorer.coach_shown and comm.last("coach")["on"] is True
        rows = explorer.table.coach["chart"]["rows"]
        assert len(rows) == len(explorer.legal_actions())
        assert explorer.step == 1 and explorer.game.history == history
    else:  # pragma: no cover - the first test keeps VALID and MESSAGES in step
        pytest.fail(f"no check for {kind!r}")


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("kind", ["teleport", "", "__class__", "handler_for"])
def test_an_unknown_message_is_refused_with_a_message_error_and_changes_nothing(
    name: str, kind: str
) -> None:
    with pytest.raises(MessageError, match="no handler"):
        handler_for(kind)
    explorer = people_explorer(name)
    comm = attach(explorer)
    before = everything(explorer)
    browser_says(explorer, {"type": kind})
    assert explorer.last_error.startswith("ignored a message from the browser: ")
    assert comm.last("error") == explorer.last_error
    after = everything(explorer)
    assert after["traits"].pop("error") and after["traits"].pop("error_count") == 1
    before["traits"].pop("error"), before["traits"].pop("error_count")
    assert after == before


@pytest.mark.parametrize("kind", sorted(MESSAGES))
def test_a_listed_message_without_a_handler_is_refused_too(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should the allow-list ever grow without a handler, the message is refused, not lost."""
    monkeypatch.delitem(HANDLERS, kind)
    explorer = people_explorer("bid")
    comm = attach(explorer)
    before = everything(explorer)
    browser_says(explorer, with_legal_id(explorer, VALID[kind]))
    assert explorer.last_error == (
        f"ignored a message from the browser: no handler for the message type {kind!r}"
    )
    assert comm.customs() == [], "nothing was carried out (no download, no nudge)"
    after = everything(explorer)
    for state in (before, after):
        state["traits"].pop("error"), state["traits"].pop("error_count")
    assert after == before


def test_the_handlers_are_plain_functions_of_the_module() -> None:
    for kind, handler in HANDLERS.items():
        assert getattr(handlers, handler.__name__) is handler
        assert handler.__name__ == kind

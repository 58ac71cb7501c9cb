"""Drive the explorer as the browser does, without a browser.

``RecordingComm`` stands in for the widget's comm and records every message
Python sends. ``browser_says`` delivers a custom message through the widget's
own ``_handle_msg``, exactly as ipywidgets delivers what ``model.send(...)``
in ``table.js`` sends.
"""

from __future__ import annotations

from typing import Any

import monopoly_widgets as mw
from monopoly_widgets.core.registry import available_games


def game_names() -> list[str]:
    """Every game of the registry (``core/registry.py``), to parametrize tests over."""
    return available_games()


class RecordingComm:
    """A comm that records ``send`` calls instead of talking to a front end."""

    comm_id = "recording-comm"
    kernel = object()  # ipywidgets only sends when the comm has a kernel

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        self.sent.append(data)

    def on_msg(self, callback: Any) -> None:
        self.callback = callback

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass

    # --- reading what was sent ------------------------------------------------------
    def updates(self) -> list[dict[str, Any]]:
        """The ``state`` of every trait update sent, oldest first."""
        return [m["state"] for m in self.sent if m.get("method") == "update"]

    def customs(self) -> list[Any]:
        """The content of every custom message sent."""
        return [m["content"] for m in self.sent if m.get("method") == "custom"]

    def last(self, trait: str) -> Any:
        """The last value of ``trait`` sent to the browser."""
        for state in reversed(self.updates()):
            if trait in state:
                return state[trait]
        raise AssertionError(f"{trait!r} was never sent")

    def clear(self) -> None:
        self.sent.clear()


def attach(explorer: mw.GameExplorer) -> RecordingComm:
    """Give the explorer's table a recording comm."""
    comm = RecordingComm()
    explorer.table.comm = comm
    return comm


def browser_says(explorer: mw.GameExplorer, content: Any) -> None:
    """Deliver ``content`` as a custom message from the browser's table view."""
    message = {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    explorer.table._handle_msg(message)


def starting_seat(name: str, players: int, seed: int) -> int:
    """Who decides first in a fresh game (not always seat 0)."""
    seat = mw.new_game(name, players=players, seed=seed).current_player
    assert seat is not None
    return seat


def card_ids(model: Any) -> set[Any]:
    """Every card id anywhere in a table model."""
    found: set[Any] = set()
    if isinstance(model, dict):
        if "id" in model and "name" in model:
            found.add(model["id"])
        for value in model.values():
            found |= card_ids(value)
    elif isinstance(model, list):
        for value in model:
            found |= card_ids(value)
    return found

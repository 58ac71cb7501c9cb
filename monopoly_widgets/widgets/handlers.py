"""What the explorer does with each message from the browser: one small function per kind.

``messages.MESSAGES`` lists the messages the browser may send and checks their
fields; :data:`HANDLERS` has one function for each of them, which carries it
out on the :class:`~monopoly_widgets.widgets.explorer.GameExplorer`. A message
reaches its handler only after ``check_message`` passed it, so a handler reads
its fields without checking their types again (ranges that depend on the game,
such as the last step or the number of seats, are checked by the explorer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from monopoly_widgets.core.errors import MessageError

if TYPE_CHECKING:
    from monopoly_widgets.widgets.explorer import GameExplorer

Message = dict[str, Any]
Handler = Callable[["GameExplorer", Message], None]


def step(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "step", "by": 1 | -1}``: the step buttons and arrow keys."""
    if message["by"] == 1:
        explorer.forward()
    else:
        explorer.back()


def seek(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "seek", "step": n}``: the scrubber."""
    explorer.seek(message["step"])


def tick(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "tick"}``: one beat of the browser's play timer."""
    explorer.tick()


def play(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "play"}``: the play button."""
    explorer.play()


def pause(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "pause"}``: the pause button."""
    explorer.pause()


def speed(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "speed", "value": steps_per_second}``: the speed slider."""
    explorer.speed = message["value"]


def reset(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "reset"}``: back to the deal."""
    explorer.reset()


def perspective(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "perspective", "seat": n | null}``: whose view the table shows."""
    explorer.perspective = message["seat"]


def new_game(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "new_game", "seed": n | null}``: a new deal."""
    explorer.new_game(message["seed"])


def save(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "save"}``: the save button (the browser downloads the game as a file)."""
    explorer.offer_download()


def action(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "action", "id": ..., "seat": n | null, "step": n}``: a person's move.

    Played only if the table still shows the step it was chosen at: a click is
    one move, so the second message of a double-click (or a click from a tab
    that had not redrawn yet) is refused with a notice, and nothing changes.
    """
    if message["step"] != explorer.step:
        explorer.table.notice = (
            f"A move chosen at step {message['step']} arrived at step {explorer.step}; "
            "it was not played (one click is one move)."
        )
        return
    explorer.play_action(message["id"], message["seat"])


def coach(explorer: GameExplorer, message: Message) -> None:
    """``{"type": "coach", "on": true | false}``: the Coach button (the hint in human play)."""
    explorer.show_coach(message["on"])


#: The handler of each message kind; the kinds are those of ``messages.MESSAGES``.
HANDLERS: dict[str, Handler] = {
    "step": step,
    "seek": seek,
    "tick": tick,
    "play": play,
    "pause": pause,
    "speed": speed,
    "reset": reset,
    "perspective": perspective,
    "new_game": new_game,
    "save": save,
    "action": action,
    "coach": coach,
}


def handler_for(kind: str) -> Handler:
    """The handler of message kind ``kind``; :class:`MessageError` if there is none."""
    handler = HANDLERS.get(kind)
    if handler is None:
        raise MessageError(f"no handler for the message type {kind!r}")
    return handler

"""The table's notice line: whose move it is, why stepping waits, how the game ended.

Plain functions of the cursor, the seats and the view, so each sentence can be
read (and tested) without a widget. The explorer puts the result in the
table's ``notice`` trait.
"""

from __future__ import annotations

from collections.abc import Sequence

from monopoly_widgets.core import Game
from monopoly_widgets.widgets.cursor import TimelineCursor
from monopoly_widgets.widgets.seats import Agent
from monopoly_widgets.widgets.views.common import seat_name


def game_over(game: Game) -> str:
    """ "The game is over: Player 1 won." (or a draw)."""
    winner = game.winner
    return "The game is over: " + ("a draw." if winner is None else f"{seat_name(winner)} won.")


def waiting_for_person(seat: int, perspective: int | None) -> str:
    """What stepping says on a person's turn: a step cannot choose for them."""
    if perspective == seat:
        return f"{seat_name(seat)}: your move. Step waits for you: pick a move below."
    if perspective is None:
        return f"Step waits for {seat_name(seat)}, a person: pick their move below."
    return f"Step waits for {seat_name(seat)}, a person, to move in their own view."


def notice(
    cursor: TimelineCursor,
    agents: Sequence[Agent | None],
    perspective: int | None,
    ending: str = "",
) -> str:
    """The notice for the step shown ("" when a bot is to move at the end of the game).

    ``ending``: why a recorded game stops before the rules end it (a league forfeit),
    said at its last step.
    """
    if cursor.is_over():
        return game_over(cursor.game) if cursor.at_end else "The game ends here."
    if ending and cursor.at_end:
        return ending
    seat = cursor.current_player()
    person = seat if seat is not None and agents[seat] is None else None
    if not cursor.at_end:
        text = f"Replaying: step {cursor.step} of {cursor.game.step}."
        if person is not None:
            text += " A different move from here starts a new future."
        return text
    if person is None:
        return ""
    if perspective is None or perspective == person:
        return f"{seat_name(person)}: your move."
    return f"Waiting for {seat_name(person)} (a person) to choose."

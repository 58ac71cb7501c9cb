"""The notice line's sentences, from a cursor and the seats, without a widget."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.widgets import notices
from monopoly_widgets.widgets.cursor import TimelineCursor
from tests.widgets.helpers import game_names

PLAYERS = 3


@pytest.mark.parametrize("name", game_names())
def test_whose_move_and_replaying(name: str) -> None:
    game = mw.new_game(name, players=PLAYERS, seed=2)
    agent, rng = RandomAgent(), make_rng(2, "test")
    for _ in range(8):
        game.apply(agent(None, game.legal_actions(), rng))
    cursor = TimelineCursor(game)
    seat = game.current_player
    assert seat is not None
    other = (seat + 1) % PLAYERS
    people = [None] * PLAYERS
    bots = [RandomAgent() for _ in range(PLAYERS)]
    assert notices.notice(cursor, bots, None) == ""
    assert notices.notice(cursor, people, None) == f"Player {seat}: your move."
    assert notices.notice(cursor, people, seat) == f"Player {seat}: your move."
    assert notices.notice(cursor, people, other) == (
        f"Waiting for Player {seat} (a person) to choose."
    )
    cursor.move_to(3)
    assert notices.notice(cursor, bots, None) == "Replaying: step 3 of 8."
    assert notices.notice(cursor, people, None) == (
        "Replaying: step 3 of 8. A different move from here starts a new future."
    )


@pytest.mark.parametrize("name", game_names())
def test_the_end_of_the_game(name: str) -> None:
    game = mw.new_game(name, players=PLAYERS, seed=3)
    agent, rng = RandomAgent(), make_rng(3, "test")
    while not game.is_over:
        game.apply(agent(None, game.legal_actions(), rng))
    cursor = TimelineCursor(game)
    winner = game.winner
    expected = "a draw." if winner is None else f"Player {winner} won."
    assert notices.game_over(game) == f"The game is over: {expected}"
    assert notices.notice(cursor, [None] * PLAYERS, 0) == notices.game_over(game)


def test_step_waits_for_a_person_in_words_that_fit_the_view() -> None:
    assert notices.waiting_for_person(1, 1) == (
        "Player 1: your move. Step waits for you: pick a move below."
    )
    assert notices.waiting_for_person(1, None) == (
        "Step waits for Player 1, a person: pick their move below."
    )
    assert notices.waiting_for_person(1, 2) == (
        "Step waits for Player 1, a person, to move in their own view."
    )

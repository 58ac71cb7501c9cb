"""``Game.is_over`` is kept up to date as the state changes, not asked of the rules at each read.

It is read before every decision of a simulation, so ``core/game.py`` remembers
``rules.is_over(state)`` and works it out again whenever the game's state changes (``apply``,
``undo``, ``go_back_to``). These tests hold the remembered answer to the rules' own at every
step of random games of every game, stepping back and forth as a teacher's explorer does.
"""

from __future__ import annotations

import random

import pytest

import monopoly_widgets as mw
from tests.widgets.helpers import game_names


def _agrees(game: mw.Game) -> None:
    assert game.is_over == game.rules.is_over(game.state), game.step


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("players", [2, 3])
def test_is_over_matches_the_rules_at_every_step(name: str, players: int) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        game = mw.new_game(name, players=players, seed=seed)
        _agrees(game)
        while not game.rules.is_over(game.state):
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            _agrees(game)
        assert game.is_over
        last = game.step
        game.undo()  # back to a game that is not over, then forward again by its id
        _agrees(game)
        assert not game.is_over
        game.go_back_to(last // 2)
        _agrees(game)
        copy = game.copy()
        _agrees(copy)
        loaded = mw.load_game(game.to_json())
        _agrees(loaded)


def test_a_rejected_action_leaves_is_over_unchanged() -> None:
    game = mw.new_game("deal", players=2, seed=3)
    with pytest.raises(mw.IllegalActionError):
        game.apply("bank:no such card")
    assert game.is_over is False
    _agrees(game)


def test_is_over_cannot_be_set() -> None:
    game = mw.new_game("deal", players=2, seed=3)
    with pytest.raises(AttributeError):
        game.is_over = True  # type: ignore[misc]

"""Lesson 06's reference bot (the teacher's answer to E3) beats the random bot, by evidence.

It plays 40 games in each seat against the random bot; its wins over all 80 games must
have a 95% Wilson interval wholly above one half, so chance cannot explain them.
"""

from __future__ import annotations

import monopoly_widgets as mw
from monopoly_widgets.lessons.solutions.lesson06 import reference_bot
from monopoly_widgets.sim import wilson_interval

GAMES_PER_SEAT = 40


def test_reference_bot_beats_the_random_bot_in_both_seats() -> None:
    wins = 0
    for seats, seed in (([reference_bot, "random"], 11), (["random", reference_bot], 12)):
        table = mw.simulate(
            "deal", seats, games=GAMES_PER_SEAT, seed=seed, workers=1, progress=False
        )
        bot_seat = seats.index(reference_bot)
        wins += int((table["winner"] == bot_seat).sum())
    low, _high = wilson_interval(wins, 2 * GAMES_PER_SEAT)
    assert low > 0.5, (wins, low)


def test_reference_bot_returns_a_legal_action_all_game() -> None:
    from monopoly_widgets.core.rng import make_rng

    game = mw.new_game("deal", players=2, seed=21)
    steps = 0
    while not game.is_over and steps < 3000:
        legal = game.legal_actions()
        choice = reference_bot(game.observation(game.current_player), legal, make_rng(21, steps))
        assert choice in legal
        game.apply(choice)
        steps += 1
    assert game.is_over

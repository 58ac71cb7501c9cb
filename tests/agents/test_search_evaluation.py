"""The search agent's Monopoly Deal leaf evaluation: a chance of winning, read from the sampled
world's plain state, that is 1 or 0 once the game is over and favours the seat ahead."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, play_out
from monopoly_widgets.agents.deal.evaluation import EXTRA, FEATURES, WEIGHTS, features, win_chance
from monopoly_widgets.agents.search import leaf_value
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal.properties import complete_colours


def test_a_finished_game_scores_its_result() -> None:
    game = play_out(mw.new_game("deal", players=2, seed=5), [HeuristicAgent()] * 2, seed=5)
    assert game.winner is not None
    assert win_chance(game.state, game.winner) == 1.0
    assert win_chance(game.state, 1 - game.winner) == 0.0
    assert leaf_value(game.rules, game.state, game.winner) == 1.0


def test_two_players_chances_add_up_to_one_and_favour_the_seat_ahead() -> None:
    """Features are differences (mine minus theirs), so the two seats' chances are
    complementary; a seat with two complete sets against none is ahead on average (not
    always: the other may hold a Deal Breaker and be about to play)."""
    assert len(WEIGHTS) == len(FEATURES) + len(EXTRA)
    ahead: list[float] = []
    for seed in range(30):
        game = mw.new_game("deal", players=2, seed=seed)
        rng = make_rng(seed, "walk")
        agent = HeuristicAgent()
        while not game.is_over:
            state = game.state
            assert len(features(state, 0)) == len(WEIGHTS)
            assert win_chance(state, 0) + win_chance(state, 1) == pytest.approx(1.0)
            sets = [len(complete_colours(table)) for table in state.tables]
            if sets[0] >= 2 and sets[1] == 0:
                ahead.append(win_chance(state, 0))
            seat = game.current_player
            game.apply(agent(game.observation(seat), game.legal_actions(), rng))
    assert ahead and sum(ahead) / len(ahead) > 0.7


def test_other_games_fall_back_to_the_progress_evaluation() -> None:
    game = mw.new_game("bid", players=3, seed=2)
    value = leaf_value(game.rules, game.state, 0)
    assert 0.0 < value < 1.0

"""The search agent spends its worlds where they decide something (successive halving),
and counts the CPU time it thinks (what ``benchmarks/search_agent.py`` reports)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.agents.search import SearchAgent
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.rng import make_rng


def decision_with_many_actions(minimum: int) -> Game:
    """A 2-player game paused where seat 0 chooses among ``minimum`` or more action-card plays."""
    for seed in range(300):
        game = mw.new_game("deal", players=2, seed=seed)
        rng = make_rng(seed, "walk")
        while not game.is_over and game.step < 120:
            legal = game.legal_actions()
            plays = [a for a in legal if a.kind == "play"]
            if game.current_player == 0 and len(plays) >= minimum:
                return game
            game.apply(RandomAgent()(None, legal, rng))
    raise AssertionError(f"no decision with {minimum} action-card plays")


def test_halving_tries_the_default_everywhere_and_the_field_less(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """16 worlds, 6 candidates: all 6 in the first 4 worlds, then the default and the better
    half, then the default and one challenger: 52 rollouts, not 6 x 16 = 96."""
    game = decision_with_many_actions(6)
    agent = SearchAgent(playouts=16, candidates=6, horizon=1)
    agent.bind(game)
    started: list[int] = []
    real_rollout = agent._rollout

    def counting(rules: Any, state: Any, seat: int, rng: random.Random) -> float:
        started.append(seat)
        return real_rollout(rules, state, seat, rng)

    monkeypatch.setattr(agent, "_rollout", counting)
    agent.search(0, game.observation(0), game.legal_actions(), make_rng(1, "choose"))
    assert len(started) == 6 * 4 + 3 * 4 + 2 * 8


def test_thinking_time_is_counted_and_starts_again_on_bind() -> None:
    game = decision_with_many_actions(2)
    agent = SearchAgent(playouts=2, horizon=1)
    agent.bind(game)
    agent(game.observation(0), game.legal_actions(), random.Random(0))
    assert agent.thinking_s > 0
    agent.bind(game)
    assert agent.thinking_s == 0.0

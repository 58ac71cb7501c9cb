"""The search agent spends its rollouts through the coach's successive halving, keeps to its
budgets (per decision and per game), and counts the CPU time it thinks (what
``benchmarks/search_agent.py`` reports)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, RandomAgent, play_out
from monopoly_widgets.agents import search as search_module
from monopoly_widgets.agents.search import SearchAgent
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.stats.halving import Halving


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


class RecordingHalving(Halving):
    """The coach's Halving, remembering every round it was given."""

    made: list[RecordingHalving] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rounds_seen: list[list[str]] = []
        RecordingHalving.made.append(self)

    def record(self, outcomes: Any) -> str | None:
        self.rounds_seen.append(list(self.live))
        return super().record(outcomes)


def test_the_coach_halving_shares_out_the_rollouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """6 candidates, 160 rollouts: Halving's first batch (16 each) for all six, then the
    better half, and never more rollouts than the budget. Every rollout is a real one."""
    game = decision_with_many_actions(6)
    monkeypatch.setattr(search_module, "Halving", RecordingHalving)
    RecordingHalving.made.clear()
    agent = SearchAgent(playouts=160, candidates=6, horizon=0)
    agent.bind(game)
    played: list[str] = []
    real_play = agent._play

    def counting(rules: Any, world: Any, action_id: str, seat: int, dice: Any) -> float:
        played.append(action_id)
        return real_play(rules, world, action_id, seat, dice)

    monkeypatch.setattr(agent, "_play", counting)
    agent.search(0, game.observation(0), game.legal_actions(), make_rng(1, "choose"))
    (halving,) = RecordingHalving.made
    assert len(halving.rounds_seen[0]) == 6
    assert len(halving.rounds_seen[1]) == 3
    assert len(played) == halving.spent == agent.spent <= 160
    assert len(played) > 6 * 16


def test_game_budget_is_kept_and_spread(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``game_playouts`` the whole game's rollouts stay within it, and no single
    decision takes more than its share; the control without it plays more."""
    budgets: list[int] = []
    real_budget = SearchAgent.decision_budget

    def noting(self: SearchAgent) -> int:
        budget = real_budget(self)
        budgets.append(budget)
        return budget

    monkeypatch.setattr(SearchAgent, "decision_budget", noting)
    limited = SearchAgent(playouts=40, game_playouts=300, horizon=0)
    play_out(mw.new_game("deal", players=2, seed=11), [limited, HeuristicAgent()], seed=11)
    assert 0 < limited.spent <= 300
    assert max(budgets) <= 300 // search_module.SPREAD
    free = SearchAgent(playouts=40, horizon=0)
    play_out(mw.new_game("deal", players=2, seed=11), [free, HeuristicAgent()], seed=11)
    assert free.spent > limited.spent


def test_thinking_time_is_counted_and_starts_again_on_bind() -> None:
    game = decision_with_many_actions(2)
    agent = SearchAgent(playouts=8, horizon=0)
    agent.bind(game)
    agent(game.observation(0), game.legal_actions(), random.Random(0))
    assert agent.thinking_s > 0 and agent.spent > 0
    agent.bind(game)
    assert agent.thinking_s == 0.0 and agent.spent == 0


def key_decision(near_end: bool) -> Game:
    """A 2-player game paused at a decision of seat 0 the search agent searches (an
    action-card play), with someone 2 complete sets along (``near_end``) or nobody."""
    agent = HeuristicAgent()
    for seed in range(200):
        game = mw.new_game("deal", players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            near = max(game.metrics()["sets"]) >= 2
            plays = [a for a in legal if a.kind == "play"]
            if game.current_player == 0 and len(plays) >= 2 and near == near_end:
                return game
            game.apply(agent(game.observation(game.current_player), legal, rng))
    raise AssertionError("no such decision")


@pytest.mark.parametrize("near_end", [False, True])
def test_rollouts_look_further_once_someone_is_two_sets_along(
    monkeypatch: pytest.MonkeyPatch, near_end: bool
) -> None:
    """``late_horizon`` replaces ``horizon`` only when someone has 2 complete sets."""
    game = key_decision(near_end)
    agent = SearchAgent(playouts=8, horizon=1, late_horizon=3)
    agent.bind(game)
    horizons: list[Any] = []
    real_rollout = agent._rollout

    def noting(*args: Any) -> float:
        horizons.append(agent._horizon_now)
        return real_rollout(*args)

    monkeypatch.setattr(agent, "_rollout", noting)
    agent(game.observation(0), game.legal_actions(), make_rng(0, "choose"))
    assert horizons and set(horizons) == {3 if near_end else 1}

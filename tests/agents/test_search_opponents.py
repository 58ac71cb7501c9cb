"""The search agent's rollouts can model the other seats with their own agent."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from monopoly_widgets.agents import HeuristicAgent, RandomAgent
from monopoly_widgets.agents.search import SearchAgent
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.rng import make_rng
from tests.agents.test_search import first_decision_with_kinds


class Recording:
    """An agent that notes the seats it moved for, then plays like ``inner``."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.seats: list[int] = []

    def __call__(
        self, observation: dict[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        self.seats.append(observation["viewer"])
        return self.inner(observation, legal, rng)


def test_rollouts_play_this_seat_with_rollout_and_the_others_with_opponents() -> None:
    game = first_decision_with_kinds({"pay"}, seed=0)
    mine, theirs = Recording(HeuristicAgent()), Recording(RandomAgent())
    agent = SearchAgent(playouts=8, rollout=mine, opponents=theirs, key_kinds=None)
    agent.bind(game)
    seat = game.current_player
    agent(game.observation(seat), game.legal_actions(), make_rng(1, "choose"))
    assert mine.seats and set(mine.seats) == {seat}
    assert theirs.seats and seat not in theirs.seats


def test_with_opponents_none_the_rollout_agent_plays_every_seat() -> None:
    game = first_decision_with_kinds({"pay"}, seed=0)
    both = Recording(HeuristicAgent())
    agent = SearchAgent(playouts=8, rollout=both, key_kinds=None, opponents=None)
    agent.bind(game)
    seat = game.current_player
    agent(game.observation(seat), game.legal_actions(), make_rng(1, "choose"))
    assert set(both.seats) == {0, 1}


def test_an_unknown_opponent_model_is_refused() -> None:
    with pytest.raises(ValueError, match="opponents must be 'heuristic', 'deal_policy', 'random'"):
        SearchAgent(opponents="grandmaster")

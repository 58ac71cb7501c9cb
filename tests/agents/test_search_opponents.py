"""The search agent's rollouts can model the other seats with their own agent."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import monopoly_widgets as mw
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


def test_agents_named_for_rollouts_are_made_by_make_agent() -> None:
    """One place makes agents from names (``playout.make_agent``): the search's rollout and
    opponent names, tournaments and the CLI all read it; "search" is refused as a rollout
    (it would search inside its own rollouts)."""
    from monopoly_widgets.agents import DealPolicyAgent, make_agent

    assert isinstance(make_agent("deal_policy"), DealPolicyAgent)
    agent = SearchAgent(rollout="random", opponents="deal_policy")
    assert isinstance(agent.rollout, RandomAgent)
    assert isinstance(agent.opponents, DealPolicyAgent)
    with pytest.raises(ValueError, match="rollout must be 'heuristic', 'deal_policy', 'random'"):
        SearchAgent(rollout="search")


def test_a_tournament_takes_deal_policy_by_name() -> None:
    frame = mw.simulate("deal", agents=["deal_policy", "heuristic"], games=2, workers=1)
    assert len(frame) == 2 and frame["agent_0"].iloc[0] == "deal_policy"

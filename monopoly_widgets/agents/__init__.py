"""Players that are not people: random, heuristic and search-based agents.

An agent is any callable ``agent(observation, legal_actions, rng) -> action``.
It sees only the observation of its own seat, never the hidden cards.
"""

from monopoly_widgets.agents.base import Agent
from monopoly_widgets.agents.deal.policy import DealPolicyAgent
from monopoly_widgets.agents.heuristic import HeuristicAgent
from monopoly_widgets.agents.playout import AgentError, make_agent, play_out
from monopoly_widgets.agents.random_agent import RandomAgent

__all__ = [
    "Agent",
    "AgentError",
    "DealPolicyAgent",
    "HeuristicAgent",
    "RandomAgent",
    "make_agent",
    "play_out",
]

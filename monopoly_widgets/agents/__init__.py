"""Players that are not people: random, heuristic and search-based agents.

An agent is any callable ``agent(observation, legal_actions, rng) -> action``.
It sees only the observation of its own seat, never the hidden cards.

The generic agents are the modules here; each game's own agents are in its subpackage
(``agents/deal/``, ``agents/bid/``, ``agents/cardgame/``), found through the game's
descriptor (``core/registry.py``). An agent a game adds (its descriptor's ``agents``,
e.g. ``DealPolicyAgent``) is importable from here by its class name too.
"""

import importlib
import importlib.util
from typing import Any

from monopoly_widgets.agents.base import Agent
from monopoly_widgets.agents.heuristic import HeuristicAgent
from monopoly_widgets.agents.playout import GAME_AGENTS, AgentError, make_agent, play_out
from monopoly_widgets.agents.random_agent import RandomAgent
from monopoly_widgets.core.registry import GAMES, load

#: Agents imported on first use, by name: the search agent, and the games' own agents by
#: class name (``DealPolicyAgent``; each descriptor's ``agents``).
_LATER = {
    "SearchAgent": "monopoly_widgets.agents.search:SearchAgent",
    **{path.rpartition(":")[2]: path for path in GAME_AGENTS.values()},
}

#: Modules that lessons imported from here before each game's agents had a subpackage,
#: so that a teacher's copy of an older lesson 02 (``from monopoly_widgets.agents import
#: bidders``) still runs; each is found in the game's agents subpackage that has it.
_MOVED_MODULES = frozenset({"bidders"})


def _moved_module(name: str) -> Any:
    for game in GAMES.values():
        package = game.heuristic.rpartition(".")[0]  # the game's agents subpackage
        if importlib.util.find_spec(f"{package}.{name}") is not None:
            return importlib.import_module(f"{package}.{name}")
    raise AttributeError(f"module 'monopoly_widgets.agents' has no attribute {name!r}")


def __getattr__(name: str) -> Any:
    if name in _LATER:
        return load(_LATER[name])
    if name in _MOVED_MODULES:
        return _moved_module(name)
    raise AttributeError(f"module 'monopoly_widgets.agents' has no attribute {name!r}")


__all__ = ["Agent", "AgentError", "HeuristicAgent", "RandomAgent", "make_agent", "play_out"]
__all__ += sorted(_LATER)

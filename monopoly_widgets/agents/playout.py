"""Playing a game out with one agent per seat."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from monopoly_widgets.agents.base import observer_of
from monopoly_widgets.core.errors import IllegalActionError
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.rng import make_rng

AGENT_NAMES = ("random", "heuristic", "deal_policy", "search")


class AgentError(RuntimeError):
    """An agent raised an error or chose an illegal action; names the agent and seat."""


def make_agent(name: str) -> Callable[..., Any]:
    """An agent from its name: "random", "heuristic", "deal_policy" (``DealPolicyAgent``:
    the heuristic with coach-found rules for Monopoly Deal, the heuristic itself in the
    other games) or "search"."""
    from monopoly_widgets.agents.heuristic import HeuristicAgent
    from monopoly_widgets.agents.random_agent import RandomAgent

    if name == "random":
        return RandomAgent()
    if name == "heuristic":
        return HeuristicAgent()
    if name == "deal_policy":
        from monopoly_widgets.agents.deal_policy import DealPolicyAgent

        return DealPolicyAgent()
    if name == "search":
        from monopoly_widgets.agents.search import SearchAgent

        return SearchAgent()
    raise ValueError(f"unknown agent {name!r}; choose from {list(AGENT_NAMES)}")


def play_out(
    game: Game,
    agents: Sequence[Callable[..., Any]],
    seed: int = 0,
    max_steps: int = 100_000,
) -> Game:
    """Let ``agents[seat]`` choose for each seat until the game is over.

    Each seat gets its own ``random.Random`` derived from ``seed``, so a playout
    is reproducible. An agent with a ``bind(game)`` method (the search agent) is
    bound to ``game`` first, so it can sample worlds with ``rules.determinize``.
    Engines end stalled games as draws (a documented turn cap), so this always
    finishes; ``max_steps`` is only a safety net.
    """
    if len(agents) != game.players:
        raise ValueError(f"need one agent per seat: {game.players} seats, {len(agents)} agents")
    for agent in agents:  # agents that search (SearchAgent) sample worlds from this game
        bind = getattr(agent, "bind", None)
        if callable(bind):
            bind(game)
    rngs = [make_rng(seed, "agent", seat) for seat in range(game.players)]
    observers = [observer_of(agent) for agent in agents]
    rules = game.rules
    for _ in range(max_steps):
        if game.is_over:
            return game
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        observation = observers[seat](rules, game.state, seat)
        agent = agents[seat]
        try:
            choice = agent(observation, legal, rngs[seat])
        except Exception as exc:
            raise AgentError(f"agent {agent!r} in seat {seat} raised {exc!r}") from exc
        try:
            game.apply(choice)
        except IllegalActionError as exc:
            raise AgentError(
                f"agent {agent!r} in seat {seat} chose an illegal action: {exc}"
            ) from exc
    raise AgentError(f"game did not finish within {max_steps} steps")

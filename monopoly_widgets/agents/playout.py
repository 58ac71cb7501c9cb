"""Playing a game out with one agent per seat."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from monopoly_widgets.agents.base import observer_of
from monopoly_widgets.core.errors import IllegalActionError
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.registry import GAMES, load
from monopoly_widgets.core.rng import make_rng

#: The agents a game adds, by name (each descriptor's ``agents``): ``{name: "module:Class"}``.
GAME_AGENTS: dict[str, str] = {
    name: path for descriptor in GAMES.values() for name, path in descriptor.agents.items()
}
#: Every agent ``make_agent`` makes by name: the generic ones and the games' own.
AGENT_NAMES = ("random", "heuristic", *GAME_AGENTS, "search")


class AgentError(RuntimeError):
    """An agent raised an error or chose an illegal action; names the agent and seat."""


def agent_name(agent: Any) -> str:
    """A name for ``agent`` that is the same in every run: its ``name``, else its
    function's or class's name (never a ``repr`` with a memory address in it)."""
    if isinstance(agent, str):
        return agent
    name = getattr(agent, "name", None)
    if isinstance(name, str) and name:
        return name[:60]
    return str(getattr(agent, "__qualname__", None) or type(agent).__qualname__)[:60]


def make_agent(name: str) -> Callable[..., Any]:
    """An agent from its name: "random", "heuristic", one a game adds (its descriptor's
    ``agents``: "deal_policy", ``DealPolicyAgent``, the heuristic with coach-found rules
    for Monopoly Deal, the heuristic itself in the other games) or "search"."""
    from monopoly_widgets.agents.heuristic import HeuristicAgent
    from monopoly_widgets.agents.random_agent import RandomAgent

    if name == "random":
        return RandomAgent()
    if name == "heuristic":
        return HeuristicAgent()
    if name in GAME_AGENTS:
        return load(GAME_AGENTS[name])()
    if name == "search":
        from monopoly_widgets.agents.search import SearchAgent

        return SearchAgent()
    from monopoly_widgets.core.errors import InputError
    from monopoly_widgets.core.validation import excerpt

    raise InputError(f"unknown agent {excerpt(name, 40)}; the agents are {', '.join(AGENT_NAMES)}")


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
    for seat, agent in enumerate(agents):  # agents that search sample worlds from this game
        bind = getattr(agent, "bind", None)
        if callable(bind):
            try:
                bind(game)
            except Exception as exc:
                raise AgentError(
                    f"agent {agent_name(agent)} in seat {seat} raised "
                    f"{describe_error(exc)} in bind()"
                ) from exc
    rngs = [make_rng(seed, "agent", seat) for seat in range(game.players)]
    observers = [observer_of(agent) for agent in agents]
    rules = game.rules
    for _ in range(max_steps):
        if game.is_over:
            return game
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        agent = agents[seat]
        try:
            observation = observers[seat](rules, game.state, seat)
        except Exception as exc:
            raise AgentError(
                f"agent {agent_name(agent)} in seat {seat} raised "
                f"{describe_error(exc)} in observe()"
            ) from exc
        try:
            choice = agent(observation, legal, rngs[seat])
        except Exception as exc:
            raise AgentError(
                f"agent {agent_name(agent)} in seat {seat} raised {describe_error(exc)}"
            ) from exc
        try:
            game.apply(choice)
        except IllegalActionError as exc:
            raise AgentError(
                f"agent {agent_name(agent)} in seat {seat} chose an illegal action: {exc}"
            ) from exc
    raise AgentError(f"game did not finish within {max_steps} steps")


def describe_error(exc: BaseException) -> str:
    """``exc`` as ``Type('message')``, its message cut short and free of memory addresses."""
    text = re.sub(r" at 0x[0-9a-fA-F]+", "", str(exc))
    if len(text) > 200:
        text = text[:199] + "…"
    return f"{type(exc).__name__}({text!r})"

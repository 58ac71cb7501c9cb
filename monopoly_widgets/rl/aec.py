"""The three games as PettingZoo AEC environments, with action masks.

One agent per seat, ``"player_0"`` ... Whoever must decide next acts (in Monopoly Deal
that is not always the player whose turn it is: answers with Just Say No and payments are
decisions too). Each agent observes ``{"observation": <its encoded view>, "action_mask":
<1 for each legal catalogue entry>}``; actions are numbers into the engine's catalogue
(``rl/catalogue.py``), the same for every seat.

Rewards come once, when the game ends: +1 for the winner, -1 for the others, 0 for all in
a draw (``Rules.returns``). After ``max_steps`` actions every agent is truncated with
reward 0. An illegal action is handled as PettingZoo's classic environments handle it
(their ``TerminateIllegalWrapper``, written into :meth:`raw_env.step` because three
wrappers deep every attribute read goes through three ``__getattr__`` calls, which
doubled the cost of a step: ``benchmarks/rl_env.py``): the game ends, the player who
chose it gets -1 and the others 0, with PettingZoo's warning. A number outside the
action space is an :class:`InputError`. ``render()`` is the text table
(``game.render()``), printed in "human" mode and returned in "ansi" mode.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.registry import describe
from monopoly_widgets.core.serialization import new_game
from monopoly_widgets.core.validation import excerpt
from monopoly_widgets.rl.catalogue import Catalogue
from monopoly_widgets.rl.encoding import OBSERVATION_HIGH, encoder

#: Actions after which a game is truncated unless told otherwise: well above the longest
#: random games measured (Deal 3 players: about 1,500 actions).
DEFAULT_MAX_STEPS = 5000


def env(
    game: str = "deal",
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    render_mode: str | None = None,
) -> AECEnv:
    """The AEC environment of ``game``, with PettingZoo's order checks (reset before step,
    and so on) as the classic games have them."""
    return _OrderEnforcing(raw_env(game, players, options, max_steps, render_mode))


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order checks, with :meth:`last` and :meth:`step` answered by the
    environment itself once it has been reset. The wrapper's own ``last`` reads five
    attributes through its ``__getattr__`` (each a check and a forwarded look-up), which
    made a wrapped step a quarter dearer than a raw one (``benchmarks/rl_env.py``). Before
    a reset, and for a step with no agents left, the wrapper's own code still answers, so
    every check and message is PettingZoo's."""

    def last(self, observe: bool = True) -> tuple:
        if not self._has_reset:
            return super().last(observe)
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        if not self._has_reset or not self.env.agents:
            super().step(action)
            return
        self._has_updated = True
        self.env.step(action)


class raw_env(AECEnv):  # noqa: N801  (PettingZoo's name for the unwrapped environment)
    """The environment without PettingZoo's order checks (:func:`env` adds them)."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "monopoly_widgets",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "deal",
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        descriptor = describe(game)
        if not isinstance(players, int) or not (
            descriptor.min_players <= players <= descriptor.max_players
        ):
            raise InputError(
                f"players must be a whole number from {descriptor.min_players} to "
                f"{descriptor.max_players} for {game}, not {players!r}"
            )
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise InputError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.game_name = game
        self.options = dict(options or {})
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"monopoly_{game}_v0"}
        self.catalogue = Catalogue(game, players, options)
        self._encoder = encoder(game)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self._encoder.encoding_size(players)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, OBSERVATION_HIGH, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (len(self.catalogue),), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(len(self.catalogue)) for agent in self.possible_agents
        }
        self.game = None
        self._legal: dict[int, Any] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the episode ----------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. ``seed`` fixes the shuffle and seeds every action space; without
        one a seed is drawn from the environment's own generator."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            for offset, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + offset)
        elif not hasattr(self, "_seeds"):
            self._seeds = np.random.default_rng()
        game_seed = int(self._seeds.integers(2**31))
        self.game = new_game(self.game_name, self.num_agents_total, game_seed, self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._next_decision()

    @property
    def num_agents_total(self) -> int:
        return len(self.possible_agents)

    def _next_decision(self) -> None:
        """Point ``agent_selection`` at whoever decides now, with their legal actions."""
        game = self.game
        seat = game.current_player
        if seat is None:
            seat = 0  # the game is over: any agent may be asked to step (and be removed)
        self.agent_selection = self.possible_agents[seat]
        self._legal = self.catalogue.legal_indexes(game) if not game.is_over else {}
        # The legal numbers too, so a policy need not search the mask for them.
        self.infos[self.agent_selection] = {"legal_moves": [*self._legal]}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat.get(agent)
        if seat is None:
            seat = self.possible_agents.index(agent)  # not an agent: list.index's ValueError
        observation = self._encoder.encode(self.game.state, seat)
        if agent == self.agent_selection:
            mask = self.catalogue.mask(self._legal)
        else:
            mask = np.zeros(len(self.catalogue), dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._legal.get(action)
        if chosen is None:
            self._illegal(agent, action)
            return
        game = self.game
        game.apply(chosen)
        self._cumulative_rewards[agent] = 0.0
        # Rewards are 0 until the last step (set in reset), so only the end changes them.
        if game.is_over:
            returns = game.rules.returns(game.state)
            for seat, a in enumerate(self.possible_agents):
                self.rewards[a] = returns[seat]
                self.terminations[a] = True
            self._accumulate_rewards()
        elif game.step >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._next_decision()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str, action: Any) -> None:
        """As PettingZoo's ``TerminateIllegalWrapper`` (its classic games): the game ends,
        -1 for ``agent``, 0 for the others. The game itself is left as it was."""
        if not self.action_spaces[agent].contains(action):
            raise InputError(
                f"action must be a whole number from 0 to {len(self.catalogue) - 1} "
                f"(the action catalogue), not {excerpt(action)}"
            )
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = -1.0
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """The table as text: printed ("human") or returned ("ansi")."""
        if self.render_mode is None:
            import warnings

            warnings.warn("render() called without a render_mode", stacklevel=2)
            return None
        if self.game is None:
            text = "(no game yet: call reset)"
        else:
            text = self.game.render()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass

"""A Gymnasium environment for one learner: the package's bots play the other seats.

The learner sits in seat ``seat``; every other seat is played by a built-in bot chosen by
name ("random", "heuristic", ... : ``agents.playout.AGENT_NAMES``), seeded from the
episode's seed. ``step`` plays the learner's action, then the bots' decisions until the
learner must decide again or the game ends. The observation is the learner's encoded view
(``<game>/encoding.py``); the mask of its legal actions is in ``info["action_mask"]`` (and
from :meth:`action_masks`, the name maskable-policy libraries look for). The reward is +1
if the learner wins, -1 if another seat wins, 0 for a draw or while playing. An illegal
action ends the episode with reward -1 and ``info["illegal_action"]``, as PettingZoo's
classic games do, and leaves the game unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from monopoly_widgets.agents.base import observer_of
from monopoly_widgets.agents.playout import make_agent
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.registry import describe
from monopoly_widgets.core.serialization import new_game
from monopoly_widgets.rl.aec import DEFAULT_MAX_STEPS
from monopoly_widgets.rl.catalogue import Catalogue
from monopoly_widgets.rl.encoding import OBSERVATION_HIGH, encoder


class SingleSeatEnv(gymnasium.Env):
    """``game`` with the learner in ``seat`` and bots (by name) in the other seats."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        game: str = "deal",
        players: int = 2,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        options: Mapping[str, Any] | None = None,
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
    ) -> None:
        descriptor = describe(game)
        if not isinstance(players, int) or not (
            descriptor.min_players <= players <= descriptor.max_players
        ):
            raise InputError(
                f"players must be a whole number from {descriptor.min_players} to "
                f"{descriptor.max_players} for {game}, not {players!r}"
            )
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise InputError(f"seat must be a seat number from 0 to {players - 1}, not {seat!r}")
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise InputError(
                f"opponents must be one bot name or {players - 1} of them, not {len(names)}"
            )
        self.bots = [make_agent(name) for name in names]  # InputError names the bots
        self._observers = [observer_of(bot) for bot in self.bots]
        self.game_name = game
        self.players = players
        self.seat = seat
        self.options = dict(options or {})
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.catalogue = Catalogue(game, players, options)
        self._encoder = encoder(game)
        size = self._encoder.encoding_size(players)
        self.observation_space = spaces.Box(0.0, OBSERVATION_HIGH, (size,), np.float32)
        self.action_space = spaces.Discrete(len(self.catalogue))
        self.game = None
        self._legal: dict[int, Any] = {}

    def reset(
        self, *, seed: int | None = None, options: dict | None = None
    ) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self.action_space.seed(seed)
        game_seed = int(self.np_random.integers(2**31))
        self.game = new_game(self.game_name, self.players, game_seed, self.options)
        self._bot_rngs = [random.Random(game_seed * 31 + k) for k in range(len(self.bots))]
        self._bots_play()
        return self._observe(), self._info()

    def _bot_for(self, seat: int) -> int:
        return seat if seat < self.seat else seat - 1

    def _bots_play(self) -> None:
        """Let the bots decide until the learner must, the game ends or the step limit."""
        game = self.game
        while not game.is_over and game.step < self.max_steps:
            seat = game.current_player
            if seat == self.seat:
                break
            k = self._bot_for(seat)
            agent = self.bots[k]
            observation = self._observers[k](game.rules, game.state, seat)
            game.apply(agent(observation, game.legal_actions(), self._bot_rngs[k]))
        self._legal = self.catalogue.legal_indexes(game) if not game.is_over else {}

    def _observe(self) -> np.ndarray:
        return self._encoder.encode(self.game.state, self.seat)

    def _info(self) -> dict:
        # The legal numbers too, so a policy need not search the mask for them.
        return {"action_mask": self.catalogue.mask(self._legal), "legal_moves": list(self._legal)}

    def action_masks(self) -> np.ndarray:
        """1 for each catalogue entry the learner may choose now."""
        return self.catalogue.mask(self._legal)

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        chosen = self._legal.get(int(action))
        if chosen is None:
            # As PettingZoo's classic games do (TerminateIllegalWrapper): the episode ends and
            # the learner gets -1; the game itself is left as it was.
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), -1.0, True, False, info
        self.game.apply(chosen)
        self._bots_play()
        game = self.game
        reward = 0.0
        terminated = game.is_over
        if terminated:
            reward = game.rules.returns(game.state)[self.seat]
        truncated = not terminated and game.step >= self.max_steps
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The table as text, seen from the learner's seat."""
        text = self.game.render(self.seat) if self.game is not None else "(call reset first)"
        if self.render_mode == "ansi":
            return text
        if self.render_mode == "human":
            print(text)
        return None

"""The search agent: determinized Monte Carlo search with UCB1 at the root.

To choose, the agent imagines the game many times. Each time it

1. deals a *possible world*: ``rules.determinize(state, seat, rng)`` re-deals
   every card it cannot see (other hands, the draw pile order), consistently
   with its own observation, so it never uses the real hidden cards;
2. picks one of its legal actions by **UCB1** (try each action once, then
   favour actions with a high average result plus a bonus for rarely tried
   ones: ``mean + c · sqrt(ln N / n)``);
3. plays on with fast *rollout* agents for a few turns (or to the end);
4. scores the result for its seat: +1 win, -1 loss, or, if the game is not
   over yet, an estimate of who is ahead (``evaluate``).

It then plays the action with the best average. This is "flat" Monte Carlo
with determinization (perfect-information sampling), the simplest member of
the information-set search family.

Binding: an agent is called as ``agent(observation, legal_actions, rng)``, but to
imagine worlds it needs the game's rules and a way to sample worlds. ``play_out``
calls ``agent.bind(game)`` before the first move; you can also pass
``SearchAgent(game=game)``. The agent reads the game only through
``rules.determinize(game.state, seat, rng)``.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from monopoly_widgets.agents.heuristic import HeuristicAgent
from monopoly_widgets.agents.random_agent import RandomAgent
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.rules import Rules, State

#: How much each per-player metric counts in ``evaluate``, per game. A complete
#: set is what wins Deal and Bid (3 sets); in The Card Game "money" is the score.
METRIC_WEIGHTS: dict[str, Mapping[str, float]] = {
    "deal": {"sets": 1.0, "properties": 0.12, "money": 0.03},
    "bid": {"sets": 1.0, "properties": 0.15, "money": 0.01},
    "cardgame": {"money": 1 / 2000, "sets": 0.1},
}
DEFAULT_WEIGHTS: Mapping[str, float] = {"sets": 1.0, "properties": 0.1, "money": 0.01}


def evaluate(rules: Rules, state: State, seat: int) -> float:
    """How good ``state`` is for ``seat``, from -1 (lost) to +1 (won).

    A finished game scores its ``returns``. Otherwise the score is
    ``tanh(mine - best opponent)`` of a weighted sum of the public metrics
    (complete sets, properties on the table, money): "who is ahead".
    """
    if rules.is_over(state):
        return rules.returns(state)[seat]
    metrics = rules.metrics(state)
    weights = METRIC_WEIGHTS.get(rules.name, DEFAULT_WEIGHTS)
    players = rules.num_players(state)
    scores = [
        sum(weight * metrics[key][p] for key, weight in weights.items() if key in metrics)
        for p in range(players)
    ]
    best_other = max(scores[p] for p in range(players) if p != seat)
    return math.tanh(scores[seat] - best_other)


class SearchAgent:
    """Determinized flat Monte Carlo search (UCB1 at the root) with fast rollouts.

    ``playouts``: imagined games per decision (more is stronger and slower).
    ``rollout``: the agent that plays every seat inside the imagined games
    ("heuristic" or "random", or an agent object). ``horizon``: how many turns
    a rollout plays past the current one before ``evaluate`` scores it
    (``None``: to the end of the game). ``exploration``: the UCB1 constant ``c``.
    """

    needs_observation = True
    name = "search"

    def __init__(
        self,
        playouts: int = 48,
        rollout: str | Callable[..., Any] = "heuristic",
        horizon: int | None = 2,
        exploration: float = 0.7,
        game: Game | None = None,
        max_rollout_steps: int = 2000,
    ) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be 1 or more, not {playouts!r}")
        self.playouts = playouts
        self.rollout_name = rollout if isinstance(rollout, str) else type(rollout).__name__
        if rollout == "heuristic":
            self.rollout: Callable[..., Any] = HeuristicAgent()
        elif rollout == "random":
            self.rollout = RandomAgent()
        elif callable(rollout):
            self.rollout = rollout
        else:
            raise ValueError(f"rollout must be 'heuristic', 'random' or an agent, not {rollout!r}")
        self.horizon = horizon
        self.exploration = exploration
        self.max_rollout_steps = max_rollout_steps
        self.game = game
        self._turn: Any = None
        self._tried: dict[str, set[str]] = {}

    def bind(self, game: Game) -> None:
        """Attach the game this agent plays in (``play_out`` does this)."""
        self.game = game
        self._turn = None
        self._tried = {}

    def __repr__(self) -> str:
        return (
            f"SearchAgent(playouts={self.playouts}, rollout={self.rollout_name!r}, "
            f"horizon={self.horizon})"
        )

    def __getstate__(self) -> dict[str, Any]:
        # A game bound in one process is not sent to another: it is bound again there.
        return {**self.__dict__, "game": None, "_turn": None, "_tried": {}}

    def __call__(
        self,
        observation: dict[str, Any] | None,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if observation is None or observation.get("viewer") is None:
            raise ValueError("SearchAgent needs the observation of its own seat")
        seat = observation["viewer"]
        if self.game is None:
            raise RuntimeError(
                "SearchAgent is not bound to a game: use play_out(game, agents), "
                "SearchAgent(game=game) or agent.bind(game)"
            )
        if self.game.current_player != seat:
            raise RuntimeError(
                f"SearchAgent was asked to move for seat {seat}, but its bound game is waiting "
                f"for seat {self.game.current_player}: bind it to the game being played"
            )
        # Never make the same choice twice in the same situation within a turn: free
        # actions (moving a wild back and forth) could otherwise loop for ever.
        situation = json.dumps(observation, sort_keys=True)
        if observation.get("turn") != self._turn:
            self._turn = observation.get("turn")
            self._tried = {}
        tried = self._tried.setdefault(situation, set())
        fresh = [action for action in legal_actions if action.id not in tried]
        choice = self.search(seat, fresh or legal_actions, rng)
        tried.add(choice.id)
        return choice

    def search(self, seat: int, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """Run the playouts and return the legal action with the best average result."""
        assert self.game is not None
        rules = self.game.rules
        real_state = self.game.state
        ids = [action.id for action in legal_actions]
        visits = dict.fromkeys(ids, 0)
        totals = dict.fromkeys(ids, 0.0)
        for playout in range(self.playouts):
            world = rules.determinize(real_state, seat, rng)
            options = {action.id: action for action in rules.legal_actions(world)}
            action_id = self._ucb_choice(ids, visits, totals, playout)
            rules.apply(world, options[action_id])
            value = self._rollout(rules, world, seat, rng)
            visits[action_id] += 1
            totals[action_id] += value
        best = max(ids, key=lambda i: (totals[i] / visits[i] if visits[i] else -2.0, visits[i]))
        return legal_actions[ids.index(best)]

    def _ucb_choice(
        self, ids: list[str], visits: dict[str, int], totals: dict[str, float], done: int
    ) -> str:
        for action_id in ids:
            if visits[action_id] == 0:
                return action_id
        log_done = math.log(done)
        return max(
            ids,
            key=lambda i: (
                totals[i] / visits[i] + self.exploration * math.sqrt(log_done / visits[i])
            ),
        )

    def _rollout(self, rules: Rules, state: State, seat: int, rng: random.Random) -> float:
        last_turn = None if self.horizon is None else rules.turn(state) + self.horizon
        needs_observation = getattr(self.rollout, "needs_observation", True)
        for _ in range(self.max_rollout_steps):
            if rules.is_over(state):
                break
            if last_turn is not None and rules.turn(state) > last_turn:
                break
            player = rules.current_player(state)
            legal = rules.legal_actions(state)
            observation = rules.observation(state, player) if needs_observation else None
            rules.apply(state, self.rollout(observation, legal, rng))
        return evaluate(rules, state, seat)

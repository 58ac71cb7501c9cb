"""The search agent: determinized Monte Carlo rollouts that improve on a base policy.

To choose, the agent imagines the game a number of times. Each time it

1. deals a *possible world*: ``rules.determinize(state, seat, rng)`` re-deals
   every card it cannot see (other hands, the draw pile order), consistently
   with its own observation, so it never uses the real hidden cards; where the
   game's descriptor names ``beliefs`` (Monopoly Deal: ``agents/deal/beliefs.py``),
   the other hands are then dealt again from those same cards as a heuristic
   player's hand would be, and, against the heuristic, a world is dealt up to
   ``beliefs.tries`` times to find hands under which the heuristic would have made
   the choices it was seen to make since it last drew;
2. tries a candidate action in that world, and plays on with fast *rollout*
   agents to the end of the turn after next: ``DealPolicyAgent`` for its own seat
   (the heuristic with measured mistakes corrected) and the heuristic for the others
   (``horizon``), every candidate in the same worlds with the same random
   numbers ("common random numbers": the candidates are compared on equal
   terms, so few worlds are enough);
3. scores the result for its seat as a chance of winning (``leaf_value``): 1 or 0
   if the game is over, else the descriptor's ``leaf_value`` (Monopoly Deal: a
   logistic model fitted on who actually wins heuristic self-play from such
   positions, ``agents/deal/evaluation.py``), or ``evaluate`` read as a chance.

Not every decision is searched: where no action is of a kind worth it (the
descriptor's ``search_kinds``; in Monopoly Deal: action cards, payments, Just Say No
answers, discards) the rollout agent decides alone, and the time saved buys more
worlds where it matters.

Everything this module knows about a game it reads from the game's descriptor
(``core/registry.py``: ``progress``, ``leaf_value``, ``search_kinds``, ``beliefs``), so
no game is named here and a new game is searched by adding hooks, not branches.

At most ``candidates`` actions are searched: the rollout agent's choice and the
best of the rest by a first look in one world, each action played through the
others' answers to it (a rent is scored once paid) but no further.

The rollouts are shared out by successive halving (``stats/halving.py``, whose
bookkeeping the coach's race keeps too): every candidate gets a first batch, the
weaker half is set aside and the batch doubles, so most rollouts go to the
candidates that could be best. ``playouts`` caps the rollouts of one decision and
``game_playouts`` (optional) those of a whole game; both count rollouts, not
seconds, so a game replays exactly on any machine.

It plays the leader, but only if that beats the rollout agent's own choice
clearly (by a margin, and by more than a standard error of the world-by-world
differences); otherwise it trusts the rollout agent. This is the classic
*rollout algorithm* (one step of policy improvement over a base policy) with
determinization for the hidden cards: flat Monte Carlo search, the simplest
member of the information-set search family.

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
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from monopoly_widgets.agents.base import observer_of
from monopoly_widgets.agents.heuristic import HeuristicAgent
from monopoly_widgets.agents.playout import GAME_AGENTS, make_agent
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.registry import describe
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.rules import Rules, State
from monopoly_widgets.stats.halving import Halving


def metric_progress(rules: Rules, state: State) -> list[float]:
    """Any game: complete sets, plus a little for properties and money (``rules.metrics``)."""
    metrics = rules.metrics(state)
    return [
        s + 0.1 * p + 0.01 * m
        for s, p, m in zip(metrics["sets"], metrics["properties"], metrics["money"], strict=True)
    ]


class Beliefs(Protocol):
    """How the search imagines the hands it cannot see in one game (the descriptor's
    ``beliefs``, made as ``Beliefs(seat)`` and kept while the seat is the same)."""

    seat: int
    #: Worlds dealt for one imagined world at most, looking for hands that explain the
    #: opponent's choices; the world that explains most is kept.
    tries: int

    def update(self, game: Game, explain: bool) -> int:
        """Read the public record up to now; with ``explain``, the opponent's choices to
        explain. Returns how many there are (0: nothing to explain)."""
        ...

    def imagine(self, world: State, rng: random.Random) -> State:
        """``world``, a fair re-deal of the unseen cards, dealt again as believed."""
        ...

    def explains(self, world: State, rules: Rules, chooser: Any) -> int:
        """How many of the opponent's choices ``world``'s hands explain."""
        ...


#: Each game's hooks, read from its descriptor once: ``(game, field) -> function or None``.
_HOOKS: dict[tuple[str, str], Any] = {}


def game_hook(rules: Rules, field: str) -> Any:
    """The descriptor's ``field`` for ``rules``'s game (``None`` if it has none), found once."""
    key = (rules.name, field)
    if key not in _HOOKS:
        _HOOKS[key] = describe(rules.name).hook(field)
    return _HOOKS[key]


#: ``Halving``'s interval settings for a decision: 95% intervals; its "measured to within"
#: stop is set so wide apart from the leader's separation that only the budget ends a search.
CONFIDENCE = 0.95
PRECISION = 0.01
#: With ``game_playouts``, a decision gets at most this fraction (1/SPREAD) of what is left.
SPREAD = 12


def evaluate(rules: Rules, state: State, seat: int) -> float:
    """How good ``state`` is for ``seat``, from -1 (lost) to +1 (won).

    A finished game scores its ``returns``. Otherwise ``tanh(mine - best
    opponent)`` of each seat's progress (the descriptor's ``progress``, else
    ``metric_progress``): "who is ahead, and by how much".
    """
    if rules.is_over(state):
        return rules.returns(state)[seat]
    scores = (game_hook(rules, "progress") or metric_progress)(rules, state)
    best_other = max(score for p, score in enumerate(scores) if p != seat)
    return math.tanh(scores[seat] - best_other)


def leaf_value(rules: Rules, state: State, seat: int) -> float:
    """How good ``state`` is for ``seat`` as a chance of winning, 0 to 1.

    The descriptor's ``leaf_value`` where the game has one (Monopoly Deal: the logistic
    model fitted on heuristic self-play, ``agents/deal/evaluation.win_chance``, which
    predicts the winner better than its ``progress``: see
    ``benchmarks/fit_deal_evaluation.py``). Other games: ``evaluate`` read as a chance,
    ``(1 + evaluate) / 2``.
    """
    leaf = game_hook(rules, "leaf_value")
    if leaf is not None:
        return leaf(state, seat)
    return (1.0 + evaluate(rules, state, seat)) / 2


class SearchAgent:
    """Determinized Monte Carlo rollouts over a base policy (see the module docstring).

    The defaults were chosen by paired games against the heuristic
    (``benchmarks/search_agent.py``); the figures behind each, and the variations
    that did no better, are in ``benchmarks/RESULTS.md`` ("The search agent's defaults").

    ``playouts``: the most rollouts for one decision, over all its candidates
    (successive halving, ``stats/halving.py``, shares them out). ``game_playouts``: a
    budget of rollouts for the whole game, or ``None``; with it, each decision
    gets a share of what is left (``decision_budget``), never more than
    ``playouts``. Both count rollouts, not seconds, so a game replays the same on
    any machine. The defaults (48 and 1400, horizon 1) keep 2-player Deal within
    about 1 CPU-second of thinking per game.
    ``rollout``: the agent that plays this seat inside the imagined games
    ("deal_policy", the default: ``DealPolicyAgent``, the heuristic with its measured
    mistakes corrected, which is the heuristic in other games; "heuristic", "random", or
    an agent object); it is also the default choice.
    ``horizon``: how many turns a rollout plays past the current one before
    ``leaf_value`` scores it (``None``: to the end of the game). ``late_horizon``: the
    same once someone has 2 complete sets (public), where the fitted leaf guesses worst
    and games are short, so looking further costs little (``"same"``: ``horizon``).
    ``candidates``: at most this many actions are searched (the rollout agent's
    choice and the best by an immediate look). ``margin``: how much better on
    average (as a chance of winning) an action must be to overrule the rollout
    agent; ``strictness``: by how many standard errors. Both keep the rollout
    agent's choice unless the search has found clearly better: rollouts are noisy.
    ``key_kinds``: the action kinds that make a decision worth searching; ``"game"``
    (the default) takes them from the bound game's descriptor (``search_kinds``),
    ``None`` searches every decision. Elsewhere the rollout agent decides alone.
    ``opponents``: the agent that plays the other seats inside the imagined games
    (default ``"heuristic"``, the usual opponent; ``None``: the rollout agent). A model
    of the real opponents: against the heuristic it is exact but for the hidden cards,
    and the worlds are then dealt to explain what it did (``beliefs``).
    ``beliefs``: how the other hands are imagined: ``None``, a fair re-deal of the
    unseen cards; ``"heuristic"``, as the game's descriptor's ``beliefs`` deal them
    where it names some (Deal: leaning towards what a heuristic player's hand holds
    once it has ended a turn, agreeing with the Just Say No record and, when
    ``opponents`` is the heuristic, dealt up to ``beliefs.tries`` times to explain its
    choices since it last drew: ``agents/deal/beliefs.py``), else a fair re-deal.
    """

    needs_observation = True
    name = "search"

    def __init__(
        self,
        playouts: int = 48,
        rollout: str | Callable[..., Any] = "deal_policy",
        horizon: int | None = 1,
        candidates: int = 6,
        margin: float = 0.005,
        strictness: float = 1.0,
        game: Game | None = None,
        max_rollout_steps: int = 2000,
        key_kinds: frozenset[str] | str | None = "game",
        game_playouts: int | None = 1400,
        beliefs: str | None = "heuristic",
        opponents: str | Callable[..., Any] | None = "heuristic",
        late_horizon: int | None | str = 3,
    ) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be 1 or more, not {playouts!r}")
        if candidates < 1:
            raise ValueError(f"candidates must be 1 or more, not {candidates!r}")
        if game_playouts is not None and game_playouts < 1:
            raise ValueError(f"game_playouts must be None or 1 or more, not {game_playouts!r}")
        self.playouts = playouts
        self.game_playouts = game_playouts
        self.rollout_name = rollout if isinstance(rollout, str) else type(rollout).__name__
        self.opponents_name = type(opponents).__name__ if callable(opponents) else opponents
        self.rollout: Callable[..., Any] = _agent("rollout", rollout)
        self.opponents: Callable[..., Any] = (
            self.rollout if opponents is None else _agent("opponents", opponents)
        )
        self.horizon = horizon
        self.late_horizon = horizon if late_horizon == "same" else late_horizon
        #: The horizon of the decision being searched (``late_horizon`` near the end).
        self._horizon_now = horizon
        self.candidates = candidates
        self.margin = margin
        self.strictness = strictness
        if beliefs not in ("heuristic", None):
            raise ValueError(f"beliefs must be 'heuristic' or None, not {beliefs!r}")
        self.beliefs = beliefs
        self.max_rollout_steps = max_rollout_steps
        self.key_kinds = key_kinds
        self.game = game
        self._turn: Any = None
        self._tried: dict[str, set[str]] = {}
        #: How the other hands are imagined for the seat searched (the game's ``beliefs``).
        self._seat_beliefs: Beliefs | None = None
        #: CPU seconds spent choosing since the last ``bind`` (``benchmarks/search_agent.py``
        #: reports it per game: CPU time, not wall clock, so a busy machine does not inflate it).
        self.thinking_s = 0.0
        #: Rollouts played since the last ``bind`` (what ``game_playouts`` limits).
        self.spent = 0

    def bind(self, game: Game) -> None:
        """Attach the game this agent plays in (``play_out`` does this)."""
        self.game = game
        self._turn = None
        self._tried = {}
        self._seat_beliefs = None
        self.thinking_s = 0.0
        self.spent = 0

    def __repr__(self) -> str:
        return (
            f"SearchAgent(playouts={self.playouts}, game_playouts={self.game_playouts}, "
            f"rollout={self.rollout_name!r}, opponents={self.opponents_name!r}, "
            f"horizon={self.horizon}, late_horizon={self.late_horizon}, "
            f"candidates={self.candidates}, beliefs={self.beliefs!r})"
        )

    def __getstate__(self) -> dict[str, Any]:
        # A game bound in one process is not sent to another: it is bound again there.
        return {
            **self.__dict__,
            "game": None,
            "_turn": None,
            "_tried": {},
            "_seat_beliefs": None,
            "thinking_s": 0.0,
            "spent": 0,
        }

    def __call__(
        self,
        observation: dict[str, Any] | None,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        started = time.process_time()
        try:
            return self._choose(observation, legal_actions, rng)
        finally:
            self.thinking_s += time.process_time() - started

    def _choose(
        self,
        observation: dict[str, Any] | None,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
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
        fresh = [action for action in legal_actions if action.id not in tried] or legal_actions
        if len(fresh) == 1:
            choice = fresh[0]
        elif not self._worth_searching(fresh) or self.decision_budget() < 2:
            choice = self.rollout(observation, fresh, rng)
        else:
            choice = self.search(seat, observation, fresh, rng)
        tried.add(choice.id)
        return choice

    def _worth_searching(self, legal_actions: Sequence[Action]) -> bool:
        """Does one of the actions have a kind worth searching (``key_kinds``)?"""
        assert self.game is not None
        key_kinds = self.key_kinds
        if key_kinds == "game":
            key_kinds = describe(self.game.rules.name).search_kinds
        if key_kinds is None:
            return True
        return any(action.kind in key_kinds for action in legal_actions)

    def decision_budget(self) -> int:
        """Rollouts for the next searched decision: ``playouts``, or less when the game's
        budget runs low (a ``SPREAD``-th of what is left, so that later decisions, often
        the ones that settle the game, still get some)."""
        if self.game_playouts is None:
            return self.playouts
        left = self.game_playouts - self.spent
        return max(0, min(self.playouts, left // SPREAD))

    def search(
        self,
        seat: int,
        observation: dict[str, Any],
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """Try the candidates in sampled worlds; successive halving spends the rollouts.

        Each candidate still in play gets the same world indices, so candidates are
        compared in the same worlds with the same dice ("common random numbers").
        ``Halving`` (``stats/halving.py``, shared with the coach's race) decides how many
        rollouts each round gives each candidate and which half goes on. A rollout
        scores ``leaf_value`` (a chance of winning, 0 to 1), recorded as a fraction of a
        win. The leader at the end is played only if it beats the rollout agent's own
        choice clearly in the worlds both were tried in (``_clearly_better``).
        """
        assert self.game is not None
        rules = self.game.rules
        real_state = self.game.state
        default = self.rollout(observation, legal_actions, random.Random(rng.getrandbits(32)))
        limit = self.decision_budget()
        seed = rng.getrandbits(32)
        self._horizon_now = self.horizon
        if self.late_horizon != self.horizon and max(rules.metrics(real_state)["sets"]) >= 2:
            self._horizon_now = self.late_horizon  # a set from the end: the leaf guesses worst
        worlds: list[State] = []

        beliefs = self._beliefs(rules, seat)
        past = 0  # how many of the opponent's choices a world should explain
        if beliefs is not None:
            past = beliefs.update(self.game, explain=type(self.opponents) is HeuristicAgent)
        watch = observer_of(self.opponents)

        def deal(number: int, attempt: int) -> tuple[State, random.Random]:
            dealer = make_rng(seed, "world", number, *([attempt] if attempt else []))
            sampled = rules.determinize(real_state, seat, dealer)
            if beliefs is not None:
                sampled = beliefs.imagine(sampled, dealer)
            return sampled, dealer

        def world(index: int) -> State:
            while len(worlds) <= index:
                number = len(worlds)
                sampled, _ = deal(number, 0)
                if past:  # keep the world whose hands best explain what the opponent did
                    assert beliefs is not None
                    best = beliefs.explains(sampled, rules, watch)
                    for attempt in range(1, beliefs.tries):
                        if best == past:
                            break
                        other, _ = deal(number, attempt)
                        score = beliefs.explains(other, rules, watch)
                        if score > best:
                            sampled, best = other, score
                worlds.append(sampled)
            return worlds[index]

        candidates = self._candidates(rules, world(0), seat, legal_actions, default, limit, seed)
        if len(candidates) < 2:
            return default
        halving = Halving(candidates, CONFIDENCE, PRECISION)
        values: dict[str, list[float]] = {action_id: [] for action_id in candidates}
        while not halving.why_stop(limit, None, 0.0):
            size = halving.next_batch(limit, None, 0.0)
            first = halving.next_index
            outcomes = []
            for action_id in halving.live:
                results = [
                    self._play(rules, world(index), action_id, seat, make_rng(seed, "dice", index))
                    for index in range(first, first + size)
                ]
                values[action_id] += results
                outcomes.append(results)
            self.spent += size * len(halving.live)
            if halving.record(outcomes):
                break
        best = halving.live[0]
        if best == default.id:
            return default
        shared = min(len(values[best]), len(values[default.id]))
        if not self._clearly_better(values[best][:shared], values[default.id][:shared]):
            return default
        return next(action for action in legal_actions if action.id == best)

    def _beliefs(self, rules: Rules, seat: int) -> Beliefs | None:
        """The game's ``beliefs`` for ``seat`` (kept from decision to decision: they read the
        public record as it grows), or ``None`` for a fair re-deal."""
        if self.beliefs != "heuristic":
            return None
        if self._seat_beliefs is None or self._seat_beliefs.seat != seat:
            make = game_hook(rules, "beliefs")
            if make is None:
                return None
            self._seat_beliefs = make(seat)
        return self._seat_beliefs

    def _play(
        self, rules: Rules, world: State, action_id: str, seat: int, dice: random.Random
    ) -> float:
        """One rollout: ``action_id`` in a copy of ``world``, then play on and score it."""
        imagined = rules.clone(world)
        action = next(a for a in rules.legal_actions(imagined) if a.id == action_id)
        rules.apply(imagined, action)
        return self._rollout(rules, imagined, seat, dice)

    def _clearly_better(self, challenger: list[float], default: list[float]) -> bool:
        """Is the challenger better than the default by ``margin``, beyond the noise?

        The two were played in the same worlds, so compare world by world: the
        mean of the differences must exceed ``margin`` and ``strictness`` standard
        errors (tuned in ``benchmarks/search_agent.py``).
        """
        differences = [c - d for c, d in zip(challenger, default, strict=True)]
        n = len(differences)
        if n == 0:
            return False
        mean = sum(differences) / n
        if n < 2:
            return mean > self.margin
        variance = sum((x - mean) ** 2 for x in differences) / (n - 1)
        return mean > self.margin and mean > self.strictness * math.sqrt(variance / n)

    def _candidates(
        self,
        rules: Rules,
        world: State,
        seat: int,
        legal_actions: Sequence[Action],
        default: Action,
        limit: int,
        seed: int = 0,
    ) -> list[str]:
        """The rollout agent's choice plus the best others by an immediate look (no rollout).

        At most ``candidates``, and at most half the rollouts there are to spend (each
        candidate needs two worlds to be compared at all).
        """
        ids = [action.id for action in legal_actions]
        keep = max(1, min(self.candidates, limit // 2))
        if len(ids) <= keep:
            return ids
        by_id = {action.id: action for action in rules.legal_actions(world)}
        quick = {}
        for action_id in ids:
            if action_id == default.id:
                continue
            imagined = rules.clone(world)
            rules.apply(imagined, by_id[action_id])
            self._settle(rules, imagined, seat, make_rng(seed, "screen"))
            quick[action_id] = leaf_value(rules, imagined, seat)
        others = sorted(quick, key=lambda action_id: -quick[action_id])
        return [default.id, *others[: keep - 1]]

    def _settle(self, rules: Rules, state: State, seat: int, rng: random.Random) -> None:
        """Let the others answer what ``seat`` just did (a payment, a Just Say No), played by
        the opponents' agent (``opponents``), until ``seat`` decides again or the turn ends.

        Without this the immediate look scores a rent or a Deal Breaker before anything is
        paid or taken, when all it shows is a good card gone from the hand.
        """
        turn = rules.turn(state)
        others, observe = self.opponents, observer_of(self.opponents)
        for _ in range(self.max_rollout_steps):
            if rules.is_over(state) or rules.turn(state) != turn:
                return
            player = rules.current_player(state)
            if player == seat:
                return
            legal = rules.legal_actions(state)
            rules.apply(state, others(observe(rules, state, player), legal, rng))

    def _rollout(self, rules: Rules, state: State, seat: int, rng: random.Random) -> float:
        horizon = self._horizon_now
        last_turn = None if horizon is None else rules.turn(state) + horizon
        mine, observe_mine = self.rollout, observer_of(self.rollout)
        others, observe_others = self.opponents, observer_of(self.opponents)
        for _ in range(self.max_rollout_steps):
            if rules.is_over(state):
                break
            if last_turn is not None and rules.turn(state) > last_turn:
                break
            player = rules.current_player(state)
            legal = rules.legal_actions(state)
            if player == seat:
                rules.apply(state, mine(observe_mine(rules, state, player), legal, rng))
            else:
                rules.apply(state, others(observe_others(rules, state, player), legal, rng))
        return leaf_value(rules, state, seat)


#: The agents a rollout or an opponent model may be named by (``playout.make_agent``): the
#: heuristic, the agents the games add (their descriptors' ``agents``), and the random one;
#: not "search", which would search inside its own rollouts.
ROLLOUT_NAMES = ("heuristic", *GAME_AGENTS, "random")


def _agent(field: str, value: str | Callable[..., Any]) -> Callable[..., Any]:
    """An agent from its name (one of :data:`ROLLOUT_NAMES`) or the agent itself."""
    if isinstance(value, str) and value in ROLLOUT_NAMES:
        return make_agent(value)
    if callable(value):
        return value
    names = ", ".join(repr(name) for name in ROLLOUT_NAMES)
    raise ValueError(f"{field} must be {names} or an agent, not {value!r}")

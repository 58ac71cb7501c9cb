"""A policy over encoded views, as an ordinary agent: for ``mw.simulate``, the explorer and
the class league.

:class:`LinearPolicy` is the small learner of ``docs/rl.md`` and the RL lesson: it scores
each legal action by its *family* (the id up to its first ``:``: ``bank``, ``rent``,
``end_turn``...) as ``bias[f] + weights[f] . x`` on the encoded view ``x``, and picks the
best (or samples from the softmax while it learns). Families keep it small (a few
thousand numbers for Deal, not one row per catalogue id), so it learns in seconds. It is
saved as JSON (never pickle).

:class:`PolicyAgent` turns any ``policy(view, legal_numbers, rng) -> number`` into the
agent protocol (``agents/base.py``): it accepts the observation dict (the explorer, the
league), and offers ``observe`` for the engine's fast path (``mw.simulate``), deciding
the same way with both (the two encoders agree: ``tests/rl/test_encodings.py``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from monopoly_widgets.core import files
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.validation import excerpt
from monopoly_widgets.rl.catalogue import Catalogue
from monopoly_widgets.rl.encoding import encoder

#: ``policy(view, legal_numbers, rng) -> one of legal_numbers``.
Policy = Callable[[np.ndarray, Sequence[int], random.Random], int]


def family(action_id: str) -> str:
    """The family of an id: the part before its first ``:`` ("rent:..." -> "rent")."""
    return action_id.split(":", 1)[0]


class LinearPolicy:
    """``score(a) = bias[family(a)] + weights[family(a)] . x`` on the encoded view ``x``."""

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        weights: Mapping[str, Sequence[float]] | None = None,
        bias: Mapping[str, float] | None = None,
        greedy: bool = True,
    ) -> None:
        self.game = game
        self.players = players
        self.options = dict(options or {})
        self.catalogue = Catalogue(game, players, options)
        self.families = tuple(dict.fromkeys(family(i) for i in self.catalogue.ids))
        at = {name: k for k, name in enumerate(self.families)}
        #: Per catalogue number: the row of its family.
        self.family_of = np.array([at[family(i)] for i in self.catalogue.ids], dtype=np.int64)
        size = encoder(game).encoding_size(players)
        self.weights = np.zeros((len(self.families), size))
        self.bias = np.zeros(len(self.families))
        for name, row in (weights or {}).items():
            if name not in at or len(row) != size:
                raise InputError(
                    f"weights: {excerpt(name, 30)} must be one of the families "
                    f"{list(self.families)} with {size} numbers"
                )
            self.weights[at[name]] = row
        for name, value in (bias or {}).items():
            if name not in at:
                raise InputError(f"bias: {excerpt(name, 30)} is not one of {list(self.families)}")
            self.bias[at[name]] = value
        #: True: always the best-scored action; False: sample from the softmax (learning).
        self.greedy = greedy

    def probabilities(self, view: np.ndarray, legal: Sequence[int]) -> np.ndarray:
        """The softmax of the scores of ``legal`` (catalogue numbers)."""
        rows = self.family_of[list(legal)]
        scores = self.bias[rows] + self.weights[rows] @ (view / (1.0 + view))
        scores -= scores.max()
        exp = np.exp(scores)
        return exp / exp.sum()

    def __call__(self, view: np.ndarray, legal: Sequence[int], rng: random.Random) -> int:
        chances = self.probabilities(view, legal)
        if self.greedy:
            best = chances.max()
            ties = [n for n, p in zip(legal, chances, strict=True) if p >= best - 1e-12]
            return ties[0] if len(ties) == 1 else rng.choice(ties)
        pick = rng.random()
        total = 0.0
        for number, p in zip(legal, chances, strict=True):
            total += p
            if pick < total:
                return number
        return legal[-1]

    def learn(self, view: np.ndarray, legal: Sequence[int], chosen: int, step: float) -> None:
        """One policy-gradient step: raise the log-probability of ``chosen`` by ``step``
        (REINFORCE: ``step`` is the learning rate times the episode's return minus a baseline)."""
        legal = list(legal)
        chances = self.probabilities(view, legal)
        grads = -chances
        grads[legal.index(chosen)] += 1.0
        rows = self.family_of[legal]
        np.add.at(self.bias, rows, step * grads)
        np.add.at(self.weights, rows, np.outer(step * grads, view / (1.0 + view)))

    # --- saving ------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(
            {
                "game": self.game,
                "players": self.players,
                "options": self.options,
                "bias": dict(zip(self.families, self.bias.tolist(), strict=True)),
                "weights": dict(zip(self.families, self.weights.tolist(), strict=True)),
            }
        )

    @classmethod
    def from_json(cls, text: str) -> LinearPolicy:
        """A policy saved by :meth:`to_json`; :class:`InputError` names what is wrong."""
        try:
            saved = json.loads(text)
            return cls(
                saved["game"],
                saved["players"],
                saved.get("options"),
                saved["weights"],
                saved["bias"],
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise InputError(f"not a saved LinearPolicy: {excerpt(str(exc), 80)}") from exc

    def save_bot(self, path: str | Path) -> Path:
        """Write a league entry: ``<path>`` (a ``.py`` defining ``choose``) and the weights
        beside it as ``<path>.json``. Refuses to overwrite an existing file."""
        path = Path(path)
        if path.suffix != ".py":
            raise InputError(f"save_bot: the bot's file must end in .py, not {excerpt(path.name)}")
        weights = path.with_suffix(".json")
        advice = "choose another name for the bot"
        for target in (path, weights):  # both, before either is written
            files.check_free(target, advice, "bot file")
        files.write_new(weights, self.to_json(), advice, "bot file")
        try:
            files.write_new(path, _BOT_FILE.format(weights=weights.name), advice, "bot file")
        except BaseException:
            weights.unlink()  # written just above: a bot's weights without its file are no entry
            raise
        return path


_BOT_FILE = '''"""A linear policy trained in monopoly_widgets.rl's environments, as a league bot."""

from pathlib import Path

from monopoly_widgets.rl.policy import LinearPolicy, PolicyAgent

_here = Path(__file__).with_name("{weights}")
choose = PolicyAgent(LinearPolicy.from_json(_here.read_text(encoding="utf-8")))
'''


class PolicyAgent:
    """``policy(view, legal_numbers, rng)`` as an agent: ``agent(observation, legal, rng)``."""

    def __init__(self, policy: Policy, game: str | None = None, players: int | None = None):
        game = game or getattr(policy, "game", None)
        players = players or getattr(policy, "players", None)
        if game is None or players is None:
            raise InputError("PolicyAgent: say the game and players (or give a LinearPolicy)")
        self.policy = policy
        self.name = getattr(policy, "name", type(policy).__name__)
        self.game = game
        self.catalogue = getattr(policy, "catalogue", None) or Catalogue(game, players)

    @property
    def _encoder(self) -> Any:
        # Looked up by name each time (a dict hit), so the agent pickles: mw.simulate sends
        # agents to its worker processes.
        return encoder(self.game)

    def observe(self, rules: Any, state: Any, seat: int) -> PolicyView:
        """The encoded view straight from the state (the engine's fast path), with what the
        catalogue's slots stand for now: both new objects, no more than the seat sees."""
        return PolicyView(self._encoder.encode(state, seat), dict(self.catalogue._slot_ids(state)))

    def __call__(self, observation: Any, legal_actions: Sequence[Action], rng: random.Random):
        if isinstance(observation, PolicyView):
            view, slots = observation.vector, observation.slots
        else:
            view = self._encoder.encode_observation(observation)
            slots = self.catalogue.slot_ids_from_observation(observation)
        numbers = self.catalogue.numbers(legal_actions, lambda: slots)
        chosen = self.policy(view, list(numbers), rng)
        return numbers[chosen]


@dataclass(frozen=True)
class PolicyView:
    """What :meth:`PolicyAgent.observe` hands the agent: the encoded view, and what each
    catalogue slot stands for now (the Card Game's reward; empty otherwise)."""

    vector: np.ndarray
    slots: dict[str, str]

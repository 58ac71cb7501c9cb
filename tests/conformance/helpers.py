"""Shared helpers for the API-conformance suite, run on every game.

``GAMES`` lists each game and the player counts to test. A game whose engine
has not landed yet is skipped with a reason, never silently passed.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.registry import get_rules
from monopoly_widgets.core.rng import make_rng

PLAYER_COUNTS: dict[str, list[int]] = {
    "deal": [2, 3, 4, 5, 6],
    "bid": [2, 3, 4, 5],
    "cardgame": [2, 3, 4, 5, 6],
}

#: Rule options whose non-default values change what is legal: each variant is played out
#: too (``test_option_variants_keep_invariants``).
OPTION_VARIANTS: dict[str, list[dict[str, Any]]] = {
    "bid": [
        {"trade_offers": "none"},
        {"max_mulligans": 3, "tie_raise_rounds": 0, "max_trade_offers_per_round": 5},
    ],
    "cardgame": [{"trade_pile_adds": "excess_and_one"}],
}

#: Random playouts per game (spread over its player counts); raise it for a soak.
PLAYOUTS = int(os.environ.get("MW_CONFORMANCE_PLAYOUTS", "1000"))


def game_params() -> list[Any]:
    """``(game, players)`` pairs, skipped where the engine is not installed."""
    params = []
    for name, counts in PLAYER_COUNTS.items():
        try:
            get_rules(name)
            marks: list[Any] = []
        except ImportError as exc:
            marks = [pytest.mark.skip(reason=f"{name} engine not available: {exc}")]
        for players in counts:
            params.append(pytest.param(name, players, marks=marks, id=f"{name}-{players}p"))
    return params


def check_invariants(game: mw.Game) -> None:
    """Checks that hold after every action of every game."""
    rules = game.rules
    state = game.state
    census = Counter(rules.card_census(state))
    deck = Counter(rules.deck_ids(state))
    missing = deck - census
    extra = census - deck
    assert not missing and not extra, f"cards lost {dict(missing)} or duplicated {dict(extra)}"
    if game.is_over:
        assert game.current_player is None
        assert game.legal_actions() == ()
    else:
        seat = game.current_player
        assert seat is not None and 0 <= seat < game.players
        legal = game.legal_actions()
        assert legal, "a game that is not over must offer a legal action"
        ids = [a.id for a in legal]
        assert len(ids) == len(set(ids)), "action ids must be unique"
        assert all(a.player == seat for a in legal), "actions belong to the current player"


def random_playout(
    name: str,
    players: int,
    seed: int,
    check_every_step: bool = True,
    options: dict[str, Any] | None = None,
) -> mw.Game:
    """A full random game, with the invariants checked after each action."""
    game = mw.new_game(name, players=players, seed=seed, options=options)
    agent = RandomAgent()
    rng = make_rng(seed, "conformance")
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(agent(None, legal, rng))
        steps += 1
        if check_every_step:
            check_invariants(game)
        assert steps < 50_000, "game did not end"
    return game


def observation_json(game: mw.Game, seat: int | None) -> str:
    """The observation as JSON (it must be JSON-safe)."""
    return json.dumps(game.observation(seat), sort_keys=True)

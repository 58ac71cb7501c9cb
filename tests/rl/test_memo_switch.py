"""The environments' caches change nothing but the speed (``core/memo.py``'s one switch).

Deal's encoder remembers each seat's bank and table slots while the bank is the same and
``state.table_changes`` says the table is unchanged, and The Card Game's remembers a deck's
name slots: with the switch off neither remembers anything and the plain counting runs.
The same seeds and actions must give the same observations, masks, rewards and ends both
ways, and a game taken back (``undo``) or started again must be encoded afresh.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from monopoly_widgets.core import memo
from monopoly_widgets.deal import speed
from monopoly_widgets.rl import raw_env
from monopoly_widgets.rl.encoding import encoder


def _trajectory(game: str, players: int, seed: int, steps: int) -> list[tuple]:
    """What a PettingZoo loop sees at each decision, over two episodes (a reset between)."""
    env = raw_env(game, players)
    rng = random.Random(seed)
    seen = []
    for episode in range(2):
        env.reset(seed=seed + episode)
        for _ in range(steps):
            obs, reward, done, cut, info = env.last()
            seen.append(
                (
                    env.agent_selection,
                    obs["observation"].tobytes(),
                    obs["action_mask"].tobytes(),
                    reward,
                    done,
                    cut,
                    tuple(info.get("legal_moves", ())),
                    tuple(env.observe(agent)["observation"].tobytes() for agent in env.agents),
                )
            )
            if done or cut:
                break
            env.step(rng.choice(info["legal_moves"]))
    return seen


CASES = [("deal", 2), ("deal", 4), ("bid", 3), ("cardgame", 3)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_same_trajectory_with_the_caches_on_and_off(game: str, players: int) -> None:
    try:
        memo.set_enabled(False)
        plain = _trajectory(game, players, 11, 400)
        assert not memo.filled()  # nothing was remembered while off
        memo.set_enabled(True)
        fast = _trajectory(game, players, 11, 400)
    finally:
        memo.set_enabled(True)
    assert len(fast) == len(plain)
    for step, (a, b) in enumerate(zip(fast, plain, strict=True)):
        assert a == b, step


def test_deal_seat_slots_are_not_remembered_with_the_switch_off() -> None:
    env = raw_env("deal", 3)
    rng = random.Random(3)
    try:
        memo.set_enabled(False)
        env.reset(seed=3)
        for _ in range(200):
            obs, _, done, cut, info = env.last()
            if done or cut:
                break
            env.step(rng.choice(info["legal_moves"]))
        assert not env.game.state.seat_slots_memo
    finally:
        memo.set_enabled(True)
    env.reset(seed=3)
    for _ in range(50):  # on: remembered once a seat has a bank or a table
        obs, _, done, cut, info = env.last()
        env.step(rng.choice(info["legal_moves"]))
    assert "state.seat_slots_memo" in speed.filled_caches([env.game.state])


def test_a_deal_game_taken_back_is_encoded_afresh() -> None:
    """After ``undo`` the state is a new object whose tables may differ from the remembered
    ones: every seat's vector must equal the one made from its observation dict."""
    module = encoder("deal")
    env = raw_env("deal", 3)
    env.reset(seed=5)
    rng = random.Random(5)
    game = env.game
    for step in range(300):
        if game.is_over:
            break
        if step % 40 == 39:
            game.undo(7)  # back past table changes, then on again by other choices
        for seat in range(3):
            vector = module.encode(game.state, seat)
            assert np.array_equal(vector, module.encode_observation(game.observation(seat)))
        game.apply(rng.choice(game.legal_actions()))

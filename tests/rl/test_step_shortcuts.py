"""The shortcuts that make an environment step cheap answer exactly as the plain code does.

``env()`` answers ``last`` and ``step`` itself once reset (PettingZoo's own wrapper reads
five attributes through ``__getattr__`` for each ``last``); the mask is set in a copy of a
zero bytearray rather than in numpy; the catalogue numbers every id in one comprehension
and walks the slots only when it must. Each is checked here against the plain way of doing it.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.utils import wrappers

from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.rl import env, raw_env
from monopoly_widgets.rl.catalogue import Catalogue

GAMES = ("deal", "bid", "cardgame")


def _plain_mask(length: int, legal: dict) -> np.ndarray:
    mask = np.zeros(length, dtype=np.int8)
    mask[list(legal)] = 1
    return mask


@pytest.mark.parametrize("game", GAMES)
def test_env_answers_as_pettingzoos_own_wrapper_at_every_step(game: str) -> None:
    fast = env(game, 3)
    plain = wrappers.OrderEnforcingWrapper(raw_env(game, 3))
    for wrapped in (fast, plain):
        wrapped.reset(seed=7)
    rng = random.Random(7)
    for _ in range(400):
        seen = [wrapped.last() for wrapped in (fast, plain)]
        (obs, reward, done, cut, info), other = seen
        assert np.array_equal(obs["observation"], other[0]["observation"])
        assert np.array_equal(obs["action_mask"], other[0]["action_mask"])
        assert (reward, done, cut, info) == other[1:]
        assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].flags.writeable
        assert np.array_equal(
            obs["action_mask"], _plain_mask(len(fast.unwrapped.catalogue), fast.unwrapped._legal)
        )
        if done or cut:
            break
        action = rng.choice(info["legal_moves"])
        for wrapped in (fast, plain):
            wrapped.step(action)


def test_env_keeps_pettingzoos_order_checks(caplog: pytest.LogCaptureFixture) -> None:
    fast = env("deal", 2)
    with pytest.raises(AttributeError, match="before reset"):
        fast.last()
    fast.reset(seed=1)
    while fast.agents:
        _, _, done, cut, info = fast.last()
        fast.step(None if done or cut else info["legal_moves"][0])
    fast.step(0)  # no agents left: PettingZoo's own warning, and nothing else happens
    assert "step() called after all agents are terminated" in caplog.text


def test_catalogue_numbers_slot_ids_by_the_plain_walk() -> None:
    """A slot's id (the Card Game's reward) cannot be numbered by the comprehension: the
    walk numbers it, in the same order, and still names an id that is in no catalogue."""
    catalogue = Catalogue("cardgame", 2)
    listed = [Action(id_, id_, 0, "play") for id_ in ("draw", "reward:none")]
    slot = Action("reward:Go+Go", "reward", 0, "play")
    slots = {"reward:@0": "reward:Go+Go"}
    found = catalogue.numbers([listed[0], slot, listed[1]], lambda: slots)
    assert list(found.values()) == [listed[0], slot, listed[1]]
    assert list(found) == [
        catalogue.index["draw"],
        catalogue.index["reward:@0"],
        catalogue.index["reward:none"],
    ]
    with pytest.raises(InputError, match="not in its catalogue"):
        catalogue.numbers([Action("nonsense", "x", 0, "play")], lambda: slots)

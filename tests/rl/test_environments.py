"""PettingZoo's and Gymnasium's own checks on the environments, and seeded replay."""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

from monopoly_widgets.core.registry import available_games, describe
from monopoly_widgets.rl import SingleSeatEnv, env

#: Every game of the registry with an action catalogue and an encoder (all three do).
RL_GAMES = tuple(
    name
    for name in available_games()
    if describe(name).has_module("catalogue") and describe(name).has_module("encoding")
)
PARAMS = [
    pytest.param(game, players, id=f"{game}-{players}p")
    for game in RL_GAMES
    for players in sorted({2, 3, describe(game).max_players})
]


@pytest.mark.parametrize(("game", "players"), PARAMS)
def test_pettingzoo_api_test(game: str, players: int) -> None:
    api_test(env(game, players), num_cycles=60)


@pytest.mark.parametrize(("game", "players"), PARAMS)
def test_pettingzoo_seed_test(game: str, players: int) -> None:
    seed_test(functools.partial(env, game, players), num_cycles=60)


@pytest.mark.parametrize(("game", "players"), PARAMS)
def test_pettingzoo_render_test(game: str, players: int, capsys: pytest.CaptureFixture) -> None:
    render_test(functools.partial(env, game, players))


@pytest.mark.parametrize("game", RL_GAMES)
def test_gymnasium_check_env(game: str) -> None:
    check_env(SingleSeatEnv(game, 3, "random", seat=1), skip_render_check=True)


def _random_trajectory(game: str, players: int, seed: int) -> tuple[list, list]:
    """Play masked random actions from ``reset(seed)``; the actions and what was seen."""
    aec = env(game, players, max_steps=300)
    aec.reset(seed=seed)
    rng = random.Random(seed)
    actions, seen = [], []
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        seen.append((agent, observation["observation"].tobytes(), reward, terminated, truncated))
        if terminated or truncated:
            action = None
        else:
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        actions.append(action)
        aec.step(action)
    return actions, seen


@pytest.mark.parametrize("game", RL_GAMES)
def test_same_seed_and_actions_give_the_same_trajectory(game: str) -> None:
    first = _random_trajectory(game, 3, seed=5)
    assert _random_trajectory(game, 3, seed=5) == first
    assert _random_trajectory(game, 3, seed=6)[1] != first[1]  # the seed matters


def test_rewards_are_plus_one_for_the_winner_and_minus_one_for_the_others() -> None:
    aec = env("deal", 3)
    aec.reset(seed=2)
    rng = random.Random(2)
    totals = {agent: 0.0 for agent in aec.possible_agents}
    raw = aec.unwrapped
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        done = terminated or truncated
        aec.step(None if done else rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    winner = raw.game.winner
    assert winner is not None
    assert totals == {a: (1.0 if i == winner else -1.0) for i, a in enumerate(totals)}


def test_a_step_limit_truncates_every_agent_with_no_reward() -> None:
    aec = env("deal", 2, max_steps=25)
    aec.reset(seed=1)
    rng = random.Random(1)
    ends = {}
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            ends[agent] = (reward, terminated, truncated)
            aec.step(None)
            continue
        aec.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert aec.unwrapped.game.step == 25
    assert ends == {a: (0.0, False, True) for a in aec.possible_agents}


def test_an_illegal_action_ends_the_game_with_minus_one_for_its_player() -> None:
    aec = env("cardgame", 2)
    aec.reset(seed=3)
    observation, *_ = aec.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    actor = aec.agent_selection
    before = aec.unwrapped.game.history
    aec.step(illegal)
    assert aec.unwrapped.game.history == before  # the game itself is unchanged
    assert aec.rewards[actor] == -1.0
    assert all(aec.terminations.values())


def test_single_seat_env_plays_the_bots_and_rewards_the_learner() -> None:
    gym_env = SingleSeatEnv("deal", 2, "heuristic", seat=1)
    observation, info = gym_env.reset(seed=4)
    rng = np.random.default_rng(4)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        assert gym_env.game.current_player == 1  # the learner is asked only for its own seat
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        observation, reward, terminated, truncated, info = gym_env.step(action)
    winner = gym_env.game.winner
    assert reward == (1.0 if winner == 1 else -1.0 if winner is not None else 0.0)


def test_the_illegal_action_handling_is_pettingzoos_own() -> None:
    """The handling written into the environment gives what PettingZoo's wrapper gives."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper, TerminateIllegalWrapper

    from monopoly_widgets.rl import raw_env

    class Raising(raw_env):  # what the wrapper expects underneath: no handling of its own
        def _illegal(self, agent, action):
            raise AssertionError("the wrapper should have caught it")

    ours = env("deal", 3)
    theirs = OrderEnforcingWrapper(TerminateIllegalWrapper(Raising("deal", 3), illegal_reward=-1))
    results = []
    for aec in (ours, theirs):
        aec.reset(seed=8)
        for _ in range(5):
            observation, *_ = aec.last()
            aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
        observation, *_ = aec.last()
        aec.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
        seen = []
        for agent in aec.agent_iter():
            seen.append((agent, aec.last()[1:4]))
            aec.step(None)
        results.append(seen)
    assert results[0] == results[1]
    assert sorted(reward for _, (reward, *_) in results[0]) == [-1.0, 0.0, 0.0]


def test_bad_arguments_get_clear_errors() -> None:
    from monopoly_widgets.core.errors import InputError, OptionError

    with pytest.raises(InputError, match="players must be a whole number from 2 to 10"):
        env("deal", 11)
    with pytest.raises(OptionError, match="unknown game"):
        env("chess", 2)
    with pytest.raises(InputError, match="unknown agent"):
        SingleSeatEnv("deal", 2, "cleverest")
    with pytest.raises(InputError, match="opponents must be one bot name or 2"):
        SingleSeatEnv("deal", 3, ["random"])
    aec = env("deal", 2)
    aec.reset(seed=1)
    with pytest.raises(InputError, match="action must be a whole number from 0 to 7252"):
        aec.step(10**6)

"""Teach a small linear policy to play Monopoly Deal against the random bot (docs/rl.md).

Run it: ``python docs/examples/rl_linear_policy.py`` (needs ``pip install
monopoly_widgets[rl]``; no deep-learning library). It prints the learner's win rate, with
a 95% interval, before training and after each block of training games, and saves the
policy as a league bot if you give a file name: ``... rl_linear_policy.py bots/linear.py``.

The learner is :class:`~monopoly_widgets.rl.LinearPolicy`: each legal action gets a score,
``bias[family] + weights[family] . x``, from the encoded view ``x`` and the action's family
(``bank``, ``rent``, ``end_turn`` ...), and the policy picks actions with the softmax of
the scores. It learns by REINFORCE: after each game every choice it made is made more
likely if it won (reward +1) and less likely if it lost (-1). ``tests/rl/test_example.py``
runs this file and checks the win rate rises.
"""

from __future__ import annotations

import random
import sys

from monopoly_widgets.rl import LinearPolicy, SingleSeatEnv
from monopoly_widgets.sim.intervals import wilson_interval

GAME, PLAYERS = "deal", 2
#: A random game of Deal rarely needs more; a longer one is cut short (and counts as lost).
MAX_STEPS = 600


def play(env: SingleSeatEnv, policy: LinearPolicy, seed: int, rng: random.Random, rate: float):
    """One game from ``reset(seed)``; with ``rate`` > 0 the policy learns from it.
    Returns the reward: +1 won, -1 lost or cut short (moving wilds to and fro forever must
    not look better than losing)."""
    view, info = env.reset(seed=seed)
    choices = []
    done, reward = False, 0.0
    while not done:
        legal = info["legal_moves"]
        action = policy(view, legal, rng)
        choices.append((view, legal, action))
        view, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    if truncated:
        reward = -1.0
    if rate:
        for seen, legal, action in choices:
            policy.learn(seen, legal, action, rate * reward)
    return reward


def win_rate(env, policy, games: int, first_seed: int, rng) -> tuple[int, float, float]:
    """Wins in ``games`` new deals (the same deals at every check), and the 95% interval."""
    wins = sum(play(env, policy, first_seed + k, rng, 0.0) > 0 for k in range(games))
    low, high = wilson_interval(wins, games)
    return wins, low, high


def train(blocks: int = 3, per_block: int = 40, check_games: int = 40, rate: float = 0.003):
    """Check, then train ``per_block`` games and check again, ``blocks`` times.
    Returns one row per check: (games trained, wins, games, low, high)."""
    env = SingleSeatEnv(GAME, PLAYERS, "random", seat=0, max_steps=MAX_STEPS)
    policy = LinearPolicy(GAME, PLAYERS, greedy=False)
    rng = random.Random(0)
    rows = []
    for block in range(blocks + 1):
        if block:
            for k in range(per_block):
                play(env, policy, 1000 * block + k, rng, rate)
        wins, low, high = win_rate(env, policy, check_games, 50_000, rng)
        rows.append((block * per_block, wins, check_games, low, high))
    return policy, rows


if __name__ == "__main__":
    policy, rows = train()
    print("games trained   win rate against the random bot (95% interval)")
    for trained, wins, games, low, high in rows:
        print(f"{trained:>13}   {wins / games:.0%}  ({low:.0%} to {high:.0%})")
    if len(sys.argv) > 1:
        print("saved the league bot", policy.save_bot(sys.argv[1]))

"""A bot that ends its own process with SIGKILL in seat 1 (and plays well in seat 0).

A signal is not evidence of whose doing it was, so the league plays the game again;
the bot dies the same way again and so forfeits (``tests/league/test_fair.py``).
"""

import os
import signal


def choose(observation, legal_actions, rng):
    if observation["viewer"] == 1:
        os.kill(os.getpid(), signal.SIGKILL)
    for action in legal_actions:
        if action.kind == "property":
            return action
    return rng.choice(legal_actions)

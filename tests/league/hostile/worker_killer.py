"""A bot that kills the process that started it (the league's worker) in seat 1.

In the process mode the worker is its parent; the worker's death breaks the pool, and
today every unfinished task of every pairing was lost. A sandboxed bot cannot do it.
"""

import os
import signal


def choose(observation, legal_actions, rng):
    if observation["viewer"] == 1:
        os.kill(os.getppid(), signal.SIGKILL)
    for action in legal_actions:
        if action.kind == "property":
            return action
    return rng.choice(legal_actions)

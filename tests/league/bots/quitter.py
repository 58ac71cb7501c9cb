"""In seat 1, tries to stop everything: SystemExit on even turns, KeyboardInterrupt on odd."""

import sys


def choose(observation, legal_actions, rng):
    if observation["viewer"] == 1:
        if observation["turn"] % 2 == 0:
            sys.exit(4)
        raise KeyboardInterrupt
    return rng.choice(legal_actions)

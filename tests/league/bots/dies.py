"""Ends its own process in seat 1 (os._exit: no exception to catch)."""

import os


def choose(observation, legal_actions, rng):
    if observation["viewer"] == 1:
        os._exit(3)
    return rng.choice(legal_actions)

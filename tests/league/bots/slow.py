"""Slow but in time in seat 0; in seat 1, from turn 2, far slower than the limit."""

import time


def choose(observation, legal_actions, rng):
    if observation["viewer"] == 1 and observation["turn"] >= 2:
        time.sleep(30)
    time.sleep(0.002)
    return legal_actions[-1]

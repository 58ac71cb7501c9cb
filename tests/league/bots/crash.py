"""Plays well in seat 0 (so it passes the check), divides by zero in seat 1."""


def choose(observation, legal_actions, rng):
    if observation["viewer"] == 1:
        return 1 / 0
    return rng.choice(legal_actions)

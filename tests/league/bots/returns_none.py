"""Forgets to return, from turn 3 on (the check catches it)."""


def choose(observation, legal_actions, rng):
    if observation["turn"] < 3:
        return rng.choice(legal_actions)

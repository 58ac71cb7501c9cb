"""Fails when imported."""

import a_module_nobody_has  # noqa: F401


def choose(observation, legal_actions, rng):
    return legal_actions[0]

"""Prints megabytes every move, to stdout, to stderr and straight to fd 1; plays fine."""

import os
import sys


def choose(observation, legal_actions, rng):
    print("x" * 2_000_000)
    sys.stderr.write("y" * 1_000_000)
    os.write(1, b"z" * 1_000_000)
    return rng.choice(legal_actions)

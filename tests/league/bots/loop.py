"""In seat 1: starts a child process (a long sleep), then loops forever."""

import subprocess


def choose(observation, legal_actions, rng):
    if observation["viewer"] == 1:
        subprocess.Popen(["sleep", "327.5"])
        while True:
            pass
    return rng.choice(legal_actions)

"""Hunts for the game, its state or another seat's hand; plays an illegal move if it finds any.

It looks through every object in its process, every frame on its stack, and what
``monopoly_widgets`` modules hold, and at the other seat's entry in its observation.
"""

import gc
import inspect


def hidden_things(observation):
    found = []
    for seat in observation["seats"]:
        if seat["seat"] != observation["viewer"] and seat["hand"] is not None:
            found.append("another seat's hand")
    for item in gc.get_objects():
        name = type(item).__name__
        if name in ("DealState", "BidState", "CardGameState", "Game"):
            found.append(name)
    frame = inspect.currentframe()
    while frame is not None:
        for value in frame.f_locals.values():
            if type(value).__name__ in ("DealState", "Game"):
                found.append("a frame holding " + type(value).__name__)
        frame = frame.f_back
    return found


def choose(observation, legal_actions, rng):
    found = hidden_things(observation)
    if found:
        return "FOUND " + ", ".join(sorted(set(found)))
    return rng.choice(legal_actions)

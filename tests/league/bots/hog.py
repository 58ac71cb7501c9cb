"""In seat 1, allocates memory without bound."""


def choose(observation, legal_actions, rng):
    if observation["viewer"] == 1:
        hoard = []
        while True:
            hoard.append(bytearray(50_000_000))
    return rng.choice(legal_actions)

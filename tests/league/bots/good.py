"""A good bot: properties first, else the first action, and a word each move."""


def choose(observation, legal_actions, rng):
    print("my move")
    for action in legal_actions:
        if action.kind == "property":
            return action
    return rng.choice(legal_actions)

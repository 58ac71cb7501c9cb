"""In seat 1, answers with a move that is not legal."""


def choose(observation, legal_actions, rng):
    if observation["viewer"] == 1:
        return "play:the_whole_deck"
    return rng.choice(legal_actions)

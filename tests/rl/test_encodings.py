"""The encoders show a seat only what it may see, in a fixed layout, viewer first."""

from __future__ import annotations

import random

import numpy as np
import pytest

from monopoly_widgets.core.registry import get_rules
from monopoly_widgets.core.serialization import new_game
from monopoly_widgets.rl.encoding import OBSERVATION_HIGH, encoder

PARAMS = [("deal", 2), ("deal", 6), ("bid", 3), ("bid", 5), ("cardgame", 2), ("cardgame", 5)]


@pytest.mark.parametrize(("game", "players"), PARAMS)
def test_a_seats_encoding_never_depends_on_hidden_cards(game: str, players: int) -> None:
    """Re-deal everything a seat cannot see (``determinize``): its vector stays the same,
    equals the one made from its observation dict (which hides every hidden card), and
    stays inside the observation space, with one name per slot."""
    module = encoder(game)
    rules = get_rules(game)
    names = module.slot_names(players)
    assert len(set(names)) == len(names) == module.encoding_size(players)
    played = new_game(game, players=players, seed=17)
    rng = random.Random(17)
    steps = 0
    while not played.is_over and steps < 150:
        for seat in range(players):
            seen = module.encode(played.state, seat)
            assert seen.shape == (len(names),) and seen.dtype == np.float32
            assert seen.min() >= 0 and seen.max() <= OBSERVATION_HIGH
            shown = module.encode_observation(played.observation(seat))
            assert np.array_equal(shown, seen), (seat, steps)  # from the dict: the same
            for _ in range(2):
                other = rules.determinize(played.state, seat, rng)
                assert np.array_equal(module.encode(other, seat), seen), (seat, steps)
        played.apply(rng.choice(played.legal_actions()))
        steps += 1


def test_seats_are_rotated_so_the_viewer_comes_first() -> None:
    module = encoder("deal")
    game = new_game("deal", players=3, seed=8)
    names = module.slot_names(3)
    hand = [names.index(f"seat{k}_hand_count") for k in range(3)]
    turn = [names.index(f"turn_player_is_seat{k}") for k in range(3)]
    state = game.state
    for viewer in range(3):
        vector = module.encode(state, viewer)
        assert [vector[i] for i in hand] == [len(state.hands[(viewer + k) % 3]) for k in range(3)]
        assert vector[turn[(0 - viewer) % 3]] == 1.0  # player 0 is to play

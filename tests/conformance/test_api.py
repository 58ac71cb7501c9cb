"""The API-conformance suite: the shipped checks (``monopoly_widgets.testing``) on every game.

Every game of the registry, at every player count of ``player_counts``, must:
keep every card in exactly one place, offer legal actions until it is over,
save and load as JSON, replay exactly, ignore the global RNG, reject illegal
actions without changing, undo exactly, work its events out again, round-trip
its positions, give keyed JSON observations, and determinize without changing
what a player sees. The checks themselves live in ``monopoly_widgets/testing/api.py``.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from monopoly_widgets.core.registry import GAMES
from monopoly_widgets.testing import (
    check_citations,
    check_determinize,
    check_events_worked_out_again,
    check_global_rng_ignored,
    check_illegal_actions_rejected,
    check_legality_explained,
    check_observations,
    check_position_round_trip,
    check_random_playout,
    check_save_and_replay,
    check_undo,
    player_counts,
)
from monopoly_widgets.testing.catalogue import check_catalogue_coverage, has_catalogue

#: Random playouts per game (spread over its player counts); raise it for a soak.
PLAYOUTS = int(os.environ.get("MW_CONFORMANCE_PLAYOUTS", "1000"))

#: Rule options whose non-default values change what is legal: each variant is played out
#: too (``test_option_variants_keep_invariants``). A game without any needs no entry.
OPTION_VARIANTS: dict[str, list[dict[str, Any]]] = {
    "bid": [
        {"trade_offers": "none"},
        {"max_mulligans": 3, "tie_raise_rounds": 0, "max_trade_offers_per_round": 5},
    ],
    "cardgame": [{"trade_pile_adds": "excess_and_one"}],
}

PARAMS = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name in GAMES
    for players in player_counts(name)
]


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_random_playouts_keep_invariants(name: str, players: int) -> None:
    """Random playouts with every card accounted for after every action."""
    for seed in range(max(1, PLAYOUTS // len(player_counts(name)))):
        check_random_playout(name, players, seed)


@pytest.mark.parametrize(
    ("name", "options"),
    [(name, options) for name, variants in OPTION_VARIANTS.items() for options in variants],
)
def test_option_variants_keep_invariants(name: str, options: dict) -> None:
    """Random playouts under non-default rule options: cards accounted for, saved games load."""
    counts = player_counts(name)
    for seed in range(12):
        check_random_playout(name, counts[seed % len(counts)], 2000 + seed, options)


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_json_round_trip_and_replay(name: str, players: int) -> None:
    for seed in range(1000, 1005):
        check_save_and_replay(name, players, seed)


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_determinism_with_global_rng_disturbed(name: str, players: int) -> None:
    check_global_rng_ignored(name, players, seed=7)


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_illegal_actions_rejected_and_nothing_changes(name: str, players: int) -> None:
    check_illegal_actions_rejected(name, players, seed=3)


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_undo_restores_exactly(name: str, players: int) -> None:
    check_undo(name, players, seed=11)


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_events_worked_out_again_equal_the_events_of_play(name: str, players: int) -> None:
    check_events_worked_out_again(name, players, seed=13)


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_position_round_trip(name: str, players: int) -> None:
    check_position_round_trip(name, players, seed=5)


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_observations_are_json_and_keyed(name: str, players: int) -> None:
    check_observations(name, players, seed=9)


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_determinize_keeps_what_the_player_sees(name: str, players: int) -> None:
    check_determinize(name, players, seed=21)


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_every_event_cites_its_rule_in_the_common_format(name: str, players: int) -> None:
    for seed in (31, 32):
        check_citations(name, players, seed)


@pytest.mark.parametrize(
    ("name", "players", "seed"),
    [
        pytest.param(name, players, seed, id=f"{name}-{players}p-seed{seed}")
        for name in GAMES
        for players, seed in ((player_counts(name)[0], 41), (player_counts(name)[-1], 42))
    ],
)
def test_legality_is_explained_consistently(name: str, players: int, seed: int) -> None:
    """Each game's own tests (``tests/<game>/test_legality_written_once.py``) cover more."""
    check_legality_explained(name, players, seed)


CATALOGUED = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name in GAMES
    if has_catalogue(name)
    for players in player_counts(name)
]


@pytest.mark.parametrize(("name", "players"), CATALOGUED)
def test_every_legal_id_is_in_the_action_catalogue(name: str, players: int) -> None:
    """The engine's action catalogue (learning code's action space) covers play."""
    for seed in (51, 52):
        check_catalogue_coverage(name, players, seed)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        (name, options)
        for name, variants in OPTION_VARIANTS.items()
        if has_catalogue(name)
        for options in variants
    ]
    + [
        (
            "deal",
            {
                "double_rent_stack": True,
                "forced_deal_give_from_full_set": True,
                "building_payment": "set_or_bank",
            },
        )
    ],
)
def test_action_catalogue_under_option_variants(name: str, options: dict) -> None:
    counts = player_counts(name)
    for seed in range(3):
        check_catalogue_coverage(name, counts[seed % len(counts)], 60 + seed, options)

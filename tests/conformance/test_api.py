"""The API-conformance suite: the same checks for every game (the pgx idea).

Each game must: keep every card in exactly one place, offer legal actions
until it is over, save and load as JSON, replay exactly, ignore the global
RNG, reject illegal actions without changing, undo exactly, and round-trip
its positions.
"""

from __future__ import annotations

import json
import random

import pytest

try:  # numpy is absent where the suite runs in Pyodide offline (tests/lite)
    import numpy as np
except ImportError:
    np = None

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng

from .helpers import (
    OPTION_VARIANTS,
    PLAYER_COUNTS,
    PLAYOUTS,
    check_invariants,
    game_params,
    observation_json,
    random_playout,
)

PARAMS = game_params()


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_random_playouts_keep_invariants(name: str, players: int) -> None:
    """Random playouts with every card accounted for after every action."""
    count = max(1, PLAYOUTS // len(PLAYER_COUNTS[name]))
    finished = 0
    for seed in range(count):
        game = random_playout(name, players, seed)
        assert game.is_over
        finished += 1
    assert finished == count


@pytest.mark.parametrize(
    ("name", "options"),
    [(name, options) for name, variants in OPTION_VARIANTS.items() for options in variants],
)
def test_option_variants_keep_invariants(name: str, options: dict) -> None:
    """Random playouts under non-default rule options: cards accounted for, positions and
    saved games round-trip."""
    for seed in range(12):
        players = PLAYER_COUNTS[name][seed % len(PLAYER_COUNTS[name])]
        game = random_playout(name, players, 2000 + seed, options=options)
        assert game.is_over
        assert mw.load_game(game.to_json()).position() == game.position()


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_json_round_trip_and_replay(name: str, players: int) -> None:
    for seed in range(5):
        game = random_playout(name, players, 1000 + seed, check_every_step=False)
        text = game.to_json()
        saved = json.loads(text)
        assert set(saved) >= {"game", "options", "seed", "actions", "players", "position"}
        loaded = mw.load_game(text)
        assert loaded.history == game.history
        assert loaded.position() == game.position()
        assert loaded.winner == game.winner
        # Replay by hand from {game, options, seed, actions}.
        replay = mw.new_game(name, players=players, seed=saved["seed"], options=saved["options"])
        for action_id in saved["actions"]:
            replay.apply(action_id)
        assert replay.position() == game.position()
        assert [e.text for e in replay.events] == [e.text for e in game.events]


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_determinism_with_global_rng_disturbed(name: str, players: int) -> None:
    def run(disturb: bool) -> list[str]:
        game = mw.new_game(name, players=players, seed=7)
        agent = RandomAgent()
        rng = make_rng(7, "agent")
        while not game.is_over:
            if disturb:
                random.seed(random.random())
                random.random()
                if np is not None:
                    np.random.seed(random.randrange(1000))
                    np.random.random(3)
            game.apply(agent(None, game.legal_actions(), rng))
        return game.history

    assert run(False) == run(True)


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_illegal_actions_rejected_and_nothing_changes(name: str, players: int) -> None:
    game = mw.new_game(name, players=players, seed=3)
    agent = RandomAgent()
    rng = make_rng(3, "agent")
    for _ in range(40):
        if game.is_over:
            break
        before = game.position()
        history = game.history
        for bogus in ("no-such-action", "", "play:999999", 42):
            with pytest.raises(mw.IllegalActionError) as info:
                game.apply(bogus)  # type: ignore[arg-type]
            assert str(info.value), "the error must say why"
        # An action that was legal for someone earlier is not legal now.
        stale = [a for a in game.legal_actions()]
        assert game.position() == before and game.history == history
        game.apply(agent(None, stale, rng))
        if not game.is_over:
            legal_now = {a.id for a in game.legal_actions()}
            for old in stale:
                if old.id not in legal_now:
                    snapshot = game.position()
                    with pytest.raises(mw.IllegalActionError):
                        game.apply(old.id)
                    assert game.position() == snapshot
                    break


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_undo_restores_exactly(name: str, players: int) -> None:
    game = mw.new_game(name, players=players, seed=11)
    agent = RandomAgent()
    rng = make_rng(11, "agent")
    positions = [game.position()]
    while not game.is_over and game.step < 120:
        game.apply(agent(None, game.legal_actions(), rng))
        positions.append(game.position())
    end = game.step
    for back in range(end, -1, -7):
        copy = game.copy()
        copy.go_back_to(back)
        assert copy.position() == positions[back]
        assert copy.step == back
    game.undo()
    assert game.position() == positions[end - 1]


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_events_worked_out_again_equal_the_events_of_play(name: str, players: int) -> None:
    """The timeline keeps only the latest step's events and replays the others when asked
    (core/timeline.py): they must equal what each ``apply`` returned, before and after undo."""
    game = mw.new_game(name, players=players, seed=13)
    agent = RandomAgent()
    rng = make_rng(13, "agent")
    per_step = [game.events]  # step 0: the deal
    while not game.is_over and game.step < 150:
        per_step.append(game.apply(agent(None, game.legal_actions(), rng)))
        if game.step == 40:  # a look in the middle, then the rest is replayed on top of it
            assert game.events == [e for step in per_step for e in step]
    assert game.events == [e for step in per_step for e in step]
    for step in range(game.step + 1):
        assert game.timeline.events_at(step) == per_step[step], step
    game.undo(9)
    assert game.events == [e for step in per_step[: game.step + 1] for e in step]
    assert game.timeline.events_at(game.step) == per_step[game.step]
    game.go_back_to(0)
    assert game.events == per_step[0]


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_position_round_trip(name: str, players: int) -> None:
    game = mw.new_game(name, players=players, seed=5)
    agent = RandomAgent()
    rng = make_rng(5, "agent")
    while not game.is_over and game.step < 200:
        if game.step % 13 == 0:
            position = game.position()
            json.dumps(position)  # a position is JSON-safe
            rebuilt = mw.from_position(name, position, options=game.options, seed=game.seed)
            assert rebuilt.position() == position
            assert [a.id for a in rebuilt.legal_actions()] == [a.id for a in game.legal_actions()]
        game.apply(agent(None, game.legal_actions(), rng))


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_observations_are_json_and_keyed(name: str, players: int) -> None:
    game = mw.new_game(name, players=players, seed=9)
    agent = RandomAgent()
    rng = make_rng(9, "agent")
    while not game.is_over and game.step < 60:
        for seat in [None, *range(players)]:
            obs = json.loads(observation_json(game, seat))
            for key in (
                "game",
                "viewer",
                "players",
                "turn",
                "current_player",
                "decision",
                "is_over",
                "winner",
            ):
                assert key in obs, f"observation lacks {key!r}"
            assert obs["game"] == name and obs["viewer"] == seat
        metrics = game.metrics()
        for key in ("money", "properties", "sets"):
            assert len(metrics[key]) == players
        assert isinstance(str(game), str) and game._repr_html_().strip()
        game.apply(agent(None, game.legal_actions(), rng))
    check_invariants(game)


@pytest.mark.parametrize(("name", "players"), PARAMS)
def test_determinize_keeps_what_the_player_sees(name: str, players: int) -> None:
    game = mw.new_game(name, players=players, seed=21)
    agent = RandomAgent()
    rng = make_rng(21, "agent")
    while not game.is_over and game.step < 80:
        seat = game.current_player
        sampled = game.rules.determinize(game.state, seat, random.Random(game.step))
        assert game.rules.observation(sampled, seat) == game.observation(seat)
        assert sorted(game.rules.card_census(sampled)) == sorted(game.rules.deck_ids(sampled))
        assert [a.id for a in game.rules.legal_actions(sampled)] == [
            a.id for a in game.legal_actions()
        ]
        game.apply(agent(None, game.legal_actions(), rng))

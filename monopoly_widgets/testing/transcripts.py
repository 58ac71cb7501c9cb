"""Golden transcripts: a played game, step by step, to pin behaviour through refactors.

OpenSpiel's ``playthroughs/`` are the model. A transcript holds the saved game
(seed, options and action ids), the text and citation of every event each step
caused, and the final position. ``check_transcript`` replays the saved game on
today's engine and names the first step whose events differ, so a change that
was meant to be "no change in behaviour" is caught at the step it shows.

Write the shipped set again (only after a deliberate change, and read the diff)::

    python -m monopoly_widgets.testing tests/golden
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from monopoly_widgets.agents import HeuristicAgent, RandomAgent
from monopoly_widgets.core.options import fill_saved_options
from monopoly_widgets.core.registry import get_rules
from monopoly_widgets.core.serialization import game_to_dict, load_game, new_game

#: The transcripts shipped in ``tests/golden``: (game, players, seed, heuristic seats).
SHIPPED: list[tuple[str, int, int, tuple[int, ...]]] = [
    ("deal", 2, 11, (0, 1)),
    ("deal", 4, 12, ()),
    ("bid", 3, 21, (0, 1, 2)),
    ("bid", 5, 22, (0, 2, 4)),
    ("cardgame", 3, 31, (0, 1, 2)),
    ("cardgame", 6, 32, (0, 3)),
]

MAX_STEPS = 3000


def record_transcript(
    name: str,
    players: int,
    seed: int,
    heuristic_seats: tuple[int, ...] = (),
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one game (heuristic agents in ``heuristic_seats``, random elsewhere) and record it."""
    game = new_game(name, players=players, seed=seed, options=dict(options or {}))
    agents = [
        HeuristicAgent() if seat in heuristic_seats else RandomAgent() for seat in range(players)
    ]
    rng = random.Random(seed)
    steps = []
    while not game.is_over and len(steps) < MAX_STEPS:
        seat = game.current_player
        agent = agents[seat]
        observation = game.observation(seat) if agent.needs_observation else None
        action = agent(observation, game.legal_actions(), rng)
        events = game.apply(action)
        steps.append(
            {
                "action": action.id,
                "events": [event.text for event in events],
                "rules": [event.rule for event in events],
            }
        )
    return {
        "saved_game": game_to_dict(game),
        "setup": [event.text for event in game.timeline.events_at(0)],
        "steps": steps,
        "final_position": game.position(),
    }


def check_transcript(transcript: Mapping[str, Any]) -> None:
    """Replay ``transcript`` and raise ``AssertionError`` at the first difference."""
    saved = transcript["saved_game"]
    options = fill_saved_options(get_rules(saved["game"]).options, saved["options"])
    game = new_game(saved["game"], players=saved["players"], seed=saved["seed"], options=options)
    setup = [event.text for event in game.timeline.events_at(0)]
    assert setup == transcript["setup"], f"setup events differ: {setup} != {transcript['setup']}"
    for step, (expected, action_id) in enumerate(
        zip(transcript["steps"], saved["actions"], strict=True)
    ):
        events = game.apply(action_id)
        got = {
            "action": action_id,
            "events": [event.text for event in events],
            "rules": [event.rule for event in events],
        }
        assert got == expected, f"step {step} ({action_id!r}): got {got}, expected {expected}"
    full = json.loads(json.dumps(game.position()))
    recorded = transcript["final_position"]
    # A position field added after the transcript was written is absent from it; the
    # replay must leave it empty (a newer rule that the old game never used).
    newer = {key for key in set(full) - set(recorded) if full[key] in (None, [])}
    final = {key: value for key, value in full.items() if key not in newer}
    assert final == recorded, "the final positions differ"
    loaded = json.loads(json.dumps(load_game(saved).position()))
    assert loaded == full, "the saved game, loaded, ends in a different position"


def transcript_file_name(name: str, players: int, seed: int) -> str:
    """``deal-2p-seed11.json``."""
    return f"{name}-{players}p-seed{seed}.json"


def write_shipped(folder: Path) -> list[Path]:
    """Record every transcript in :data:`SHIPPED` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, players, seed, heuristic_seats in SHIPPED:
        transcript = record_transcript(name, players, seed, heuristic_seats)
        path = folder / transcript_file_name(name, players, seed)
        path.write_text(json.dumps(transcript, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written

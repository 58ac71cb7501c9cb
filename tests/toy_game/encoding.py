"""One seat's view of Bank to thirty as numbers: the draw pile, then each seat from the viewer."""

from __future__ import annotations

from typing import Any

import numpy as np

GLOBAL_FIELDS = ("draw_pile",)
SEAT_FIELDS = ("bank", "hand_count")


def slot_names(players: int) -> list[str]:
    seats = [f"seat{offset}.{name}" for offset in range(players) for name in SEAT_FIELDS]
    return [*GLOBAL_FIELDS, *seats]


def encoding_size(players: int) -> int:
    return len(slot_names(players))


def encode_observation(observation: dict[str, Any]) -> np.ndarray:
    seats = observation["seats"]
    first = observation["viewer"] or 0
    rotated = seats[first:] + seats[:first]
    values = [observation["draw_pile"], *(seat[name] for seat in rotated for name in SEAT_FIELDS)]
    return np.asarray(values, dtype=np.float32)


def encode(state: Any, viewer: int) -> np.ndarray:
    from tests.toy_game.rules import ToyRules

    return encode_observation(ToyRules().observation(state, viewer))

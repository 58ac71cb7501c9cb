"""Every id Bank to thirty can offer: learning code's action space."""

from __future__ import annotations

from typing import Any


def action_catalogue(players: int, options: dict[str, Any] | None = None) -> tuple[str, ...]:
    return ("draw", "pass", *(f"bank:{card}" for card in range(24)))


def slot_ids(state: Any) -> dict[str, str]:
    return {}


def slot_ids_from_observation(observation: dict[str, Any]) -> dict[str, str]:
    return {}

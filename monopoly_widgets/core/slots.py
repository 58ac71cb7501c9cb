"""What each number of an encoded observation means: the slot names, written once.

Every game's ``encoding.py`` lays out one seat's view the same way (``docs/rl.md``): the
game's global fields, then for each seat-valued field one flag per seat ("is the turn
player seat k?"), then each seat's own fields, seat 0 being the viewer. This builds that
list of names for any game, so that the three games' ``slot_names`` cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence


def seat_slot_names(
    global_fields: Sequence[str],
    seat_flags: Sequence[str],
    seat_fields: Sequence[str],
    players: int,
) -> list[str]:
    """``global_fields``; ``<flag>_is_seat<k>`` for each flag and seat; ``seat<k>_<field>``."""
    names = list(global_fields)
    for flag in seat_flags:
        names += [f"{flag}_is_seat{k}" for k in range(players)]
    for k in range(players):
        names += [f"seat{k}_{field}" for field in seat_fields]
    return names

"""The catalogues' numbering is stable: a policy saved today means the same actions later."""

from __future__ import annotations

import hashlib

import pytest

from monopoly_widgets.rl import Catalogue

#: (game, players) -> (size, the first 16 hex digits of the sha256 of the ids, one a line).
#: A change here renumbers every saved policy: make it on purpose, and say so.
PINNED = {
    ("deal", 2): (7253, "1f3258440bcebed8"),
    ("deal", 10): (31927, "de195b3914c01443"),
    ("cardgame", 2): (1477, "2ad3c02742ed7b76"),
    ("cardgame", 6): (1597, "81fe4046ed30d942"),
}


@pytest.mark.parametrize(("game", "players"), list(PINNED))
def test_the_numbering_is_pinned(game: str, players: int) -> None:
    ids = Catalogue(game, players).ids
    digest = hashlib.sha256("\n".join(ids).encode()).hexdigest()[:16]
    assert (len(ids), digest) == PINNED[game, players]


def test_options_that_add_ids_add_them() -> None:
    """Stacking Double the Rent adds the ``:x4`` rents; buildings that cannot pay remove the
    ``pay:<set>:House`` ids."""
    plain = set(Catalogue("deal", 2).ids)
    stacked = set(Catalogue("deal", 2, {"double_rent_stack": True}).ids)
    assert {i for i in stacked - plain} and all(i.endswith(":x4") for i in stacked - plain)
    no_buildings = set(Catalogue("deal", 2, {"building_payment": "not_allowed"}).ids)
    assert plain - no_buildings and all(
        ":House" in i or ":Hotel" in i for i in plain - no_buildings
    )


def test_a_bad_option_is_named() -> None:
    from monopoly_widgets.core.errors import OptionError

    with pytest.raises(OptionError, match="unknown option"):
        Catalogue("deal", 2, {"double_rent": True})

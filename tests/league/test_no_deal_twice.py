"""No bot's process or sandbox plays one deal twice (``league/seats.py``, ``KEPT``).

Every pairing plays the same deals in both seat orders (duplicate seating), and a bot's
memory lasts as long as its process. A sandbox kept between tasks, or an opponent left
running while a game is played again, would let a bot meet a deal it has seen: from
seat 0 it knew the hand its opponent now holds, and the cards one classmate showed
from a seat are the next classmate's hand there. The bot below remembers the first hand
of every game it plays and forfeits, naming it, when one comes back. It fails this
test when kept sandboxes are reused for any deal (the check of ``deal in kept.deals``
taken out of ``seats._take_kept``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import monopoly_widgets as mw
from monopoly_widgets.league.wasm import runtime

REMEMBERS = """
SEEN = set()
GAMES = {}


def choose(observation, legal_actions, rng):
    seat = observation["viewer"]
    if id(rng) not in GAMES:  # a new game: its rng is new
        hand = tuple(sorted(str(card) for card in observation["seats"][seat]["hand"]))
        GAMES[id(rng)] = rng  # kept, so that no later game's rng gets its id
        if hand in SEEN:
            raise RuntimeError("saw this deal before")
        SEEN.add(hand)
    return rng.choice(legal_actions)
"""


@pytest.mark.parametrize("sandbox", ["wasm", "process"])
def test_no_bot_meets_a_deal_twice(tmp_path: Path, sandbox: str) -> None:
    if sandbox == "wasm":
        try:
            runtime.prepare()
        except runtime.SandboxUnavailable as exc:
            pytest.skip(str(exc))
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "remembers.py").write_text(REMEMBERS)
    result = mw.league(
        [folder, "random", "heuristic"],
        games=3,
        seed=11,
        workers=1,
        sandbox=sandbox,
        progress=False,
    )
    assert not result.failures
    reasons = [row["forfeit"]["reason"] for row in result.rows if row["forfeit"]]
    assert not [reason for reason in reasons if "saw this deal before" in reason], reasons
    played = [row for row in result.rows if "remembers" in row["seats"]]
    assert len(played) == 2 * 2 * 3  # two opponents, both seat orders, three deals

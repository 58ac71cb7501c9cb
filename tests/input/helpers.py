"""Shared checks for the bad-input tests: short errors and unchanged games."""

from __future__ import annotations

import re
from typing import Any

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.errors import MAX_MESSAGE_CHARS
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.validation import EXCERPT_CHARS

#: A character that appears in no card name, option or rule text: runs of it in an
#: error message can only be echoed input.
MARK = "Ж"


def played(name: str, players: int = 2, seed: int = 1, steps: int = 12) -> mw.Game:
    """A game some random steps in (so undo, positions and saves have something in them)."""
    game = mw.new_game(name, players=players, seed=seed)
    agent = RandomAgent()
    rng = make_rng(seed, "input-tests")
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(agent(game.observation(game.current_player), game.legal_actions(), rng))
    return game


def snapshot(game: mw.Game) -> tuple[str, Any, int]:
    """Everything a rejected call must leave as it was."""
    return game.to_json(), game.position(), game.step


def assert_short(error: BaseException) -> str:
    """The message is the package's own, short, and quotes input only as an excerpt."""
    assert isinstance(error, mw.MonopolyWidgetsError), repr(error)[:200]
    assert isinstance(error, ValueError)
    text = str(error)
    assert 0 < len(text) <= MAX_MESSAGE_CHARS, text[:200]
    longest_echo = max((len(m) for m in re.findall(f"{MARK}+", text)), default=0)
    assert longest_echo <= EXCERPT_CHARS, text[:200]
    return text

"""One switch for every cache (issue 47, item 3): ``core.memo.set_enabled(False)``.

Every game remembers results for speed (legal actions, action catalogues, the RL encoders'
slot names, Deal's wild moves and fast paths). Each cache must change nothing but the speed,
and one switch must stop all of them. Two copies of each random game are played side by side,
one with the switch on and one with it off; after every step their states, events and lists
of legal actions must be the same, and while the switch is off every cache must stay empty,
in all three games. ``tests/deal/test_speed.py`` compares Deal more closely (its decision
views too, and its fast paths one by one).
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core import memo
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal import speed

PACKAGE = Path(mw.__file__).parent
#: The engines, what they share, and the exact odds: every cache in them must be a
#: ``core.memo.Memo``. (The league's ``runtime.prepare`` and ``browser``'s ``@cache`` are not
#: remembered results: each finds the installed sandbox or makes its snapshot, once per
#: process, and turning them off would make a snapshot per bot, not the rules plainer.)
ENGINES = ("core", "deal", "bid", "cardgame", "prob")
GAMES = {"deal": (2, 3), "bid": (2, 4), "cardgame": (3, 5)}


def _off(call: Callable[..., Any], *args: Any) -> Any:
    """``call(*args)`` with the switch off; every cache must be empty when it returns."""
    memo.set_enabled(False)
    try:
        result = call(*args)
        assert memo.filled() == [] and speed.filled_caches() == []
        return result
    finally:
        memo.set_enabled(True)


def play_side_by_side(game_name: str, players: int, seeds: range) -> int:
    """Random games with the switch on and off, compared at every step; the steps compared."""
    agent = RandomAgent()
    steps = 0
    for seed in seeds:
        fast = mw.new_game(game_name, players=players, seed=seed)
        plain = _off(mw.new_game, game_name, players, seed)
        rng = make_rng(seed, "switch")
        while not fast.is_over and steps < 4000:
            offered = fast.legal_actions()
            assert offered == _off(plain.legal_actions), (game_name, seed, fast.step)
            action = agent(None, offered, rng)
            events = fast.apply(action)
            assert events == _off(plain.apply, action.id), (game_name, seed, fast.step)
            assert fast.state == plain.state, (game_name, seed, fast.step)
            if game_name == "deal":
                assert speed.filled_caches([plain.state]) == [], (seed, fast.step)
            steps += 1
        assert fast.is_over == plain.is_over
    return steps


@pytest.mark.parametrize(
    ("game_name", "players"), [(name, n) for name, counts in GAMES.items() for n in counts]
)
def test_the_switch_changes_nothing_but_the_speed(game_name: str, players: int) -> None:
    assert play_side_by_side(game_name, players, range(3)) > 100


def test_catalogues_and_slot_names_stay_empty_with_the_switch_off() -> None:
    """The RL catalogue of every id and the encoders' slot names were ``lru_cache``s, which
    the switch did not reach: with it off they fill nothing now, and with it on they are
    remembered (each is a ``Memo``, named in ``memo.filled``)."""
    calls = []
    for game_name in GAMES:
        catalogue = importlib.import_module(f"monopoly_widgets.{game_name}.catalogue")
        encoding = importlib.import_module(f"monopoly_widgets.{game_name}.encoding")
        calls += [(catalogue.action_catalogue, 3), (encoding.slot_names, 3)]
    memo.set_enabled(False)
    try:
        for function, players in calls:
            function(players)
        assert memo.filled() == []
    finally:
        memo.set_enabled(True)
    for function, players in calls:
        function(players)
    filled = memo.filled()
    for game_name in GAMES:
        assert f"monopoly_widgets.{game_name}.encoding.slot_names" in filled
    for game_name in ("deal", "cardgame"):  # Bid's catalogue is built afresh each time
        assert f"monopoly_widgets.{game_name}.catalogue._catalogue" in filled


def test_the_odds_are_the_same_and_remember_nothing_with_the_switch_off() -> None:
    """The odds panels' exact sums (``prob/bid.py``, ``prob/deal.py``) remember their parts
    too; with the switch off they remember nothing, and every row is the same."""
    from monopoly_widgets.prob import bid as bid_odds
    from monopoly_widgets.prob import deal as deal_odds

    agent = RandomAgent()
    rows = 0
    remembered = set()
    for game_name, odds in (("bid", bid_odds), ("deal", deal_odds)):
        for seed in range(2):
            game = mw.new_game(game_name, players=3, seed=seed)
            rng = make_rng(seed, "odds")
            while not game.is_over and game.step < 60:
                seen = game.observation(game.current_player)
                on = list(odds.panel(seen))
                remembered |= {name for name in memo.filled() if ".prob." in name}
                off = list(_off(odds.panel, seen))
                assert on == off, (game_name, seed, game.step)
                rows += len(on)
                game.apply(agent(None, game.legal_actions(), rng))
    assert rows > 100
    assert {"monopoly_widgets.prob.deal._specs_by_name"} < remembered, remembered


def test_every_cache_in_the_engines_is_a_memo() -> None:
    """A cache the switch cannot reach (``functools.lru_cache``, ``functools.cache``) may not
    come back in the engines: each must be a ``core.memo.Memo`` or ``remembered``."""
    found = []
    for folder in ENGINES:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(r"\blru_cache\b|@(functools\.)?cache\b|\bcached_property\b", line):
                    found.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


#: Deal's caches: its memos, and the fields of a state and a pile kept only for speed.
DEAL_MEMOS = {"ACTIONS", "STEALS", "PLAYS", "HAND_PLAYS", "ID_PARTS", "PILE_MOVES", "CHANGES"}
DEAL_MEMOS |= {"WILD_MOVES", "LAST_HAND"}
SPEED_FIELDS = {"wild_moves_memo", "completed_by", "table_changes", "seat_slots_memo"}
SPEED_FIELDS |= {"table_copies", "wild_moves", "keep"}


def cache_traffic(source: str) -> list[int]:
    """The lines of ``source`` that read or fill one of Deal's caches themselves (a memo
    imported from ``speed.py`` or read as ``speed.<MEMO>``, ``.keep``, or a field kept for
    speed; ``speed.wild_moves`` is a named function)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("speed"):
            if any(alias.name in DEAL_MEMOS for alias in node.names):
                found.add(node.lineno)
        elif isinstance(node, ast.Attribute):
            by_speed = isinstance(node.value, ast.Name) and node.value.id == "speed"
            if (node.attr in SPEED_FIELDS and not by_speed) or (
                node.attr in DEAL_MEMOS and by_speed
            ):
                found.add(node.lineno)
    return sorted(found)


def test_only_speed_py_touches_deals_caches() -> None:
    """Deal's speed is in one place (issue 47, item 3): every read and fill of a cache is in
    ``deal/speed.py``, behind named functions (``known_action``, ``known_plays``,
    ``id_parts``, ``take_completed``, ...); ``state.py`` only declares the fields."""
    found = []
    for path in sorted((PACKAGE / "deal").glob("*.py")):
        if path.name in ("speed.py", "state.py"):
            continue
        lines = cache_traffic(path.read_text(encoding="utf-8"))
        found += [f"deal/{path.name}:{line}" for line in lines]
    assert not found, found


def test_cache_traffic_is_caught() -> None:
    """The check can fail: a memo read, a ``keep`` and a state's speed field are each found."""
    source = (
        "from monopoly_widgets.deal.speed import ACTIONS, same_hand\n"
        "found = speed.PLAYS.get(key)\n"
        "x = table.keep(key, 1)\n"
        "state.completed_by.clear()\n"
        "y = speed.wild_moves(state, 0, f)\n"
        "HAND_PLAYS = ('bank', 'lay')\n"
    )
    assert cache_traffic(source) == [1, 2, 3, 4]

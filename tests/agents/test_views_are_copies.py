"""An agent sees a copy of what its seat may see, never the game (issue 27, "Safe and fair").

For every built-in agent in every game, the thing ``play_out`` hands it as its
observation (``agents.base.observer_of``: nothing, the game's decision view, or the
observation dict) is walked attribute by attribute (``vars``, ``__slots__``, dicts,
lists, tuples): nothing reachable from it may be the game's state or one of the state's
lists, dicts or objects, nor a copy of another seat's hidden hand. Then everything
mutable in it is changed, and the game must be exactly what it was.

A view reads the state when it is made and keeps copies: change another seat's hidden
hand afterwards, or deal the hidden cards again (``rules.determinize``), and everything
reachable from the view, every lazily worked-out fact read in full, is the same. So a bot
handed a view learns nothing about the hidden hands through it, however it digs.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents.base import observer_of
from monopoly_widgets.agents.playout import AGENT_NAMES, make_agent

GAMES = ("deal", "bid", "cardgame")
_ATOMS = (int, float, str, bytes, bool, type(None))


def reachable(root: Any) -> Iterator[Any]:
    """Every object reachable from ``root`` through attributes and containers, once each."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        item = stack.pop()
        if isinstance(item, _ATOMS) or id(item) in seen:
            continue
        if isinstance(item, type) or callable(item) and not hasattr(item, "__dict__"):
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        else:
            stack.extend(getattr(item, "__dict__", {}).values())
            for cls in type(item).__mro__:
                for slot in getattr(cls, "__slots__", ()):
                    if hasattr(item, slot):
                        stack.append(getattr(item, slot))


def state_objects(state: Any) -> dict[int, Any]:
    """The state and every mutable thing in it, by id (what a view must not hold)."""
    found = {}
    for item in reachable(state):
        if isinstance(item, (list, dict, set)) or not isinstance(item, (tuple, frozenset)):
            found[id(item)] = item
    return found


def positions(game_name: str, players: int, seed: int) -> Iterator[mw.Game]:
    """A random game's positions, a decision at a time."""
    game = mw.new_game(game_name, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and game.step < 160:
        yield game
        game.apply(rng.choice(game.legal_actions()))


def read_in_full(view: Any) -> Any:
    """``view`` with every fact it works out on first use worked out (``facts()``)."""
    facts = getattr(view, "facts", None)
    if callable(facts):
        facts()
    return view


def contents(root: Any) -> Any:
    """Everything reachable from ``root``, as plain nested data (objects by type and slots),
    to compare two views by what a bot could read from them."""
    seen: set[int] = set()

    def walk(item: Any) -> Any:
        if isinstance(item, _ATOMS):
            return item
        if isinstance(item, type) or callable(item) and not hasattr(item, "__dict__"):
            return repr(item)
        if id(item) in seen:
            return "<seen>"
        seen.add(id(item))
        if isinstance(item, dict):
            return sorted((repr(walk(k)), walk(v)) for k, v in item.items())
        if isinstance(item, (set, frozenset)):
            return sorted(repr(walk(x)) for x in item)
        if isinstance(item, (list, tuple)):
            return [type(item).__name__, *map(walk, item)]
        fields = dict(getattr(item, "__dict__", {}))
        for cls in type(item).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if hasattr(item, slot):
                    fields[slot] = getattr(item, slot)
        return [type(item).__name__, sorted((key, walk(v)) for key, v in fields.items())]

    return walk(root)


def mutate(view: Any) -> None:
    """Change everything mutable reachable from ``view``."""
    for item in list(reachable(view)):
        if isinstance(item, list):
            item.append(-1)
            item.reverse()
        elif isinstance(item, dict):
            item["planted"] = -1
            for key in list(item):
                if isinstance(item[key], int) and not isinstance(item[key], bool):
                    item[key] = item[key] + 1000


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("agent_name", AGENT_NAMES)
def test_no_view_holds_the_state_or_a_hidden_hand(game_name: str, agent_name: str) -> None:
    agent = make_agent(agent_name)
    observe = observer_of(agent)
    checked = 0
    for players, seed in ((2, 5), (3, 6)):
        for game in positions(game_name, players, seed):
            seat = game.current_player
            view = observe(game.rules, game.state, seat)
            forbidden = state_objects(game.state)
            hidden = [
                list(hand)
                for other, hand in enumerate(game.state.hands)
                if other != seat and len(hand) >= 2
            ]
            for item in reachable(view):
                assert id(item) not in forbidden, (
                    f"{agent_name} in {game_name}: the view holds the game's "
                    f"{type(item).__name__} {str(item)[:60]}"
                )
                if isinstance(item, (list, tuple)) and len(item) >= 2:
                    assert list(item) not in hidden, f"{agent_name}: another seat's hand"
            before = game.rules.clone(game.state)
            mutate(view)
            assert game.state == before, f"{agent_name} in {game_name}: the view changed the game"
            checked += 1
    assert checked > 40


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("agent_name", AGENT_NAMES)
def test_no_view_tells_a_hidden_hand(game_name: str, agent_name: str) -> None:
    """The view of a position, the view after another seat's hidden hand changed, and the
    view of the same position with every hidden card dealt again: a bot can read nothing
    in one that it cannot read in the others."""
    observe = observer_of(make_agent(agent_name))
    changed = 0
    for players, seed in ((2, 7), (3, 8)):
        for game in positions(game_name, players, seed):
            seat = game.current_player
            rules, state = game.rules, game.state
            view = read_in_full(observe(rules, state, seat))
            seen = contents(view)
            world = rules.determinize(state, seat, random.Random(game.step))
            assert contents(read_in_full(observe(rules, world, seat))) == seen
            others = [hand for other, hand in enumerate(state.hands) if other != seat and hand]
            if not others:
                continue
            before = rules.clone(state)
            for hand in others:  # the hidden hands change after the view was made
                hand.append(hand[0])
                hand.reverse()
            try:
                assert contents(read_in_full(view)) == seen, f"{agent_name}: a live hand"
            finally:
                game.state.hands[:] = before.hands
            changed += world.hands != state.hands
    assert changed > 20  # the re-deal did change the hidden hands


def test_the_hand_check_catches_a_view_that_keeps_a_live_hand() -> None:
    """The comparison is not blind: a view holding another seat's hand list is caught."""

    class Peeking:
        __slots__ = ("theirs",)

        def __init__(self, hand: list[int]) -> None:
            self.theirs = hand

    game = mw.new_game("deal", players=2, seed=3)
    view = Peeking(game.state.hands[1])
    seen = contents(view)
    game.state.hands[1].reverse()
    assert contents(view) != seen


def test_the_heuristic_view_no_longer_opens_the_state() -> None:
    """The issue's example: ``HeuristicAgent().observe(...)._state.hands[1]`` printed a
    hidden hand. A view has no ``_state`` now, and nothing in it is another hand."""
    game = mw.new_game("deal", players=2, seed=3)
    view = make_agent("heuristic").observe(game.rules, game.state, 0)
    assert not hasattr(view, "_state")
    assert not any(item is game.state for item in reachable(view))


def test_the_walk_finds_a_planted_state() -> None:
    """The walk is not blind: a view that kept the state would be caught."""

    class Leaky:
        __slots__ = ("inner",)

        def __init__(self, state: Any) -> None:
            self.inner = {"deep": [state]}

    game = mw.new_game("deal", players=2, seed=3)
    assert any(item is game.state for item in reachable(Leaky(game.state)))
    assert any(id(item) in state_objects(game.state) for item in reachable(Leaky(game.state)))

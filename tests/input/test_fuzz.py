"""Fuzzing every input with hypothesis: positions, saved games, options, arguments, browser.

Each test takes a valid input of every game, breaks it at a random place (a
wrong type, a missing or unknown field, a huge or deeply nested value, an extra
card) and checks the promises of the package (docs/api.md, "Errors and limits"):

* a bad input raises the package's own error, a ``ValueError``, with a short
  message that quotes the input only as an excerpt;
* a rejected call leaves the game (and the caller's data) as it was;
* an input that is accepted gives a game that saves and loads again.

Examples are few and fixed (``max_examples``), so the suite stays quick in CI;
set ``MW_FUZZ_EXAMPLES=1000`` to hunt longer by hand.
"""

from __future__ import annotations

import copy
import functools
import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.registry import get_rules
from monopoly_widgets.widgets.messages import MESSAGES
from tests.input.helpers import MARK, assert_short, played, snapshot
from tests.widgets.helpers import attach, browser_says, game_names

#: Examples per test (CI: the default, about 40 s for the whole file on one core).
EXAMPLES = int(os.environ.get("MW_FUZZ_EXAMPLES", "50"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**6), max_value=10**12)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(["Boardwalk", "Red", "$5M", "play", "over", MARK * 200, MARK * 1200])
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)
#: A value nested deeper than the JSON limit (but within Python's recursion limit).
too_deep = st.integers(min_value=33, max_value=300).map(lambda n: json.loads("[" * n + "]" * n))
bad_values = json_values | too_deep


@functools.cache
def base_positions(name: str) -> tuple[str, ...]:
    """A few real positions of ``name`` (as JSON, so each example gets its own copy)."""
    rules = get_rules(name)
    games = [
        mw.new_game(name, players=rules.min_players, seed=1),
        played(name, players=rules.min_players, seed=2, steps=25),
        played(name, players=rules.max_players, seed=3, steps=40),
    ]
    return tuple(json.dumps(game.position()) for game in games)


@functools.cache
def base_saves(name: str) -> tuple[str, ...]:
    return (played(name, seed=4, steps=15).to_json(),)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indexes) to a value inside ``value``, the root included."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


def mutate(document: Any, data: st.DataObject) -> Any:
    """``document`` broken at one random place."""
    document = copy.deepcopy(document)
    path = data.draw(st.sampled_from(paths(document)), label="path")
    if not path:
        return data.draw(bad_values, label="whole document")
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    how = data.draw(st.sampled_from(["replace", "delete", "add", "duplicate"]), label="how")
    if how == "replace":
        parent[last] = data.draw(bad_values, label="value")
    elif how == "delete":
        del parent[last]
    elif how == "add" and isinstance(parent, dict):
        parent[data.draw(st.text(min_size=1, max_size=12), label="key")] = data.draw(bad_values)
    elif isinstance(parent, list):
        parent.append(copy.deepcopy(parent[last]))  # one more of the same card, seat, pile
    else:
        parent[last] = [parent[last], parent[last]]
    return document


def same(a: Any, b: Any) -> bool:
    """Equal, counting NaN as equal to itself."""
    return repr(a) == repr(b)


def check_accepted(game: mw.Game) -> None:
    """An accepted input gives a game that plays, saves and loads again."""
    saved = game.to_json()
    assert mw.load_game(saved).to_json() == saved
    if not game.is_over:
        game.apply(game.legal_actions()[0])
        assert mw.load_game(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("name", game_names())
@FUZZ
@given(data=st.data())
def test_fuzzed_positions(name: str, data: st.DataObject) -> None:
    base = json.loads(data.draw(st.sampled_from(base_positions(name)), label="base"))
    position = mutate(base, data)
    as_given = copy.deepcopy(position)
    try:
        game = mw.from_position(name, position)
    except mw.PositionError as exc:
        assert_short(exc)
    else:
        check_accepted(game)
    assert same(position, as_given)  # the caller's dict is never changed


@pytest.mark.parametrize("name", game_names())
@FUZZ
@given(data=st.data())
def test_fuzzed_saved_games(name: str, data: st.DataObject) -> None:
    text = base_saves(name)[0]
    if data.draw(st.booleans(), label="as text"):
        cut = data.draw(st.integers(0, len(text)), label="cut")
        junk = data.draw(st.sampled_from(["", "{", "]", '"', "\\", "[" * 100, MARK * 100]))
        broken: Any = text[:cut] + junk + text[cut + data.draw(st.integers(0, 5)) :]
    else:
        broken = mutate(json.loads(text), data)
    as_given = copy.deepcopy(broken)
    try:
        game = mw.load_game(broken)
    except mw.SavedGameError as exc:
        assert_short(exc)
    else:
        check_accepted(game)
    assert same(broken, as_given)


@pytest.mark.parametrize("name", game_names())
@FUZZ
@given(data=st.data())
def test_fuzzed_options(name: str, data: st.DataObject) -> None:
    known = sorted(get_rules(name).options)
    keys = st.sampled_from(known) | st.text(max_size=10)
    options = data.draw(
        st.dictionaries(keys, bad_values, max_size=3) | bad_values | st.just(None), label="options"
    )
    as_given = copy.deepcopy(options)
    try:
        game = mw.new_game(name, players=2, seed=1, options=options)
    except mw.OptionError as exc:
        assert_short(exc)
    else:
        saved = game.to_json()
        if isinstance(options, dict):  # the game owns its options: scribble over the caller's
            for value in options.values():
                if isinstance(value, (list, dict)):
                    value.clear()
        assert game.to_json() == saved
        assert mw.load_game(saved).to_json() == saved
        return
    assert same(options, as_given)  # a rejected call does not touch the caller's options


arguments = bad_values | st.integers(-3, 40) | st.text(max_size=30) | st.just(MARK * 5000)


@pytest.mark.parametrize("name", game_names())
@FUZZ
@given(data=st.data())
def test_fuzzed_arguments(name: str, data: st.DataObject) -> None:
    game = played(name, seed=6, steps=20)
    call = data.draw(
        st.sampled_from(["apply", "undo", "go_back_to", "state_at", "observation", "render"])
    )
    argument = data.draw(arguments, label="argument")
    before = snapshot(game)
    try:
        getattr(game, call)(argument)
    except (mw.InputError, mw.IllegalActionError) as exc:
        assert_short(exc)
        assert snapshot(game) == before


@functools.cache
def shared_explorer(name: str) -> mw.GameExplorer:
    """One explorer per game for all examples (each example compares before and after)."""
    game = mw.new_game(name, players=3, seed=8)
    explorer = mw.GameExplorer(game, agents=[RandomAgent() for _ in range(3)])
    explorer.forward()
    attach(explorer)
    return explorer


def widget_state(explorer: mw.GameExplorer) -> Any:
    table = explorer.table
    traits = ("step", "steps", "speed", "seed", "playing", "perspective", "choices", "table")
    return explorer.game.to_json(), explorer.step, [getattr(table, t) for t in traits]


field_names = st.sampled_from(sorted({f for fields in MESSAGES.values() for f in fields}))


@pytest.mark.parametrize("name", game_names())
@settings(FUZZ, max_examples=max(EXAMPLES // 2, 1))
@given(data=st.data())
def test_fuzzed_browser_messages(name: str, data: st.DataObject) -> None:
    explorer = shared_explorer(name)
    explorer.pause()
    kind = data.draw(st.sampled_from(sorted(MESSAGES)) | st.text(max_size=8) | bad_values)
    fields = data.draw(st.dictionaries(field_names | st.text(max_size=6), arguments, max_size=3))
    message = {"type": kind, **fields} if data.draw(st.booleans()) else data.draw(bad_values)
    before = widget_state(explorer)
    errors = explorer.table.error_count
    browser_says(explorer, message)
    error = explorer.table.error
    assert len(error) <= 300 and MARK * 61 not in error
    if explorer.table.error_count > errors and kind not in ("step", "new_game", "action"):
        assert widget_state(explorer) == before


@pytest.mark.parametrize("name", game_names())
@settings(FUZZ, max_examples=max(EXAMPLES // 2, 1))
@given(data=st.data())
def test_fuzzed_trait_updates_are_reverted(name: str, data: st.DataObject) -> None:
    explorer = shared_explorer(name)
    traits = st.sampled_from(sorted(explorer.table.keys)) | st.text(max_size=8)
    update = data.draw(st.dictionaries(traits, arguments, min_size=1, max_size=3))
    before = widget_state(explorer)
    explorer.table.error = ""
    explorer.table._handle_msg(
        {"content": {"data": {"method": "update", "state": update}}, "buffers": []}
    )
    assert widget_state(explorer) == before  # shown_step, set alone, moves nothing either
    if set(update) != {"shown_step"}:  # the one trait the browser reports (marimo)
        assert "may not set" in explorer.table.error
    assert len(explorer.table.error) <= 300

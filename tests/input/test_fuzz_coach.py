"""Fuzzing the coach with hypothesis: ``mw.analyse``'s arguments, the coach panel's
settings and the panel's messages from the browser (issue 26, items 4 and 5).

The promises checked (``docs/api.md``, "Errors and limits"):

* any arguments give either an analysis or the package's own error, short, naming the
  field; a failing ``continue_with`` agent is named in an ``AgentError`` (as in
  ``simulate``); never another exception;
* a move is starred best only if it was measured;
* the game is unchanged afterwards, whether the call was refused or not;
* any message from the browser is handled or refused with a notice, never raises,
  and leaves the game as it was.

Playouts are tiny (at most 6, random or cheap policies) and the time budgets under a
second, so no worker process starts and the file stays quick on a loaded machine; set
``MW_FUZZ_EXAMPLES=1000`` to hunt longer by hand.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import monopoly_widgets as mw
from monopoly_widgets.agents.playout import AgentError
from monopoly_widgets.coach import analyse
from tests.input.helpers import MARK, assert_short, played, snapshot
from tests.widgets.helpers import attach, browser_says, game_names

EXAMPLES = int(os.environ.get("MW_FUZZ_EXAMPLES", "40"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

HUGE = 10**5000
NAN, INF = float("nan"), float("inf")
JUNK = [True, HUGE, -HUGE, -1, 0, 2.5, NAN, INF, "many", MARK * 300, [1], {}]
junk = st.sampled_from([None, *JUNK])
THREADS = ThreadPoolExecutor(2)


def returns_none(observation: Any, legal: Any, rng: Any) -> None:
    return None


def raises(observation: Any, legal: Any, rng: Any) -> Any:
    raise ValueError(MARK * 500)


def picks_first(observation: Any, legal: Any, rng: Any) -> Any:
    return legal[0]


#: Values each argument accepts, kept cheap: ``playouts`` is never None (the default
#: 400), budgets stay under a second (a longer one would start worker processes).
VALID: dict[str, st.SearchStrategy[Any]] = {
    "playouts": st.integers(min_value=1, max_value=24),
    "budget_s": st.none() | st.floats(min_value=0.001, max_value=0.9),
    "seed": st.integers(min_value=-(2**63), max_value=2**63 - 1),
    "continue_with": st.sampled_from(
        ["random", "random", "deal_policy", picks_first, returns_none, raises]
    ),
    "executor": st.sampled_from([None, THREADS]),
    "workers": st.sampled_from([None, 1, 2]),
    "confidence": st.floats(min_value=0.5, max_value=0.999),
    "precision": st.floats(min_value=0.01, max_value=0.5),
    "first_batch": st.none() | st.integers(min_value=1, max_value=4),
    "cards_known": st.booleans(),
    "player": st.none(),
    "on_round": st.sampled_from([None, lambda so_far: None, lambda so_far: False]),
}
#: Values none of them accepts (``player`` also refuses every seat but the one to decide).
INVALID: dict[str, st.SearchStrategy[Any]] = {
    "playouts": st.sampled_from(JUNK),
    "budget_s": st.sampled_from([True, HUGE, -1, 0, -0.0, 3600.5, NAN, INF, "many", [1]]),
    "seed": st.sampled_from([2**63, -(2**63) - 1, HUGE, -HUGE, 2.5, NAN, True, "7", None]),
    "continue_with": st.sampled_from(["search", "Random", "", MARK * 300, 3, None, [1]]),
    "executor": st.sampled_from([object(), "pool", print, 3]),
    "workers": st.sampled_from([0, 3, "2", HUGE, 1.0, True]),
    "confidence": st.sampled_from([*JUNK, 1.0, None]),
    "precision": st.sampled_from([*JUNK, 1.0, None]),
    "first_batch": st.sampled_from([True, HUGE, -1, 0, 2.5, NAN, "many", [1]]),
    "cards_known": st.sampled_from([HUGE, 0, 1, 2.5, "yes", None, [1]]),
    "player": st.sampled_from([True, HUGE, -1, 2.5, NAN, 7, "0", "many"]),
    "on_round": st.sampled_from([3, "x", HUGE]),
}


@st.composite
def analyse_arguments(draw: st.DrawFn) -> tuple[dict[str, Any], str | None]:
    """Valid arguments (some left out), one of them perhaps replaced by an invalid value."""
    arguments = draw(
        st.fixed_dictionaries(
            {"playouts": VALID["playouts"]},
            optional={key: value for key, value in VALID.items() if key != "playouts"},
        )
    )
    broken = draw(st.sampled_from([None] * 6 + sorted(INVALID)))  # a third valid
    if broken is not None:
        arguments[broken] = draw(INVALID[broken])
    return arguments, broken


@pytest.fixture(scope="module")
def games() -> dict[str, mw.Game]:
    return {name: played(name, steps=6) for name in game_names()}


@settings(FUZZ)
@given(name=st.sampled_from(game_names()), drawn=analyse_arguments())
def test_analyse_gives_a_result_or_its_own_error_and_leaves_the_game(
    games: dict[str, mw.Game], name: str, drawn: tuple[dict[str, Any], str | None]
) -> None:
    arguments, broken = drawn
    game = games[name]
    before = snapshot(game)
    try:
        result = analyse(game, **arguments)
    except AgentError as error:
        event("a failing agent named")
        assert broken is None and arguments["continue_with"] in (returns_none, raises)
        assert str(error).startswith("agent ") and " at 0x" not in str(error)
    except mw.MonopolyWidgetsError as error:
        event("refused")
        assert broken is not None, error
        text = assert_short(error)
        assert text.startswith(broken) and " at 0x" not in text
    else:
        assert broken is None
        event("an analysis" if result.best is None else "an analysis with a best move")
        assert result.playouts <= arguments["playouts"]
        if result.best is None:
            assert all(move.playouts == 0 for move in result.moves)
            assert result.why_no_best() in str(result)
        else:
            assert result.move(result.best).playouts > 0
    assert snapshot(game) == before


@settings(FUZZ, max_examples=max(EXAMPLES // 2, 1))
@given(
    first=st.integers(min_value=1, max_value=3) | junk,
    most=st.integers(min_value=1, max_value=3) | junk,
    continue_with=st.sampled_from(["random", "deal_policy", "search", "nope", picks_first]) | junk,
)
def test_the_coach_settings_give_an_explorer_or_its_own_error(
    first: Any, most: Any, continue_with: Any
) -> None:
    game = mw.new_game("deal", players=2, seed=3)
    before = snapshot(game)
    try:
        mw.GameExplorer(
            game, coach_playouts=first, coach_max_playouts=most, coach_continue_with=continue_with
        )
    except mw.MonopolyWidgetsError as error:
        text = assert_short(error)
        assert text.startswith(("coach_playouts", "coach_max_playouts", "coach_continue_with"))
    assert snapshot(game) == before


on_values = st.sampled_from([True, False, None, 1, 0, "true", HUGE, float("nan"), [], {}])
coach_messages = st.one_of(
    st.fixed_dictionaries({"type": st.just("coach"), "on": on_values}),
    st.fixed_dictionaries(
        {"type": st.just("coach"), "on": st.booleans()},
        optional={"step": junk, "extra": junk, "playouts": junk, "continue_with": junk},
    ),
    st.fixed_dictionaries({"type": st.sampled_from(["Coach", "coach ", MARK * 200])}),
    junk,
)


@settings(FUZZ, max_examples=max(EXAMPLES // 2, 1))
@given(messages=st.lists(coach_messages, min_size=1, max_size=4))
def test_the_coach_panel_takes_any_message_from_the_browser(messages: list[Any]) -> None:
    game = mw.new_game("deal", players=2, seed=5)
    explorer = mw.GameExplorer(
        game, coach_playouts=1, coach_max_playouts=1, coach_continue_with="random"
    )
    comm = attach(explorer)
    before = snapshot(explorer.game)
    for message in messages:
        browser_says(explorer, message)  # raises nothing, whatever the browser sends
        explorer.coach.wait()
        valid = (
            isinstance(message, dict)
            and set(message) == {"type", "on"}
            and message["type"] == "coach"
            and isinstance(message["on"], bool)
        )
        event("a valid message" if valid else "a refused message")
        if valid:
            assert explorer.coach_shown is message["on"]
        else:
            assert explorer.last_error.startswith("ignored a message from the browser")
            assert len(explorer.last_error) <= 600 and " at 0x" not in explorer.last_error
        assert snapshot(explorer.game) == before and explorer.step == game.step
    for state in comm.updates():
        value = state.get("coach")
        if value:
            assert isinstance(value["status"], str) and "Traceback" not in value["status"]
            rows = value["chart"].get("rows", []) if value["chart"] else []
            starred = [row for row in rows if row["best"]]
            assert len(starred) <= 1 and all(row["playouts"] > 0 for row in starred)

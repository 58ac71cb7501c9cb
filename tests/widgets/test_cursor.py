"""The explorer's cursor and the timeline walk under it, without widgets or a kernel.

Every check compares with a replay from scratch: ``game.state_at(step)`` for
the state, ``timeline.events_at(step)`` for the events, and each step's
``rules.turn``/``rules.metrics`` for the charts.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core import Game
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.timeline import SNAPSHOT_EVERY, Moment
from monopoly_widgets.widgets.cursor import METRICS, TimelineCursor
from tests.widgets.helpers import game_names

PLAYERS = 3
SEED = 4
STEPS = 60


def played(name: str, steps: int = STEPS, seed: int = SEED) -> Game:
    """A game with ``steps`` random moves (fewer if it ends first)."""
    game = mw.new_game(name, players=PLAYERS, seed=seed)
    agent, rng = RandomAgent(), make_rng(seed, "test")
    while game.step < steps and not game.is_over:
        game.apply(agent(None, game.legal_actions(), rng))
    return game


def texts(events: list[Any]) -> list[tuple[str, str]]:
    return [(event.text, event.rule) for event in events]


def assert_shows(cursor: TimelineCursor, step: int) -> None:
    """The cursor is at ``step`` and shows what a replay from scratch shows there."""
    game = cursor.game
    assert cursor.step == step
    assert cursor.at_end == (step == game.step)
    assert game.rules.position(cursor.state) == game.rules.position(game.state_at(step))
    assert texts(cursor.events) == texts(game.timeline.events_at(step))
    assert [a.id for a in cursor.legal_actions()] == (
        []
        if game.rules.is_over(game.state_at(step))
        else [a.id for a in game.rules.legal_actions(game.state_at(step))]
    )


def expected_chart(game: Game, step: int) -> tuple[list[int], dict[str, list[list[int]]]]:
    """Each turn's values at its last step up to ``step``, from fresh replays."""
    by_turn: dict[int, dict[str, list[int]]] = {}
    for k in range(step + 1):
        state = game.state_at(k)
        by_turn[game.rules.turn(state)] = game.rules.metrics(state)
    turns = sorted(by_turn)
    values = {
        key: [[by_turn[t][key][seat] for t in turns] for seat in range(game.players)]
        for key in METRICS
    }
    return turns, values


# --- Timeline.walk -----------------------------------------------------------------------


@pytest.mark.parametrize("name", game_names())
def test_a_walk_passes_each_step_with_its_state_and_events(name: str) -> None:
    game = played(name)
    end = game.step
    for start, stop in [(0, 0), (0, 5), (3, 3), (14, 35), (end - 4, end), (end, end)]:
        moments = list(game.timeline.walk(start, stop))
        assert [m.step for m in moments] == list(range(start, stop + 1))
        # One state carried forward: each moment's state is the walk's, now at ``stop``.
        assert len({id(m.state) for m in moments}) == 1
        assert game.rules.position(moments[-1].state) == game.rules.position(game.state_at(stop))
        for moment in moments:
            assert texts(moment.events) == texts(game.timeline.events_at(moment.step))


@pytest.mark.parametrize("name", game_names())
def test_a_walk_resumes_where_the_last_one_stopped(name: str) -> None:
    game = played(name)
    last = list(game.timeline.walk(0, 9))[-1]
    kept = game.rules.clone(last.state)
    resumed = list(game.timeline.walk(10, 20, resume=last))
    assert resumed[0].state is last.state, "the resumed walk carries the same state on"
    assert game.rules.position(resumed[-1].state) == game.rules.position(game.state_at(20))
    # A moment at another step is not used: the walk replays from a snapshot instead.
    stale = Moment(3, kept, [])
    moments = list(game.timeline.walk(12, 13, resume=stale))
    assert moments[0].state is not kept
    assert game.rules.position(moments[-1].state) == game.rules.position(game.state_at(13))


@pytest.mark.parametrize("name", game_names())
def test_a_walk_out_of_range_fails_at_once_and_an_empty_one_yields_nothing(name: str) -> None:
    game = played(name, steps=10)
    with pytest.raises(IndexError, match="between 0 and 10"):
        game.timeline.walk(5, 11)
    with pytest.raises(IndexError, match="not -1"):
        game.timeline.walk(-1, 3)
    assert list(game.timeline.walk(6, 5)) == []
    assert list(game.timeline.walk(11, 10)) == [], "like range: nothing, even past the end"


def test_a_walk_keeps_snapshots_so_the_next_look_back_is_quick() -> None:
    game = played("deal", steps=3 * SNAPSHOT_EVERY + 2)
    for _ in game.timeline.walk(0, 2 * SNAPSHOT_EVERY + 1):
        pass
    assert {0, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY} <= set(game.timeline._snapshots)


# --- the cursor --------------------------------------------------------------------------


@pytest.mark.parametrize("name", game_names())
def test_walking_the_cursor_forwards_then_backwards_shows_every_step(name: str) -> None:
    game = played(name)
    history = game.history
    cursor = TimelineCursor(game, 0)
    assert_shows(cursor, 0)
    for step in range(1, game.step + 1):
        cursor.move_to(step)
        assert_shows(cursor, step)
    assert cursor.state is game.state, "at the end the cursor reads the game itself"
    for step in range(game.step - 1, -1, -1):
        cursor.move_to(step)
        assert_shows(cursor, step)
        assert cursor.chart_points() == expected_chart(game, step)
    assert game.history == history, "moving the cursor never changes the game"


@pytest.mark.parametrize("name", game_names())
def test_seek_to_the_end_and_back(name: str) -> None:
    game = played(name)
    cursor = TimelineCursor(game)
    assert cursor.step == game.step and cursor.at_end
    assert cursor.chart_points() == expected_chart(game, game.step)
    for step in (0, game.step, 7, game.step, game.step - 1, 33, 2, game.step):
        cursor.move_to(step)
        assert_shows(cursor, step)
        assert cursor.chart_points() == expected_chart(game, step)
    with pytest.raises(IndexError):
        cursor.move_to(game.step + 1)
    assert cursor.step == game.step, "a refused move leaves the cursor where it was"


@pytest.mark.parametrize("name", game_names())
def test_the_cursor_follows_the_game_as_it_is_played(name: str) -> None:
    game = mw.new_game(name, players=PLAYERS, seed=SEED)
    cursor = TimelineCursor(game)
    agent, rng = RandomAgent(), make_rng(SEED, "test")
    for _ in range(25):
        game.apply(agent(None, game.legal_actions(), rng))
        assert not cursor.at_end, "the game moved on; the cursor stays until told"
        cursor.follow_end()
        assert cursor.at_end and cursor.state is game.state
        assert cursor.chart_points() == expected_chart(game, game.step)


@pytest.mark.parametrize("name", game_names())
def test_stepping_forward_through_the_past_costs_one_action_a_step(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The walk resumes from the cursor's own state: no replay from a snapshot."""
    game = played(name)
    cursor = TimelineCursor(game, 0)
    rules = game.rules
    applied = []
    original = rules.apply
    here = threading.get_ident()

    def counting_apply(state: Any, action: Any) -> Any:
        # Only this thread's calls: an explorer of an earlier test may still be playing.
        if threading.get_ident() == here:
            applied.append(action.id)
        return original(state, action)

    monkeypatch.setitem(vars(rules), "apply", counting_apply)  # undone by deleting it
    for step in range(1, 40):
        applied.clear()
        cursor.move_to(step)
        cursor.chart_points()
        assert applied == [game.history[step - 1]], f"step {step} replayed {len(applied)}"


@pytest.mark.parametrize("name", game_names())
def test_a_new_game_gets_a_new_cursor(name: str) -> None:
    """A played game opened at the deal (``GameExplorer.from_json``), then a fresh deal."""
    game = played(name)
    loaded = mw.load_game(game.to_json())
    cursor = TimelineCursor(loaded, 0)
    assert_shows(cursor, 0)
    assert cursor.chart_points() == expected_chart(loaded, 0)
    cursor.move_to(loaded.step)
    assert cursor.chart_points() == expected_chart(loaded, loaded.step)
    fresh = mw.new_game(name, players=PLAYERS, seed=SEED + 1)
    cursor = TimelineCursor(fresh, 0)
    assert cursor.at_end and cursor.step == 0 and cursor.state is fresh.state
    turns, values = cursor.chart_points()
    assert turns == [fresh.rules.turn(fresh.state)]
    assert {key: [v[0] for v in values[key]] for key in METRICS} == fresh.rules.metrics(fresh.state)


@pytest.mark.parametrize("name", game_names())
def test_a_branch_forgets_the_future_and_keeps_the_past_charts(name: str) -> None:
    game = played(name)
    cursor = TimelineCursor(game)
    cursor.chart_points()
    cursor.move_to(20)
    history = game.history
    cursor.branch()
    assert game.history == history[:20] and cursor.at_end and cursor.step == 20
    assert cursor.chart_points() == expected_chart(game, 20)
    agent, rng = RandomAgent(), make_rng(99, "other future")
    for _ in range(10):
        if game.is_over:
            break
        game.apply(agent(None, game.legal_actions(), rng))
        cursor.follow_end()
    assert cursor.chart_points() == expected_chart(game, game.step)
    cursor.move_to(25)
    assert_shows(cursor, 25)


@pytest.mark.parametrize("name", game_names())
def test_the_odds_are_worked_out_once_per_step_and_seat(name: str) -> None:
    game = played(name, steps=30)
    cursor = TimelineCursor(game, 10)
    calls: list[dict[str, Any]] = []

    def panel(observation: dict[str, Any]) -> list[tuple[str, float, str]]:
        calls.append(observation)
        return [("row", 0.5, f"seen by {observation.get('viewer')}")]

    first = cursor.odds(panel, 1)
    assert cursor.odds(panel, 1) == first and len(calls) == 1
    assert calls[0] == game.rules.observation(game.state_at(10), 1)
    cursor.odds(panel, 2)
    cursor.move_to(11)
    cursor.odds(panel, 1)
    cursor.move_to(10)
    cursor.odds(panel, 1)
    assert len(calls) == 3, "(10, 1) was kept; (10, 2) and (11, 1) were new"
    other = lambda observation: [("other", 1.0, "")]  # noqa: E731
    assert cursor.odds(other, 1) == [("other", 1.0, "")], "another panel has its own rows"
    # A branch at step 10 keeps the odds up to it and forgets those after it.
    for step in (10, 11, 12):
        cursor.move_to(step)
        cursor.odds(panel, 1)
    old_move = game.history[10]
    cursor.move_to(10)
    cursor.branch()
    calls.clear()
    cursor.odds(panel, 1)
    assert calls == [], "the rows of step 10 are still right"
    legal = game.legal_actions()
    game.apply(next((a for a in legal if a.id != old_move), legal[0]))
    cursor.follow_end()
    cursor.odds(panel, 1)
    assert len(calls) == 1, "step 11 is another step now: its rows are worked out again"


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    name=st.sampled_from(game_names()),
    moves=st.lists(
        st.one_of(
            st.tuples(st.just("to"), st.integers(0, STEPS)),
            st.tuples(st.sampled_from(["forward", "back", "end"]), st.just(0)),
        ),
        max_size=12,
    ),
)
def test_any_order_of_moves_shows_what_a_fresh_replay_shows(
    name: str, moves: list[tuple[str, int]]
) -> None:
    game = played(name)
    cursor = TimelineCursor(game, 0)
    for kind, step in moves:
        if kind == "to":
            target = min(step, game.step)
        elif kind == "forward":
            target = min(cursor.step + 1, game.step)
        elif kind == "back":
            target = max(cursor.step - 1, 0)
        else:
            target = game.step
        cursor.move_to(target)
        assert_shows(cursor, target)
        assert cursor.chart_points() == expected_chart(game, target)

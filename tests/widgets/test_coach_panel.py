"""The explorer's coach panel, driven through the comm as the browser drives it.

The Coach button sends ``{"type": "coach", "on": ...}``; the analysis runs in a
background thread (``widgets/coaching.py``) and fills the table's ``coach``
trait round after round. These explorers use a few random playouts per move so
the tests are quick; what is checked is the wiring (every legal move gets a
row, the old analysis stops when the cursor moves, the perspective rule), not
the estimates, which ``tests/coach`` checks. Where no thread can start (Pyodide)
the analysis runs in slices on the event loop: those tests run an asyncio loop
and deliver clicks between slices, as the browser tab's kernel does.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.coach import playouts
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.widgets import coaching
from tests.widgets.helpers import attach, browser_says

SEED = 4


def quick_explorer(
    perspective: int | None = None, first: int = 2, most: int = 4, **kwargs: Any
) -> mw.GameExplorer:
    game = mw.new_game("deal", players=2, seed=SEED)
    return mw.GameExplorer(
        game,
        perspective=perspective,
        coach_playouts=first,
        coach_max_playouts=most,
        coach_continue_with="random",
        **kwargs,
    )


def coach_updates(comm: Any) -> list[dict[str, Any]]:
    return [state["coach"] for state in comm.updates() if "coach" in state]


def test_the_coach_fills_in_a_row_for_every_legal_move_round_after_round() -> None:
    explorer = quick_explorer(first=2, most=8)
    comm = attach(explorer)
    browser_says(explorer, {"type": "coach", "on": True})
    explorer.coach.wait()
    assert explorer.last_error == ""
    sent = coach_updates(comm)
    assert sent[0]["on"] is True and sent[0]["chart"] == {} and "thinking" in sent[0]["status"]
    charts = [value["chart"] for value in sent if value["chart"]]
    assert len(charts) >= 2, "published after each round, not only at the end"
    legal = {action.text for action in explorer.legal_actions()}
    for chart in charts:
        assert {row["text"] for row in chart["rows"]} == legal
        assert sum(row["best"] for row in chart["rows"]) == 1
        for row in chart["rows"]:
            assert 0 <= row["low"] <= row["probability"] <= row["high"] <= 1
    playouts = [sum(row["playouts"] for row in chart["rows"]) for chart in charts]
    assert playouts == sorted(playouts) and playouts[0] < playouts[-1]
    assert sent[-1]["step"] == explorer.step and "done" in sent[-1]["status"]
    assert explorer.table.coach == sent[-1]


def test_each_round_adds_playouts_to_the_last_instead_of_starting_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The panel's rounds are one growing analysis: every playout run is still on the chart."""
    run = []
    real = playouts.play_one

    def counted(*args: Any) -> int:
        run.append(args[-1])
        return real(*args)

    monkeypatch.setattr(playouts, "play_one", counted)
    explorer = quick_explorer(first=2, most=24)
    comm = attach(explorer)
    explorer.show_coach(True)
    explorer.coach.wait()
    charts = [value["chart"] for value in coach_updates(comm) if value["chart"]]
    assert len(charts) >= 3, "several rounds were published"
    final = charts[-1]["rows"]
    on_chart = sum(row["playouts"] for row in final if row["same_as"] is None)
    assert on_chart == len(run), f"{len(run)} playouts run for {on_chart} on the chart"


def test_moving_the_cursor_stops_the_old_analysis_and_starts_one_for_the_new_step() -> None:
    explorer = quick_explorer(first=2, most=1 << 16)  # would run for minutes if not stopped
    comm = attach(explorer)
    browser_says(explorer, {"type": "coach", "on": True})
    old = explorer.coach.thread
    assert old is not None and old.is_alive()
    while explorer.coach.rounds < 1:
        old.join(0.05)
    comm.clear()
    browser_says(explorer, {"type": "step", "by": 1})
    assert explorer.step == 1
    old.join(5)
    assert not old.is_alive(), "the old analysis quit within its round"
    new = explorer.coach.thread
    assert new is not old and new is not None and new.is_alive()
    while explorer.coach.rounds < 1:
        new.join(0.05)
    sent = coach_updates(comm)
    # The old analysis may publish a round between comm.clear() and the step message
    # (then still current); after the new request's first value, nothing stale may come.
    first_new = next(index for index, value in enumerate(sent) if value["step"] == 1)
    sent = sent[first_new:]
    assert sent and all(value["step"] == 1 for value in sent), "nothing stale was published"
    assert any(value["chart"] for value in sent)
    browser_says(explorer, {"type": "coach", "on": False})
    new.join(30)
    assert not new.is_alive()
    assert explorer.table.coach == {} and comm.last("coach") == {}


def test_an_old_analysis_stops_within_a_long_round() -> None:
    """Heuristic playouts, many per move: the round is cut short, not run to its end."""
    explorer = quick_explorer(first=4096, most=4096)
    explorer.coach.continue_with = "heuristic"
    explorer.show_coach(True)
    old = explorer.coach.thread
    assert old is not None
    old.join(0.5)
    assert old.is_alive() and explorer.coach.rounds == 0, "the round takes minutes"
    explorer.show_coach(False)
    old.join(5)
    assert not old.is_alive()
    assert explorer.table.coach == {}


def test_the_coach_shows_only_what_the_viewer_may_see() -> None:
    explorer = quick_explorer()
    seat = explorer.current_player()
    assert seat is not None
    other = 1 - seat
    explorer.perspective = other
    comm = attach(explorer)
    browser_says(explorer, {"type": "coach", "on": True})
    name = f"Player {seat}"
    assert explorer.table.coach == {
        "on": True,
        "status": f"The coach shows {name}'s moves only in the teacher's view or {name}'s own.",
        "chart": {},
    }
    assert explorer.coach.thread is None, "no analysis ran for a hidden hand"
    # Changing to the deciding seat's own view (or the teacher's) starts it.
    browser_says(explorer, {"type": "perspective", "seat": seat})
    explorer.coach.wait()
    assert len(explorer.table.coach["chart"]["rows"]) == len(explorer.legal_actions())
    browser_says(explorer, {"type": "perspective", "seat": other})
    explorer.coach.wait()
    assert explorer.table.coach["chart"] == {} and "only in" in comm.last("coach")["status"]


def test_the_coach_waits_while_the_game_plays() -> None:
    explorer = quick_explorer()
    attach(explorer)
    browser_says(explorer, {"type": "coach", "on": True})
    browser_says(explorer, {"type": "play"})
    browser_says(explorer, {"type": "tick"})
    explorer.coach.wait()
    assert explorer.table.coach["chart"] == {} and "waits" in explorer.table.coach["status"]
    browser_says(explorer, {"type": "pause"})
    explorer.coach.wait()
    assert explorer.table.coach["step"] == explorer.step
    assert len(explorer.table.coach["chart"]["rows"]) == len(explorer.legal_actions())


def test_a_new_game_restarts_the_coach() -> None:
    explorer = quick_explorer()
    attach(explorer)
    browser_says(explorer, {"type": "coach", "on": True})
    old = explorer.coach.thread
    browser_says(explorer, {"type": "new_game", "seed": 11})
    assert old is not None and explorer.coach.thread is not old
    explorer.coach.wait()
    assert explorer.game.seed == 11
    rows = explorer.table.coach["chart"]["rows"]
    assert {row["text"] for row in rows} == {a.text for a in explorer.legal_actions()}


@pytest.mark.parametrize(
    "message",
    [
        {"type": "coach"},
        {"type": "coach", "on": "yes"},
        {"type": "coach", "on": 1},
        {"type": "coach", "on": None},
        {"type": "coach", "on": True, "playouts": 10**9},
    ],
)
def test_a_bad_coach_message_is_refused_and_changes_nothing(message: dict[str, Any]) -> None:
    explorer = quick_explorer()
    comm = attach(explorer)
    browser_says(explorer, message)
    assert explorer.last_error.startswith("ignored a message from the browser: ")
    assert "coach" in explorer.last_error
    assert not explorer.coach_shown and explorer.coach.thread is None
    assert explorer.table.coach == {}
    assert all("coach" not in state for state in comm.updates())


def test_the_settings_are_checked() -> None:
    game = mw.new_game("deal", players=2, seed=SEED)
    with pytest.raises(InputError, match="coach_continue_with"):
        mw.GameExplorer(game, coach_continue_with="search")
    with pytest.raises(ValueError, match="coach_playouts"):
        mw.GameExplorer(game, coach_playouts=0)
    with pytest.raises(InputError, match="True or False"):
        quick_explorer().show_coach("on")  # type: ignore[arg-type]


# --- where no thread can start (Pyodide): slices on the event loop (``coach/slices.py``) ---


def sliced_explorer(monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> mw.GameExplorer:
    """An explorer whose coach cannot start a thread, as in a browser tab."""
    monkeypatch.setattr(coaching, "threads_available", lambda: False)
    return quick_explorer(**kwargs)


async def until(condition: Any, seconds: float = 30.0) -> None:
    """Let the event loop run (the coach's slices, the 'browser') until ``condition()``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, "the condition never held"
        await asyncio.sleep(0.001)


def test_without_threads_the_coach_refines_in_slices_to_the_threaded_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Same chart as the threaded coach, reached over several published rounds."""
    threaded = quick_explorer(first=2, most=16)
    threaded.show_coach(True)
    threaded.coach.wait()
    explorer = sliced_explorer(monkeypatch, first=2, most=16)
    comm = attach(explorer)

    async def scenario() -> None:
        browser_says(explorer, {"type": "coach", "on": True})
        assert explorer.coach.thread is None and explorer.coach.task is not None
        await explorer.coach.task

    asyncio.run(scenario())
    charts = [value["chart"] for value in coach_updates(comm) if value["chart"]]
    assert len(charts) >= 3, "refined beyond one round"
    assert explorer.table.coach == threaded.table.coach
    assert "done" in explorer.table.coach["status"]


def test_without_threads_a_click_between_slices_moves_the_cursor_and_nothing_stale_is_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    explorer = sliced_explorer(monkeypatch, first=2, most=1 << 16)  # minutes if not stopped
    comm = attach(explorer)

    async def scenario() -> None:
        browser_says(explorer, {"type": "coach", "on": True})
        old = explorer.coach.task
        await until(lambda: explorer.coach.rounds >= 1)
        assert not old.done(), "still refining"
        # The click arrives as a comm message between two slices.
        asyncio.get_running_loop().call_soon(browser_says, explorer, {"type": "step", "by": 1})
        await until(lambda: explorer.step == 1)
        assert not old.done() or old.result() is None
        await old  # the old task ends at its next slice, publishing nothing
        new = explorer.coach.task
        assert new is not old and not new.done()
        await until(lambda: explorer.coach.rounds >= 1)
        browser_says(explorer, {"type": "coach", "on": False})
        await new

    asyncio.run(scenario())
    sent = coach_updates(comm)
    first_new = next(index for index, value in enumerate(sent) if value.get("step") == 1)
    assert any(value["chart"] and value["step"] == 0 for value in sent[:first_new])
    later = sent[first_new:-1]
    assert later and all(value["step"] == 1 for value in later), "nothing stale was published"
    assert any(value["chart"] for value in later)
    assert sent[-1] == {} and explorer.table.coach == {}, "turned off: the panel is empty"


def test_without_threads_or_an_event_loop_one_small_round_runs_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A plain script where no thread can start: one round, then the coach says so."""
    explorer = sliced_explorer(monkeypatch)
    attach(explorer)
    explorer.show_coach(True)
    assert explorer.coach.thread is None and explorer.coach.task is None
    rows = explorer.table.coach["chart"]["rows"]
    assert len(rows) == len(explorer.legal_actions())
    assert all(row["playouts"] <= 2 for row in rows)
    assert "one quick round" in explorer.table.coach["status"]


def test_by_default_the_panel_screens_as_mw_analyse_does() -> None:
    """``coach_playouts=None``: the first round is ``mw.analyse``'s (at most 16 per move, fewer
    when there are many), so the panel's analysis is analyse()'s with its defaults."""
    game = mw.new_game("deal", players=2, seed=SEED)
    explorer = mw.GameExplorer(game, coach_max_playouts=64, coach_continue_with="random")
    comm = attach(explorer)
    explorer.show_coach(True)
    explorer.coach.wait()
    first_chart = next(value["chart"] for value in coach_updates(comm) if value["chart"])
    budget = 64 * len(game.legal_actions())
    screening = mw.analyse(
        game, playouts=budget, continue_with="random", workers=1, on_round=lambda _: False
    )
    assert screening.rounds == 1
    expected = sorted((m.text, m.probability, m.playouts) for m in screening.moves)
    shown = sorted(
        (row["text"], row["probability"], row["playouts"]) for row in first_chart["rows"]
    )
    assert shown == expected
    assert max(playouts for _, _, playouts in shown) <= 16

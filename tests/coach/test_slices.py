"""The coach in slices (``coach/slices.py``): the same race as ``mw.analyse``, a few playouts
at a time, yielding to the event loop between slices.

Run here under CPython with no thread and no process (one asyncio loop), as in a
browser tab; ``tests/lite/test_coach_in_lite.py`` runs it in the JupyterLite site.
"""

from __future__ import annotations

import asyncio
import random

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent
from monopoly_widgets.coach import Analysis, analyse
from monopoly_widgets.coach.analyse import start_run
from monopoly_widgets.coach.slices import SlicedAnalysis, event_loop, refine
from monopoly_widgets.core.errors import InputError


def decision(players: int, seed: int) -> mw.Game:
    """A heuristic game stopped at a step where the player has a choice (as benchmarks/coach.py)."""
    rng = random.Random(seed)
    game = mw.new_game("deal", players=players, seed=seed)
    agent = HeuristicAgent()
    stop = rng.randrange(5, 60)
    while game.step < stop or len(game.legal_actions()) < 2:
        assert not game.is_over
        game.apply(agent(game.observation(game.current_player), game.legal_actions(), rng))
    return game


def figures(analysis: Analysis) -> list[tuple[str, int, int, str | None]]:
    return [(m.action_id, m.wins, m.playouts, m.same_as) for m in analysis.moves]


def sliced(game: mw.Game, slice_s: float, **kwargs: object) -> tuple[Analysis, list[Analysis]]:
    """Run the sliced analysis to its end on a fresh event loop; its rounds as reported."""
    rounds: list[Analysis] = []

    async def scenario() -> Analysis | None:
        run = start_run(game, **kwargs)  # type: ignore[arg-type]
        return await refine(SlicedAnalysis(run), lambda: True, rounds.append, slice_s)

    final = asyncio.run(scenario())
    assert final is not None
    return final, rounds


@pytest.mark.parametrize(
    ("players", "seed", "policy", "playouts"),
    [(2, 2000, "heuristic", 300), (3, 3001, "heuristic", 300), (2, 2003, "random", 3000)],
)
def test_slices_reach_the_same_result_as_analyse(
    players: int, seed: int, policy: str, playouts: int
) -> None:
    """Decisions of benchmarks/coach.py: same playouts, wins, stopping reason, best move."""
    game = decision(players, seed)
    reported: list[Analysis] = []
    whole = analyse(
        game,
        playouts=playouts,
        continue_with=policy,
        seed=seed,
        workers=1,
        on_round=reported.append,
    )
    # A tiny slice: rounds are cut into many slices, and still the race is the same.
    final, rounds = sliced(game, 0.001, playouts=playouts, continue_with=policy, seed=seed)
    assert figures(final) == figures(whole)
    assert (final.best, final.stopped, final.rounds) == (whole.best, whole.stopped, whole.rounds)
    assert [figures(r) for r in rounds] == [figures(r) for r in reported], "round by round"
    assert len(rounds) >= 2


def test_a_slice_yields_to_the_event_loop_so_other_work_runs_between_slices() -> None:
    """What a click needs in a browser tab: the loop runs other callbacks while the coach works."""
    game = decision(2, 2000)
    seen: list[tuple[int, bool]] = []

    async def scenario() -> None:
        run = start_run(game, playouts=200, continue_with="heuristic", seed=1)
        analysis = SlicedAnalysis(run)
        task = asyncio.get_running_loop().create_task(
            refine(analysis, lambda: True, lambda _: None, 0.005)
        )

        def click() -> None:  # a comm message, arriving while the coach works
            part = analysis.round.outcomes if analysis.round else []  # a round under way
            seen.append((run.race.spent + sum(map(len, part)), task.done()))

        await asyncio.sleep(0)  # the first slice starts
        for _ in range(3):
            asyncio.get_running_loop().call_soon(click)
            await asyncio.sleep(0.01)
        await task

    asyncio.run(scenario())
    assert len(seen) == 3 and not any(done for _, done in seen), "handled while it ran"
    assert 0 < seen[0][0] < seen[-1][0] < 200, "between slices, with playouts on both sides"


def test_an_unwanted_analysis_stops_before_its_next_slice_and_reports_nothing() -> None:
    game = decision(2, 2000)
    reported: list[Analysis] = []
    wanted = [True]

    def on_round(so_far: Analysis) -> None:
        reported.append(so_far)
        wanted[0] = False  # the cursor moved after this round

    async def scenario() -> Analysis | None:
        run = start_run(game, playouts=5000, continue_with="random", seed=2)
        return await refine(SlicedAnalysis(run), lambda: wanted[0], on_round, 0.001)

    assert asyncio.run(scenario()) is None
    assert len(reported) == 1


def test_on_round_can_stop_the_sliced_analysis() -> None:
    game = decision(2, 2000)
    final, rounds = sliced(game, 0.01, playouts=5000, continue_with="random", seed=2)
    assert final.stopped != "asked to stop"

    async def scenario() -> Analysis | None:
        run = start_run(game, playouts=5000, continue_with="random", seed=2)
        return await refine(SlicedAnalysis(run), lambda: True, lambda _: False, 0.01)

    stopped = asyncio.run(scenario())
    assert stopped is not None and stopped.stopped == "asked to stop"
    assert figures(stopped) == figures(rounds[0]), "the first round's figures, nothing more"


def test_bad_settings_are_refused_before_any_work() -> None:
    game = decision(2, 2000)
    with pytest.raises(InputError, match="first_batch"):
        start_run(game, first_batch=0)
    with pytest.raises(InputError, match="continue_with"):
        start_run(game, continue_with="search")


def test_no_event_loop_outside_one_in_cpython() -> None:
    """The coach panel then falls back to one quick round (``widgets/coaching.py``)."""
    assert event_loop() is None

    async def inside() -> bool:
        return event_loop() is asyncio.get_running_loop()

    assert asyncio.run(inside())

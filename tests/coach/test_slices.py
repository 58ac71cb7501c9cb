"""The coach in slices (``coach/slices.py``): the same race as ``mw.analyse``, a few playouts
at a time, yielding to the event loop between slices, its stopping rule asked after every
playout.

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
from monopoly_widgets.coach.playouts import PlayoutJob, game_text, run_job
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


ANSWERS = ("best move separated", "top moves measured to within 5%")


def prefix_wins(game: mw.Game, seed: int, policy: str, move: str, first: int, count: int) -> int:
    """Wins of playouts ``first .. first + count - 1`` of ``move``: what analyse() ran for them."""
    job = PlayoutJob(game_text(game), game.current_player, move, first, count, seed, policy, False)
    return sum(run_job(job))


@pytest.mark.parametrize(
    ("players", "seed", "policy", "playouts"),
    [(2, 2000, "heuristic", 300), (3, 3001, "heuristic", 300), (2, 2003, "random", 3000)],
)
def test_slices_play_analyse_s_race_and_may_stop_within_its_last_round(
    players: int, seed: int, policy: str, playouts: int
) -> None:
    """Decisions of benchmarks/coach.py. Equal: every round but the last, round by round, and
    every playout (the same worlds, the same wins). May differ: the sliced race asks its
    stopping rule after every playout, so it may end part-way through analyse()'s last
    round, and then with fewer playouts (and, when the leaders are measured to within the
    precision rather than separated, perhaps another of the close leaders on top)."""
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
    states = [*reported, whole]  # analyse()'s figures after each of its rounds
    assert 2 <= final.rounds <= whole.rounds and len(rounds) >= final.rounds - 1
    assert [figures(r) for r in rounds] == [figures(r) for r in states[: len(rounds)]]
    after = states[final.rounds - 1]  # analyse() at the end of the sliced race's last round
    if final.playouts == after.playouts:
        assert figures(final) == figures(whole) and final.rounds == whole.rounds
        assert (final.best, final.stopped) == (whole.best, whole.stopped)
        return
    # Stopped within that round: each move's playouts a prefix of analyse()'s.
    assert final.stopped in ANSWERS and final.conclusive()
    assert final.playouts < after.playouts
    before = {m.action_id: m for m in states[final.rounds - 2].moves}
    whole_round = {m.action_id: m for m in after.moves}
    for move in final.moves:
        old, new = before[move.action_id], whole_round[move.action_id]
        assert old.playouts <= move.playouts <= new.playouts
        if move.same_as is None:
            count = move.playouts - old.playouts
            extra = prefix_wins(game, seed, policy, move.action_id, old.playouts, count)
            assert move.wins == old.wins + extra, "the same playouts as analyse()"


@pytest.mark.parametrize("slice_s", [0.0005, 0.02, 10.0])
def test_where_the_slices_end_does_not_change_the_result(slice_s: float) -> None:
    """The stopping rule is asked after every playout, not every slice: the same answer."""
    game = decision(2, 2003)
    final, _ = sliced(game, slice_s, playouts=3000, continue_with="random", seed=2003)
    reference, _ = sliced(game, 0.001, playouts=3000, continue_with="random", seed=2003)
    assert figures(final) == figures(reference)
    assert (final.best, final.stopped) == (reference.best, reference.stopped)
    assert "after every playout" in final.method
    whole = analyse(game, playouts=3000, continue_with="random", seed=2003, workers=1)
    assert final.rounds <= whole.rounds and final.playouts < whole.playouts, "stopped part-way"


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


def test_a_move_measured_part_way_through_a_round_gets_no_more_of_it() -> None:
    """On one core, playouts for a move already measured to within the precision are time a
    student waits: the round goes on without it. Its playouts are still playouts 0, 1, 2...
    of that move (the same worlds as every other move and as analyse())."""
    from monopoly_widgets.coach.slices import RoundInProgress
    from monopoly_widgets.coach.workers import run_round

    game = decision(2, 2003)
    run = start_run(game, playouts=3000, continue_with="random", seed=2003)
    race = run.race
    outcomes, cpu = run_round(run.next_jobs(), None)  # the screening round, whole
    run.record(outcomes, cpu)
    skipped = 0
    while jobs := run.next_jobs():
        playing = RoundInProgress(jobs, race)
        playing.play_until(float("inf"))
        for job, done in zip(jobs, playing.outcomes, strict=True):
            if len(done) < job.count and not playing.cut:
                skipped += 1
                assert race.measured_with(job.action_id, done)
                assert not race.measured_with(job.action_id, done[:-1]), "no playout too many"
        if run.record(playing.outcomes, playing.cpu):
            break
    assert skipped, "some move was measured part-way through a round"
    final = run.so_far()
    assert final.conclusive()
    for move in final.distinct():
        extra = prefix_wins(game, 2003, "random", move.action_id, 0, move.playouts)
        assert move.wins == extra, "the same worlds as analyse()"

"""One imagined game: a possible world, a move, then play to the end.

This is the unit of work of :func:`monopoly_widgets.coach.analyse`, small enough
to send to another process. Its result depends only on the saved game, the seat,
the move, the master seed and the playout's index, never on which process runs it
or in what order: that is what makes an analysis the same on any executor.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from monopoly_widgets.agents.base import observer_of
from monopoly_widgets.agents.playout import AgentError, agent_name, describe_error, make_agent
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.serialization import load_game
from monopoly_widgets.core.validation import excerpt

#: A playout that has not ended after this many steps counts as a draw.
MAX_PLAYOUT_STEPS = 3000


@dataclass(frozen=True)
class PlayoutJob:
    """Playouts ``first .. first + count - 1`` of one move, as a picklable job."""

    saved_game: str
    seat: int
    action_id: str
    first: int
    count: int
    seed: int
    policy: Any
    cards_known: bool


class PlayoutStopped(Exception):
    """Raised by a policy to stop its analysis (the explorer's coach): passed on unchanged,
    never reported as the agent failing."""


_games: dict[str, Game] = {}


def game_of(saved_game: str) -> Game:
    """The game a job analyses, loaded once per process (jobs of one analysis share it)."""
    if saved_game not in _games:
        _games.clear()
        _games[saved_game] = load_game(saved_game)
    return _games[saved_game]


def make_policy(policy: Any) -> Callable[..., Any]:
    """The agent that plays every seat after the move: a name (``analyse.POLICIES``) or an agent."""
    return make_agent(policy) if isinstance(policy, str) else policy


def run_job(job: PlayoutJob) -> list[int]:
    """For each playout of the job, in index order: 1 if the seat won, else 0."""
    game = game_of(job.saved_game)
    agent = make_policy(job.policy)
    return [play_one(game, job, agent, index) for index in range(job.first, job.first + job.count)]


def run_timed(job: PlayoutJob) -> tuple[list[int], float]:
    """:func:`run_job`, and the CPU seconds it took in the process that ran it.

    CPU time, not the clock: on a machine shared with other work the clock says
    more about the neighbours than about the playouts (``benchmarks/coach.py``).
    """
    started = time.process_time()
    outcomes = run_job(job)
    return outcomes, time.process_time() - started


def split(job: PlayoutJob, size: int) -> list[PlayoutJob]:
    """The job as consecutive pieces of at most ``size`` playouts (for sharing between cores)."""
    return [
        replace(job, first=first, count=min(size, job.first + job.count - first))
        for first in range(job.first, job.first + job.count, size)
    ]


def play_one(game: Game, job: PlayoutJob, agent: Callable[..., Any], index: int) -> int:
    """Playout ``index``: sample a world, make the move, play on; 1 if the seat won.

    Every move is tried in the same sampled world with the same dice for the
    playout ("common random numbers"), so moves are compared on equal terms.
    The world is ``rules.determinize``: everything the seat cannot see is dealt
    afresh, so an analysis never reads a hidden card. Only with ``cards_known``
    (the teacher's "cheating" comparison) do the other hands stay as they really
    are (``rules.determinize_draws``); the cards still to come are shuffled even then.
    """
    rules = game.rules
    world_rng = make_rng(job.seed, "world", index)
    if job.cards_known:
        world = rules.determinize_draws(game.state, world_rng)
    else:
        world = rules.determinize(game.state, job.seat, world_rng)
    action = next((a for a in rules.legal_actions(world) if a.id == job.action_id), None)
    if action is None:
        raise ValueError(f"{job.action_id!r} is not legal in a sampled world")
    rules.apply(world, action)
    dice = make_rng(job.seed, "playout", index)
    observe = observer_of(agent)  # as in agents.play_out
    for _ in range(MAX_PLAYOUT_STEPS):
        if rules.is_over(world):
            break
        seat = rules.current_player(world)
        legal = rules.legal_actions(world)
        rules.apply(world, _checked_choice(agent, observe, rules, world, seat, legal, dice))
    # A draw, or a playout cut short, is not a win.
    return int(rules.is_over(world) and rules.winner(world) == job.seat)


def _checked_choice(
    agent: Callable[..., Any],
    observe: Callable[..., Any],
    rules: Any,
    world: Any,
    seat: int,
    legal: Sequence[Any],
    dice: Any,
) -> Any:
    """The policy's move, checked: one of ``legal``, else an ``AgentError`` naming the agent.

    As ``agents.play_out`` does for ``simulate``: a policy that raises, or returns None
    or a move that is not legal, is named in one clear error instead of failing deep
    inside the rules (or, worse, being applied and giving a wrong estimate).
    """
    try:
        observation = observe(rules, world, seat)
    except PlayoutStopped:
        raise
    except Exception as exc:
        raise AgentError(
            f"agent {agent_name(agent)} in seat {seat} raised {describe_error(exc)} in observe()"
        ) from exc
    try:
        choice = agent(observation, legal, dice)
    except PlayoutStopped:
        raise
    except Exception as exc:
        raise AgentError(
            f"agent {agent_name(agent)} in seat {seat} raised {describe_error(exc)}"
        ) from exc
    for offered in legal:
        if offered is choice:
            return offered
    chosen_id = getattr(choice, "id", None)
    for offered in legal:
        if offered == choice or (isinstance(chosen_id, str) and offered.id == chosen_id):
            return offered
    raise AgentError(
        f"agent {agent_name(agent)} in seat {seat} chose {excerpt(choice)}, which is not one "
        f"of the {len(legal)} legal moves"
    )


def game_text(game: Game) -> str:
    """The saved game as one line of JSON: what the jobs carry (workers load it once)."""
    return game.to_json(indent=None)


def run_jobs(jobs: Sequence[PlayoutJob], executor: Any | None) -> list[list[int]]:
    """Run jobs here, or on ``executor`` (any ``concurrent.futures.Executor``); same results."""
    if executor is None:
        return [run_job(job) for job in jobs]
    futures = [executor.submit(run_job, job) for job in jobs]
    return [future.result() for future in futures]

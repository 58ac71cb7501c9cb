"""``mw.analyse``: each legal move's chance of winning, estimated by playouts.

For the player who must decide, every legal move is tried in many *possible
worlds*: ``rules.determinize`` deals everything that player cannot see afresh,
consistently with what they can see, so the analysis never reads a hidden card.
After the move, a policy (the heuristic agent by default) plays every seat to
the end of the game; the share of playouts the player wins estimates their
chance of winning after that move, with a 95% Wilson interval.

Playouts are shared out by *successive halving*: every move gets a first batch;
after each round the weaker half of the moves still in play is set aside
(keeping at least three) and the batch doubles, so most playouts go to the moves
that could be best. It stops when the playouts or the time budget are spent, or
when the best move's interval is clear of the runner-up's, or the three leading
moves are each measured to within ``precision`` (5 percentage points) either side.

Each playout's world and dice come from ``(seed, playout index)`` alone, and
every move still in play gets the same indices, so moves are compared on equal
terms and the result is the same on any executor. With ``budget_s`` the number
of rounds depends on the machine's speed; ``analysis.playouts`` says how many
were run, and ``analyse(..., playouts=that)`` gives the same result anywhere.
"""

from __future__ import annotations

import math
import numbers
import time
from collections.abc import Callable
from typing import Any

from monopoly_widgets.coach.playouts import PlayoutJob, run_jobs, saved_game_text
from monopoly_widgets.coach.result import Analysis, MoveEstimate
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.validation import excerpt
from monopoly_widgets.sim.intervals import wilson_interval

DEFAULT_PLAYOUTS = 400
FIRST_BATCH = 16
#: Moves never set aside: the leaders, whose order a student wants to know.
KEEP = 3
#: Stop once every leading move's interval is this narrow (either side).
PRECISION = 0.05
MAX_PLAYOUTS = 1_000_000
MAX_BUDGET_S = 3600.0
POLICIES = ("heuristic", "random")


def analyse(
    game: Game,
    player: int | None = None,
    budget_s: float | None = None,
    playouts: int | None = None,
    continue_with: str | Callable[..., Any] = "heuristic",
    seed: int = 0,
    cards_known: bool = False,
    executor: Any | None = None,
    confidence: float = 0.95,
    precision: float = PRECISION,
) -> Analysis:
    """Estimate the deciding player's chance of winning after each legal move.

    ``player``: the seat that must decide (``None``: whoever it is). ``playouts``:
    the most playouts in all (default 400 when no ``budget_s`` is given).
    ``budget_s``: stop after about this many seconds (checked between rounds).
    ``continue_with``: who plays every seat after the move, "heuristic",
    "random" or an agent. ``cards_known=True`` keeps the other players' hands as
    they really are (only the cards still to come are shuffled): the teacher's
    "what if you could see their hands" comparison, labelled as cheating in the
    result. ``executor``: any ``concurrent.futures.Executor`` (a process pool,
    Dask's client executor); the result is the same with or without one.
    """
    seat = _check_request(game, player, budget_s, playouts, continue_with, seed, confidence)
    if isinstance(precision, bool) or not isinstance(precision, float) or not 0 < precision < 1:
        raise InputError(f"precision must be a number between 0 and 1, not {excerpt(precision)}")
    if budget_s is None and playouts is None:
        playouts = DEFAULT_PLAYOUTS
    limit = MAX_PLAYOUTS if playouts is None else playouts
    legal = list(game.legal_actions())
    saved = saved_game_text(game)
    wins = {action.id: 0 for action in legal}
    done = {action.id: 0 for action in legal}
    live = [action.id for action in legal]
    started = time.perf_counter()
    spent, rounds, batch, stopped = 0, 0, FIRST_BATCH, "playouts"
    while True:
        if len(live) == 1 and rounds:
            stopped = "one move"
            break
        room = (limit - spent) // len(live)
        if room < 1:
            stopped = "playouts"
            break
        elapsed = time.perf_counter() - started
        if budget_s is not None and rounds and elapsed >= budget_s:
            stopped = "time budget"
            break
        size = min(batch, room)
        if budget_s is not None and spent:
            per_playout = elapsed / spent
            size = max(1, min(size, int((budget_s - elapsed) / per_playout / len(live))))
        first = done[live[0]]
        jobs = [
            PlayoutJob(saved, seat, action_id, first, size, seed, continue_with, cards_known)
            for action_id in live
        ]
        for action_id, results in zip(live, run_jobs(jobs, executor), strict=True):
            wins[action_id] += sum(results)
            done[action_id] += len(results)
        spent += size * len(live)
        rounds += 1
        batch *= 2
        live.sort(key=lambda action_id: -wins[action_id] / done[action_id])
        if _separated(live, wins, done, confidence):
            stopped = "best move separated"
            break
        if _measured(live[:KEEP], wins, done, confidence, precision):
            stopped = f"top moves measured to within {precision:.0%}"
            break
        live = live[: max(KEEP, math.ceil(len(live) / 2))]
    # The moves kept longest (most playouts, narrowest intervals) first, best first among them.
    moves = sorted(
        (_estimate(action, wins, done, confidence) for action in legal),
        key=lambda m: (-m.playouts, -m.probability),
    )
    return Analysis(
        seat=seat,
        step=game.step,
        moves=tuple(moves),
        best=moves[0].action_id,
        playouts=spent,
        rounds=rounds,
        seconds=time.perf_counter() - started,
        stopped=stopped,
        method=(
            f"Successive halving: every move got {FIRST_BATCH} playouts first; after each "
            "round the weaker half of the moves still in play was set aside (at least "
            f"{KEEP} kept) and the batch doubled."
        ),
        seed=seed,
        continue_with=continue_with if isinstance(continue_with, str) else repr(continue_with),
        cards_known=cards_known,
        confidence=confidence,
    )


def _estimate(
    action: Any, wins: dict[str, int], done: dict[str, int], confidence: float
) -> MoveEstimate:
    low, high = wilson_interval(wins[action.id], done[action.id], confidence)
    return MoveEstimate(action.id, action.text, wins[action.id], done[action.id], low, high)


def _measured(
    top: list[str], wins: dict[str, int], done: dict[str, int], confidence: float, precision: float
) -> bool:
    """Is every interval among the leading moves at most ``precision`` either side?"""
    for action_id in top:
        low, high = wilson_interval(wins[action_id], done[action_id], confidence)
        if (high - low) / 2 > precision:
            return False
    return True


def _separated(
    live: list[str], wins: dict[str, int], done: dict[str, int], confidence: float
) -> bool:
    """Is the leader's interval clear of the runner-up's (``live`` sorted best first)?"""
    if len(live) < 2:
        return False
    best_low, _ = wilson_interval(wins[live[0]], done[live[0]], confidence)
    _, second_high = wilson_interval(wins[live[1]], done[live[1]], confidence)
    return second_high < best_low


def _check_request(
    game: Any,
    player: Any,
    budget_s: Any,
    playouts: Any,
    continue_with: Any,
    seed: Any,
    confidence: Any,
) -> int:
    """Refuse a bad request with a clear error, before any work; the seat that decides."""
    if not isinstance(game, Game):
        raise InputError(f"game must be a monopoly_widgets Game, not {type(game).__name__}")
    if game.is_over:
        raise InputError("the game is over: there is no decision to analyse")
    seat = game.current_player
    if player is not None and (isinstance(player, bool) or player != seat):
        raise InputError(
            f"player must be None or {seat} (the seat that must decide now), not {excerpt(player)}"
        )
    if budget_s is not None and (
        isinstance(budget_s, bool)
        or not isinstance(budget_s, numbers.Real)
        or not 0 < budget_s <= MAX_BUDGET_S
    ):
        raise InputError(
            f"budget_s must be a number of seconds above 0 and at most {MAX_BUDGET_S:g}, "
            f"not {excerpt(budget_s)}"
        )
    if playouts is not None and (
        isinstance(playouts, bool)
        or not isinstance(playouts, int)
        or not 1 <= playouts <= MAX_PLAYOUTS
    ):
        raise InputError(
            f"playouts must be a whole number from 1 to {MAX_PLAYOUTS:,}, not {excerpt(playouts)}"
        )
    if not (
        continue_with in POLICIES
        or (callable(continue_with) and not isinstance(continue_with, str))
    ):
        raise InputError(
            f"continue_with must be one of {list(POLICIES)} or an agent, "
            f"not {excerpt(continue_with)}"
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(f"seed must be a whole number, not {excerpt(seed)}")
    if isinstance(confidence, bool) or not isinstance(confidence, float) or not 0 < confidence < 1:
        raise InputError(f"confidence must be a number between 0 and 1, not {excerpt(confidence)}")
    assert seat is not None
    return seat

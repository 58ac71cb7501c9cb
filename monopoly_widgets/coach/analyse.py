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

import numbers
import time
from collections.abc import Callable
from typing import Any

from monopoly_widgets.coach.halving import METHOD, Halving
from monopoly_widgets.coach.playouts import PlayoutJob, game_text, run_jobs
from monopoly_widgets.coach.result import Analysis, MoveEstimate
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.validation import excerpt

DEFAULT_PLAYOUTS = 400
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
    saved = game_text(game)
    halving = Halving([action.id for action in legal], confidence, precision)
    started = time.perf_counter()
    while True:
        elapsed = time.perf_counter() - started
        stopped = halving.why_stop(limit, budget_s, elapsed)
        if stopped:
            break
        size = halving.next_batch(limit, budget_s, elapsed)
        jobs = [
            PlayoutJob(
                saved, seat, action_id, halving.next_index, size, seed, continue_with, cards_known
            )
            for action_id in halving.live
        ]
        stopped = halving.record(run_jobs(jobs, executor))
        if stopped:
            break
    # The moves kept longest (most playouts, narrowest intervals) first, best first among them.
    moves = sorted(
        (_estimate(action, halving) for action in legal),
        key=lambda m: (-m.playouts, -m.probability),
    )
    return Analysis(
        seat=seat,
        step=game.step,
        moves=tuple(moves),
        best=moves[0].action_id,
        playouts=halving.spent,
        rounds=halving.rounds,
        seconds=time.perf_counter() - started,
        stopped=stopped,
        method=METHOD,
        seed=seed,
        continue_with=continue_with if isinstance(continue_with, str) else repr(continue_with),
        cards_known=cards_known,
        confidence=confidence,
    )


def _estimate(action: Any, halving: Halving) -> MoveEstimate:
    low, high = halving.interval(action.id)
    wins, done = halving.wins[action.id], halving.done[action.id]
    return MoveEstimate(action.id, action.text, wins, done, low, high)


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

"""``mw.analyse``: each legal move's chance of winning, estimated by playouts.

For the player who must decide, every legal move is tried in many *possible
worlds*: ``rules.determinize`` deals everything that player cannot see afresh,
consistently with what they can see, so the analysis never reads a hidden card.
After the move, a policy (the heuristic agent by default) plays every seat to
the end of the game; the share of playouts the player wins estimates their
chance of winning after that move, with a 95% Wilson interval.

The budget goes where it matters. Moves that leave the same position are played
out once (``coach/merging.py``). Playouts are shared out by a race
(``coach/racing.py``): every move gets a first batch, clearly losing moves get
no more, the weaker half of the rest is set aside each round, and the analysis
stops as soon as the best move is clearly better than every other (their
intervals clear of each other, or a paired comparison in the same worlds,
``coach/pairing.py``), or the three leading moves are each measured to within
``precision`` (5 percentage points), or the playouts or the time budget are
spent. Without an executor, an
analysis big enough to be worth it runs on two worker processes
(``coach/workers.py``).

Each playout's world and dice come from ``(seed, playout index)`` alone, and
playout *i* of every move uses world *i* ("common random numbers"), so moves are
compared on equal terms and the result is the same on any executor. With
``budget_s`` the number of rounds depends on the machine's speed;
``analysis.playouts`` says how many were run, and ``analyse(..., playouts=that)``
gives the same result anywhere.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import Any

from monopoly_widgets.agents.playout import AGENT_NAMES
from monopoly_widgets.coach.result import Analysis
from monopoly_widgets.coach.running import AnalysisRun
from monopoly_widgets.coach.workers import default_executor, run_round
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.rng import SEED_LIMIT
from monopoly_widgets.core.validation import excerpt, whole_number

DEFAULT_PLAYOUTS = 400
#: Stop once every leading move's interval is this narrow (either side).
PRECISION = 0.05
MAX_PLAYOUTS = 1_000_000
MAX_BUDGET_S = 3600.0
#: The built-in agents (``agents.playout.make_agent``) that can play the playouts: all
#: but the search agent, which searches from a whole game and a playout has only a state.
POLICIES = tuple(name for name in AGENT_NAMES if name != "search")


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
    workers: int | None = None,
    on_round: Callable[[Analysis], bool | None] | None = None,
    first_batch: int | None = None,
) -> Analysis:
    """Estimate the deciding player's chance of winning after each legal move.

    ``player``: the seat that must decide (``None``: whoever it is). ``playouts``:
    the most playouts in all (default 400 when no ``budget_s`` is given).
    ``budget_s``: stop after about this many seconds (checked between rounds,
    which are short). ``continue_with``: who plays every seat after the move,
    "heuristic", "random", "deal_policy" or an agent (one that returns an illegal
    move, or raises, is named in an ``AgentError``). ``cards_known=True`` keeps the other
    players' hands as they really are (only the cards still to come are
    shuffled): the teacher's "what if you could see their hands" comparison,
    labelled as cheating in the result. ``executor``: any
    ``concurrent.futures.Executor`` (a process pool, Dask's client executor);
    without one, an analysis of at least a second or 200 playouts runs on the
    coach's two worker processes, unless ``workers=1``. The result is the same
    either way. ``on_round(analysis_so_far)`` is called after every round (the
    explorer's coach panel draws it); returning False stops the analysis there.
    ``first_batch``: playouts per move in the first round (default: 8, see
    ``coach/racing.py``).
    """
    _check_request(game, player, budget_s, playouts, continue_with, seed, confidence)
    _check_settings(precision, workers, first_batch, cards_known, executor, on_round)
    if budget_s is None and playouts is None:
        playouts = DEFAULT_PLAYOUTS
    if executor is None:
        executor = default_executor(budget_s, playouts, continue_with, workers)
    run = start_run(
        game,
        player,
        budget_s,
        playouts,
        continue_with,
        seed,
        cards_known,
        confidence,
        precision,
        first_batch,
    )
    while jobs := run.next_jobs():
        outcomes, seconds = run_round(jobs, executor)
        if run.record(outcomes, seconds):
            break
        if on_round is not None and on_round(run.so_far()) is False:
            run.stop("asked to stop")
            break
    return run.so_far()


def start_run(
    game: Game,
    player: int | None = None,
    budget_s: float | None = None,
    playouts: int | None = None,
    continue_with: str | Callable[..., Any] = "heuristic",
    seed: int = 0,
    cards_known: bool = False,
    confidence: float = 0.95,
    precision: float = PRECISION,
    first_batch: int | None = None,
) -> AnalysisRun:
    """The analysis :func:`analyse` would run, checked, to be advanced a round at a time.

    For a caller that runs the rounds itself: the explorer's coach panel in a
    browser tab, a few playouts at a time (``coach/slices.py``). The arguments are
    :func:`analyse`'s.
    """
    seat = _check_request(game, player, budget_s, playouts, continue_with, seed, confidence)
    _check_settings(precision, None, first_batch, cards_known, None, None)
    if budget_s is None and playouts is None:
        playouts = DEFAULT_PLAYOUTS
    limit = MAX_PLAYOUTS if playouts is None else playouts
    return AnalysisRun(
        game,
        seat,
        limit,
        budget_s,
        continue_with,
        seed,
        cards_known,
        confidence,
        precision,
        first_batch,
    )


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
    check_policy(continue_with, "continue_with", agents=True)
    whole_number(seed, "seed", -SEED_LIMIT, SEED_LIMIT - 1)
    if isinstance(confidence, bool) or not isinstance(confidence, float) or not 0 < confidence < 1:
        raise InputError(f"confidence must be a number between 0 and 1, not {excerpt(confidence)}")
    assert seat is not None
    return seat


def _check_settings(
    precision: Any,
    workers: Any,
    first_batch: Any,
    cards_known: Any,
    executor: Any,
    on_round: Any,
) -> None:
    """Refuse the remaining keyword arguments when they are not what they say, before any work."""
    if isinstance(precision, bool) or not isinstance(precision, float) or not 0 < precision < 1:
        raise InputError(f"precision must be a number between 0 and 1, not {excerpt(precision)}")
    if workers is not None and (type(workers) is not int or workers not in (1, 2)):
        raise InputError(f"workers must be None, 1 or 2, not {excerpt(workers)}")
    if first_batch is not None:
        whole_number(first_batch, "first_batch", 1, MAX_PLAYOUTS)
    if not isinstance(cards_known, bool):
        raise InputError(f"cards_known must be True or False, not {excerpt(cards_known)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InputError(
            "executor must be None or a concurrent.futures.Executor (anything with submit()), "
            f"not {_shown(executor)}"
        )
    if on_round is not None and not callable(on_round):
        raise InputError(f"on_round must be None or a function, not {_shown(on_round)}")


def _shown(value: Any) -> str:
    """A short quote of a plain value, or the type of any other object: an object's repr
    may carry a memory address, which would make the error differ from run to run."""
    if value is None or isinstance(value, (str, int, float, complex, bytes)):
        return excerpt(value)
    return f"a {type(value).__name__}"


def check_policy(value: Any, field: str, agents: bool) -> None:
    """Refuse a playout policy that is neither a name in :data:`POLICIES` nor (if
    ``agents``) an agent object, listing the names."""
    if isinstance(value, str) and value in POLICIES:
        return
    if agents and callable(value) and not isinstance(value, str):
        return
    allowed = ", ".join(POLICIES) + (" or an agent (a callable)" if agents else "")
    why = " (the search agent searches from a whole game; a playout has none)"
    raise InputError(
        f"{field} must be one of {allowed}, not {_shown(value)}"
        + (why if value == "search" else "")
    )

"""Monte Carlo: estimate a probability by playing or sampling many times.

``estimate_win_probability`` answers "how likely is this player to win from
here?" from that player's point of view. It never uses the hidden cards it
should not know: each trial starts from ``rules.determinize(state, player,
rng)``, a copy of the game in which everything the player cannot see (other
hands, the order of the draw pile, sealed bids) is re-dealt at random,
consistently with what the player has seen. Then agents play it to the end.

The fraction of wins is the estimate; the law of large numbers says it settles
down as trials grow, and ``monte_carlo_convergence`` records how, with the
Wilson interval after every trial (for a convergence chart).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from monopoly_widgets.agents.playout import play_out
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.validation import seat_or_none
from monopoly_widgets.sim.intervals import Estimate, estimate_from_counts, wilson_interval
from monopoly_widgets.sim.table import new_table
from monopoly_widgets.sim.tournament import AgentSpec, build_agents

Sample = TypeVar("Sample")


def estimate_probability(
    event: Callable[[Sample], bool],
    sampler: Callable[[Any], Sample],
    n: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
) -> Estimate:
    """How often ``event(sampler(rng))`` is true in ``n`` seeded trials, with a Wilson interval.

    ``sampler`` gets a fresh ``random.Random`` per trial (trial ``i`` uses
    ``make_rng(seed, "trial", i)``), so the estimate is reproducible. Use it to
    check an exact probability by simulation.
    """
    hits = sum(1 for outcome in trial_outcomes(event, sampler, n, seed) if outcome)
    return estimate_from_counts(hits, n, confidence)


def trial_outcomes(
    event: Callable[[Sample], bool], sampler: Callable[[Any], Sample], n: int, seed: int
) -> Iterator[bool]:
    """The outcome of each seeded trial, in order."""
    _check_trials(n)
    for trial in range(n):
        yield bool(event(sampler(make_rng(seed, "trial", trial))))


def win_outcomes(
    game: Game, player: int, agents: Sequence[AgentSpec], n: int, seed: int
) -> Iterator[bool]:
    """For each trial, whether ``player`` wins a play-out from a determinized copy of ``game``."""
    _check_trials(n)
    if player is None:
        raise InputError(f"player must be a seat number from 0 to {game.players - 1}, not None")
    seat_or_none(player, "player", game.players)
    if len(agents) != game.players:
        raise ValueError(f"need one agent per seat: {game.players} seats, {len(agents)} agents")
    rules = game.rules
    players = build_agents(agents)
    for trial in range(n):
        if game.is_over:
            yield game.winner == player
            continue
        sampled = rules.determinize(game.state, player, make_rng(seed, "determinize", trial))
        copy = Game(rules, sampled, seed=game.seed, options=game.options)
        play_out(copy, players, seed=make_rng(seed, "playout", trial).randrange(2**31))
        yield copy.winner == player


def estimate_win_probability(
    game: Game,
    player: int,
    agents: Sequence[AgentSpec],
    n: int = 200,
    seed: int = 0,
    confidence: float = 0.95,
) -> Estimate:
    """The chance that ``player`` wins from here, as ``player`` sees the game.

    Plays ``n`` games to the end from ``rules.determinize(state, player, rng)``
    with ``agents`` (one per seat: names or agent objects). Returns the win
    fraction with its Wilson interval. A draw counts as not a win.
    """
    wins = sum(1 for won in win_outcomes(game, player, agents, n, seed) if won)
    return estimate_from_counts(wins, n, confidence)


def convergence_frame(outcomes: Sequence[bool], confidence: float = 0.95) -> Any:
    """The running estimate and its interval after each trial (a law-of-large-numbers table).

    A DataFrame, or where pandas is missing a ``ResultsTable`` (``sim/table.py``).
    """
    rows = []
    hits = 0
    for trial, outcome in enumerate(outcomes, start=1):
        hits += bool(outcome)
        low, high = wilson_interval(hits, trial, confidence)
        rows.append(
            {"trials": trial, "hits": hits, "estimate": hits / trial, "low": low, "high": high}
        )
    return new_table(rows, ["trials", "hits", "estimate", "low", "high"])


def monte_carlo_convergence(
    game: Game,
    player: int,
    agents: Sequence[AgentSpec],
    n: int = 200,
    seed: int = 0,
    confidence: float = 0.95,
) -> Any:
    """Like :func:`estimate_win_probability`, but the running estimate after every trial.

    Columns: ``trials``, ``hits`` (wins so far), ``estimate``, ``low``, ``high``.
    The last row equals ``estimate_win_probability`` with the same arguments.
    """
    return convergence_frame(list(win_outcomes(game, player, agents, n, seed)), confidence)


def _check_trials(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"the number of trials must be a whole number 1 or more, not {n!r}")

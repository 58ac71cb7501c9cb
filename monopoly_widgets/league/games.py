"""Playing the league's games: duplicate seating, one batch of games per task.

Games are two-player: the rating compares bots two at a time (Bradley-Terry), and with
two seats "every bot in every seat" is both seat orders, so every deal is played twice
per pairing, once each way round. Every pairing plays the same deals (deal ``d`` has
the same seed whoever plays it), so the luck of the deal and of the seat is the same
for every bot: duplicate seating, as in duplicate bridge.

A task (:class:`Batch`) is one pairing and some deals. It starts the two bots once
(a student's bot in its own process), plays its games, and stops them before it
returns, so no process outlives its task, wherever the task runs (this process, a
process pool, a Dask worker). A bot that fails forfeits that game only: the reason is
recorded in the row, and the next game starts it again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.serialization import new_game
from monopoly_widgets.league.entries import Entry
from monopoly_widgets.league.sandbox import BotFailure, Limits
from monopoly_widgets.league.seats import make_seat

#: The most decisions one seat may make in one turn. Moving a wild card costs no play, so a
#: bot that keeps moving wilds would never end its turn: past this many it forfeits.
MAX_MOVES_PER_TURN = 200


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` (the same for every pairing and seat order)."""
    return make_rng(seed, "league deal", deal).randrange(2**31)


@dataclass(frozen=True)
class Batch:
    """One task: ``pairing`` (two entries) plays ``deals`` in both seat orders."""

    game: str
    pairing: tuple[Entry, Entry]
    deals: tuple[int, ...]
    seed: int
    limits: Limits
    isolated: bool
    options: dict[str, Any] = field(default_factory=dict)


def schedule(
    entries: list[Entry],
    game: str,
    games: int,
    seed: int,
    limits: Limits,
    isolated: bool,
    options: dict[str, Any],
    per_batch: int = 10,
) -> list[Batch]:
    """Every pairing of entries, every deal, split into batches of at most ``per_batch`` deals."""
    batches = []
    for i, first in enumerate(entries):
        for second in entries[i + 1 :]:
            for start in range(0, games, per_batch):
                deals = tuple(range(start, min(games, start + per_batch)))
                batches.append(
                    Batch(game, (first, second), deals, seed, limits, isolated, dict(options))
                )
    return batches


def run_batch(batch: Batch) -> list[dict[str, Any]]:
    """Play the batch's games; one row per game (see :func:`play_game`)."""
    seats = {}
    rows = []
    try:
        for entry in batch.pairing:
            seats[entry.name] = make_seat(entry, batch.limits, batch.isolated)
        for deal in batch.deals:
            for order in (batch.pairing, batch.pairing[::-1]):
                rows.append(play_game(batch, deal, order, seats))
    finally:
        for seat in seats.values():
            seat.close()
    return rows


def play_game(
    batch: Batch, deal: int, order: tuple[Entry, Entry], seats: dict[str, Any]
) -> dict[str, Any]:
    """One game of deal ``deal`` with ``order[0]`` in seat 0; a failing bot forfeits it."""
    seed = deal_seed(batch.seed, deal)
    game = new_game(batch.game, players=2, seed=seed, options=batch.options)
    players = [seats[entry.name] for entry in order]
    forfeit = None
    seat = 0
    playing = False
    try:
        for seat, player in enumerate(players):
            player.new_game(game, make_rng(seed, "agent", seat).getrandbits(64))
        playing = True
        moves: dict[tuple[int, int], int] = {}
        while not game.is_over:
            seat = game.current_player
            key = (game.turn, seat)
            moves[key] = moves.get(key, 0) + 1
            if moves[key] > MAX_MOVES_PER_TURN:
                raise BotFailure(f"made {MAX_MOVES_PER_TURN} moves in one turn without ending it")
            legal = game.legal_actions()
            game.apply(players[seat].choose(game, seat, legal))
    except BotFailure as failure:
        forfeit = {
            "seat": seat,
            "bot": order[seat].name,
            "reason": f"{failure.reason} on turn {game.turn}" if playing else failure.reason,
            "illegal": failure.illegal,
            "printed": failure.output[:1_000],
        }
    if forfeit is None:
        winner = game.winner
    else:
        winner = 1 - forfeit["seat"]
    pids = sorted({pid for player in players for pid in getattr(player, "pids", [])})
    return {
        "pairing": [entry.name for entry in batch.pairing],
        "deal": deal,
        "seed": seed,
        "seats": [entry.name for entry in order],
        "winner": winner,
        "winner_bot": None if winner is None else order[winner].name,
        "forfeit": forfeit,
        "turns": game.turn,
        "steps": game.step,
        "saved": game.to_json(indent=None),
        "pids": pids,
    }

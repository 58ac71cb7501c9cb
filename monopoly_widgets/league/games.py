"""Playing the league's games: duplicate seating, one batch of games per task.

Games are two-player: the rating compares bots two at a time (Bradley-Terry), and with
two seats "every bot in every seat" is both seat orders, so every deal is played twice
per pairing, once each way round. Every pairing plays the same deals (deal ``d`` has
the same seed whoever plays it), so the luck of the deal and of the seat is the same
for every bot: duplicate seating, as in duplicate bridge.

A task (:class:`Batch`) is one pairing, one seat order and some deals. It starts the
two bots once (a student's bot in its own process), plays its games, and stops them
before it returns, so no process outlives its task, wherever the task runs (this
process, a process pool, a Dask worker). The two seat orders of a deal are never in
one task: a bot that remembered its hand from the first would know its opponent's in
the second. A bot that fails forfeits that game only: the reason is recorded in the
row, and the next game starts it again.

**Secret deals.** Every seed comes from the league's seed through a keyed hash,
HMAC-SHA256 with the league's seed as the key (RFC 2104; :func:`keyed_seed`): deal
``d``'s seed, each bot's ``rng`` seed, the check game's seed. The league's seed is
random (``secrets``) unless the teacher gives one, and is kept in the result, so every
game replays; a bot that knows this code, and every deal number, still cannot compute
a deal without it (a 63-bit key; guessing it is 2**62 tries on average).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from monopoly_widgets.core.serialization import new_game
from monopoly_widgets.league.entries import Entry
from monopoly_widgets.league.sandbox import BotFailure, Limits
from monopoly_widgets.league.seats import make_seat

#: The most decisions one seat may make in one turn. Moving a wild card costs no play, so a
#: bot that keeps moving wilds would never end its turn: past this many it forfeits.
MAX_MOVES_PER_TURN = 200
#: The most deals in one task. Each task starts its two bots once, so fewer deals cost
#: more starts; more make the league's progress jump (a task's games come back
#: together). ``benchmarks/league_batches.py`` measures both.
MOST_PER_BATCH = 10
#: A league is cut into at least this many tasks where it can be (see :func:`batch_size`).
FEWEST_TASKS = 40


#: A game is played again at most this many times when a bot's process was ended by a
#: signal the league did not send (see :func:`play_game`).
REPLAYS_AFTER_SIGNAL = 1


def new_league_seed() -> int:
    """A secret seed for a league started without one (63 random bits, from ``secrets``)."""
    return secrets.randbits(63)


def keyed_seed(league_seed: int, *purpose: object, bits: int = 31) -> int:
    """A seed for ``purpose`` ("league deal", 3), drawn from HMAC-SHA256 keyed by the
    league's seed: without the key, knowing the purpose tells nothing of the seed."""
    message = "/".join(str(part) for part in purpose).encode()
    digest = hmac.new(str(league_seed).encode(), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - bits)


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` (the same for every pairing and seat order)."""
    return keyed_seed(seed, "league deal", deal)


def check_seed(seed: int) -> int:
    """The seed of the check game's deal (``checks.py``): secret like the league's deals."""
    return keyed_seed(seed, "check game")


@dataclass(frozen=True)
class Batch:
    """One task: ``pairing`` (two entries) plays ``deals``, ``pairing[0]`` in seat 0 (or
    ``pairing[1]`` when ``reverse``). ``seed``: the league's; ``check``: the check game."""

    game: str
    pairing: tuple[Entry, Entry]
    deals: tuple[int, ...]
    seed: int
    limits: Limits
    isolated: bool
    options: dict[str, Any] = field(default_factory=dict)
    reverse: bool = False
    check: bool = False

    @property
    def order(self) -> tuple[Entry, Entry]:
        """The entries in seat order."""
        return (self.pairing[1], self.pairing[0]) if self.reverse else self.pairing

    def seed_of(self, deal: int) -> int:
        """The seed of ``deal`` in this batch (the check game's own, if it is one)."""
        return check_seed(self.seed) if self.check else deal_seed(self.seed, deal)


def schedule(
    entries: list[Entry],
    game: str,
    games: int,
    seed: int,
    limits: Limits,
    isolated: bool,
    options: dict[str, Any],
    per_batch: int | None = None,
) -> list[Batch]:
    """Every pairing of entries, every deal, in both seat orders: batches of at most
    ``per_batch`` deals (by default :func:`batch_size`) in one seat order, the two orders
    of a chunk of deals side by side."""
    pairings = len(entries) * (len(entries) - 1) // 2
    per_batch = per_batch or batch_size(pairings, games)
    batches = []
    for i, first in enumerate(entries):
        for second in entries[i + 1 :]:
            for start in range(0, games, per_batch):
                deals = tuple(range(start, min(games, start + per_batch)))
                for reverse in (False, True):
                    batches.append(
                        Batch(
                            game,
                            (first, second),
                            deals,
                            seed,
                            limits,
                            isolated,
                            dict(options),
                            reverse,
                        )
                    )
    return batches


def batch_size(pairings: int, games: int) -> int:
    """Deals per task: as many as keep the league cut into :data:`FEWEST_TASKS` tasks or
    more, from 1 to :data:`MOST_PER_BATCH`. A big league (where the process starts add
    up) gets tasks of 10 deals and still reports often; a small one, whose starts cost
    little in all, gets small tasks, so its progress moves a game or two at a time."""
    total = 2 * pairings * games
    return max(1, min(MOST_PER_BATCH, total // FEWEST_TASKS))


def run_batch(batch: Batch) -> list[dict[str, Any]]:
    """Play the batch's games; one row per game (see :func:`play_game`)."""
    seats = {}
    rows = []
    try:
        for entry in batch.pairing:
            seats[entry.name] = make_seat(entry, batch.limits, batch.isolated)
        for deal in batch.deals:
            rows.append(play_game(batch, deal, batch.order, seats))
    finally:
        for seat in seats.values():
            seat.close()
    return rows


def play_game(
    batch: Batch, deal: int, order: tuple[Entry, Entry], seats: dict[str, Any]
) -> dict[str, Any]:
    """One game of deal ``deal`` with ``order[0]`` in seat 0; a failing bot forfeits it.

    A bot whose process was ended by a signal the league did not send (``kill -9`` from
    outside, the system's out-of-memory killer) is not blamed on that evidence alone:
    the game is played again from the deal, with fresh processes, up to
    :data:`REPLAYS_AFTER_SIGNAL` times. A bot that dies the same way again forfeits
    (a game replays exactly, so a bot that ends itself does so every time), and the
    row says the game was played again and why (``replayed``)."""
    replayed = []
    while True:
        row = _play_once(batch, deal, order, seats)
        signal = row.pop("signal")
        if signal is None or len(replayed) >= REPLAYS_AFTER_SIGNAL:
            row["replayed"] = replayed
            return row
        forfeit = row["forfeit"]
        replayed.append(f"{forfeit['bot']}: {forfeit['reason']}")


def _play_once(
    batch: Batch, deal: int, order: tuple[Entry, Entry], seats: dict[str, Any]
) -> dict[str, Any]:
    seed = batch.seed_of(deal)
    game = new_game(batch.game, players=2, seed=seed, options=batch.options)
    players = [seats[entry.name] for entry in order]
    forfeit = None
    signal = None
    seat = 0
    playing = False
    try:
        for seat, player in enumerate(players):
            purpose = ("check agent",) if batch.check else ("agent", deal)
            player.new_game(game, keyed_seed(batch.seed, *purpose, seat, bits=64))
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
        signal = getattr(failure, "signal", None)
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
        "signal": signal,
    }

"""Two moves compared in the same worlds: is the leader clearly the better one?

Playout *i* of every move is played in the same sampled world with the same
dice (``coach/playouts.py``), so two moves can be compared world by world. In
most worlds both win or both lose: those say nothing about which move is
better. What counts are the worlds where they differ: the leader won and the
other did not (``ahead``), or the reverse (``behind``). If the two moves were
equally good, each such world would be a fair coin toss between them; the
leader is clearly better when it won far more of them than a fair coin would
give. Because outcomes of the same world agree so often, this paired comparison
tells two close moves apart with far fewer playouts than two separate intervals.

The test must stay honest although the coach asks it after every playout and
for every other move: with a plain 95% test asked again and again, a chance
lead would sooner or later pass it. So it is a test that may be asked any
number of times (a likelihood ratio averaged over every possible lead, which
Ville's inequality bounds; see :func:`clearly_better`), at the level
``(1 - confidence) / compared`` for each of the ``compared`` other moves
(Bonferroni): the chance that the paired comparison ever calls the leader
clearly better than a move at least as good is at most ``1 - confidence`` in all.
(Two intervals that do not overlap, the coach's other way to call a move
clearly better, are each a 95% interval on their own, as they always were.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def clearly_better(ahead: int, behind: int, compared: int, confidence: float) -> bool:
    """Did the leader win so many more of the worlds where the two moves differed that
    a tie is ruled out, at ``confidence`` shared between ``compared`` comparisons?

    With ``m = ahead + behind`` such worlds, the statistic is the chance of these
    ``ahead`` against ``behind`` if the leader's share of them were any value
    from 0 to 1 (averaged, uniformly), divided by its chance for a fair coin:
    ``2**m * ahead! * behind! / (m + 1)!``. For a fair coin (or a leader that is
    in truth the worse move) its expected value never exceeds 1, however long
    the playouts go on, so by Ville's inequality it ever reaches ``compared /
    (1 - confidence)`` with a chance of at most ``(1 - confidence) / compared``.
    """
    if ahead <= behind:
        return False
    worlds = ahead + behind
    log_ratio = (
        worlds * math.log(2)
        + math.lgamma(ahead + 1)
        + math.lgamma(behind + 1)
        - math.lgamma(worlds + 2)
    )
    return log_ratio >= math.log(max(1, compared) / (1 - confidence))


def as_bits(outcomes: Sequence[int], first: int) -> int:
    """Outcomes of playouts ``first, first + 1, ...`` (1 = won) as bits of an int."""
    bits = 0
    for offset, won in enumerate(outcomes):
        if won:
            bits |= 1 << (first + offset)
    return bits


def versus(leader_wins: int, leader_done: int, other_wins: int, other_done: int) -> tuple[int, int]:
    """``(ahead, behind)`` over the worlds both moves were played in (the first ones).

    ``*_wins`` are win bits (:func:`as_bits`), ``*_done`` how many playouts each had.
    """
    shared = (1 << min(leader_done, other_done)) - 1
    ahead = (leader_wins & ~other_wins & shared).bit_count()
    behind = (other_wins & ~leader_wins & shared).bit_count()
    return ahead, behind


def clear_of(
    leader: tuple[float, float],
    other: tuple[float, float],
    ahead: int,
    behind: int,
    compared: int,
    confidence: float,
) -> bool:
    """Is the leader clearly better than the other move?

    Either their intervals (``(low, high)``, each move on its own) do not overlap,
    or the paired comparison says so (:func:`clearly_better`).
    """
    return other[1] < leader[0] or clearly_better(ahead, behind, compared, confidence)

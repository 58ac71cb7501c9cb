"""Small helpers the lesson notebooks call, so a student reads what is done, not how.

* :func:`your_version`: the inputs of a student's own version of an exercise;
* :func:`paired_playouts`: each move played out in the same imagined worlds (lesson 07).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monopoly_widgets.sim.intervals import difference_interval


class Version(dict[str, Any]):
    """The inputs of one version of an exercise, to print; ``for_check`` goes to ``check``.

    With a student's name, ``check(key, answer, student=name)`` works the variant out
    itself (and keeps the try in that student's record), so ``for_check`` is empty;
    without one it holds the usual inputs.
    """

    def __init__(self, inputs: dict[str, Any], for_check: dict[str, Any]) -> None:
        super().__init__(inputs)
        self.for_check = for_check


def your_version(key: str, student: str | None, **usual: Any) -> Version:
    """``student``'s own inputs for exercise ``key``, or ``usual`` when no name is given.

    The same name always gives the same version (``lessons.variant``). In the
    notebook: ``check(key, answer, student=STUDENT, **version.for_check)``.
    """
    from monopoly_widgets.lessons import variant

    if student is None:
        return Version(usual, dict(usual))
    return Version(variant(key, student), {})


def paired_playouts(
    game: Any,
    moves: Sequence[str],
    playouts: int,
    executor: Any | None = None,
    seed: int = 0,
    policy: str = "heuristic",
    chunk: int = 100,
) -> dict[str, list[int]]:
    """Play each of ``moves`` out ``playouts`` times: 1 for a win of the player to move.

    Playout number *i* deals the same hidden cards and rolls the same dice whichever
    move is tried (the coach's common random numbers), so the moves are compared in
    the same worlds. The work is cut into jobs of ``chunk`` playouts for ``executor``
    (the coach's worker processes, or None to play here).
    """
    from monopoly_widgets.coach.playouts import PlayoutJob, game_text, run_jobs

    saved = game_text(game)
    seat = game.current_player
    jobs = [
        PlayoutJob(
            saved_game=saved,
            seat=seat,
            action_id=move,
            first=first,
            count=min(chunk, playouts - first),
            seed=seed,
            policy=policy,
            cards_known=False,
        )
        for move in moves
        for first in range(0, playouts, chunk)
    ]
    results = iter(run_jobs(jobs, executor))
    per_move = -(-playouts // chunk)
    return {move: [won for _ in range(per_move) for won in next(results)] for move in moves}


def seed_for(student: str | None) -> int:
    """A seed for ``student``'s own experiment: the same name, the same seed, everywhere.

    Without a name it is 0, so unnamed results are the same games (pooling counts them once).
    """
    from monopoly_widgets.lessons.students import student_name, student_seed

    name = student_name(student)
    return 0 if name is None else student_seed(name) % 2**31


def information_report(information: Any, hidden_hand: Sequence[str]) -> str:
    """Lesson 07 section 4 in words: both analyses, their picks, and whether they differ.

    Two chances are told apart by the 95% interval of their *difference* (Newcombe's,
    ``sim.intervals.difference_interval``), not by whether their own intervals overlap:
    two intervals can overlap when the difference is real (issue 43).
    """
    fair = information.fair.move(information.fair.best)
    known = information.known.move(information.known.best)
    gap, low, high = difference_interval(known.wins, known.playouts, fair.wins, fair.playouts)
    if low > 0 or high < 0:
        meaning = "it leaves out 0, so the two chances really differ"
    else:
        meaning = "it contains 0, so these playouts cannot tell the two chances apart"
    apart = (
        f"Cheating minus fair: {gap:+.1%} (95% interval of the difference {low:+.1%} to "
        f"{high:+.1%}): {meaning}."
    )
    return "\n".join(
        [
            "FAIR (hidden cards sampled):",
            str(information.fair),
            "",
            "CHEATING (player 1's hand known):",
            str(information.known),
            "",
            f"Fair analysis picks:     {fair.text} ({fair.probability:.1%}, "
            f"{fair.low:.1%} to {fair.high:.1%})",
            f"Cheating analysis picks: {known.text} ({known.probability:.1%}, "
            f"{known.low:.1%} to {known.high:.1%})",
            apart,
            str(information),
            "Player 1's hand, hidden from player 0: " + ", ".join(hidden_hand),
        ]
    )

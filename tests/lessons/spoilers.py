"""What would give away each prediction and each exercise of the lessons (issue 43, item 1-2).

One entry per prediction and per exercise. ``anchor`` is text in the source of the
cell where the student makes the prediction or answers the exercise. ``phrases``
are words that state the answer; ``values`` are Python expressions, evaluated in
the lesson's own kernel after Run All, that give the computed result as text (or
a list of texts) in the forms the lesson prints it. ``in_outputs=False`` looks for
the phrases in the prose only (a phrase such as "cannot tell" is also a fair
verdict on another interval, printed elsewhere). An exercise's outputs are searched
down to its own cell (a later section may use the same rule again); ``held=True``
searches every output, for a result that must stay held until the student answers
(a prediction, or an exercise whose result prints below it).

tests/lessons/test_run_all_spoils_nothing.py runs each lesson with no answers and
no predictions, and fails when any of these appears in an output anywhere, or in
the prose above the anchor.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Spoiler:
    lesson: str
    item: str
    anchor: str
    phrases: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    in_outputs: bool = True
    held: bool = False


def _shares(expression: str) -> tuple[str, ...]:
    """A share as compare_prediction and the lessons print it: 0.105, 0.105, 10.5%."""
    return (
        f"f'{{float({expression}):.3g}}'",
        f"f'{{float({expression}):.3f}}'",
        f"f'{{float({expression}) * 100:.3g}}%'",
        f"f'{{float({expression}):.1%}}'",
    )


SPOILERS = (
    # --- lesson 01 ------------------------------------------------------------------
    Spoiler("01", "01-E1", 'check("01-E1"', ("the third one cancels",)),
    Spoiler("01", "01-E2", 'check("01-E2"', ("$3M of $2M paid",)),
    Spoiler("01", "01-E3", 'Question("01-E3"', ("not Railroads or Utilities",)),
    Spoiler("01", "01-E4", 'check("01-E4"', ("a flipped wild leaves its set",)),
    Spoiler("01", "01-E5", 'check("01-E5"', ("only the Sly Deal used a play",)),
    # --- lesson 02 ------------------------------------------------------------------
    Spoiler(
        "02",
        "02 §1: what happens after the three bids",
        'predict("after the three bids"',
        ("Tie at $6M between players 0 and 2", "Player 0 wins Boardwalk", "'Boardwalk']"),
        held=True,
    ),
    Spoiler(
        "02",
        "02 §2: the chance a 5M bid cannot be matched",
        'predict("a 5M bid is unbeatable"',
        ("bid $5M: cannot be matched", "chance that a bid cannot be matched"),
        _shares("safe[amounts.index(5)]"),
        held=True,
    ),
    Spoiler("02", "02-E1", 'check("02-E1"', ("a tie at once means nobody wins",)),
    Spoiler("02", "02-E2", 'Question("02-E2"', ("goes to the bottom",)),
    Spoiler("02", "02-E3", 'check("02-E3"', ("as player 1 sees it: bid",)),
    Spoiler(
        "02",
        "02 exit question",
        "**Exit question",
        ("even 9M is not certain", "may hold 9M or more"),
    ),
    # --- lesson 03 ------------------------------------------------------------------
    Spoiler("03", "03-E1", 'check("03-E1"', ("Total $1,050",)),
    Spoiler("03", "03-E2", 'check("03-E2"', ("1 token +$50",)),
    Spoiler("03", "03-E3", 'check("03-E3"', ("caught:", "did not lay down: scores nothing")),
    # --- lesson 04 ------------------------------------------------------------------
    Spoiler(
        "04",
        "04 §4: how the width changes with 4 times the trials",
        'predict("width with 4x the trials"',
        ("times as big", "3200 trials: width"),
        ("f'{widths[3200] / widths[800]:.2f}'",),
        held=True,
    ),
    Spoiler(
        "04",
        "04 §5: player 0's chance of winning from the position",
        'predict("player 0 wins from here"',
        ("Player 0 wins from this position",),
        _shares('final["estimate"]'),
        held=True,
    ),
    Spoiler("04", "04-E1", 'check("04-E1"', ("holds a Just Say No:",)),
    Spoiler("04", "04-E2", 'check("04-E2"', ("with no Pass Go",)),
    Spoiler("04", "04-E3", 'check("04-E3"', ("low = centre - half-width",)),
    Spoiler("04", "04-E4", 'check("04-E4"', ("nine times as big",)),
    # --- lesson 05 ------------------------------------------------------------------
    Spoiler(
        "05",
        "05 §2: how much narrower 400 games make the interval",
        'predict("times narrower with 4x the games"',
        ("400 games: seat 0 wins",),
        ("f'{width_100 / width_400:.2f}'", "f'{width_100 / width_400:.3g}'"),
        held=True,
    ),
    Spoiler("05", "05-E1", 'check("05-E1"', ("more than its fair share of",)),
    Spoiler("05", "05-E2", 'check("05-E2"', ("fair share of each of",)),
    Spoiler(
        "05",
        "05-E3",
        'check("05-E3"',
        held=True,
        values=("seat_0_verdict(other_seed).splitlines()[0]",),
    ),
    Spoiler(
        "05",
        "05-E4",
        'Question("05-E4"',
        ("games cannot tell",),
        in_outputs=False,
    ),
    # --- lesson 06 ------------------------------------------------------------------
    Spoiler(
        "06",
        "06 §5: greedy's share of the games against the heuristic bot",
        'predict("greedy\'s share against heuristic"',
        ("games against the heuristic bot",),
        _shares("greedy_wins_vs_heuristic / 200"),
        held=True,
    ),
    Spoiler("06", "06-E1", 'check("06-E1"', ("choices checked, all legal",)),
    Spoiler(
        "06",
        "06-E2",
        'check("06-E2"',
        held=True,
        values=("[line for line in str(head_to_head).splitlines() if 'banker' in line]",),
    ),
    # --- lesson 07 ------------------------------------------------------------------
    Spoiler(
        "07",
        "07 §2: player 0's chance of winning after refusing",
        'predict("winning after refusing"',
        ("The coach used",),
        (
            *_shares("refuse.probability"),
            "f'{refuse.wins}/{refuse.playouts}'",
            # section 3's estimates of the same chance, from more playouts of the same move
            "[f\"{sum(outcomes['jsn'][:n]) / n:.1%}\" for n in (25, 100, 400)]",
        ),
        held=True,
    ),
    Spoiler(
        "07",
        "07-E1",
        'check("07-E1"',
        values=_shares('model_answer("07-E1", analysis=analysis)'),
    ),
    Spoiler("07", "07-E2", 'check("07-E2"', ("four times as big",)),
    Spoiler("07", "07-E3", 'check("07-E3"', ("the cheating one picks",), held=True),
)

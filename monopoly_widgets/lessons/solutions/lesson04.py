"""Lesson 04 (probability of draws): its exercises and how their model answers are worked out.

Each exercise names the wrong answers students really give (the chance of *none*
where *at least one* was asked, drawing with replacement, counting your own cards
as unseen, "three times the data, a third of the width"), each worked out from the
same inputs as the model answer so its message fits the numbers on the screen.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from math import comb
from typing import Any

from monopoly_widgets.lessons.answers import Number, Whole
from monopoly_widgets.lessons.exercise import Exercise, Mistake

#: Z for a 95% interval, as ``sim.intervals.z_value(0.95)`` (to the places the lesson uses).
Z95 = 1.96

# --- E1: does player 1 hold a Just Say No? -----------------------------------------------


def _unseen(view: Any) -> tuple[int, int, int]:
    """N unseen cards, K Just Say Nos among them, and player 1's hand size."""
    from monopoly_widgets.prob import deal as deal_odds

    return (
        deal_odds.unseen_count(view),
        deal_odds.unseen_count(view, [deal_odds.JUST_SAY_NO]),
        int(view["seats"][1]["hand_count"]),
    )


def _prob_e1(view: Any) -> float:
    from monopoly_widgets.prob import deal as deal_odds

    return deal_odds.chance_opponent_has_just_say_no(view, 1).probability


def _e1_none(view: Any) -> Fraction:
    total, jsn, cards = _unseen(view)
    return Fraction(comb(total - jsn, cards), comb(total, cards))


def _e1_with_replacement(view: Any) -> float:
    total, jsn, cards = _unseen(view)
    return 1 - (1 - jsn / total) ** cards


def _e1_own_hand_unseen(view: Any) -> Fraction:
    total, jsn, cards = _unseen(view)
    own = int(view["seats"][0]["hand_count"])
    return 1 - Fraction(comb(total + own - jsn, cards), comb(total + own, cards))


def _e1_exactly_one(view: Any) -> Fraction:
    total, jsn, cards = _unseen(view)
    return Fraction(jsn * comb(total - jsn, cards - 1), comb(total, cards))


def _e1_added(view: Any) -> Fraction:
    total, jsn, cards = _unseen(view)
    return Fraction(cards * jsn, total)


def _e1_working(view: Any) -> str:
    from monopoly_widgets.prob import deal as deal_odds

    return deal_odds.chance_opponent_has_just_say_no(view, 1).explanation


# --- E2: no special card in an opening hand (a variant for each student) ---------------


#: Cards a student's variant of E2 may ask about.
E2_CARDS = ("Deal Breaker", "House", "Just Say No", "Pass Go", "Sly Deal")


def copies_in_pack(card: str) -> int:
    """How many cards called ``card`` the 106-card pack holds (from the rules engine)."""
    from monopoly_widgets.deal.cards import CARDS

    return sum(1 for spec in CARDS if spec.name == card)


def _prob_e2(card: str, copies: int, hand: int) -> Fraction:
    from monopoly_widgets.prob import prob_none

    return prob_none(106, copies, hand)


def _e2_variant(rng: random.Random) -> dict[str, Any]:
    card = rng.choice(E2_CARDS)
    return {"card": card, "copies": copies_in_pack(card), "hand": rng.randint(3, 8)}


def _e2_at_least_one(card: str, copies: int, hand: int) -> Fraction:
    return 1 - _prob_e2(card, copies, hand)


def _e2_with_replacement(card: str, copies: int, hand: int) -> Fraction:
    return Fraction(106 - copies, 106) ** hand


def _e2_working(card: str, copies: int, hand: int) -> str:
    answer = _prob_e2(card, copies, hand)
    return (
        f"Hands of {hand} cards with no {card}: choose all {hand} from the {106 - copies} "
        f"other cards, C({106 - copies},{hand}) = {comb(106 - copies, hand)}, out of "
        f"C(106,{hand}) = {comb(106, hand)} hands. P(none) = {answer} = {float(answer):.4f}."
    )


# --- E3: Wilson's interval by hand --------------------------------------------------------


def _prob_e3(hits: int, trials: int) -> float:
    """The low end of the 95% Wilson interval, as the package computes it."""
    from monopoly_widgets.sim import wilson_interval

    return wilson_interval(hits, trials)[0]


def _e3_textbook(hits: int, trials: int) -> float:
    p = hits / trials
    return p - Z95 * math.sqrt(p * (1 - p) / trials)


def _e3_high(hits: int, trials: int) -> float:
    from monopoly_widgets.sim import wilson_interval

    return wilson_interval(hits, trials)[1]


def _e3_centre(hits: int, trials: int) -> float:
    p, z2 = hits / trials, Z95 * Z95
    return (p + z2 / (2 * trials)) / (1 + z2 / trials)


def _e3_working(hits: int, trials: int) -> str:
    p, z2 = hits / trials, Z95 * Z95
    centre = _e3_centre(hits, trials)
    half = Z95 / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials**2))
    return (
        f"p = {hits}/{trials} = {p:.4f}; z = 1.96, z^2/n = {z2 / trials:.5f}.\n"
        f"centre = (p + z^2/2n) / (1 + z^2/n) = {centre:.5f}\n"
        f"half-width = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2) = {half:.5f}\n"
        f"low = centre - half-width = {centre - half:.5f}; high = {centre + half:.5f}"
    )


# --- E4: how many trials for a third of the width ---------------------------------------


def _prob_e4(trials: int) -> int:
    """A third of the width: the width shrinks like 1/sqrt(n), so 3**2 times the trials."""
    return 9 * trials


def _e4_working(trials: int) -> str:
    return (
        f"The width is about 2 x 1.96 x sqrt(p(1-p)/n): it shrinks like 1/sqrt(n). A third "
        f"of the width needs sqrt(n) three times as big, so n nine times as big: "
        f"9 x {trials} = {9 * trials} trials."
    )


EXERCISES = [
    Exercise(
        "04-E1", "chance player 1 holds a Just Say No",
        Number(3, percent=True, probability=True), _prob_e1,
        hints=(
            "it is easier to work out the chance of *no* Just Say No first.",
            "player 1's cards are a random 3 of the N unseen cards; K_jsn of those are "
            "Just Say Nos. How many 3-card hands have none of them?",
            "comb(N - K_jsn, 3) counts the hands with none; comb(N, 3) counts all the hands. "
            "Then use the complement rule.",
        ),
        mistakes=(
            Mistake("none", _e1_none, "that is the chance of *no* Just Say No. The question "
                    "asks for at least one: use the complement rule."),
            Mistake("with replacement", _e1_with_replacement, "that multiplies (1 - K/N) three "
                    "times, as if each card went back before the next was dealt. Player 1's "
                    "three cards are three different cards: count hands with comb()."),
            Mistake("own hand", _e1_own_hand_unseen, "you counted player 0's own cards as "
                    "unseen. Player 0 can see them, and none of them is in player 1's hand."),
            Mistake("exactly one", _e1_exactly_one, "that counts the hands with exactly one "
                    "Just Say No. At least one also means two or three: find P(none) and use "
                    "the complement rule."),
            Mistake("added", _e1_added, "adding the chances card by card (3 x K/N) counts the "
                    "hands with two Just Say Nos twice. Work out P(none) first."),
        ),
        working=_e1_working,
    ),
    Exercise(
        "04-E2", "chance an opening hand holds none of one card",
        Number(4, percent=True, probability=True), _prob_e2,
        hints=(
            "count the hands with none of those cards, and divide by all the hands.",
            "a hand with none of them is chosen entirely from the other 106 - copies cards.",
            "comb(106 - copies, hand) / comb(106, hand).",
        ),
        mistakes=(
            Mistake("at least one", _e2_at_least_one, "that is the chance of at least one. "
                    "The question asks for none."),
            Mistake("with replacement", _e2_with_replacement, "that is (1 - copies/106) to the "
                    "power of the hand size: drawing with replacement. A hand holds different "
                    "cards, so the chance changes with each card dealt: use comb()."),
        ),
        working=_e2_working,
        variant=_e2_variant,
    ),
    Exercise(
        "04-E3", "the low end of the Wilson interval for the first 100 trials",
        Number(3, probability=True), _prob_e3,
        hints=(
            "work out the centre first, then the half-width; the low end is centre - half.",
            "p = hits_100 / 100, z = 1.96; centre = (p + z**2/200) / (1 + z**2/100).",
            "half = 1.96 / (1 + z**2/100) * sqrt(p*(1-p)/100 + z**2/40000).",
        ),
        mistakes=(
            Mistake("textbook", _e3_textbook, "that is the textbook interval p - 1.96 x "
                    "sqrt(p(1-p)/n). The package uses Wilson's: start from its centre."),
            Mistake("high end", _e3_high, "that is the high end: subtract the half-width."),
            Mistake("centre", _e3_centre, "that is the centre: now subtract the half-width."),
        ),
        working=_e3_working,
    ),
    Exercise(
        "04-E4", "trials for a third of the interval's width", Whole("trials"), _prob_e4,
        hints=(
            "look at section 4: four times the trials gave about half the width.",
            "the width shrinks like 1/sqrt(n): what n makes sqrt(n) three times bigger?",
        ),
        mistakes=(
            Mistake("three times", lambda trials: 3 * trials, "three times the trials makes "
                    "the interval only sqrt(3), about 1.7 times, narrower: the width shrinks "
                    "like 1/sqrt(n), not like 1/n."),
            Mistake("a third", lambda trials: trials // 3, "fewer trials make the interval "
                    "wider, not narrower."),
        ),
        working=_e4_working,
    ),
]  # fmt: skip

"""Exact odds for Monopoly Deal, from one player's point of view.

Everything here counts only the cards the viewer **cannot see**: the
observation's ``unseen`` multiset (the draw pile plus the other players'
hands). The true order of the draw pile is never used. From the viewer's side
every arrangement of the unseen cards is equally likely, so the top ``n``
cards of the draw pile are a random ``n`` of the ``N`` unseen cards, and an
opponent's hand of ``h`` cards is a random ``h`` of them too. (This ignores what
an opponent's *play* might reveal, e.g. that they chose not to answer with a
Just Say No: the numbers are the odds before such reasoning.)

Rules used: draw 2 cards at the start of your turn, or 5 if your hand is
empty; when the draw pile runs out the discard pile is shuffled to form a new
one (Deal rulebook, "On Your Turn").
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import comb
from typing import Any

from monopoly_widgets.core.memo import remembered
from monopoly_widgets.prob.hypergeometric import (
    Odds,
    at_least,
    check_counts,
    fmt,
    prob_at_least,
    prob_none,
)

JUST_SAY_NO = "Just Say No"
DRAW_NORMAL = 2  # rulebook, On Your Turn: draw 2 cards
DRAW_EMPTY_HAND = 5  # rulebook, On Your Turn: draw 5 if you have no cards in hand


@remembered(1)
def _specs_by_name() -> dict[str, Any]:
    from monopoly_widgets.deal.cards import CARDS

    return {spec.name: spec for spec in CARDS}


def _colour_names() -> tuple[str, ...]:
    from monopoly_widgets.deal.cards import COLOUR_NAMES

    return COLOUR_NAMES


def _set_size(colour: str) -> int:
    from monopoly_widgets.deal.cards import COLOURS

    if colour not in COLOURS:
        raise ValueError(f"unknown colour {colour!r}; the colours are {list(COLOURS)}")
    return COLOURS[colour][0]


def is_natural_for(name: str, colour: str) -> bool:
    """A property card (not a wild) of ``colour``."""
    spec = _specs_by_name()[name]
    return spec.kind == "property" and colour in spec.colour_names


def is_wild_for(name: str, colour: str) -> bool:
    """A property wild card that can stand for ``colour``."""
    spec = _specs_by_name()[name]
    return spec.kind == "wild" and colour in spec.colour_names


# --- pure counting (no observation) ----------------------------------------------------


def draw_odds(
    unseen: int,
    wanted_unseen: int,
    draw_pile: int,
    discard: int,
    wanted_discard: int,
    draws: int,
    label: str,
) -> Odds:
    """Chance that a draw of ``draws`` cards brings at least one wanted card, reshuffle included.

    ``unseen`` cards are hidden from the viewer, ``wanted_unseen`` of them
    wanted; ``draw_pile`` of the unseen cards are in the draw pile. If the draw
    pile holds at least ``draws`` cards, this is the plain hypergeometric
    ``1 - C(N-K, n)/C(N, n)``. Otherwise you draw the whole draw pile (a random
    ``D`` of the unseen cards), the discard pile (``M`` cards you can see,
    ``J`` wanted) is shuffled, and the rest ``r = n - D`` come from it::

        P = 1 - C(N-K, D)/C(N, D) · C(M-J, r)/C(M, r)

    (if the discard pile is too small too, you draw all of it: ``r = M``).
    """
    check_counts(unseen, wanted_unseen, min(draw_pile, unseen))
    check_counts(discard, wanted_discard, 0)
    if draw_pile > unseen:
        raise ValueError(f"the draw pile ({draw_pile}) cannot exceed the unseen cards ({unseen})")
    if draws <= draw_pile:
        none = prob_none(unseen, wanted_unseen, draws)
        odds = at_least(unseen, wanted_unseen, draws, 1, label)
        assert abs(odds.probability - float(1 - none)) < 1e-15
        return odds
    rest = min(draws - draw_pile, discard)
    pile_none = prob_none(unseen, wanted_unseen, draw_pile)
    discard_none = prob_none(discard, wanted_discard, rest)
    answer = 1 - pile_none * discard_none
    explanation = (
        f"The draw pile has only {draw_pile} of the {draws} cards you draw, so you take all "
        f"{draw_pile} (a random {draw_pile} of the {unseen} unseen cards, {wanted_unseen} "
        f"wanted), then the discard pile ({discard} cards, {wanted_discard} wanted) is "
        f"shuffled and you draw {rest} more. P(at least one) = 1 - "
        f"C({unseen - wanted_unseen},{draw_pile})/C({unseen},{draw_pile}) x "
        f"C({discard - wanted_discard},{rest})/C({discard},{rest}) = 1 - "
        f"{comb(unseen - wanted_unseen, draw_pile)}/{comb(unseen, draw_pile)} x "
        f"{comb(discard - wanted_discard, rest)}/{comb(discard, rest)} = {fmt(answer)}"
    )
    return Odds(label, float(answer), explanation)


def complete_set_probability(
    unseen: int, naturals: int, wilds: int, draws: int, needed: int, have_natural: bool
) -> Fraction:
    """Exact chance that ``draws`` random unseen cards hold ``needed`` cards for a set.

    ``naturals`` and ``wilds`` are the unseen property cards and property wilds of
    that colour. A set made only of wilds is not complete (RULES-NOTES, "Wild
    property cards"), so without a real property already, at least one drawn
    card must be a natural one. Sums the multivariate hypergeometric
    ``C(Kn,a) C(Kw,b) C(N-Kn-Kw, n-a-b) / C(N,n)`` over the good ``(a, b)``.
    """
    check_counts(unseen, naturals + wilds, draws)
    if needed <= 0 and have_natural:
        return Fraction(1)
    others = unseen - naturals - wilds
    good = 0
    for a in range(min(naturals, draws) + 1):
        if not have_natural and a == 0:
            continue
        for b in range(min(wilds, draws - a) + 1):
            if a + b >= needed:
                good += comb(naturals, a) * comb(wilds, b) * comb(others, draws - a - b)
    return Fraction(good, comb(unseen, draws))


# --- from an observation ------------------------------------------------------------


def unseen_count(observation: Mapping[str, Any], names: Iterable[str] | None = None) -> int:
    """How many unseen cards there are (with ``names``: how many of them have those names)."""
    unseen = observation["unseen"]
    if names is None:
        return sum(unseen.values())
    return sum(unseen.get(name, 0) for name in set(names))


def viewer_seat(observation: Mapping[str, Any]) -> int:
    """The seat whose odds these are: the viewer, or the turn player for the teacher's view."""
    viewer = observation["viewer"]
    return observation["turn_player"] if viewer is None else viewer


def next_draw_size(observation: Mapping[str, Any]) -> int:
    """2 cards, or 5 if the viewer's hand is empty now (rulebook, On Your Turn)."""
    hand_count = observation["seats"][viewer_seat(observation)]["hand_count"]
    return DRAW_EMPTY_HAND if hand_count == 0 else DRAW_NORMAL


def chance_to_draw(
    observation: Mapping[str, Any],
    wanted: Iterable[str],
    draws: int | None = None,
    label: str | None = None,
) -> Odds:
    """Chance that the viewer's next draw brings at least one card named in ``wanted``.

    ``draws`` defaults to the size of the viewer's next draw (2, or 5 with an
    empty hand). Assumes the piles are as they are now when the draw happens;
    the reshuffle of the discard pile is handled exactly (see :func:`draw_odds`).
    """
    wanted = set(wanted)
    unknown = wanted - set(_specs_by_name())
    if unknown:
        raise ValueError(f"no Monopoly Deal card is called {sorted(unknown)}")
    draws = next_draw_size(observation) if draws is None else draws
    discard_names = [card["name"] for card in observation["discard_pile"]]
    label = label or f"draw {' or '.join(sorted(wanted))} in the next {draws} cards"
    return draw_odds(
        unseen=unseen_count(observation),
        wanted_unseen=unseen_count(observation, wanted),
        draw_pile=observation["draw_pile"],
        discard=len(discard_names),
        wanted_discard=sum(1 for name in discard_names if name in wanted),
        draws=draws,
        label=label,
    )


def chance_opponent_has_just_say_no(observation: Mapping[str, Any], opponent: int) -> Odds:
    """Chance that ``opponent`` holds at least one Just Say No.

    Their ``h`` cards are a random ``h`` of the viewer's ``N`` unseen cards, of
    which ``K`` are Just Say No: ``P = 1 - C(N-K, h)/C(N, h)``.
    """
    seat = observation["seats"][opponent]
    label = f"player {opponent} holds a Just Say No"
    if seat["hand"] is not None:
        held = sum(1 for card in seat["hand"] if card["name"] == JUST_SAY_NO)
        return Odds(label, float(held > 0), f"you can see this hand: {held} Just Say No")
    return at_least(
        unseen_count(observation),
        unseen_count(observation, [JUST_SAY_NO]),
        seat["hand_count"],
        1,
        label,
        drawing=f"player {opponent}'s hand is a random {{n}} of them",
    )


def chance_to_complete_set(observation: Mapping[str, Any], colour: str, turns: int = 1) -> Odds:
    """Chance that the viewer can complete a ``colour`` set with its next ``turns`` draws.

    Counts the viewer's best set of that colour on the table plus the cards in
    hand that can join it. Simplifying assumptions (say them to students):
    the viewer draws 2 cards per turn (no 5-card draws), the draw pile lasts
    without a reshuffle, the cards it draws are a random ``2 x turns`` of the
    unseen cards (true however the opponents play, as long as nobody takes its
    cards), a wild card counts for this colour, and cards won by Sly Deal,
    Forced Deal, Deal Breaker or payments are ignored. A set needs one real
    property card (a set of only wilds is not complete).
    """
    if turns < 1:
        raise ValueError(f"turns must be 1 or more, not {turns!r}")
    size = _set_size(colour)
    seat = observation["seats"][viewer_seat(observation)]
    on_table = [s for s in seat["sets"] if s["colour"] == colour]
    label = f"complete {colour} within {turns} turn{'s' if turns > 1 else ''}"
    if any(s["complete"] for s in on_table):
        return Odds(label, 1.0, f"your {colour} set is already complete")
    best = max(on_table, key=lambda s: len(s["cards"]), default=None)
    table_cards = [card["name"] for card in best["cards"]] if best else []
    hand_cards = [
        card["name"]
        for card in seat["hand"] or []
        if is_natural_for(card["name"], colour) or is_wild_for(card["name"], colour)
    ]
    mine = table_cards + hand_cards
    have_natural = any(is_natural_for(name, colour) for name in mine)
    needed = size - len(mine)
    unseen = observation["unseen"]
    naturals = sum(n for name, n in unseen.items() if is_natural_for(name, colour))
    wilds = sum(n for name, n in unseen.items() if is_wild_for(name, colour))
    total = unseen_count(observation)
    draws = min(DRAW_NORMAL * turns, total)
    answer = complete_set_probability(total, naturals, wilds, draws, needed, have_natural)
    start = (
        f"A {colour} set needs {size} cards; you have {len(mine)} (table and hand), so you "
        f"need {max(needed, 0)} more from {draws} draws out of {total} unseen cards, where "
        f"{naturals} {colour} {'property' if naturals == 1 else 'properties'} and "
        f"{wilds} {'wild' if wilds == 1 else 'wilds'} for {colour} are unseen. "
    )
    if needed <= 0 and have_natural:
        return Odds(label, 1.0, start + "You can complete it from your hand: P = 1")
    hits = naturals + wilds
    required = max(needed, 1)
    if have_natural or wilds == 0:
        worked = at_least(total, hits, draws, required, label)
        return Odds(label, float(answer), start + worked.explanation)
    others = total - hits
    all_wild = Fraction(
        sum(comb(wilds, b) * comb(others, draws - b) for b in range(required, draws + 1)),
        comb(total, draws),
    )
    any_hits = prob_at_least(total, hits, draws, required)
    explanation = start + (
        f"You have no real {colour} property yet, and a set of only wilds is not complete, so "
        f"P = P(at least {required} of the {hits}) - P(at least {required}, all of them wilds) "
        f"= {fmt(any_hits)} - {fmt(all_wild)} = {fmt(answer)}"
    )
    return Odds(label, float(answer), explanation)


def panel(observation: Mapping[str, Any]) -> list[Odds]:
    """The odds a probability panel shows for the viewer of ``observation``.

    Drawing a Just Say No next turn, each opponent holding one, and completing
    each colour the viewer has started, in the next turn and within 3 turns.
    """
    if observation.get("is_over"):
        return []
    seat = viewer_seat(observation)
    rows = [chance_to_draw(observation, [JUST_SAY_NO], label="draw a Just Say No next turn")]
    for other in range(observation["players"]):
        if other != seat:
            rows.append(chance_opponent_has_just_say_no(observation, other))
    started = []
    for card_set in observation["seats"][seat]["sets"]:
        if not card_set["complete"] and card_set["colour"] not in started:
            started.append(card_set["colour"])
    for colour in started:
        rows.append(chance_to_complete_set(observation, colour, turns=1))
        rows.append(chance_to_complete_set(observation, colour, turns=3))
    return rows


def sample_next_draw(
    observation: Mapping[str, Any], rng: random.Random, draws: int | None = None
) -> list[str]:
    """Brute force: deal one random world the viewer cannot rule out and draw from it.

    Shuffles the unseen cards, takes ``draw_pile`` of them as the draw pile and
    draws; when it runs out, shuffles the visible discard pile and draws on.
    Used to check the exact odds by simulation.
    """
    draws = next_draw_size(observation) if draws is None else draws
    unseen = sorted(name for name, n in observation["unseen"].items() for _ in range(n))
    rng.shuffle(unseen)
    drawn = unseen[: min(draws, observation["draw_pile"])]
    if len(drawn) < draws:
        discard = [card["name"] for card in observation["discard_pile"]]
        rng.shuffle(discard)
        drawn += discard[: draws - len(drawn)]
    return drawn


def colours() -> tuple[str, ...]:
    """The ten colour names."""
    return _colour_names()

"""Exact odds for Monopoly Bid: does a bid of $b beat what the others can pay?

The model (say it to students, it is a simplification):

* Bids are sealed, so the bidder cannot know the others' bids. What it *can*
  infer is how much money they might hold: each opponent holds
  ``hand_count`` cards (their sealed bid included), and from the bidder's side
  those cards are a random hand dealt, without replacement, from the money and
  action cards it cannot see (the observation's ``unseen`` cards minus the
  property cards, which lie in the property pile and never in a hand).
* **Worst case**: every opponent bids all the money it holds. A bid of ``$b``
  then wins outright exactly when every opponent holds less than ``$b``
  (a tie is not a win: tied players raise or nobody wins, rulebook "Was There
  a Tie?"). Real opponents usually bid less, so this is the chance that the bid
  **cannot be beaten or matched**: a lower bound on winning.

The hands are dealt one after another from the same pool, so the chance for
several opponents is not simply the product of their single chances; it is
summed exactly over every way their money can fall.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cache
from math import comb, prod
from typing import Any

from monopoly_widgets.prob.hypergeometric import Odds, fmt


def _money_names() -> dict[str, int]:
    from monopoly_widgets.bid.cards import MONEY_NAMES

    return MONEY_NAMES


def _property_names() -> set[str]:
    from monopoly_widgets.bid.cards import PROPERTY_COLOUR

    return set(PROPERTY_COLOUR)


def _money_hands(
    counts: tuple[int, ...], values: tuple[int, ...], cards: int, below: int
) -> Iterator[tuple[int, ...]]:
    """Every way (how many of each denomination) to hold at most ``cards`` money cards
    worth less than ``below`` in total."""

    def extend(index: int, chosen: tuple[int, ...], used: int, total: int):
        if index == len(values):
            yield chosen
            return
        take = 0
        while (
            take <= counts[index] and used + take <= cards and total + take * values[index] < below
        ):
            yield from extend(index + 1, (*chosen, take), used + take, total + take * values[index])
            take += 1

    yield from extend(0, (), 0, 0)


def all_below_probability(
    money: Mapping[int, int], other: int, hand_sizes: Sequence[int], bid: int
) -> Fraction:
    """Exact chance that hands of ``hand_sizes`` cards, dealt in turn from the pool,
    each hold less than ``bid`` in money.

    ``money`` maps a denomination to how many such cards are in the pool;
    ``other`` counts the pool's non-money cards. One hand of ``h`` cards with
    ``x_v`` cards of each value ``v`` and ``y`` others has chance
    ``prod C(K_v, x_v) · C(K_other, y) / C(N, h)``; sum over the hands worth
    less than ``bid`` and recurse on what is left for the next player.
    """
    values = tuple(sorted(money))
    counts = tuple(money[v] for v in values)
    if any(c < 0 for c in counts) or other < 0:
        raise ValueError("card counts cannot be negative")
    if sum(hand_sizes) > sum(counts) + other:
        raise ValueError(f"hands of {sum(hand_sizes)} cards cannot come from {sum(counts) + other}")

    @cache
    def chance(player: int, counts: tuple[int, ...], other: int) -> Fraction:
        if player == len(hand_sizes):
            return Fraction(1)
        size = hand_sizes[player]
        total = comb(sum(counts) + other, size)
        result = Fraction(0)
        for hand in _money_hands(counts, values, size, bid):
            rest = size - sum(hand)
            if rest > other:
                continue
            ways = prod(comb(k, x) for k, x in zip(counts, hand, strict=True)) * comb(other, rest)
            left = tuple(k - x for k, x in zip(counts, hand, strict=True))
            result += Fraction(ways, total) * chance(player + 1, left, other - rest)
        return result

    return chance(0, counts, other)


def hand_pool(observation: Mapping[str, Any]) -> tuple[dict[int, int], int]:
    """The unseen cards an opponent's hand is dealt from: money by value, and how many others."""
    money_names = _money_names()
    properties = _property_names()
    money: dict[int, int] = dict.fromkeys(money_names.values(), 0)
    other = 0
    for name, count in observation["unseen"].items():
        if name in money_names:
            money[money_names[name]] += count
        elif name not in properties:
            other += count
    return money, other


def viewer_seat(observation: Mapping[str, Any]) -> int:
    """The bidder: the viewer (the teacher's view has none)."""
    viewer = observation["viewer"]
    if viewer is None:
        raise ValueError("bid odds are for one player: use that player's observation")
    return viewer


def chance_bid_wins(observation: Mapping[str, Any], bid: int) -> Odds:
    """Chance that a bid of ``$bid``M cannot be matched: every opponent holds less money.

    See the module docstring for the model (worst case: opponents bid all they hold).
    """
    if isinstance(bid, bool) or not isinstance(bid, int) or bid < 0:
        raise ValueError(f"a bid is a whole number of $M, not {bid!r}")
    seat = viewer_seat(observation)
    money, other = hand_pool(observation)
    opponents = [s for s in observation["seats"] if s["seat"] != seat]
    sizes = [s["hand_count"] for s in opponents]
    answer = all_below_probability(money, other, sizes, bid)
    pool = sum(money.values()) + other
    singles = [
        f"seat {s['seat']} ({s['hand_count']} cards): "
        f"{fmt(all_below_probability(money, other, [s['hand_count']], bid))}"
        for s in opponents
    ]
    denominations = ", ".join(f"{n} x ${v}M" for v, n in sorted(money.items()) if n)
    explanation = (
        f"Worst case: each opponent bids all its money. You cannot see {pool} money and "
        f"action cards ({denominations or 'no money'}, {other} action cards); each opponent's "
        f"hand is a random hand from them. P(one opponent holds less than ${bid}M) = "
        f"sum over its possible hands of prod C(K_v,x_v) C(K_other,y) / C({pool},h): "
        f"{'; '.join(singles)}. All of them at once (dealt from the same cards, so not "
        f"quite the product): P = {fmt(answer)}"
    )
    return Odds(f"a bid of ${bid}M cannot be matched", float(answer), explanation)


def panel(observation: Mapping[str, Any]) -> list[Odds]:
    """For the viewer: how safe some bids it could make are (up to five amounts it can pay)."""
    if observation.get("is_over") or observation["viewer"] is None:
        return []
    seat = observation["seats"][observation["viewer"]]
    values = [card["value"] for card in seat["hand"] or [] if card["kind"] == "money"]
    payable = {0}
    for value in values:
        payable |= {total + value for total in payable}
    amounts = sorted(payable - {0})
    if len(amounts) > 5:
        step = (len(amounts) - 1) / 4
        amounts = sorted({amounts[round(i * step)] for i in range(5)})
    return [chance_bid_wins(observation, amount) for amount in amounts]

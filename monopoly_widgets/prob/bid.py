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

That sum grows fast with the hands' sizes (five players holding 15 cards each
late in a long game means millions of terms), and the explorer works out the
panel on every step it shows. So the panel gives itself a budget of terms
(:data:`PANEL_WORK`): within it the answer is exact; beyond it the panel shows
two exact bounds instead, and says so on its label:

* each opponent's own chance ``P_i`` is always exact (one hand is cheap: one
  pass over the denominations, :func:`one_hand_below`);
* **upper bound** ``prod P_i``: hands dealt from one pool are negatively
  associated (Joag-Dev and Proschan, 1983: the cards of a shuffled deck, and
  sums over disjoint hands of them), so "every hand is poor" is never likelier
  than if the hands were independent;
* **lower bound** ``max(0, 1 - sum (1 - P_i))``: the chance that at least one
  hand is rich is at most the sum of their chances (Boole's inequality).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import accumulate
from math import comb, factorial, perm, prod
from typing import Any

from monopoly_widgets.core.memo import remembered
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
    worth less than ``below`` in total, never more of a value than ``counts`` holds."""

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


@remembered(1024)
def _most_hands(values: tuple[int, ...], size: int, bid: int) -> int:
    """An upper bound on how many hands :func:`_money_hands` lists, found without listing
    them: the mixes of at most ``size`` notes worth less than ``bid``, however many exist."""
    mixes = [[0] * max(bid, 1) for _ in range(size + 1)]  # mixes[cards][worth]
    mixes[0][0] = 1
    for value in values:
        for cards in range(1, size + 1):
            for worth in range(value, bid):
                mixes[cards][worth] += mixes[cards - 1][worth - value]
    return sum(map(sum, mixes))


@remembered(1024)
def _encoded_hands(
    counts: tuple[int, ...],
    values: tuple[int, ...],
    size: int,
    bid: int,
    bits: int,
    limit: int | None,
) -> tuple[tuple[int, int], ...]:
    """The hands of :func:`_money_hands` as (packed counts, seat patterns); remembered,
    since the opponents of one position (and the next steps) share them."""
    hands = []
    for hand in _money_hands(counts, values, size, bid):
        hands.append((sum(x << (bits * i) for i, x in enumerate(hand)), _seatings(size, hand)))
        if limit is not None and len(hands) > limit:
            raise TooMuchWork(f"more than {limit} hands")
    return tuple(hands)


def _falling(n: int, k: int) -> int:
    """``n (n-1) ... (n-k+1)``: ways to deal ``k`` cards in order from ``n`` (0 if k > n)."""
    return perm(n, k) if 0 <= k <= n else 0


def _seatings(size: int, hand: tuple[int, ...]) -> int:
    """Orders of a ``size``-card hand with ``hand`` money cards by value, the rest others."""
    return factorial(size) // (prod(factorial(x) for x in hand) * factorial(size - sum(hand)))


#: Terms the panel may add up for one exact joint chance before it shows bounds instead
#: (a few ms of Python; see ``benchmarks/widget.py --worst``).
PANEL_WORK = 2_000


class TooMuchWork(Exception):
    """The exact sum would take more than the work limit allowed (see :data:`PANEL_WORK`)."""


def all_below_probability(
    money: Mapping[int, int],
    other: int,
    hand_sizes: Sequence[int],
    bid: int,
    work_limit: int | None = None,
) -> Fraction:
    """Exact chance that hands of ``hand_sizes`` cards, dealt in turn from the pool,
    each hold less than ``bid`` in money.

    ``money`` maps a denomination to how many such cards are in the pool;
    ``other`` counts the pool's non-money cards. One hand of ``h`` cards with
    ``x_v`` cards of each value ``v`` and ``y`` others has chance
    ``prod C(K_v, x_v) · C(K_other, y) / C(N, h)``; sum over the hands worth
    less than ``bid`` and repeat with what is left for the next player.

    Counting it fast: deal the cards one by one into the hands' seats in order.
    There are ``N!/(N-H)!`` such deals of all ``H = sum h`` cards. A deal in
    which player ``i`` gets ``x_i`` (money by value, ``y_i`` others) happens in
    ``prod_i h_i!/(prod_v x_iv! · y_i!)`` seat patterns, times the ways to fill
    them with real cards: ``prod_v K_v!/(K_v-u_v)! · O!/(O-Y)!`` where ``u_v``
    and ``Y`` are the totals dealt. The second factor depends only on the
    totals, so one pass per player over "money dealt so far" (``u``) adds up
    the first factor, and the totals are weighed once at the end. Everything
    stays a whole number until the final division, so the answer is exact.

    With ``work_limit``, raise :class:`TooMuchWork` rather than add up more than
    that many terms (checked before each hand is dealt).
    """
    values = tuple(sorted(money))
    counts = tuple(money[v] for v in values)
    if any(c < 0 for c in counts) or other < 0:
        raise ValueError("card counts cannot be negative")
    dealt = sum(hand_sizes)
    if dealt > sum(counts) + other:
        raise ValueError(f"hands of {dealt} cards cannot come from {sum(counts) + other}")

    # "Money dealt so far" is kept as one whole number with a field of ``bits`` bits per
    # value, each field starting at ``top - 1 - K_v``: a field reaches ``top`` (its
    # highest bit) exactly when more than K_v cards of that value have been dealt, so
    # one addition and one mask test replace a loop over the denominations.
    bits = (2 * max(counts, default=0) + 1).bit_length() + 1
    top = 1 << (bits - 1)
    start = sum((top - 1 - k) << (bits * i) for i, k in enumerate(counts))
    too_many = sum(top << (bits * i) for i in range(len(counts)))

    patterns: dict[int, int] = {start: 1}
    work = 0
    for size in hand_sizes:
        # Listing a hand costs about as much as a few terms: counted as such.
        room = None if work_limit is None else (work_limit - work) // (len(patterns) + 4)
        if room is not None and (room < 1 or _most_hands(values, size, bid) > room):
            raise TooMuchWork(f"more than {work_limit} terms")
        hands = _encoded_hands(counts, values, size, bid, bits, room)
        work += len(hands) * len(patterns)
        if work_limit is not None and work > work_limit:
            raise TooMuchWork(f"more than {work_limit} terms")
        following: dict[int, int] = {}
        for used, ways in patterns.items():
            for hand, seatings in hands:
                key = used + hand
                if key & too_many:
                    continue
                following[key] = following.get(key, 0) + ways * seatings
        patterns = following

    field = (1 << bits) - 1
    favourable = 0
    for key, ways in patterns.items():
        used = [((key - start) >> (bits * i)) & field for i in range(len(counts))]
        fills = _falling(other, dealt - sum(used))
        for k, u in zip(counts, used, strict=True):
            fills *= _falling(k, u)
        favourable += ways * fills
    return Fraction(favourable, _falling(sum(counts) + other, dealt))


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


def one_hand_below(money: Mapping[int, int], other: int, size: int, bid: int) -> Fraction:
    """Exact chance that one hand of ``size`` cards from the pool holds less than ``bid``.

    The same sum as :func:`all_below_probability` for one hand, ``sum prod C(K_v, x_v)
    C(K_other, y) / C(N, size)``, grouped by how many money cards ``c`` the hand
    holds and what they are worth ``s``: ``ways[c][s]`` (:func:`_money_ways`)
    depends only on the pool, so it is worked out once for every hand and bid.
    """
    return _one_hand_below(tuple(sorted(money.items())), other, size, bid)


@remembered(4096)
def _one_hand_below(
    money: tuple[tuple[int, int], ...], other: int, size: int, bid: int
) -> Fraction:
    if bid <= 0:
        return Fraction(0)
    pool = sum(n for _, n in money) + other
    if size > pool:
        raise ValueError(f"a hand of {size} cards cannot come from {pool}")
    ways = _money_ways(money)
    favourable = sum(
        ways.below(cards, bid) * comb(other, size - cards)
        for cards in range(min(size, ways.cards) + 1)
        if size - cards <= other
    )
    return Fraction(favourable, comb(pool, size))


class _MoneyWays:
    """``below(c, b)``: how many sets of ``c`` money cards from the pool are worth less than b.

    The coefficients of ``prod_v (1 + z w^v)^K_v`` (``z`` counts cards, ``w`` adds
    value), multiplied as whole numbers with one field of bits per ``z^c w^s``,
    wide enough that no field carries into the next (all coefficients together
    are ``2^(money cards)``): Python multiplies those in C. Exact, and a field is
    read only when asked for.
    """

    def __init__(self, money: tuple[tuple[int, int], ...]) -> None:
        self.cards = sum(n for _, n in money)
        self.width = sum(v * n for v, n in money) + 1
        self.step = (self.cards + 2) // 8 + 1  # bytes per coefficient
        field = 8 * self.step
        product = 1
        for value, count in money:
            product *= sum(
                comb(count, x) << (field * x * (self.width + value)) for x in range(count + 1)
            )
        self.raw = product.to_bytes(self.step * (self.cards + 1) * self.width + 1, "little")
        #: ``sums[c][b]``: the row of ``c`` cards added up below ``b``, made when first asked.
        self.sums: dict[int, list[int]] = {}

    def below(self, cards: int, bid: int) -> int:
        if cards not in self.sums:
            start = cards * self.width * self.step
            row = (
                int.from_bytes(
                    self.raw[start + w * self.step : start + (w + 1) * self.step], "little"
                )
                for w in range(self.width)
            )
            self.sums[cards] = [0, *accumulate(row)]
        return self.sums[cards][min(bid, self.width)]


@remembered(256)
def _money_ways(money: tuple[tuple[int, int], ...]) -> _MoneyWays:
    return _MoneyWays(money)


@remembered(4096)
def _joint_below(
    money: tuple[tuple[int, int], ...],
    other: int,
    sizes: tuple[int, ...],
    bid: int,
    work_limit: int | None,
) -> Fraction | None:
    """The exact joint chance, or None when it needs more than ``work_limit`` terms."""
    try:
        return all_below_probability(dict(money), other, sizes, bid, work_limit)
    except TooMuchWork:
        return None


def chance_bid_wins(
    observation: Mapping[str, Any], bid: int, work_limit: int | None = None
) -> Odds:
    """Chance that a bid of ``$bid``M cannot be matched: every opponent holds less money.

    See the module docstring for the model (worst case: opponents bid all they hold).
    Exact by default. With ``work_limit`` (the panel's :data:`PANEL_WORK`), a joint
    chance that needs more terms is given as exact bounds instead: the row's
    probability is then the lower bound, and its label and explanation say so.
    """
    if isinstance(bid, bool) or not isinstance(bid, int) or bid < 0:
        raise ValueError(f"a bid is a whole number of $M, not {bid!r}")
    seat = viewer_seat(observation)
    money, other = hand_pool(observation)
    pool_key = tuple(sorted(money.items()))
    opponents = [s for s in observation["seats"] if s["seat"] != seat]
    sizes = tuple(s["hand_count"] for s in opponents)
    pool = sum(money.values()) + other
    dealt = sum(sizes)
    if dealt > pool:
        raise ValueError(f"hands of {dealt} cards cannot come from {pool}")
    alone = [one_hand_below(money, other, size, bid) for size in sizes]
    singles = [
        f"player {s['seat']} ({s['hand_count']} cards): {fmt(p)}"
        for s, p in zip(opponents, alone, strict=True)
    ]
    denominations = ", ".join(f"{n} x ${v}M" for v, n in sorted(money.items()) if n)
    explanation = (
        f"Worst case: each opponent bids all its money. You cannot see {pool} money and "
        f"action cards ({denominations or 'no money'}, {other} action cards); each opponent's "
        f"hand is a random hand from them. P(one opponent holds less than ${bid}M) = "
        f"sum over its possible hands of prod C(K_v,x_v) C(K_other,y) / C({pool},h): "
        f"{'; '.join(singles)}. "
    )
    label = f"a bid of ${bid}M cannot be matched"
    answer = alone[0] if len(alone) == 1 else _joint_below(pool_key, other, sizes, bid, work_limit)
    if answer is not None:
        explanation += (
            "All of them at once (dealt from the same cards, so not quite the product): "
            f"P = {fmt(answer)}"
        )
        return Odds(label, float(answer), explanation)
    low = max(Fraction(0), 1 - sum(1 - p for p in alone))
    high = prod(alone, start=Fraction(1))
    explanation += (
        f"All of them at once is a sum too long to add up at every step, so here are two "
        f"exact bounds: at most the product {fmt(high)} (hands dealt from the same cards "
        f"are negatively associated, so they are poor together less often than "
        f"independent hands), and at least 1 - sum(1 - P) = {fmt(low)} (Boole's "
        f"inequality). Shown: the lower bound."
    )
    return Odds(f"{label} (between {fmt(low)} and {fmt(high)})", float(low), explanation)


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
    return [chance_bid_wins(observation, amount, PANEL_WORK) for amount in amounts]

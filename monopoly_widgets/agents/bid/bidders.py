"""Bidding strategies for Monopoly Bid, written to be read and compared in class.

Every strategy is a function ``(observation, legal_actions, rng) -> Action`` for
the bidding decisions (``bid:...`` and ``raise:...`` actions). They see only
the bidder's own observation: never another player's sealed bid.

:func:`budget_bid` is the one worth teaching. It asks two questions about the
property on offer and answers both in $M:

1. *What is it worth to me?* More the closer it brings me to a complete set,
   a lot if it completes one, everything if that set wins the game.
2. *What is it worth to stop the others?* A card that would complete an
   opponent's set (or win them the game) is worth bidding on just to block it.

Then it bids the smaller of that worth and a share of the money in hand: the
share grows with the worth, so cheap properties never eat the whole budget,
while a game-winning or game-saving card may take every last note.

Trades (rulebook "Tips": "You may make deals with other players to trade
properties at any time.") are judged with the same yardstick: :func:`trade_gain`
is what the card taken is worth minus what the card given away costs.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from monopoly_widgets.bid.cards import COLOURS, PROPERTY_COLOUR
from monopoly_widgets.core.actions import Action

#: $M worth of one step towards a set, of completing one, and of winning the game.
STEP_WORTH = 2.0
COMPLETE_WORTH = 7.0
WIN_WORTH = 25.0


def best_progress(seat_view: dict[str, Any], colour: str) -> int:
    """Cards in this seat's fullest unfinished set of ``colour`` (0 if none)."""
    best = 0
    for prop_set in seat_view["sets"]:
        if prop_set["colour"] == colour and len(prop_set["cards"]) < prop_set["size"]:
            best = max(best, len(prop_set["cards"]))
    return best


def worth_to(
    obs: dict[str, Any], seat: int, colour: str, unsold: Mapping[str, int] | None = None
) -> float:
    """$M that one more ``colour`` property is worth to ``seat``.

    A card that completes a set is worth ``COMPLETE_WORTH`` (plus ``WIN_WORTH`` if
    that makes enough sets to win); otherwise ``STEP_WORTH`` scaled by how far
    along the set would be. If too few ``colour`` cards are left unsold to finish
    the set, the step is worth half (it now needs a Wild! or a Steal!). ``unsold``:
    :func:`unsold_counts` of ``obs``, for a caller that asks many times of one table.
    """
    view = obs["seats"][seat]
    size = COLOURS[colour]
    after = best_progress(view, colour) + 1
    if after >= size:
        return complete_worth(view["complete_sets"], obs.get("sets_to_win", 3))
    left = unsold[colour] if unsold is not None else unsold_of(obs, colour)
    return step_worth(after, size, left)


def complete_worth(complete_sets: int, sets_to_win: int) -> float:
    """$M of the card that completes a set, for a seat with ``complete_sets`` already."""
    return COMPLETE_WORTH + (WIN_WORTH if complete_sets + 1 >= sets_to_win else 0.0)


def step_worth(after: int, size: int, left: int) -> float:
    """$M of a card that makes a set ``after`` of ``size`` cards, ``left`` of its colour unsold
    (half when too few are left to finish it: it then needs a Wild! or a Steal!)."""
    worth = STEP_WORTH * after / size
    if left < size - after:
        worth /= 2
    return worth


def unsold_of(obs: dict[str, Any], colour: str) -> int:
    """How many ``colour`` property cards are still face down in the property pile."""
    return sum(
        count for name, count in obs["unseen"].items() if PROPERTY_COLOUR.get(name) == colour
    )


def unsold_counts(obs: dict[str, Any]) -> dict[str, int]:
    """:func:`unsold_of` for every colour at once."""
    counts = dict.fromkeys(COLOURS, 0)
    for name, count in obs["unseen"].items():
        colour = PROPERTY_COLOUR.get(name)
        if colour is not None:
            counts[colour] += count
    return counts


def card_loss(obs: dict[str, Any], seat: int, name: str) -> float:
    """$M that ``seat`` loses by giving away the property card ``name`` from its table.

    The set it sits in drops one step (``STEP_WORTH`` scaled by the set size), or, if it
    was complete, from ``COMPLETE_WORTH`` back to an unfinished set.
    """
    for prop_set in obs["seats"][seat]["sets"]:
        if any(card["name"] == name for card in prop_set["cards"]):
            return set_loss(len(prop_set["cards"]), prop_set["size"], prop_set["complete"])
    return 0.0


def set_loss(held: int, size: int, complete: bool) -> float:
    """$M lost when a set of ``held`` cards out of ``size`` gives one away (:func:`card_loss`)."""
    before = COMPLETE_WORTH if complete else STEP_WORTH * held / size
    return before - STEP_WORTH * (held - 1) / size


def trade_gain(obs: dict[str, Any], seat: int, give: str, take: str) -> float:
    """$M ``seat`` gains by trading its ``give`` for the ``take`` card (negative: a loss).

    The same yardstick as bidding: what the card taken is worth to ``seat``
    (:func:`worth_to`) minus what giving the other card costs (:func:`card_loss`).
    """
    return worth_to(obs, seat, PROPERTY_COLOUR[take]) - card_loss(obs, seat, give)


def property_worth(obs: dict[str, Any], seat: int, colour: str) -> float:
    """Worth to ``seat`` plus the most it is worth to any opponent (the blocking value).

    Blocking only counts when the card would complete the opponent's set: small
    steps of opponents are not worth paying for.
    """
    unsold = unsold_counts(obs)  # one table, a worth for every seat
    mine = worth_to(obs, seat, colour, unsold)
    block = 0.0
    for other in range(obs["players"]):
        if other != seat:
            theirs = worth_to(obs, other, colour, unsold)
            if theirs >= COMPLETE_WORTH:
                block = max(block, theirs * 0.8)
    return mine + block


def budget_share(worth: float) -> float:
    """The share of the money in hand that a property of this worth may take."""
    if worth >= WIN_WORTH * 0.8:
        return 1.0
    return min(0.75, 0.2 + worth / 15)


def _amounts(legal: Sequence[Action], prefix: str) -> dict[int, Action]:
    found = {}
    for action in legal:
        amount = action.id[len(prefix) :]
        if action.id.startswith(prefix) and amount.isdigit():
            found[int(amount)] = action
    return found


def _closest_at_most(amounts: dict[int, Action], target: float) -> Action | None:
    usable = [amount for amount in amounts if amount <= target]
    return amounts[max(usable)] if usable else None


def budget_bid(obs: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """Bid what the property is worth (to me and as a block), within a budget share.

    A small random nudge (+0 or +1 $M) makes exact ties with a copy of this
    strategy less likely: in a sealed auction, being predictable is a weakness.
    """
    seat = obs["viewer"]
    prop = obs["auction"]["property"]
    money = obs["seats"][seat]["money_in_hand"] or 0
    worth = property_worth(obs, seat, prop["colour"])
    if legal[0].id.startswith("raise"):
        return _raise(obs, legal, worth, money)
    target = min(worth, money * budget_share(worth)) + rng.choice((0, 0, 1))
    choice = _closest_at_most(_amounts(legal, "bid:"), target)
    if choice is None:
        choice = _named(legal, "bid:none")
    # Part-way through choosing cards one value at a time (``bid:choose``, begun by
    # someone else's choice in a position): add nothing more, the first choice.
    return choice if choice is not None else legal[0]


def _raise(obs: dict[str, Any], legal: Sequence[Action], worth: float, money: int) -> Action:
    """Raise by as much as the property is still worth above the tied amount."""
    seat = obs["viewer"]
    bid = obs["seats"][seat]["bid"] or []
    already = sum(card["value"] for card in bid)
    room = min(worth - already, money * budget_share(worth))
    choice = _closest_at_most(_amounts(legal, "raise:"), room)
    if choice is not None:
        return choice
    stand = _named(legal, "raise:none")
    if stand is not None:
        return stand
    amounts = _amounts(legal, "raise:")  # must add a card: the smallest raise
    return amounts[min(amounts)] if amounts else legal[0]


def _named(legal: Sequence[Action], action_id: str) -> Action | None:
    for action in legal:
        if action.id == action_id:
            return action
    return None


def all_in_bid(obs: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """A strategy to compare against: always bid everything (the highest amount)."""
    amounts = _amounts(legal, legal[0].id.split(":")[0] + ":")
    return amounts[max(amounts)] if amounts else legal[0]


def cheap_bid(obs: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """A strategy to compare against: always bid the least possible amount."""
    amounts = _amounts(legal, legal[0].id.split(":")[0] + ":")
    return amounts[min(amounts)] if amounts else legal[0]


def deal_gain(
    obs: dict[str, Any],
    seat: int,
    gives: Sequence[str],
    takes: Sequence[str],
    money: int = 0,
    unsold: Mapping[str, int] | None = None,
) -> float:
    """$M ``seat`` gains from a deal that gives the property cards ``gives``, takes
    ``takes`` and changes its money by ``money`` (negative: pays).

    The same yardstick as :func:`trade_gain`, card by card: each card given costs what
    :func:`card_loss` says, each card taken is worth what :func:`worth_to` says once the
    cards before it have moved (two cards of one colour are worth more than twice one).
    ``unsold``: :func:`unsold_counts` of ``obs`` (a plan weighs many deals on one table).
    """
    if unsold is None:
        unsold = unsold_counts(obs)
    holdings = Holdings.of(seat_sets(obs["seats"][seat]), obs.get("sets_to_win", 3), unsold)
    return holdings.gain(gives, takes, money)


#: One set on the table as a deal's gain reads it: colour, size, complete, how many cards
#: (Wild!s too) and the names of its property cards.
SetFacts = tuple[str, int, bool, int, tuple[str, ...]]
#: A seat's sets and its number of complete sets: hashable, so a plan can be remembered by it.
SeatSets = tuple[tuple[SetFacts, ...], int]


def seat_sets(seat_view: dict[str, Any]) -> SeatSets:
    """The facts of ``seat_view`` (an observation's seat) that :class:`Holdings` weighs."""
    sets = tuple(
        (
            prop_set["colour"],
            prop_set["size"],
            prop_set["complete"],
            len(prop_set["cards"]),
            tuple(card["name"] for card in prop_set["cards"] if card["kind"] == "property"),
        )
        for prop_set in seat_view["sets"]
    )
    return sets, seat_view["complete_sets"]


class Holdings:
    """One seat's sets on one table (``sets_to_win``, the ``unsold`` cards of each colour),
    counted, so that many deals can be weighed on them without copying the table: a deal
    moves counts, not cards (a card given leaves its set; a card taken joins the fullest set
    of its colour with room, else a new one: the table's placement rule, docs/rules/bid.md).
    """

    __slots__ = (
        "colours",
        "sizes",
        "complete",
        "held",
        "where",
        "complete_sets",
        "sets_to_win",
        "unsold",
        "_given",
        "_worths",
    )

    def __init__(
        self,
        colours: list[str],
        sizes: list[int],
        complete: list[bool],
        held: list[int],
        where: dict[str, int],
        complete_sets: int,
        sets_to_win: int,
        unsold: Mapping[str, int],
    ) -> None:
        self.colours, self.sizes, self.complete, self.held = colours, sizes, complete, held
        self.where = where  # each property card on the table: the index of its set
        self.complete_sets, self.sets_to_win, self.unsold = complete_sets, sets_to_win, unsold
        self._given: dict[tuple[str, ...], tuple[float, Holdings]] = {}
        self._worths: dict[tuple[tuple[str, ...], int], tuple[float, ...]] = {}

    @classmethod
    def of(cls, facts: SeatSets, sets_to_win: int, unsold: Mapping[str, int]) -> Holdings:
        sets, complete_sets = facts
        where: dict[str, int] = {}
        for index, (*_, names) in enumerate(sets):
            for name in names:
                where.setdefault(name, index)
        return cls(
            [colour for colour, *_ in sets],
            [size for _, size, *_ in sets],
            [complete for _, _, complete, *_ in sets],
            [held for *_, held, _ in sets],
            where,
            complete_sets,
            sets_to_win,
            unsold,
        )

    def properties(self) -> list[str]:
        """The real property cards on the table, set by set (Wild!s never move)."""
        return list(self.where)

    def gain(self, gives: Sequence[str], takes: Sequence[str], money: int = 0) -> float:
        """:func:`deal_gain` on these sets: each card given costs :func:`set_loss` of its set
        as it is by then, each card taken is worth :func:`complete_worth` or
        :func:`step_worth` once the cards before it have moved."""
        gain, after = self._give(float(money), gives)
        for worth in after._worths_of(takes):
            gain += worth
        return gain

    def gain_apart(self, gives: tuple[str, ...], takes: tuple[str, ...]) -> float:
        """:meth:`gain` (no money) of a deal with no colour on both sides, worked out piece
        by piece and each piece remembered, for a plan weighing every pair of card choices.
        With no colour in common, what the cards taken are worth depends on the cards
        given only through the number of complete sets left (the win)."""
        given = self._given.get(gives)
        if given is None:
            given = self._given[gives] = self._give(0.0, gives)
        gain, after = given
        key = (takes, after.complete_sets)
        worths = self._worths.get(key)
        if worths is None:
            worths = self._worths[key] = after._worths_of(takes)
        for worth in worths:
            gain += worth
        return gain

    def _give(self, gain: float, gives: Sequence[str]) -> tuple[float, Holdings]:
        """``gain`` less what each card given costs, and these sets once they are gone."""
        held, complete, where = list(self.held), list(self.complete), dict(self.where)
        complete_sets = self.complete_sets
        for name in gives:
            index = where.pop(name, None)
            if index is None:
                continue  # not on this table (any more): giving it costs nothing
            gain -= set_loss(held[index], self.sizes[index], complete[index])
            held[index] -= 1
            if complete[index]:
                complete[index] = False
                complete_sets -= 1
        table = (self.sets_to_win, self.unsold)
        return gain, Holdings(
            self.colours, self.sizes, complete, held, where, complete_sets, *table
        )

    def _worths_of(self, takes: Sequence[str]) -> tuple[float, ...]:
        """What each card taken is worth, in turn, as it joins these sets."""
        held, complete = list(self.held), list(self.complete)
        colours, sizes = self.colours, self.sizes
        complete_sets = self.complete_sets
        worths = []
        for name in takes:
            colour = PROPERTY_COLOUR[name]
            target = None
            for index, set_colour in enumerate(colours):
                if set_colour == colour and held[index] < sizes[index]:
                    if target is None or held[index] > held[target]:
                        target = index
            size = COLOURS[colour]
            after = (held[target] if target is not None else 0) + 1
            if after >= size:
                worths.append(complete_worth(complete_sets, self.sets_to_win))
            else:
                worths.append(step_worth(after, size, self.unsold[colour]))
            if target is None:  # a new set of this colour
                colours, sizes = [*colours, colour], [*sizes, size]
                held.append(0)
                complete.append(False)
                target = len(held) - 1
            held[target] += 1
            if held[target] >= sizes[target]:
                complete[target] = True
                complete_sets += 1
        return tuple(worths)

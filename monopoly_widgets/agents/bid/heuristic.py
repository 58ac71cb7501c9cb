"""The Monopoly Bid heuristic: simple rules of thumb a student can follow.

* Host: play Draw 2! first (more cards, more choices) unless there is nothing left to
  draw; then a Steal! that takes
  the card worth most (to me, plus what the victim loses); then a Wild! into the
  set it brings closest to complete, if a set with a real property has room;
  then auction.
* Answering a card: Nope! it if, left alone, the chain would let an opponent
  steal from me or complete a set, or would cancel my own card. Otherwise pass.
* Bidding and raising: :func:`monopoly_widgets.agents.bid.bidders.budget_bid`.
* Trading (rulebook "Tips"): as host, before the auction, offer the trade that gains
  me most (``bidders.trade_gain``) among those that also gain the other player (so
  they may accept). Offered a trade: accept if it gains me something and does not
  win the other player the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from monopoly_widgets.agents.bid.bidders import (
    COMPLETE_WORTH,
    WIN_WORTH,
    Holdings,
    SeatSets,
    budget_bid,
    deal_gain,
    seat_sets,
    trade_gain,
    unsold_counts,
    worth_to,
)
from monopoly_widgets.bid.cards import COLOURS, PROPERTY_COLOUR
from monopoly_widgets.bid.deals import deal_key
from monopoly_widgets.bid.state import Deal
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.memo import remembered


def choose(obs: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic's choice among ``legal`` (only this seat's observation is used)."""
    kind = legal[0].kind
    if kind in ("bid", "raise"):
        return budget_bid(obs, legal, rng)
    if kind == "respond":
        return _answer(obs, legal)
    if kind == "trade_answer":
        return _answer_trade(obs, legal)
    if kind == "deal_answer":
        return _answer_deal(obs, legal)
    if kind == "deal":
        return _deal_step(obs, legal)
    if obs["phase"] == "offer":
        return _best_offer(obs, legal) or next(a for a in legal if a.id == "offer:none")
    return _host(obs, legal)


def _host(obs: dict[str, Any], legal: Sequence[Action]) -> Action:
    by_id = {a.id: a for a in legal}
    if "draw2" in by_id and obs["draw_pile"] + len(obs["discard_pile"]) >= 2:
        return by_id["draw2"]
    steal = _best_steal(obs, legal)
    if steal is not None:
        return steal
    wild = _best_wild(obs, legal)
    if wild is not None:
        return wild
    if "trade" in by_id and _good_offers(obs):
        return by_id["trade"]
    return by_id.get("auction") or by_id["end_round"]


def _gains(obs: dict[str, Any], offer_id: str) -> tuple[float, float]:
    """(my gain, the other player's gain) for ``offer:<seat>:<give>:<take>``."""
    _, other, give, take = offer_id.split(":", 3)
    return trade_gain(obs, obs["viewer"], give, take), trade_gain(obs, int(other), take, give)


def _good_offers(obs: dict[str, Any]) -> list[str]:
    """Offers not yet made this round that gain me and the other player (from my view)."""
    me = obs["viewer"]
    seats = obs["seats"]
    made = set(obs["offers_this_round"])

    def real(seat: int) -> list[tuple[str, str]]:
        return [
            (card["name"], prop_set["colour"])
            for prop_set in seats[seat]["sets"]
            for card in prop_set["cards"]
            if card["kind"] == "property"
        ]

    found = []
    for other in range(obs["players"]):
        if other == me:
            continue
        for take, take_colour in real(other):
            for give, give_colour in real(me):
                offer = f"offer:{other}:{give}:{take}"
                if give_colour != take_colour and offer not in made:
                    mine, theirs = _gains(obs, offer)
                    if mine > 0 and theirs > 0:
                        found.append(offer)
    return found


def _best_offer(obs: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """The offer that gains me most, among those that gain the other player too."""
    best, best_gain = None, 0.0
    for action in legal:
        if action.id.startswith("offer:") and action.id != "offer:none":
            mine, theirs = _gains(obs, action.id)
            if mine > best_gain and theirs > 0:
                best, best_gain = action, mine
    return best


def _answer_trade(obs: dict[str, Any], legal: Sequence[Action]) -> Action:
    """Accept a trade that gains me something and does not win the offerer the game."""
    by_id = {a.id: a for a in legal}
    offer = obs["offer"]
    mine = trade_gain(obs, obs["viewer"], offer["take"], offer["give"])
    theirs = trade_gain(obs, offer["from"], offer["give"], offer["take"])
    return by_id["accept"] if mine > 0 and theirs < WIN_WORTH else by_id["refuse"]


def deal_plan(obs: dict[str, Any], only_with: int | None = None) -> Deal | None:
    """The deal (one or two cards each way, no colour on both sides) that gains me most,
    among those that gain the other player too (so they may accept) and do not win them the
    game; ``None`` if none.

    Computed from the table alone, so the same plan comes back at every step of building it
    (and is remembered, :func:`_best_deal_with`, rather than weighed again at each step).
    """
    me = obs["viewer"]
    tables = [seat_sets(seat) for seat in obs["seats"]]
    unsold = tuple(unsold_counts(obs).items())
    made = frozenset(obs["offers_this_round"])
    sets_to_win = obs.get("sets_to_win", 3)
    best, best_gain = None, 0.0
    for other in range(obs["players"]):
        if other == me or (only_with is not None and other != only_with):
            continue
        found = _best_deal_with(me, other, tables[me], tables[other], sets_to_win, unsold, made)
        if found is not None and found[0] > best_gain:
            best_gain = found[0]
            best = Deal(me, other, list(found[1]), list(found[2]))
    return best


@remembered(limit=10_000)
def _best_deal_with(
    me: int,
    other: int,
    my_sets: SeatSets,
    their_sets: SeatSets,
    sets_to_win: int,
    unsold: tuple[tuple[str, int], ...],
    made: frozenset[str],
) -> tuple[float, tuple[str, ...], tuple[str, ...]] | None:
    """(my gain, my cards, their cards) of the best deal with ``other`` (see
    :func:`deal_plan`; the first found of equal gains), or ``None``.

    A function of these facts alone (public ones: the two tables, the unsold cards, the
    deals made this round), so it is remembered by them: no seat learns from another's
    plan anything its own observation does not show."""
    counts = dict(unsold)
    mine = Holdings.of(my_sets, sets_to_win, counts)
    theirs = Holdings.of(their_sets, sets_to_win, counts)
    my_options = _one_or_two(mine.properties())
    their_options = _one_or_two(theirs.properties())
    best, best_gain = None, 0.0
    for gives, give_colours in my_options:
        for takes, take_colours in their_options:
            if len(gives) + len(takes) > 3 or give_colours & take_colours:
                continue  # a colour on both sides changes little and invites swaps back
            gain = mine.gain_apart(gives, takes)
            if gain <= best_gain:
                continue
            their_gain = theirs.gain_apart(takes, gives)
            if 0 < their_gain < WIN_WORTH and _key(me, other, gives, takes) not in made:
                best, best_gain = (gain, gives, takes), gain
    return best


def _key(me: int, other: int, gives: tuple[str, ...], takes: tuple[str, ...]) -> str:
    return deal_key(Deal(me, other, list(gives), list(takes)))


def _one_or_two(names: list[str]) -> list[tuple[tuple[str, ...], frozenset[str]]]:
    """Each card alone, then each pair of cards, with their colours."""
    singles = [(name,) for name in names]
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    return [
        (cards, frozenset(PROPERTY_COLOUR[name] for name in cards)) for cards in singles + pairs
    ]


def _deal_step(obs: dict[str, Any], legal: Sequence[Action]) -> Action:
    """In the deal window: start the planned deal, add its cards one by one, propose."""
    by_id = {a.id: a for a in legal}
    draft = obs.get("draft")
    if draft is None:
        plan = deal_plan(obs)
        chosen = by_id.get(f"deal:to:{plan.to}") if plan is not None else None
        return chosen or by_id["deal:pass"]
    plan = deal_plan(obs, only_with=draft["to"])
    if plan is None:
        return by_id["deal:cancel"]
    for name in plan.give:
        if name not in draft["give"] and f"deal:give:{name}" in by_id:
            return by_id[f"deal:give:{name}"]
    for name in plan.ask:
        if name not in draft["ask"] and f"deal:ask:{name}" in by_id:
            return by_id[f"deal:ask:{name}"]
    return by_id.get("deal:propose") or by_id["deal:cancel"]


def _answer_deal(obs: dict[str, Any], legal: Sequence[Action]) -> Action:
    """Accept a deal that gains me something and does not win the proposer the game."""
    by_id = {a.id: a for a in legal}
    deal = obs["deal"]
    me, them = obs["viewer"], deal["from"]
    money = sum(deal["pay"]) - sum(deal["want"])
    mine = deal_gain(obs, me, deal["ask"], deal["give"], money)
    theirs = deal_gain(obs, them, deal["give"], deal["ask"], -money)
    if mine > 0 and theirs < WIN_WORTH and "deal:accept" in by_id:
        return by_id["deal:accept"]
    return by_id["deal:refuse"]


def _best_steal(obs: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """The Steal! whose card is worth most to me plus what its set was worth to its owner."""
    me = obs["viewer"]
    best, best_score = None, 0.0
    for action in legal:
        if not action.id.startswith("steal:"):
            continue
        _, victim, index, _name = action.id.split(":", 3)
        colour = obs["seats"][int(victim)]["sets"][int(index)]["colour"]
        score = worth_to(obs, me, colour) + 0.5 * len(
            obs["seats"][int(victim)]["sets"][int(index)]["cards"]
        )
        if score > best_score:
            best, best_score = action, score
    return best


def _best_wild(obs: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """A Wild! into my own set that has a real property and needs the fewest cards."""
    me = obs["seats"][obs["viewer"]]
    best, best_need = None, 99
    for action in legal:
        parts = action.id.split(":")
        if parts[0] != "wild" or parts[1] == "new":
            continue
        prop_set = me["sets"][int(parts[1])]
        if not any(card["kind"] == "property" for card in prop_set["cards"]):
            continue
        need = COLOURS[prop_set["colour"]] - len(prop_set["cards"])
        if need < best_need:
            best, best_need = action, need
    return best


def _answer(obs: dict[str, Any], legal: Sequence[Action]) -> Action:
    """Nope! when the chain, if everyone passed now, would hurt me."""
    by_id = {a.id: a for a in legal}
    if "nope" not in by_id:
        return by_id["pass"]
    me = obs["viewer"]
    pending = obs["pending"]
    first = pending["chain"][0]
    goes_ahead = len(pending["chain"]) % 2 == 1  # even number of Nope!s so far
    if first["player"] == me:
        return by_id["pass"] if goes_ahead else by_id["nope"]
    if goes_ahead and _hurts(obs, me, first["player"], pending):
        return by_id["nope"]
    return by_id["pass"]


def _hurts(obs: dict[str, Any], me: int, player: int, pending: dict[str, Any]) -> bool:
    steal = pending.get("steal")
    if steal is not None:
        colour = obs["seats"][steal["victim"]]["sets"][steal["set"]]["colour"]
        return steal["victim"] == me or worth_to(obs, player, colour) >= COMPLETE_WORTH
    wild = pending.get("wild")
    if wild is not None and wild["set"] is not None:
        prop_set = obs["seats"][player]["sets"][wild["set"]]
        return len(prop_set["cards"]) + 1 >= prop_set["size"]
    return False

"""What one player can see, as JSON-safe data (``game.observation(viewer)``).

Mirrors the Monopoly Deal contract so that the widgets can draw both games::

    {
      "game": "bid", "viewer": int | None, "players": n, "turn": round, "round": round,
      "turn_player": host, "host": host, "current_player": int | None,
      "phase": "actions" | "respond" | "offer" | "trade" | "bid" | "raise" | "over",
      "decision": "plain words: what current_player is deciding",
      "is_over": bool, "winner": int | None, "draw_reason": str | None,
      "property_pile": count, "draw_pile": count, "discard_pile": [card, ...] (top last),
      "seats": [{
          "seat": i,
          "hand_count": int,        # cards held, INCLUDING a sealed bid/raise not yet revealed
          "hand": [card, ...] | None,          # None when hidden from the viewer
          "money_in_hand": int | None,         # total $M of money in "hand"; None when hidden
          "sets": [{"colour", "cards", "size", "complete"}], "complete_sets": int,
          "has_bid": bool,          # has committed a bid (or "no bid") in this auction
          "bid": [card, ...] | None,           # only after the reveal, or for the viewer themself
          "choosing": [card, ...] | None,      # cards set aside while choosing a bid: own only
          "has_raised": bool, "raise": [card, ...] | None   # the same for a raise round
      }],
      "auction": {"property": card | None, "revealed": bool, "tied": [seats],
                  "raise_round": int, "raises_sealed": bool},
      "pending": None | {"chain": [{"player", "card", "text"}], "waiting": [seats], "text"},
      "offer": None | {"from", "to", "give", "take", "text"},   # a trade offer to answer
      "deal_queue": [seats],    # the deal window: who is still to be asked (public)
      "deal": None | {"from", "to", "give", "ask", "pay", "want", "text"},  # proposed: public
      "draft": None | {...},    # the deal being built: its proposer (and the teacher) only
      "offers_this_round": ["offer:1:Boardwalk:Park Place", "offer:none", ...],
      "unseen": {"$3M": 4, "Boardwalk": 1, ...}
    }

``unseen`` is the multiset, by name, of the cards the viewer cannot see: the
draw pile and the property pile, plus other players' hands and their unrevealed
bids and raises (for the teacher's view, ``None``: the two piles only).
A card is ``{"id", "name", "kind", "value", "colours", "colour"}``.
"""

from __future__ import annotations

import random
from typing import Any

from monopoly_widgets.bid import deals
from monopoly_widgets.bid.actions_cards import describe
from monopoly_widgets.bid.cards import COLOURS
from monopoly_widgets.bid.state import (
    PHASE_ACTIONS,
    PHASE_BID,
    PHASE_DEAL,
    PHASE_DEALS,
    PHASE_DRAFT,
    PHASE_OFFER,
    PHASE_OVER,
    PHASE_RAISE,
    PHASE_RESPOND,
    PHASE_TRADE,
    BidState,
    Deal,
    current_player,
)
from monopoly_widgets.bid.table import complete_sets, set_is_complete


def decision_text(state: BidState) -> str:
    """What the current player is deciding, in plain words."""
    phase = state.phase
    seat = current_player(state)
    if phase == PHASE_ACTIONS:
        return f"Player {seat} (host) may play action cards, then turns over the property."
    if phase == PHASE_RESPOND:
        newest = state.chain[-1]
        return (
            f"Player {seat} may answer player {newest.player}'s {describe(state, newest)} "
            "with a Nope!, or pass."
        )
    if phase == PHASE_OFFER:
        return f"Player {seat} (host) chooses a trade to offer, or no offer."
    if phase == PHASE_TRADE and state.offer is not None:
        offer = state.offer
        return (
            f"Player {seat}: accept or refuse player {offer.offerer}'s offer of {offer.give} "
            f"for your {offer.take}."
        )
    if phase == PHASE_DEALS:
        return f"Player {seat} may start a deal with another player, or propose none."
    if phase == PHASE_DRAFT:
        return f"Player {seat} is preparing a deal (secret until it is proposed)."
    if phase == PHASE_DEAL and state.deal is not None:
        return f"Player {seat}: accept or refuse the deal: {deals.describe(state.deal)}."
    if phase == PHASE_BID:
        return f"Player {seat} secretly chooses a bid (or no bid)."
    if phase == PHASE_RAISE:
        return f"Player {seat} is tied and may raise their bid with more money cards."
    if state.winner is not None:
        return f"The game is over: player {state.winner} won."
    return f"The game is over: a draw ({state.draw_reason})."


def _card(state: BidState, card: int, assigned: str | None = None) -> dict[str, Any]:
    return state.deck[card].to_dict(card, assigned)


def _bid_visible(state: BidState, seat: int, viewer: int | None) -> bool:
    return viewer is None or viewer == seat or state.revealed


def _raise_visible(state: BidState, seat: int, viewer: int | None) -> bool:
    return viewer is None or viewer == seat or not state.options["tie_raise_sealed"]


def _seat_view(state: BidState, seat: int, viewer: int | None) -> dict[str, Any]:
    deck = state.deck
    hand = state.hands[seat]
    bid = state.bids[seat] if state.bids else None
    raised = state.raises[seat] if state.raises else None
    bid_shown = _bid_visible(state, seat, viewer)
    raise_shown = _raise_visible(state, seat, viewer)
    held = len(hand)
    if bid is not None and not state.revealed:
        held += len(bid)
    if raised is not None:
        held += len(raised)
    choice = chosen_so_far(state, seat)
    held += len(choice)
    sees_hand = viewer is None or viewer == seat
    return {
        "seat": seat,
        "hand_count": held,
        "hand": [_card(state, c) for c in hand] if sees_hand else None,
        "money_in_hand": sum(deck[c].value for c in hand) if sees_hand else None,
        "sets": [
            {
                "colour": s.colour,
                "cards": [_card(state, c, s.colour) for c in s.cards],
                "size": COLOURS[s.colour],
                "complete": set_is_complete(state, s),
            }
            for s in state.sets[seat]
        ],
        "complete_sets": complete_sets(state, seat),
        "has_bid": bid is not None,
        "bid": [_card(state, c) for c in bid] if bid is not None and bid_shown else None,
        "has_raised": raised is not None,
        "raise": [_card(state, c) for c in raised] if raised is not None and raise_shown else None,
        # Cards set aside while choosing a bid one value at a time: the owner's secret.
        "choosing": [_card(state, c) for c in choice]
        if sees_hand and choice_open(state, seat)
        else None,
    }


def choice_open(state: BidState, seat: int) -> bool:
    """Whether ``seat`` is part-way through choosing the cards of a bid or raise."""
    return state.card_choice is not None and current_player(state) == seat


def chosen_so_far(state: BidState, seat: int) -> list[int]:
    """The money cards ``seat`` has set aside so far while choosing (``card_choice.py``)."""
    return list(state.card_choice or []) if choice_open(state, seat) else []


def observe(state: BidState, viewer: int | None) -> dict[str, Any]:
    """The observation of ``viewer`` (``None``: the teacher, who sees every card)."""
    over = state.phase == PHASE_OVER
    pending = None
    if state.chain:
        pending = {
            "chain": [
                {"player": k.player, "card": _card(state, k.card), "text": describe(state, k)}
                for k in state.chain
            ],
            "waiting": list(state.waiting),
            "text": f"Player {state.chain[-1].player} played {describe(state, state.chain[-1])}.",
        }
        first = state.chain[0]
        pending["steal"] = (
            {"victim": first.victim, "set": first.set_index, "target": first.target}
            if first.kind == "steal"
            else None
        )
        pending["wild"] = (
            {"colour": first.colour, "set": first.set_index} if first.kind == "wild" else None
        )
    prop = state.auction_property
    return {
        "game": "bid",
        "viewer": viewer,
        "players": state.players,
        "turn": state.round,
        "round": state.round,
        "turn_player": state.host,
        "host": state.host,
        "current_player": current_player(state),
        "phase": state.phase,
        "decision": decision_text(state),
        "is_over": over,
        "winner": state.winner,
        "draw_reason": state.draw_reason,
        "sets_to_win": state.options["sets_to_win"],
        "property_pile": len(state.property_pile),
        "draw_pile": len(state.draw_pile),
        "discard_pile": [_card(state, c) for c in state.discard_pile],
        "seats": [_seat_view(state, seat, viewer) for seat in range(state.players)],
        "auction": {
            "property": _card(state, prop) if prop is not None else None,
            "revealed": state.revealed,
            "tied": list(state.tied),
            "raise_round": state.raise_round,
            "raises_sealed": state.options["tie_raise_sealed"],
        },
        "pending": pending,
        "offer": _offer_view(state),
        "offers_this_round": list(state.offers_made),
        # The deal window: who is still to be asked (public), the deal proposed (public),
        # and the deal being built (its proposer's secret).
        "deal_queue": list(state.deal_queue),
        "deal": _deal_view(state.deal),
        "draft": _deal_view(state.draft)
        if state.draft is not None and viewer in (None, state.draft.proposer)
        else None,
        "unseen": unseen(state, viewer),
    }


def _offer_view(state: BidState) -> dict[str, Any] | None:
    """The trade offer waiting for an answer (public: made across the table)."""
    offer = state.offer
    if offer is None:
        return None
    return {
        "from": offer.offerer,
        "to": offer.to,
        "give": offer.give,
        "take": offer.take,
        "text": f"Player {offer.offerer} offers player {offer.to} {offer.give} for {offer.take}.",
    }


def _deal_view(deal: Deal | None) -> dict[str, Any] | None:
    if deal is None:
        return None
    return {**deals.deal_facts(deal), "text": deals.describe(deal)}


def hidden_cards(state: BidState, viewer: int | None) -> list[int]:
    """The money and action cards ``viewer`` cannot see (property pile excluded)."""
    found = list(state.draw_pile)
    if viewer is None:
        return found
    for seat in range(state.players):
        if seat == viewer:
            continue
        found += state.hands[seat]
        found += chosen_so_far(state, seat)
        bid = state.bids[seat] if state.bids else None
        if bid is not None and not _bid_visible(state, seat, viewer):
            found += bid
        raised = state.raises[seat] if state.raises else None
        if raised is not None and not _raise_visible(state, seat, viewer):
            found += raised
    return found


def unseen(state: BidState, viewer: int | None) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in hidden_cards(state, viewer) + state.property_pile:
        name = state.deck[card].name
        counts[name] = counts.get(name, 0) + 1
    return dict(sorted(counts.items()))


def metrics(state: BidState) -> dict[str, list[int]]:
    """Money (in hand, plus money committed to an unsettled bid), cards on the table, sets."""
    deck = state.deck
    money, props, sets = [], [], []
    for seat in range(state.players):
        cards = list(state.hands[seat])
        if state.bids and state.bids[seat]:
            cards += state.bids[seat]
        if state.raises and state.raises[seat]:
            cards += state.raises[seat]
        cards += chosen_so_far(state, seat)
        money.append(sum(deck[c].value for c in cards))
        props.append(sum(len(s.cards) for s in state.sets[seat]))
        sets.append(complete_sets(state, seat))
    return {"money": money, "properties": props, "sets": sets}


def determinize(state: BidState, viewer: int, rng: random.Random) -> BidState:
    """A copy where everything ``viewer`` cannot see is dealt afresh.

    Pooled and re-dealt: other players' hands, their sealed bids and raises (not
    yet revealed), and the draw pile; the property pile is reshuffled on its own.
    Each other player keeps the same number of cards held; whoever had sealed a
    bid (or raise) gets a NEW random one from their new money cards, because the
    viewer does not know it. Someone who must add a card when raising
    (``tie_raise_must_add_card``) gets at least one if they have money.
    """
    sample = state.clone()
    chooser = current_player(sample)
    if sample.card_choice is not None and chooser != viewer:
        # The viewer cannot see the cards set aside: they go back into the hand (and are
        # pooled with it), and in the sample the chooser has not started choosing.
        assert chooser is not None
        sample.hands[chooser] += sample.card_choice
        sample.card_choice = None
        sample.card_choice_value = 0
    if sample.draft is not None and sample.draft.proposer != viewer:
        # A deal being built is secret, even with whom: an empty one with any other player.
        proposer = sample.draft.proposer
        others = [seat for seat in range(sample.players) if seat != proposer]
        sample.draft = Deal(proposer, rng.choice(others))
    shown = deals.money_shown(sample)  # money cards a proposed deal offers: seen by all
    # Sorted first, so the world depends only on what ``viewer`` sees, not on where
    # the hidden cards really are; and a fresh seed, so later reshuffles are unknown too.
    pool = sorted(c for c in hidden_cards(sample, viewer) if c not in shown)
    rng.shuffle(pool)
    sample.seed = rng.getrandbits(31)
    sample.draw_pile = pool[: len(sample.draw_pile)]
    rest = pool[len(sample.draw_pile) :]
    for seat in range(sample.players):
        if seat == viewer:
            continue
        known = [c for c in sample.hands[seat] if c in shown]
        held = len(sample.hands[seat]) - len(known)
        bid_hidden = (
            bool(sample.bids)
            and sample.bids[seat] is not None
            and not (_bid_visible(sample, seat, viewer))
        )
        raise_hidden = (
            bool(sample.raises)
            and sample.raises[seat] is not None
            and not (_raise_visible(sample, seat, viewer))
        )
        if bid_hidden:
            held += len(sample.bids[seat] or [])
        if raise_hidden:
            held += len(sample.raises[seat] or [])
        cards, rest = rest[:held], rest[held:]
        if bid_hidden:
            sample.bids[seat], cards = _random_commitment(sample, cards, rng, must_add=False)
        if raise_hidden:
            must = sample.options["tie_raise_must_add_card"]
            sample.raises[seat], cards = _random_commitment(sample, cards, rng, must_add=must)
        sample.hands[seat] = known + cards
    sample.property_pile.sort()
    rng.shuffle(sample.property_pile)
    return sample


def determinize_draws(state: BidState, rng: random.Random) -> BidState:
    """A copy where only the face-down piles are shuffled afresh; hands and bids stay.

    The coach's "cards known" comparison: the other players' hands and sealed bids
    as they really are, but not the order of the draw and property piles.
    """
    sample = state.clone()
    for pile in (sample.draw_pile, sample.property_pile):
        pile.sort()
        rng.shuffle(pile)
    sample.seed = rng.getrandbits(31)
    return sample


def _random_commitment(
    state: BidState, cards: list[int], rng: random.Random, must_add: bool
) -> tuple[list[int], list[int]]:
    """Split ``cards`` into a random set of money cards (the sealed choice) and the rest."""
    money = [c for c in cards if state.deck[c].kind == "money"]
    chosen = [c for c in money if rng.random() < 0.5]
    if must_add and money and not chosen:
        chosen = [rng.choice(money)]
    return chosen, [c for c in cards if c not in chosen]

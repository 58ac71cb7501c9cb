"""The sealed-bid auction: bid choices, the reveal, tie-raises and the result.

Bid choices by target amount
----------------------------
A hand of money cards can make very many subsets, so the engine never lists
them all. It offers one choice per amount the hand can make EXACTLY:

* ``"bid:none"``: no bid.
* ``"bid:T"``: seal money cards whose values add up to exactly $T M, using the
  FEWEST cards; among equally few, the set with the highest denominations
  (compare the values from the highest down). Example: with $5M $4M $2M $1M $1M
  in hand, ``bid:6`` seals $5M+$1M: two cards, like $4M+$2M, but $5M beats $4M;
  $4M+$1M+$1M would take three cards.
* ``"raise:T"`` / ``"raise:none"``: the same, for adding cards to a tied bid.

Sealed means sealed: a committed bid is hidden from every other player until all
bids are in (rulebook "To Auction" a-b). The bids are collected one seat at a
time, starting left of the host, because the engine asks one decision at a time.
"""

from __future__ import annotations

from monopoly_widgets.bid import rulebook
from monopoly_widgets.bid.state import PHASE_BID, PHASE_RAISE, BidState
from monopoly_widgets.bid.table import check_winner, place_property
from monopoly_widgets.core.actions import Event
from monopoly_widgets.core.memo import remembered
from monopoly_widgets.core.wording import and_list


@remembered(16384)
def cheapest_sets(values: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every exact total ``values`` can make, with the fewest-cards way to make it.

    ``values`` are money values sorted from high to low. Returns ``(total,
    values used)`` pairs in increasing total. A small dynamic programme over the
    denominations (highest first): keeping only the best way to make each partial
    total is enough, because cards of lower denominations are added after.
    """
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    best: dict[int, tuple[int, ...]] = {0: ()}
    for value in sorted(counts, reverse=True):
        grown: dict[int, tuple[int, ...]] = {}
        for total, used in best.items():
            for k in range(counts[value] + 1):
                candidate = used + (value,) * k
                key = total + value * k
                known = grown.get(key)
                if known is None or _better(candidate, known):
                    grown[key] = candidate
        best = grown
    return tuple((total, best[total]) for total in sorted(best) if total > 0)


def _better(candidate: tuple[int, ...], known: tuple[int, ...]) -> bool:
    """Fewer cards, or as many cards with higher denominations."""
    if len(candidate) != len(known):
        return len(candidate) < len(known)
    return candidate > known


def money_values(state: BidState, seat: int) -> tuple[int, ...]:
    """The values of the money cards in ``seat``'s hand, high to low."""
    deck = state.deck
    return tuple(
        sorted((deck[c].value for c in state.hands[seat] if deck[c].kind == "money"), reverse=True)
    )


def cards_for(state: BidState, seat: int, total: int) -> list[int] | None:
    """The cards of ``seat``'s hand that ``bid:total`` seals, or None if it cannot be made."""
    for amount, used in cheapest_sets(money_values(state, seat)):
        if amount == total:
            return _pick(state, seat, used)
    return None


def _pick(state: BidState, seat: int, used: tuple[int, ...]) -> list[int]:
    """Cards of these values from the hand, earliest in the hand first."""
    wanted = list(used)
    picked = []
    deck = state.deck
    for card in state.hands[seat]:
        spec = deck[card]
        if spec.kind == "money" and spec.value in wanted:
            wanted.remove(spec.value)
            picked.append(card)
            if not wanted:
                break
    return picked


def _names(state: BidState, cards: list[int]) -> str:
    return " + ".join(state.deck[c].name for c in cards) if cards else "nothing"


def total_of(state: BidState, cards: list[int] | None) -> int:
    return sum(state.deck[c].value for c in cards) if cards else 0


# --- starting, bidding, revealing ---------------------------------------------------
def start_auction(state: BidState) -> list[Event]:
    """The host turns over the top property card: everyone now bids on it."""
    card = state.property_pile.pop(0)
    state.auction_property = card
    state.bids = [None] * state.players
    state.raises = [None] * state.players
    state.tied = []
    state.raise_round = 0
    state.revealed = False
    state.phase = PHASE_BID
    spec = state.deck[card]
    return [
        Event(
            f"Player {state.host} turns over {spec.name} ({spec.colour}) and auctions it. "
            "Everyone now secretly chooses a bid.",
            rulebook.HOSTING,
            state.host,
            "auction",
            {"property": spec.name},
        )
    ]


def seal_bid(state: BidState, seat: int, cards: list[int]) -> list[Event]:
    """``seat`` commits these money cards from their hand as a bid (``[]``: no bid).
    Hidden until every bid is in."""
    hand = state.hands[seat]
    for card in cards:
        hand.remove(card)
    state.bids[seat] = cards
    events = [
        Event(
            f"Player {seat} has chosen a bid (sealed until everyone is ready).",
            rulebook.TO_AUCTION,
            seat,
            "bid_sealed",
        )
    ]
    if all(b is not None for b in state.bids):
        events += reveal_bids(state)
    return events


def reveal_bids(state: BidState) -> list[Event]:
    """ "1, 2, 3, BID!": every bid is shown, then the highest bidder is found."""
    state.revealed = True
    shown = "; ".join(
        f"player {seat}: "
        + (
            f"${total_of(state, state.bids[seat])}M ({_names(state, state.bids[seat])})"
            if state.bids[seat]
            else "no bid"
        )
        for seat in state.seats_from_left_of_host()
    )
    events = [
        Event(
            f"1, 2, 3, BID! The bids are revealed: {shown}.",
            rulebook.TO_AUCTION,
            None,
            "bids_revealed",
            {"bids": [total_of(state, b) for b in state.bids]},
        )
    ]
    return events + _settle(state, state.seats_from_left_of_host(), raised=True)


def _settle(state: BidState, contenders: list[int], raised: bool) -> list[Event]:
    """Decide the auction among ``contenders``: a winner, a raise round, or nobody."""
    totals = {seat: total_of(state, state.bids[seat]) for seat in contenders}
    top = max(totals.values())
    if top == 0:
        return _nobody_wins(
            state, "nobody bid, so the property goes to the bottom of the pile", rulebook.NO_BID
        )
    leaders = [seat for seat in contenders if totals[seat] == top]
    if len(leaders) == 1:
        return _winner_takes(state, leaders[0], top)
    if raised and state.raise_round < state.options["tie_raise_rounds"]:
        state.tied = leaders
        state.raises = [None] * state.players
        state.phase = PHASE_RAISE
        who = _players(leaders)
        sealed = "secretly" if state.options["tie_raise_sealed"] else "openly, in turn"
        return [
            Event(
                f"Tie at ${top}M between {who}: they may raise their bids with more money "
                f"cards ({sealed}).",
                rulebook.TIE,
                None,
                "tie",
                {"tied": leaders, "amount": top},
            )
        ]
    who = _players(leaders)
    if state.raise_round == 0:  # the option allows no raise at all
        return _nobody_wins(
            state,
            f"{who} tie at ${top}M and option tie_raise_rounds = 0 allows no raise, so nobody "
            "wins and the property goes to the bottom of the pile",
            rulebook.TIE_RAISE_ROUNDS,
        )
    rounds = "1 raise round" if state.raise_round == 1 else f"{state.raise_round} raise rounds"
    if not raised:
        why = "nobody raised"
        rule = rulebook.TIE
    else:
        why = f"the tie_raise_rounds limit ({state.options['tie_raise_rounds']}) is reached"
        rule = rulebook.TIE_RAISE_ROUNDS
    return _nobody_wins(
        state,
        f"{who} are still tied at ${top}M after {rounds} and {why}, "
        "so nobody wins and the property goes to the bottom of the pile",
        rule,
    )


def choose_raise(state: BidState, seat: int, cards: list[int]) -> list[Event]:
    """A tied player adds these money cards from their hand, or stands (``[]``)."""
    total = total_of(state, cards)
    for card in cards:
        state.hands[seat].remove(card)
    state.raises[seat] = cards
    if state.options["tie_raise_sealed"]:
        text = f"Player {seat} has chosen a raise (sealed until every tied player is ready)."
        rule = rulebook.TIE_RAISE_SEALED
    elif cards:
        text = f"Player {seat} raises by ${total}M ({_names(state, cards)})."
        rule = rulebook.TIE
    else:
        text = f"Player {seat} does not raise."
        rule = rulebook.TIE
    events = [Event(text, rule, seat, "raise")]
    if all(state.raises[s] is not None for s in state.tied):
        events += _reveal_raises(state)
    return events


def _reveal_raises(state: BidState) -> list[Event]:
    raised = False
    parts = []
    for seat in state.tied:
        extra = state.raises[seat] or []
        raised = raised or bool(extra)
        state.bids[seat] = (state.bids[seat] or []) + extra
        now = total_of(state, state.bids[seat])
        added = total_of(state, extra)
        parts.append(
            f"player {seat} adds ${added}M, now ${now}M"
            if extra
            else f"player {seat} stands at ${now}M"
        )
    contenders = list(state.tied)
    state.raise_round += 1
    state.raises = [None] * state.players
    state.tied = []
    events = [
        Event(
            "The raises are revealed: " + "; ".join(parts) + ".",
            rulebook.TIE,
            None,
            "raises_revealed",
        )
    ]
    return events + _settle(state, contenders, raised)


# --- the result -----------------------------------------------------------------
def _winner_takes(state: BidState, seat: int, amount: int) -> list[Event]:
    """The highest bidder discards the bid money and takes the property; others take theirs back."""
    card = state.auction_property
    assert card is not None
    state.discard_pile.extend(state.bids[seat] or [])
    state.bids[seat] = []
    place_property(state, seat, card, state.deck[card].colour or "")
    name = state.deck[card].name
    others = "; the others take back their money cards" if any(state.bids) else ""
    events = [
        Event(
            f"Player {seat} wins {name} for ${amount}M, discards the money bid and adds "
            f"{name} to their collection{others}.",
            rulebook.TO_AUCTION,
            seat,
            "won_auction",
            {"property": name, "amount": amount},
        )
    ]
    _return_bids(state)
    state.auction_property = None
    return events + check_winner(state, seat)


def _nobody_wins(state: BidState, why: str, rule: str) -> list[Event]:
    card = state.auction_property
    assert card is not None
    state.property_pile.append(card)
    back = "; everyone takes back their money cards" if any(state.bids) or any(state.raises) else ""
    _return_bids(state)
    state.auction_property = None
    return [
        Event(
            f"{state.deck[card].name}: {why}{back}.",
            rule,
            None,
            "no_sale",
            {"property": state.deck[card].name},
        )
    ]


def _players(seats: list[int]) -> str:
    """Tied players for a sentence, in seat order: "players 0, 1 and 2"."""
    return f"players {and_list(sorted(seats))}"


def _return_bids(state: BidState) -> None:
    for seat in range(state.players):
        state.hands[seat].extend(state.bids[seat] or [])
        state.hands[seat].extend(state.raises[seat] or [])
    state.bids = []
    state.raises = []
    state.tied = []
    state.raise_round = 0
    state.revealed = False

"""``DealPolicyAgent``'s rules for payments and action cards (``agents/deal/policy.py``
says what each corrects in the heuristic and how it was found and measured).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from monopoly_widgets.agents.deal import heuristic as heuristic_deal
from monopoly_widgets.agents.deal.policy_view import (
    CARD_INDEX_BY_NAME,
    KIND_BY_NAME,
    VALUE_BY_NAME,
    PolicyView,
    choose_without,
    colour_score,
    pooled,
)
from monopoly_widgets.core.actions import Action
from monopoly_widgets.deal.cards import (
    CARD_COLOURS,
    COLOUR_INDEX,
    PACK_SIZE,
    SET_SIZE,
    VALUE,
)
from monopoly_widgets.deal.observation import PileView
from monopoly_widgets.deal.properties import completes, has_natural_card


# --- payments -----------------------------------------------------------------------------------
def exact_change(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Pay from the bank with the cards that overpay least (then the fewest cards).

    Rulebook, "What if I Owe Another Player Money?": "There is no change in MONOPOLY
    DEAL." The heuristic pays with the smallest single bank card that covers what is
    left; when smaller cards add up closer to the debt, that throws money away. Here
    the best set of bank cards is worked out and its largest card paid first (the
    next payment decision finds the rest of the same set).
    """
    pending = view.pending
    if pending is None or not choice.id.startswith("pay:bank:"):
        return None
    remaining = (pending.amount or 0) - pending.paid
    values = sorted((VALUE[card % PACK_SIZE] for card in view.bank), reverse=True)
    if sum(values) < remaining:
        return None  # the whole bank goes either way
    best = _least_overpay(values, remaining)
    if best is None:
        return None
    wanted = max(best)
    if VALUE_BY_NAME[choice.id[9:]] == wanted:
        return None
    for action in legal:
        if action.id.startswith("pay:bank:") and VALUE_BY_NAME[action.id[9:]] == wanted:
            return action
    return None


def _least_overpay(values: list[int], remaining: int) -> tuple[int, ...] | None:
    """The bank values (a sub-multiset of ``values``) adding up to at least ``remaining``
    with the least excess, then the fewest cards. Totals are small ($M), so a table of
    reachable totals is enough."""
    reach: dict[int, tuple[int, ...]] = {0: ()}
    for value in values:
        for total, cards in list(reach.items()):
            if total >= remaining:
                continue  # already covers: adding more only overpays
            new = total + value
            known = reach.get(new)
            if known is None or len(cards) + 1 < len(known):
                reach[new] = (*cards, value)
    covering = [total for total in reach if total >= remaining]
    if not covering:
        return None
    return reach[min(covering)]


def _their_gain(theirs: dict[int, tuple[int, bool]], label: str, name: str) -> float:
    """What ``name`` (paid from my pile ``label``, keeping its colour) does for the
    receiver: a lot if it completes one of their sets, some if it builds one."""
    colour = COLOUR_INDEX[label.rsplit(" ", 1)[0] if label[-1].isdigit() else label]
    count, has_natural = theirs.get(colour, (0, False))
    size = SET_SIZE[colour]
    natural = KIND_BY_NAME.get(name) == "property"
    if completes(count + 1, colour, natural or has_natural):
        return 60.0
    return 20.0 * (count + 1) / size if count else 0.0


def _colour_counts(piles: Sequence[PileView]) -> dict[int, tuple[int, bool]]:
    """Per colour, the most cards in one unfinished pile and whether it has a real card;
    complete colours are left out (a second set of a colour does not count)."""
    counts: dict[int, tuple[int, bool]] = {}
    complete = {pile.colour for pile in piles if pile.complete}
    for pile in piles:
        if pile.colour in complete:
            continue
        known = counts.get(pile.colour)
        if known is None or len(pile.cards) > known[0]:
            counts[pile.colour] = (len(pile.cards), has_natural_card(pile.cards))
    return counts


# --- plays --------------------------------------------------------------------------------------
def keep_deal_breaker(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Do not bank a Deal Breaker just to use a play: end the turn (or play else) instead.

    Rulebook, "Deal Breaker": "Steal a complete set of properties from any player."
    The heuristic banks spare action cards rather than end its turn, so a Deal
    Breaker with no target today goes into the bank as $5M, and the chance to
    take a set later (often the winning play) is gone.
    """
    if choice.id != "bank:Deal Breaker":
        return None
    return choose_without(view, legal, choice.id)


def rent_they_can_pay(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Do not charge rent (or a debt, or a birthday) to players who have nothing to pay with.

    Rulebook, "What if I Run Out of Money and Properties?": "If you have no money or
    Property in front of you, nothing happens." The heuristic scores a rent by the
    amount printed, so it spends a card and a play to collect nothing.
    """
    if choice.kind != "play" or not choice.id.startswith(_CHARGES):
        return None
    for seat in range(view.players):
        if seat != view.viewer and view.bank_total(seat) + view.table_value(seat) > 0:
            return None
    rest = [action for action in legal if not action.id.startswith(_CHARGES)]
    return heuristic_deal.choose(view, rest, random.Random(len(rest))) if rest else None


#: Action ids that charge the other players: rents, Debt Collector, It's My Birthday.
_CHARGES = ("rent:", "debt:", "play:It's My Birthday")


#: A rent that collects at least this much ($M) is worth the last play more than a
#: property that completes nothing (``big_rent_last``).
BIG_RENT = 5


def big_rent_last(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """With the last play, collect a big rent rather than lay a property that completes nothing.

    Rulebook, "On Your Turn": 3 plays a turn. The heuristic scores a rent at 35 plus
    the amount (at most 75), below any property laid (60 to 80), so with one play
    left it lays a lone card and the rent card waits a turn, while the opponent can
    bank or spend the money. The coach rated an $8M Dark Blue rent at 0.54 against
    0.19 for laying Pacific Avenue. What is collected is capped by what the payer
    has in front of them (bank and properties).
    """
    if view.plays_left != 1 or choice.kind != "property":
        return None
    best: Action | None = None
    best_amount = BIG_RENT - 1
    for action in legal:
        if action.kind != "play" or not action.id.startswith("rent:"):
            continue
        amount = int(action.text.rsplit("$", 1)[1].rstrip("M"))
        payers = [
            seat
            for seat in range(view.players)
            if seat != view.viewer
            and (action.id.endswith(f":{seat}") or "Any-colour" not in action.id)
        ]
        collect = sum(min(amount, view.bank_total(p) + view.table_value(p)) for p in payers)
        if collect > best_amount:
            best, best_amount = action, collect
    if best is None or _lay_completes(view, choice):
        return None
    return best


def _lay_completes(view: PolicyView, lay: Action) -> bool:
    """Does laying this property complete a colour I have not completed?"""
    parts = lay.id.split(":")
    colour = (
        COLOUR_INDEX[parts[2]] if len(parts) > 2 else CARD_COLOURS[CARD_INDEX_BY_NAME[parts[1]]][0]
    )
    counts, naturals = pooled(view.table)
    natural = KIND_BY_NAME.get(parts[1]) == "property"
    return completes(counts[colour] + 1, colour, natural or naturals[colour]) and not completes(
        counts[colour], colour, naturals[colour]
    )


def steal_to_deny(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Choose the Sly or Forced Deal target for what it does to both players.

    Rulebook, "Sly Deal" / "Forced Deal": steal (or swap for one of yours) a property
    not in a full set. The heuristic picks the card that builds my sets best; among
    cards that build mine about as well, taking one from the victim's nearly
    complete set also sets them back, and a Forced Deal must not hand them the card
    that completes one of their sets.
    """
    verb = choice.id.split(":", 1)[0]
    if verb not in ("sly", "forced"):
        return None
    mine = _colour_counts(view.table)
    best, best_score = choice, _steal_score(view, mine, choice)
    for action in legal:
        if action.id.startswith(verb + ":") and action.id != choice.id:
            score = _steal_score(view, mine, action)
            if score > best_score:
                best, best_score = action, score
    return best


#: A Forced Deal must improve my position over the victim's by at least this much, in
#: ``colour_score`` units (a colour complete: 1), to be worth a play and the card.
FORCED_GAIN = 0.05


def forced_deal_must_gain(
    view: PolicyView, legal: Sequence[Action], choice: Action
) -> Action | None:
    """Play a Forced Deal only for a swap that gains: not a lone card for a lone card.

    Rulebook, "Forced Deal": "Swap any property with another player." The heuristic
    scores what the card taken adds to my sets and subtracts what the card given
    was worth to them, so swapping my lone Pink for their lone Red scores above
    banking the card, though neither of us is closer to a set. Here a swap is
    valued by how much closer it brings my sets (``colour_score``, all my piles of a
    colour together) minus how much closer it brings the victim's; one that gains
    less than ``FORCED_GAIN`` is not played (the heuristic chooses among the rest).
    """
    if not choice.id.startswith("forced:"):
        return None
    mine = pooled(view.table)
    theirs: dict[int, tuple[list[int], list[bool]]] = {}
    best: Action | None = None
    best_gain = FORCED_GAIN
    for action in legal:
        if action.id.startswith("forced:"):
            gain = _swap_gain(view, mine, action.id.split(":"), theirs)
            if gain > best_gain:
                best, best_gain = action, gain
    if best is None:
        return choose_without(view, legal, "forced:")
    return best


def _swap_gain(
    view: PolicyView,
    mine: tuple[list[int], list[bool]],
    parts: list[str],
    pooled_by_seat: dict[int, tuple[list[int], list[bool]]],
) -> float:
    """``forced:<seat>:<colour>:<card>:<my colour>:<my card>``: my gain minus theirs
    (``pooled_by_seat`` keeps each victim's pooled table for the next swap weighed)."""
    seat, take, take_name = int(parts[1]), COLOUR_INDEX[parts[2]], parts[3]
    give, give_name = COLOUR_INDEX[parts[4]], parts[5]
    theirs = pooled_by_seat.get(seat)
    if theirs is None:
        theirs = pooled_by_seat[seat] = pooled(view.table_of(seat))
    take_real = KIND_BY_NAME.get(take_name) == "property"
    give_real = KIND_BY_NAME.get(give_name) == "property"
    return (
        _change(mine, take, +1, take_real)
        + _change(mine, give, -1, False)
        - (_change(theirs, give, +1, give_real) + _change(theirs, take, -1, False))
    )


def _change(pooled: tuple[list[int], list[bool]], colour: int, step: int, real: bool) -> float:
    """How ``colour_score`` of ``colour`` changes when a card comes (+1) or goes (-1)."""
    counts, naturals = pooled
    count, natural = counts[colour], naturals[colour]
    after = colour_score(colour, count + step, natural or (real and step > 0))
    return after - colour_score(colour, count, natural)


def _steal_score(view: PolicyView, mine: dict[int, tuple[int, bool]], action: Action) -> float:
    parts = action.id.split(":")
    seat, colour, name = int(parts[1]), COLOUR_INDEX[parts[2]], parts[3]
    natural = KIND_BY_NAME.get(name) == "property"
    count, has_natural = mine.get(colour, (0, False))
    size = SET_SIZE[colour]
    if completes(count + 1, colour, natural or has_natural):
        score = 88.0
    else:
        score = 50.0 + 20.0 * (count + 1) / size
    theirs = _colour_counts(view.table_of(seat))
    their_count, _ = theirs.get(colour, (0, False))
    score += 12.0 * their_count / size  # what the victim loses towards that set
    if parts[0] == "forced":
        give = COLOUR_INDEX[parts[4]]
        given_count, _ = mine.get(give, (0, False))
        score -= 10.0 + 20.0 * given_count / SET_SIZE[give]
        score -= _their_gain(theirs, parts[4], parts[5])
    return score


# --- winning this turn ---------------------------------------------------------------------------

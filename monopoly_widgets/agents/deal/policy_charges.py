"""``DealPolicyAgent``'s second-round rules: charge before banking, and hide complete sets
at the end of a turn (``agents/deal/policy.py`` says how they were found and measured,
and lists the second-round ideas that were not kept).
"""

from __future__ import annotations

from collections.abc import Sequence

from monopoly_widgets.agents.deal.policy_view import PolicyView, choose_without, pooled
from monopoly_widgets.core.actions import Action
from monopoly_widgets.deal.cards import COLOUR_INDEX, SET_SIZE
from monopoly_widgets.deal.properties import completes


def charge_over_bank(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Charge a rent, a debt or a birthday before banking a card.

    Rulebook (leaflet): "Rent: Charge other players rent on your property/properties
    that match the color of the Rent card"; "Debt Collector: Use this card to demand
    $5M from one other player"; "It's My Birthday: All players pay you $2M"; and "If you
    have no cards in front of you to pay with, you don't pay at all!" The heuristic
    scores a small rent (35 plus the amount) or a birthday (42) below banking a money
    card when its bank is low (40 plus the value), so with plays running out the
    charge waits a turn while the payer lays or banks what they hold. Here, when the
    heuristic would bank, the rent that collects most (what the payers have in front
    of them caps it; not doubled) is charged instead, or else a Debt Collector or a
    birthday, if anyone has something to pay with. In the coach's study of this
    agent's own games against the heuristic the coach preferred the rent in "bank,
    coach: rent" decisions (0.61 against 0.56, 0.81 against 0.69).
    """
    if not choice.id.startswith("bank:"):
        return None
    rent = _best_rent(view, legal)
    if rent is not None:
        return rent
    for action in legal:
        if action.id.startswith("debt:") or action.id == "play:It's My Birthday":
            if any(
                view.bank_total(seat) + view.table_value(seat) > 0
                for seat in range(view.players)
                if seat != view.viewer
            ):
                return action
    return None


def _best_rent(view: PolicyView, legal: Sequence[Action]) -> Action | None:
    """The rent (not doubled) that collects most, if it collects anything: each payer
    pays the amount (the label's ``$<n>M``) or all they have in front of them."""
    best: Action | None = None
    best_amount = 0
    for action in legal:
        if action.kind != "play" or not action.id.startswith("rent:"):
            continue
        if action.id.endswith((":x2", ":x4")):
            continue
        amount = int(action.text.rsplit("$", 1)[1].rstrip("M"))
        collect = sum(
            min(amount, view.bank_total(seat) + view.table_value(seat))
            for seat in range(view.players)
            if seat != view.viewer
            and (action.id.endswith(f":{seat}") or "Any-colour" not in action.id)
        )
        if collect > best_amount:
            best, best_amount = action, collect
    return best


# --- the end of a turn --------------------------------------------------------------------------
def hide_sets(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """When the turn would end, flip a wild out of a complete set, and complete no set with
    a wild: the set is whole again next turn, free.

    Leaflet, "Deal Breaker": "Steal a full set of properties from any other player"; Sly
    Deal: "You cannot steal a card from a full set"; wild cards can be flipped "any time
    on your turn" (rulebook, "Property Wild Cards"), using no play. A complete set
    left on the table over the opponent's turn is what a Deal Breaker takes whole
    (with the game, if it is one of three); with its wild flipped to another colour it
    is one card short, and the heuristic flips it back (it scores completing a set with
    a wild at 95) at the start of the next turn. The coach preferred such flips to
    ending the turn ("end turn, coach: wild", the most common kind in its study of
    this agent: 21 of 205 decisions; e.g. 0.81 against 0.79 for flipping a
    Multicolour wild out of a Dark Blue pair). The turn "would end" when the
    heuristic's choice is to end it, or is a wild move with ending it the best of the
    rest; then a set with a House or Hotel, or with a spare card, is left alone, and
    a wild never goes where it completes another set (so flips cannot go round).
    """
    if choice.kind == "move_wild":
        rest = choose_without(view, legal, "wild:")
        if rest is None or rest.id != "end_turn":
            return None
        blocked: Action | None = rest  # no set completed now: it would stand all their turn
    elif choice.id == "end_turn":
        blocked = None
    else:
        return None
    piles = {pile.label: pile for pile in view.table}
    counts, naturals = pooled(view.table)
    for action in legal:
        if action.kind != "move_wild":
            continue
        _, label, _, colour = action.id.split(":")
        pile = piles.get(label)
        if pile is None or not pile.complete or pile.house >= 0 or pile.hotel >= 0:
            continue
        if len(pile.cards) > SET_SIZE[pile.colour]:
            continue  # a card to spare: still complete without the wild
        target = COLOUR_INDEX[colour]
        if completes(counts[target] + 1, target, naturals[target]):
            continue  # would complete another set
        return action
    return blocked

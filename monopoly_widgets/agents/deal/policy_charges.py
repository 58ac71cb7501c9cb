"""``DealPolicyAgent``'s rule for charging: charge a rent, a debt or a birthday before banking
a card (``agents/deal/policy.py`` says how it was found and measured).
"""

from __future__ import annotations

from collections.abc import Sequence

from monopoly_widgets.agents.deal.policy_view import PolicyView
from monopoly_widgets.core.actions import Action


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

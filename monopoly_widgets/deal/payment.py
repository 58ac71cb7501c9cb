"""Paying debts: one card at a time, chosen by the debtor.

Rulebook, What if I Owe Another Player Money?: pay "with the money or Action
cards in your Bank OR with the Properties in front of you. It's your choice";
properties paid go to the receiver's property collection, never their hand or
bank; "There is no change"; "You never pay with cards from your hand."
What if I Run Out of Money and Properties?: "pay as much as you can. If you
have no money or Property in front of you, nothing happens."
Property Wild Cards: the multicolour wilds "cannot be used as payment".

A payment is a sequence of single-card choices (never an enumeration of
subsets), and it ends by itself once the debt is covered or nothing payable
is left. A wild paid away keeps its colour in the receiver's collection (they
may flip it on their own turn). Buildings: option ``building_payment``.
"""

from __future__ import annotations

from monopoly_widgets.core.actions import Event
from monopoly_widgets.deal.cards import COLOUR_NAMES, MULTICOLOUR_WILD, NAME, PACK_SIZE, VALUE
from monopoly_widgets.deal.labels import pile_by_label, set_labels
from monopoly_widgets.deal.properties import (
    add_property,
    can_take_hotel,
    can_take_house,
    find_card_in_pile,
    put_building,
    take_building,
    take_from_pile,
)
from monopoly_widgets.deal.rulebook import RULE_PAY
from monopoly_widgets.deal.state import DealState


def has_payable(state: DealState, player: int) -> bool:
    """True if the player has anything on the table that can pay a debt."""
    if state.banks[player]:
        return True
    allow_buildings = state.options["building_payment"] != "not_allowed"
    for pile in state.tables[player]:
        if allow_buildings and (pile.house >= 0 or pile.hotel >= 0):
            return True
        for card in pile.cards:
            if NAME[card % PACK_SIZE] != MULTICOLOUR_WILD:
                return True
    return False


def payment_choices(state: DealState, player: int) -> list[tuple[str, int]]:
    """(where, card id) for each distinct card the debtor may hand over next: where is
    "bank" or the label of a set ("Red", "Red 2"). The action id is ``pay:<where>:<name>``."""
    choices: list[tuple[str, int]] = []
    seen: list[str] = []
    for card in state.banks[player]:
        name = NAME[card % PACK_SIZE]
        if name not in seen:
            seen.append(name)
            choices.append(("bank", card))
    allow_buildings = state.options["building_payment"] != "not_allowed"
    table = state.tables[player]
    labels = set_labels(table) if table else []
    for pile, label in zip(table, labels, strict=True):
        seen_here: list[str] = []
        for card in pile.cards:
            name = NAME[card % PACK_SIZE]
            if name == MULTICOLOUR_WILD or name in seen_here:
                continue
            seen_here.append(name)
            choices.append((label, card))
        if allow_buildings:
            if pile.hotel >= 0:
                choices.append((label, pile.hotel))
            elif pile.house >= 0:
                choices.append((label, pile.house))
    return choices


def pay_one(state: DealState, debtor: int, where: str, name: str, events: list[Event]) -> None:
    """Hand one card (chosen by its place and name) from the debtor to the receiver."""
    pending = state.pending
    assert pending is not None
    receiver = pending.source
    if where == "bank":
        bank = state.banks[debtor]
        card = next(c for c in bank if NAME[c % PACK_SIZE] == name)
        bank.remove(card)
        state.banks[receiver].append(card)
        text = f"Player {debtor} pays {name} from their bank to player {receiver}'s bank."
    else:
        index = pile_by_label(state.tables[debtor], where)
        pile = state.tables[debtor][index]
        if name in ("House", "Hotel") and find_card_in_pile(pile, name) < 0:
            card = take_building(state, debtor, pile, name)
            text = _give_building(state, debtor, receiver, card)
        else:
            card = find_card_in_pile(pile, name)
            colour = take_from_pile(state, debtor, index, card, events)
            add_property(state, receiver, card, colour, events)
            text = (
                f"Player {debtor} pays {name} from their {where} set; it goes into player "
                f"{receiver}'s property collection as {COLOUR_NAMES[colour]}."
            )
    value = VALUE[card % PACK_SIZE]
    pending.paid += value
    events.append(
        Event(
            f"{text} (${pending.paid}M of ${pending.amount}M paid)",
            RULE_PAY,
            debtor,
            "pay",
            {"card": card, "value": value, "to": receiver},
        )
    )


def _give_building(state: DealState, debtor: int, receiver: int, card: int) -> str:
    """Place a building paid on its own (option: building_payment)."""
    name = NAME[card % PACK_SIZE]
    if state.options["building_payment"] == "set_or_bank":
        labels = set_labels(state.tables[receiver])
        for pile, label in zip(state.tables[receiver], labels, strict=True):
            fits = can_take_hotel(pile) if name == "Hotel" else can_take_house(pile)
            if fits:
                put_building(state, receiver, pile, card)
                return (
                    f"Player {debtor} pays with a {name}; player {receiver} puts it on their "
                    f"{label} set (option: building_payment)."
                )
    state.banks[receiver].append(card)
    return (
        f"Player {debtor} pays with a {name}; it goes to player {receiver}'s bank "
        "(option: building_payment)."
    )

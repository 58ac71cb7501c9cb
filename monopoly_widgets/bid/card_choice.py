"""Choosing the money cards of a bid (or raise) yourself, one value at a time.

Rulebook "To Auction" a: "All players, at the same time, secretly choose as many money
cards from their hand as they want." Which cards make a bid matters: the winner discards
them and keeps the rest. ``bid:T`` seals $T M in the fewest cards (``auction.cheapest_sets``);
with option ``bid_cards = "choose"`` (the default) a bidder may instead choose the cards:

* ``bid:choose`` starts the choice;
* then one decision per money value, always all of them from $5M down to $1M:
  ``bid:<value>x<count>``, e.g. ``bid:5x1`` (one $5M card) or ``bid:3x0`` (none). After the
  $1M decision the cards chosen are sealed as the bid (no card at all: no bid).

Raises work the same way (``raise:choose``, ``raise:<value>x<count>``).

Why always five steps, even for a value the hand lacks (then ``x0`` is the only choice):
every bidder who chooses takes the same number of decisions, so counting another
player's decisions tells nothing about how many cards they put in. The cards set aside so
far (``state.card_choice``) are seen only by their owner, count in their ``hand_count``
like a sealed bid, and no event is made until the bid is sealed.

The ids are few and fixed (``choose``, and one per value and count), so a fixed action
catalogue can list them all, and a person builds any set of cards in five short menus.
"""

from __future__ import annotations

from monopoly_widgets.bid.cards import MONEY_OPTION, money_name
from monopoly_widgets.bid.state import BidState
from monopoly_widgets.core.actions import Action, Event

#: The money values asked, in order: highest first.
VALUES: tuple[int, ...] = tuple(sorted(MONEY_OPTION, reverse=True))

CHOOSE = "choose"


def step_id(head: str, value: int, count: int) -> str:
    """``bid:<value>x<count>`` (or ``raise:...``)."""
    return f"{head}:{value}x{count}"


def read_step(rest: str) -> tuple[int, int] | None:
    """``(value, count)`` from the part after ``bid:``, e.g. ``"5x2"``; None if not a step."""
    value, sep, count = rest.partition("x")
    if not sep or not (value.isdigit() and count.isdigit()):
        return None
    if str(int(value)) != value or str(int(count)) != count:
        return None
    return int(value), int(count)


def choosing(state: BidState) -> bool:
    """Whether the current decider is part-way through choosing cards."""
    return state.card_choice is not None


def may_choose(state: BidState, seat: int) -> str | None:
    """``bid:choose`` / ``raise:choose``: the option allows it and the hand holds money."""
    if state.options["bid_cards"] != CHOOSE:
        return "option bid_cards = 'fewest': a bid is made of the fewest cards ('bid:<total>')"
    if not any(state.deck[c].kind == "money" for c in state.hands[seat]):
        return f"player {seat} holds no money card to choose"
    return None


def start(state: BidState) -> list[Event]:
    """Begin choosing: nothing set aside yet, the highest value asked first. No event: the
    choice is secret, and others learn only that the bid is sealed."""
    state.card_choice = []
    state.card_choice_value = VALUES[0]
    return []


def held_of_value(state: BidState, seat: int, value: int) -> list[int]:
    """The money cards of ``value`` in ``seat``'s hand, in hand order."""
    deck = state.deck
    return [c for c in state.hands[seat] if deck[c].kind == "money" and deck[c].value == value]


def zero_allowed(state: BidState, seat: int, head: str) -> bool:
    """``x0`` is always allowed, except when a raise must add a card (option
    tie_raise_must_add_card) and no lower value is left to add one from."""
    if head != "raise" or not state.options["tie_raise_must_add_card"] or state.card_choice:
        return True
    value = state.card_choice_value
    deck = state.deck
    return any(
        deck[c].kind == "money" and deck[c].value < value for c in state.hands[seat]
    ) or not any(deck[c].kind == "money" for c in state.hands[seat])


def step_check(state: BidState, seat: int, head: str, value: int, count: int) -> str | None:
    """Why ``<head>:<value>x<count>`` is not legal now (None: it is)."""
    if not choosing(state):
        return f"first choose '{head}:choose' to pick the cards yourself, then each value"
    asked = state.card_choice_value
    if value != asked:
        return f"the value asked now is ${asked}M: write '{head}:{asked}x<count>'"
    held = len(held_of_value(state, seat, value))
    if count > held:
        return f"player {seat} holds {held} {money_name(value)} card(s), not {count}"
    if count == 0 and not zero_allowed(state, seat, head):
        return (
            f"player {seat} still holds money and must add at least one money card to raise "
            "(option: tie_raise_must_add_card)"
        )
    return None


def step_actions(state: BidState, seat: int, head: str) -> list[Action]:
    """The choices for the value asked now: how many of those cards to add (0 first)."""
    value = state.card_choice_value
    held = len(held_of_value(state, seat, value))
    so_far = sum(state.deck[c].value for c in state.card_choice or [])
    last = value == VALUES[-1]
    word = "bid" if head == "bid" else "raise"
    actions = []
    for count in range(held + 1):
        if count == 0 and not zero_allowed(state, seat, head):
            continue
        if count == 0:
            text = f"Put no {money_name(value)} card into your {word}"
        else:
            cards = "card" if count == 1 else "cards"
            text = f"Put {count} {money_name(value)} {cards} into your {word}"
        if last:
            total = so_far + value * count
            text += f", and seal it (${total}M)" if total else f" (so: no {word})"
        else:
            text += f" (${so_far + value * count}M so far)"
        actions.append(Action(step_id(head, value, count), text, seat, head))
    return actions


def take_step(state: BidState, seat: int, value: int, count: int) -> list[int] | None:
    """Set ``count`` cards of ``value`` aside; after the last value, return the cards
    chosen (the bid to seal) and end the choice; before it, return None."""
    chosen = state.card_choice
    assert chosen is not None
    for card in held_of_value(state, seat, value)[:count]:
        state.hands[seat].remove(card)
        chosen.append(card)
    if value != VALUES[-1]:
        state.card_choice_value = VALUES[VALUES.index(value) + 1]
        return None
    # The cards go back into the hand: sealing takes them from there, as for ``bid:T``.
    state.hands[seat].extend(chosen)
    state.card_choice = None
    state.card_choice_value = 0
    return chosen

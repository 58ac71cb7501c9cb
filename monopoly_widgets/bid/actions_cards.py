"""Action cards: Wild!, Draw 2!, Steal!, and the Nope! answer windows.

The host may play "as many as you like" before the auction (rulebook "Action
Cards"). Each played card waits in a *chain* while every other player, in seat
order from the host's left, gets the chance to answer with a Nope! or pass
("Nope! cards may be played by any player at any time"). A Nope! is itself an
action card, so it opens a new window against itself, in which everyone but its
player may answer, the card's first player included.

When a window closes with nobody answering, the chain resolves: with an even
number of Nope!s the first card takes effect, with an odd number it is
cancelled. Every Nope! and every cancelled card goes to the discard pile
("Place cancelled action cards in the discard pile").
"""

from __future__ import annotations

from monopoly_widgets.bid import rulebook
from monopoly_widgets.bid.cards import NOPE
from monopoly_widgets.bid.state import PHASE_ACTIONS, PHASE_RESPOND, BidState, Link, PropertySet
from monopoly_widgets.bid.table import (
    check_winner,
    draw_cards,
    place_property,
)
from monopoly_widgets.core.actions import Event

RULE_OF = {
    "wild": rulebook.WILD,
    "draw2": rulebook.DRAW_TWO,
    "steal": rulebook.STEAL,
    "nope": rulebook.NOPE,
}


def find_in_hand(state: BidState, seat: int, name: str) -> int | None:
    """The first card called ``name`` in ``seat``'s hand, or None."""
    deck = state.deck
    for card in state.hands[seat]:
        if deck[card].name == name:
            return card
    return None


def play_card(state: BidState, link: Link) -> list[Event]:
    """The host plays an action card: it waits in the chain for Nope! answers."""
    state.hands[link.player].remove(link.card)
    state.action_cards_played += 1
    state.chain = [link]
    state.phase = PHASE_RESPOND
    events = [
        Event(
            f"Player {link.player} plays {describe(state, link)}.",
            RULE_OF[link.kind],
            link.player,
            "play",
            {"card": state.deck[link.card].name},
        )
    ]
    return events + open_window(state)


def describe(state: BidState, link: Link) -> str:
    """Plain words for a card in the chain ("Steal! to take Boardwalk from player 2")."""
    if link.kind == "draw2":
        return "Draw 2! (draw two cards)"
    if link.kind == "wild":
        if link.set_index is None:
            return f"Wild! to start a new {link.colour} set"
        return f"Wild! into their {link.colour} set (set {link.set_index})"
    if link.kind == "steal":
        return f"Steal! to take {link.target} from player {link.victim}"
    below = state.chain[state.chain.index(link) - 1] if link in state.chain else None
    if below is None:
        return "Nope!"
    return f"Nope! against player {below.player}'s {state.deck[below.card].name}"


# --- answer windows ---------------------------------------------------------------
def open_window(state: BidState) -> list[Event]:
    """Everyone but the newest card's player may now answer, from the host's left.

    Option ``nope_window_everyone`` (default true) asks players without a Nope!
    too, so that being asked gives nothing away.
    """
    newest = state.chain[-1].player
    everyone = state.options["nope_window_everyone"]
    state.waiting = [
        seat
        for seat in state.seats_from_left_of_host()
        if seat != newest and (everyone or find_in_hand(state, seat, NOPE) is not None)
    ]
    if not state.waiting:
        return resolve_chain(state)
    return []


def answer_nope(state: BidState, seat: int) -> list[Event]:
    """``seat`` plays a Nope! against the newest card; a new window opens against it."""
    card = find_in_hand(state, seat, NOPE)
    assert card is not None
    state.hands[seat].remove(card)
    target = state.chain[-1]
    state.chain.append(Link(seat, card, "nope"))
    events = [
        Event(
            f"Player {seat} plays Nope! to cancel player {target.player}'s "
            f"{state.deck[target.card].name}.",
            rulebook.NOPE,
            seat,
            "nope",
        )
    ]
    return events + open_window(state)


def answer_pass(state: BidState, seat: int) -> list[Event]:
    """``seat`` lets the newest card stand; once everyone has passed, the chain resolves."""
    state.waiting.pop(0)
    newest = state.chain[-1]
    events = [
        Event(
            f"Player {seat} does not answer player {newest.player}'s "
            f"{state.deck[newest.card].name}.",
            rulebook.NOPE,
            seat,
            "pass",
        )
    ]
    if not state.waiting:
        events += resolve_chain(state)
    return events


def resolve_chain(state: BidState) -> list[Event]:
    """Nobody answered the newest card: the first card happens iff the Nope!s are even."""
    chain = state.chain
    first = chain[0]
    nopes = len(chain) - 1
    state.chain = []
    state.waiting = []
    state.phase = PHASE_ACTIONS
    events: list[Event] = []
    for link in chain[1:]:
        state.discard_pile.append(link.card)
    if nopes % 2 == 1:
        state.discard_pile.append(first.card)
        events.append(
            Event(
                f"Player {first.player}'s {describe(state, first)} is cancelled by Nope! and "
                "discarded.",
                rulebook.NOPE,
                first.player,
                "cancelled",
                {"nopes": nopes},
            )
        )
        return events
    if nopes:
        events.append(
            Event(
                f"The Nope! was itself cancelled ({nopes} Nope! cards in all), so player "
                f"{first.player}'s {state.deck[first.card].name} goes ahead.",
                rulebook.NOPE,
                first.player,
                "uncancelled",
                {"nopes": nopes},
            )
        )
    return events + _take_effect(state, first)


def _take_effect(state: BidState, link: Link) -> list[Event]:
    seat = link.player
    if link.kind == "draw2":
        # "After you use an action card, place it in the discard pile": draw first.
        events = draw_cards(state, seat, 2, rulebook.DRAW_TWO, "Draw 2!")
        state.discard_pile.append(link.card)
        return events
    if link.kind == "wild":
        colour = link.colour or ""
        if link.set_index is None:
            place_new_set(state, seat, link.card, colour)
            where = f"a new {colour} set"
        else:
            state.sets[seat][link.set_index].cards.append(link.card)
            where = f"their {colour} set (set {link.set_index})"
        events = [
            Event(
                f"Player {seat}'s Wild! goes into {where}; it now counts as a {colour} "
                "property and cannot be moved.",
                rulebook.WILD,
                seat,
                "wild_placed",
                {"colour": colour},
            )
        ]
        return events + check_winner(state, seat)
    # Steal!  ASSUMPTION: a stolen Wild! keeps the colour it was placed as ("Once you place a
    # Wild! card in a set, you cannot move it"), and joins the thief's sets of that colour.
    victim = link.victim
    assert victim is not None and link.set_index is not None
    prop_set = state.sets[victim][link.set_index]
    card = next(c for c in prop_set.cards if state.deck[c].name == link.target)
    prop_set.cards.remove(card)
    colour = prop_set.colour
    if not prop_set.cards:
        del state.sets[victim][link.set_index]
    place_property(state, seat, card, colour)
    state.discard_pile.append(link.card)
    events = [
        Event(
            f"Player {seat} steals {link.target} ({colour}) from player {victim}.",
            rulebook.STEAL,
            seat,
            "steal",
            {"card": link.target, "victim": victim},
        )
    ]
    return events + check_winner(state, seat)


def place_new_set(state: BidState, seat: int, card: int, colour: str) -> None:
    """A Wild! placed to start a new set of ``colour`` (it may be the player's second)."""
    state.sets[seat].append(PropertySet(colour, [card]))

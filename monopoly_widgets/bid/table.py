"""The table: drawing (with reshuffles), placing properties, complete sets, winning.

These small helpers are shared by the auction, the action cards and setup.
"""

from __future__ import annotations

from monopoly_widgets.bid import rulebook
from monopoly_widgets.bid.cards import COLOURS
from monopoly_widgets.bid.state import PHASE_OVER, BidState, PropertySet
from monopoly_widgets.core.actions import Event
from monopoly_widgets.core.rng import make_rng


def draw_cards(state: BidState, seat: int, count: int, rule: str, why: str) -> list[Event]:
    """``seat`` draws ``count`` cards, reshuffling the discard pile when the draw pile is empty.

    Rule: "If the draw pile runs out, shuffle the discard pile ... and use that as
    the draw pile" (rulebook Tips). If both are empty the draw is skipped, and the
    event says so. The drawn cards are not named: other players cannot see them.
    """
    events: list[Event] = []
    drawn = 0
    for _ in range(count):
        if not state.draw_pile:
            if not state.discard_pile:
                events.append(
                    Event(
                        f"Player {seat} cannot draw: the draw pile and the discard pile are "
                        "both empty, so the draw is skipped.",
                        rulebook.RESHUFFLE,
                        seat,
                        "draw_skipped",
                    )
                )
                break
            events.append(reshuffle(state))
        state.hands[seat].append(state.draw_pile.pop(0))
        drawn += 1
    if drawn:
        cards = "a card" if drawn == 1 else f"{drawn} cards"
        events.insert(0, Event(f"Player {seat} draws {cards} ({why}).", rule, seat, "draw"))
    return events


def reshuffle(state: BidState) -> Event:
    """Shuffle the discard pile to make a new draw pile (``make_rng(seed, "reshuffle", n)``)."""
    state.reshuffles += 1
    pile = list(state.discard_pile)
    make_rng(state.seed, "reshuffle", state.reshuffles).shuffle(pile)
    state.draw_pile = pile
    state.discard_pile = []
    return Event(
        f"The draw pile ran out: the {len(pile)} discarded cards are shuffled into a new "
        "draw pile.",
        rulebook.RESHUFFLE,
        None,
        "reshuffle",
        {"cards": len(pile), "reshuffle": state.reshuffles},
    )


def set_is_complete(state: BidState, prop_set: PropertySet) -> bool:
    """Complete: as many cards as the set size, at least one of them a real property.

    Rules: "Sets are complete when you have every matching card in the set" and
    "You cannot make a complete set with only Wild! cards" (Wild!).
    """
    if len(prop_set.cards) < COLOURS[prop_set.colour]:
        return False
    deck = state.deck
    return any(deck[card].kind == "property" for card in prop_set.cards)


def has_room(prop_set: PropertySet) -> bool:
    """A set takes cards until it holds as many as its size (the number in the corner)."""
    return len(prop_set.cards) < COLOURS[prop_set.colour]


def complete_sets(state: BidState, seat: int) -> int:
    """How many of ``seat``'s sets are complete (what counts towards winning)."""
    return sum(1 for s in state.sets[seat] if set_is_complete(state, s))


def place_property(state: BidState, seat: int, card: int, colour: str) -> int:
    """Put a won or stolen card into ``seat``'s sets of ``colour``; return the set's index.

    ASSUMPTION (the rulebook does not say where a new card goes when a player has
    two sets of one colour): it joins the fullest set of that colour that still
    has room. Else a real property is laid beside a full set of that colour made
    only of Wild!s, as a table would: Wild! "count[s] as any one property in any
    set" and "You cannot make a complete set with only Wild! cards", so the
    property completes that set, one Wild! standing beside it (``only_wilds``).
    Else it starts a new set.
    """
    best = -1
    for index, prop_set in enumerate(state.sets[seat]):
        if prop_set.colour == colour and has_room(prop_set):
            if best < 0 or len(prop_set.cards) > len(state.sets[seat][best].cards):
                best = index
    if best < 0 and state.deck[card].kind == "property":
        best = next(
            (
                index
                for index, prop_set in enumerate(state.sets[seat])
                if prop_set.colour == colour and only_wilds(state, prop_set)
            ),
            -1,
        )
    if best < 0:
        state.sets[seat].append(PropertySet(colour, [card]))
        return len(state.sets[seat]) - 1
    state.sets[seat][best].cards.append(card)
    return best


def only_wilds(state: BidState, prop_set: PropertySet) -> bool:
    """A set of Wild! cards alone: never complete until a real property joins it."""
    return all(state.deck[card].kind != "property" for card in prop_set.cards)


def check_winner(state: BidState, seat: int) -> list[Event]:
    """End the game if ``seat`` now has enough complete sets (rule: How to Win)."""
    needed = state.options["sets_to_win"]
    if complete_sets(state, seat) < needed:
        return []
    state.winner = seat
    state.phase = PHASE_OVER
    return [
        Event(
            f"Player {seat} has {needed} complete property sets and wins the game!",
            rulebook.HOW_TO_WIN,
            seat,
            "win",
        )
    ]


def end_as_draw(state: BidState, reason: str, rule: str) -> list[Event]:
    """End the game with no winner."""
    state.phase = PHASE_OVER
    state.draw_reason = reason
    return [Event(f"The game ends as a draw: {reason}.", rule, None, "draw_game")]

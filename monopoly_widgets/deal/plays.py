"""Carrying out the turn player's choices in the play phase.

Rulebook, Playing Cards: a card from the hand is banked (an action card banked
"becomes money and can't be used as an Action card for the rest of the
game"), laid as a property, or played as an action card into the discard pile
(except House and Hotel, which go on a set). Each uses one of the 3 plays.
Double the Rent goes with a rent card and uses a play of its own
(RULES-NOTES). Moving a wild is free (Property Wild Cards).

Each kind of play has its function here, in the one shape every game's moves have
(``core.rules.CarryOut``; ``rules.CARRY_OUT`` maps each id's kind to it).

Each event's words are given as a format string and its values, worded only when someone
reads them (see ``core.actions.Event``): simulations make an event at every play.
"""

from __future__ import annotations

from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.deal.cards import (
    ACTION,
    CARD_COLOURS,
    COLOUR_INDEX,
    COLOUR_NAMES,
    NAME,
    PACK_SIZE,
    VALUE,
)
from monopoly_widgets.deal.labels import pile_by_label
from monopoly_widgets.deal.properties import (
    add_property,
    best_rent,
    find_card_in_pile,
    find_loose_card,
    is_complete,
    move_card,
    put_building,
)
from monopoly_widgets.deal.responses import begin
from monopoly_widgets.deal.rulebook import (
    RULE_BIRTHDAY,
    RULE_BREAKER,
    RULE_BUILDINGS,
    RULE_DEBT,
    RULE_FORCED,
    RULE_OUT_OF_CARDS,
    RULE_PASS_GO,
    RULE_PLAYING,
    RULE_SLY,
    RULE_WILD_MOVE,
    rent_rule,
)
from monopoly_widgets.deal.speed import id_parts
from monopoly_widgets.deal.state import DealState, Pending
from monopoly_widgets.deal.turns import draw_cards, end_turn, short_draw_text

#: The action card each targeted play uses (see the id forms in ``legal.py``).
CARD_FOR_VERB = {
    "debt": "debt_collector",
    "sly": "sly_deal",
    "forced": "forced_deal",
    "breaker": "deal_breaker",
    "house": "house",
    "hotel": "hotel",
}


def bank(state: DealState, action: Action, rest: str) -> list[Event]:
    """``bank:<card>``: the card becomes money (rulebook, Playing Cards)."""
    player, card, _ = _play_from_hand(state, action)
    state.banks[player].append(card)
    text = ("Player {} banks {} (${}M).", player, NAME[card % PACK_SIZE], VALUE[card % PACK_SIZE])
    return [Event(text, RULE_PLAYING, player, "bank")]


def lay(state: DealState, action: Action, rest: str) -> list[Event]:
    """``lay:<property>`` / ``lay:<wild>:<colour>``: a property goes on the table."""
    player, card, parts = _play_from_hand(state, action)
    events: list[Event] = []
    name = NAME[card % PACK_SIZE]
    colour = COLOUR_INDEX[parts[2]] if len(parts) > 2 else _natural_colour(card)
    add_property(state, player, card, colour, events)
    if len(parts) > 2:
        text = ("Player {} lays {} as {}.", player, name, COLOUR_NAMES[colour])
    else:
        text = ("Player {} lays {}.", player, name)
    events.append(Event(text, RULE_PLAYING, player, "lay"))
    return events


def build(state: DealState, action: Action, rest: str) -> list[Event]:
    """``house:<set>`` / ``hotel:<set>``: a building goes on one of the player's sets."""
    player, card, parts = _play_from_hand(state, action)
    pile = state.tables[player][pile_by_label(state.tables[player], parts[1])]
    put_building(state, player, pile, card)
    text = ("Player {} puts a {} on their {} set.", player, NAME[card % PACK_SIZE], parts[1])
    return [Event(text, RULE_BUILDINGS, player, "build")]


def play_action_card(state: DealState, action: Action, rest: str) -> list[Event]:
    """``play:``, ``debt:``, ``sly:``, ``forced:``, ``breaker:``: an action card goes into the
    discard pile ("play into center") and does what it says."""
    player, card, parts = _play_from_hand(state, action)
    state.discard_pile.append(card)
    events: list[Event] = []
    _play_action_card(state, player, card, parts, events)
    return events


def play_rent(state: DealState, action: Action, rest: str) -> list[Event]:
    """``rent:<card>:<colour>[:<seat>][:x2|:x4]`` (see ``_play_rent``)."""
    if state.moved_wilds:
        state.moved_wilds.clear()  # doing anything else frees the moved wilds (wild_moves)
    events: list[Event] = []
    _play_rent(state, state.turn_player, id_parts(action.id), events)
    return events


def end_the_turn(state: DealState, action: Action, rest: str) -> list[Event]:
    """``end_turn``: the next player's turn begins (``turns.end_turn``)."""
    if state.moved_wilds:
        state.moved_wilds.clear()
    events: list[Event] = []
    end_turn(state, events)
    return events


def _play_from_hand(state: DealState, action: Action) -> tuple[int, int, tuple[str, ...]]:
    """What every play of a hand card starts with: the moved wilds are freed, the card leaves
    the hand and uses one of the 3 plays. Returns (player, card, the id's parts).

    ``action.card`` is the very card the legal action was made for (the first card of that
    name in the hand), so it is used directly (``_from_hand``).
    """
    if state.moved_wilds:
        state.moved_wilds.clear()  # doing anything else frees the moved wilds (wild_moves)
    player = state.turn_player
    parts = id_parts(action.id)
    card = _from_hand(state, player, action, parts)
    state.plays_used += 1
    return player, card, parts


def _natural_colour(card: int) -> int:
    return CARD_COLOURS[card % PACK_SIZE][0]


def _from_hand(state: DealState, player: int, action: Action, parts: tuple[str, ...]) -> int:
    """Remove and return the hand card an action is about.

    That is ``action.card`` for an action listed by ``legal.py``; an action made by hand
    (say, in a test) may leave it out, and then the card is found by its name.
    """
    hand = state.hands[player]
    card = action.card
    if card is None or card not in hand:
        verb = parts[0]
        if verb in ("bank", "lay", "play"):
            card = next(c for c in hand if NAME[c % PACK_SIZE] == parts[1])
        else:
            what = CARD_FOR_VERB[verb]
            card = next(c for c in hand if ACTION[c % PACK_SIZE] == what)
    hand.remove(card)
    return card


def _play_action_card(
    state: DealState, player: int, card: int, parts: tuple[str, ...], events: list[Event]
) -> None:
    verb = parts[0]
    n = state.players
    everyone = [(player + k) % n for k in range(1, n)]
    if verb == "play" and parts[1] == "Pass Go":
        drawn = draw_cards(state, player, 2, events)
        if drawn == 2:
            text = ("Player {} plays Pass Go and draws 2 cards.", player)
            events.append(Event(text, RULE_PASS_GO, player, "pass_go"))
        else:
            text = f"Player {player} plays Pass Go and {short_draw_text(drawn, 2)}."
            events.append(Event(text, f"{RULE_PASS_GO}; {RULE_OUT_OF_CARDS}", player, "pass_go"))
        return
    if verb == "play":  # It's My Birthday
        text = ("Player {} plays It's My Birthday: every other player owes them $2M.", player)
        events.append(Event(text, RULE_BIRTHDAY, player, "action"))
        begin(state, Pending("birthday", player, [card], everyone, amount=2), events)
        return
    seat = int(parts[1])
    if verb == "debt":
        text = ("Player {} plays Debt Collector on player {}: they owe $5M.", player, seat)
        events.append(Event(text, RULE_DEBT, player, "action"))
        begin(state, Pending("debt", player, [card], [seat], amount=5), events)
        return
    their = state.tables[seat]
    if verb == "breaker":
        pile = their[pile_by_label(their, parts[2])]
        pending = Pending("deal_breaker", player, [card], [seat], take_colour=pile.colour)
        pending.take_card = pile.cards[0]
        text = ("Player {} plays Deal Breaker on player {}'s {} set.", player, seat, parts[2])
        rule = RULE_BREAKER
    else:
        colour = COLOUR_INDEX[parts[2]]
        _, take = find_loose_card(their, colour, parts[3])
        if verb == "sly":
            pending = Pending("sly_deal", player, [card], [seat], take_colour=colour)
            text = ("Player {} plays Sly Deal to take {} from player {}.", player, parts[3], seat)
            rule = RULE_SLY
        else:
            give_colour = COLOUR_INDEX[parts[4]]
            give = _givable_card(state, player, give_colour, parts[5])
            pending = Pending(
                "forced_deal", player, [card], [seat], take_colour=colour, give_colour=give_colour
            )
            pending.give_card = give
            text = (
                "Player {} plays Forced Deal: their {} for player {}'s {}.",
                player,
                parts[5],
                seat,
                parts[3],
            )
            rule = RULE_FORCED
        pending.take_card = take
    events.append(Event(text, rule, player, "action"))
    begin(state, pending, events)


def _givable_card(state: DealState, player: int, colour: int, name: str) -> int:
    """A card the player can give in a Forced Deal: a loose one first, else from a full set."""
    _, card = find_loose_card(state.tables[player], colour, name)
    if card >= 0:
        return card
    for pile in state.tables[player]:
        if pile.colour == colour and is_complete(pile):
            card = find_card_in_pile(pile, name)
            if card >= 0:
                return card
    raise LookupError(f"player {player} has no {name} in {COLOUR_NAMES[colour]}")


def _play_rent(state: DealState, player: int, parts: tuple[str, ...], events: list[Event]) -> None:
    """rent:<card>:<colour>[:<seat>][:x2|:x4]"""
    hand = state.hands[player]
    card = next(c for c in hand if NAME[c % PACK_SIZE] == parts[1])
    hand.remove(card)
    state.discard_pile.append(card)
    colour = COLOUR_INDEX[parts[2]]
    seat: int | None = None
    doubles = 0
    for extra in parts[3:]:
        if extra == "x2":
            doubles = 1
        elif extra == "x4":
            doubles = 2
        else:
            seat = int(extra)
    played = [card]
    for _ in range(doubles):
        double = next(c for c in hand if ACTION[c % PACK_SIZE] == "double_rent")
        hand.remove(double)
        state.discard_pile.append(double)
        played.append(double)
    state.plays_used += 1 + doubles
    amount = best_rent(state.tables[player], colour) << doubles
    n = state.players
    targets = [seat] if seat is not None else [(player + k) % n for k in range(1, n)]
    who = f"player {seat}" if seat is not None else "every other player"
    doubled = ("", ", doubled by Double the Rent", ", doubled twice by Double the Rent")[doubles]
    rule = rent_rule(doubles)
    text = (
        "Player {} plays {} for {}{}: {} owes ${}M.",
        player,
        parts[1],
        parts[2],
        doubled,
        who,
        amount,
    )
    events.append(Event(text, rule, player, "action", {"amount": amount, "plays": 1 + doubles}))
    begin(state, Pending("rent", player, played, targets, amount=amount, colour=colour), events)


def move_wild(state: DealState, action: Action, rest: str) -> list[Event]:
    """Move a wild (free): ``wild:<set>:<wild>:<colour>``. With option ``wild_moves`` =
    "once_between_plays" the card is remembered, so it is not offered again until the
    player does something else."""
    _, label, name, to = id_parts(action.id)
    colour = COLOUR_INDEX[to]
    player = state.turn_player
    table = state.tables[player]
    card = action.card
    index = -1
    for at, pile in enumerate(table):  # the pile that holds the wild
        if card in pile.cards:
            index = at
            break
    if index < 0:  # an action made by hand (say, in a test) may not name the card: find it by name
        index = pile_by_label(table, label)
        card = find_card_in_pile(table[index], name, state.moved_wilds)
    events: list[Event] = []
    move_card(state, player, index, card, colour, events)
    if state.options["wild_moves"] == "once_between_plays":
        state.moved_wilds.append(card)
    text = ("Player {} moves {} from their {} set to {}.", player, name, label, to)
    events.append(Event(text, RULE_WILD_MOVE, player, "move_wild"))
    return events

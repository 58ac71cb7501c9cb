"""The rule checks behind every action: each returns a reason (str) why not, or None.

Legality is written once. ``legal.py`` lists the actions whose checks pass (building
the ids from the same facts: the cards that may be stolen or given, the seats that may
be targeted, the plays left); ``illegal.py`` reads an id and returns the first failing
check's reason, or None when every check passes. A rule changed here changes both.
"""

from __future__ import annotations

from monopoly_widgets.deal.cards import (
    ACTION,
    CARD_COLOURS,
    COLOUR_INDEX,
    COLOUR_NAMES,
    KIND,
    MULTICOLOUR_IDS,
    NAME,
    PACK_SIZE,
    PLAYS_PER_TURN,
    SET_SIZE,
)
from monopoly_widgets.deal.labels import pile_by_label
from monopoly_widgets.deal.properties import (
    NO_BUILDING_COLOURS,
    best_rent,
    can_take_hotel,
    can_take_house,
    find_card_in_pile,
    is_complete,
)
from monopoly_widgets.deal.rulebook import (
    OPTION_DOUBLE_STACK,
    OPTION_FORCED_GIVE,
    OPTION_MULTICOLOUR,
    OPTION_WILD_MOVES,
    RULE_BREAKER,
    RULE_BUILDINGS,
    RULE_DOUBLE_RENT,
    RULE_FORCED,
    RULE_HOTEL,
    RULE_HOUSE,
    RULE_JSN,
    RULE_PLAYING,
    RULE_RENT_NOTES,
    RULE_SLY,
    RULE_TURN,
    RULE_WILDS,
)
from monopoly_widgets.deal.state import DealState, PropertySet

#: The ``:x2`` / ``:x4`` ending of a rent id -> how many Double the Rent cards it plays.
DOUBLES = {"x2": 1, "x4": 2}


# --- plays and cards in hand ------------------------------------------------------------------
#: ``plays_left_check``'s reason, worded once: the check runs before every decision.
_NO_PLAYS_LEFT = f"you have used your {PLAYS_PER_TURN} plays this turn ({RULE_TURN})"


def plays_left_check(state: DealState) -> str | None:
    """Rulebook, On Your Turn: "Play up to 3 cards"."""
    if state.plays_used >= PLAYS_PER_TURN:
        return _NO_PLAYS_LEFT
    return None


def hand_card(state: DealState, name: str) -> int:
    """The first card called ``name`` in the turn player's hand, or -1."""
    for card in state.hands[state.turn_player]:
        if NAME[card % PACK_SIZE] == name:
            return card
    return -1


def holds_check(state: DealState, name: str) -> str | None:
    if hand_card(state, name) < 0:
        return f"player {state.turn_player} holds no {name!r}"
    return None


def bank_check(card: int) -> str | None:
    """Rulebook, Playing Cards: money and action cards go in the bank, properties never."""
    if KIND[card % PACK_SIZE] in ("property", "wild"):
        return f"property cards never go in the bank ({RULE_PLAYING})"
    return None


def lay_check(card: int, colour: str | None) -> str | None:
    """A property is laid as its colour; a wild as one of its colours, named in the id."""
    index = card % PACK_SIZE
    name = NAME[index]
    kind = KIND[index]
    if kind not in ("property", "wild"):
        return f"{name!r} is not a property card; bank it or play it instead"
    colours = [COLOUR_NAMES[c] for c in CARD_COLOURS[index]]
    if kind == "wild" and colour is None:
        return f"choose a colour for the {name}, e.g. 'lay:{name}:{colours[0]}'"
    if kind == "property" and colour is not None:
        return f"{name} is always {colours[0]}: lay it as 'lay:{name}'"
    if colour is not None and colour not in colours:
        return f"{name} can be laid only as {' or '.join(colours)}"
    return None


def play_check(card: int) -> str | None:
    """Pass Go and It's My Birthday are played on their own; other cards need more."""
    index = card % PACK_SIZE
    what = ACTION[index]
    if what in ("pass_go", "birthday"):
        return None
    if what == "just_say_no":
        return f"Just Say No is played only as an answer to an action card against you ({RULE_JSN})"
    if what == "double_rent":
        return (
            "Double the Rent is played together with a rent card: "
            f"choose a rent action ending in ':x2' ({RULE_DOUBLE_RENT})"
        )
    if KIND[index] in ("property", "wild"):
        return f"{NAME[index]!r} is laid ('lay:...'), not played"
    if KIND[index] == "money":
        return f"{NAME[index]!r} is money: bank it"
    return f"{NAME[index]!r} is played with its own id (see the id forms in legal.py)"


def seat_check(state: DealState, text: str) -> str | None:
    """An action card is played against another player, named by seat number."""
    if not text.isdigit() or str(int(text)) != text or int(text) >= state.players:
        return f"there is no player {text!r}"
    if int(text) == state.turn_player:
        return "you cannot play an action card against yourself"
    return None


def colour_check(text: str) -> str | None:
    if text not in COLOUR_INDEX:
        return f"{text!r} is not a colour; the colours are {', '.join(COLOUR_NAMES)}"
    return None


# --- rent ----------------------------------------------------------------------------------------
def rent_check(state: DealState, card: int, parts: list[str]) -> str | None:
    """``rent:<card>:<colour>[:<seat>][:x2|:x4]``: the card charges a colour the player
    collects rent for; the any-colour card names one seat, a two-colour card none
    (RULES-NOTES, Rent cards); Double the Rent cards must be held, fit in the plays left,
    and stack only with the option ``double_rent_stack``."""
    index = card % PACK_SIZE
    what = ACTION[index]
    if what not in ("rent", "any_rent"):
        return f"{parts[1]!r} is not a rent card"
    colours = [COLOUR_NAMES[c] for c in CARD_COLOURS[index]]
    if parts[2] not in colours:
        return f"{parts[1]} charges rent only for {' or '.join(colours)}"
    if best_rent(state.tables[state.turn_player], COLOUR_INDEX[parts[2]]) == 0:
        return (
            f"you own no {parts[2]} properties that collect rent "
            "(a set made only of wilds collects none)"
        )
    extras = parts[3:]
    if what == "any_rent":
        if not extras or extras[0] in DOUBLES:
            return f"the any-colour rent card charges ONE player: name the seat ({RULE_RENT_NOTES})"
        problem = seat_check(state, extras[0])
        if problem:
            return problem
        extras = extras[1:]
    elif extras and extras[0] not in DOUBLES:
        return "a two-colour rent card charges every other player; do not name a seat"
    if len(extras) > 1 or (extras and extras[0] not in DOUBLES):
        return "a rent id ends with at most one ':x2' or ':x4' (after the seat, if any)"
    doubles = DOUBLES[extras[0]] if extras else 0
    return doubles_check(state, doubles)


def double_rents_held(state: DealState) -> int:
    return sum(1 for c in state.hands[state.turn_player] if ACTION[c % PACK_SIZE] == "double_rent")


def doubles_check(state: DealState, doubles: int) -> str | None:
    if not doubles:
        return None
    if double_rents_held(state) < doubles:
        return "you do not hold enough Double the Rent cards"
    if doubles > 1 and not state.options["double_rent_stack"]:
        return f"two Double the Rent cards may not stack ({OPTION_DOUBLE_STACK})"
    if doubles > max_doubles(state, doubles):  # only the plays left can limit them now
        return (
            f"a rent card with Double the Rent uses {1 + doubles} plays and you have "
            f"{PLAYS_PER_TURN - state.plays_used} left ({RULE_TURN})"
        )
    return None


def max_doubles(state: DealState, held: int) -> int:
    """How many of ``held`` Double the Rent cards may go with one rent card now: each uses a
    play besides the rent card's (rulebook, Double the Rent, and On Your Turn: 3 plays), and
    two only with the option ``double_rent_stack``. ``doubles_check`` says why not."""
    most = min(held, PLAYS_PER_TURN - state.plays_used - 1)
    if most > 1 and not state.options["double_rent_stack"]:
        most = 1
    return most


# --- stealing and swapping ------------------------------------------------------------------------
def stealable_cards(table: list[PropertySet]) -> tuple[tuple[int, str], ...]:
    """(colour, card name) of each distinct card not in a full set: what a Sly Deal or a
    Forced Deal may take (rulebook: "Cannot be part of a full set")."""
    found: list[tuple[int, str]] = []
    for pile in table:
        colour = pile.colour
        if len(pile.cards) >= SET_SIZE[colour] and is_complete(pile):
            continue
        for card in pile.cards:
            key = (colour, NAME[card % PACK_SIZE])
            if key not in found:
                found.append(key)
    return tuple(found)


def givable_cards(state: DealState, player: int) -> tuple[tuple[int, str], ...]:
    """(colour, card name) of each distinct card the player may give in a Forced Deal
    (from a full set only with the option forced_deal_give_from_full_set)."""
    if state.options["forced_deal_give_from_full_set"]:
        found: list[tuple[int, str]] = []
        for pile in state.tables[player]:
            for card in pile.cards:
                key = (pile.colour, NAME[card % PACK_SIZE])
                if key not in found:
                    found.append(key)
        return tuple(found)
    return stealable_cards(state.tables[player])


def take_check(state: DealState, seat: int, colour: str, name: str, card_name: str) -> str | None:
    """The card a Sly Deal or Forced Deal takes: in ``stealable_cards`` of the victim."""
    problem = colour_check(colour)
    if problem:
        return problem
    table = state.tables[seat]
    if (COLOUR_INDEX[colour], name) in stealable_cards(table):
        return None
    rule = RULE_SLY if card_name == "Sly Deal" else RULE_FORCED
    if _in_pile_of(table, COLOUR_INDEX[colour], name):
        return f"{card_name} cannot take a card from a full set ({rule})"
    return f"player {seat} has no {name!r} in {colour}"


def give_check(state: DealState, colour: str, name: str) -> str | None:
    """The card given in a Forced Deal: in ``givable_cards`` of the player."""
    problem = colour_check(colour)
    if problem:
        return problem
    player = state.turn_player
    if (COLOUR_INDEX[colour], name) in givable_cards(state, player):
        return None
    if _in_pile_of(state.tables[player], COLOUR_INDEX[colour], name):
        return (
            "the card you give in a Forced Deal may not come from your own full set "
            f"({OPTION_FORCED_GIVE})"
        )
    return f"you have no {name!r} in {colour} to give"


def _in_pile_of(table: list[PropertySet], colour: int, name: str) -> bool:
    return any(p.colour == colour and find_card_in_pile(p, name) >= 0 for p in table)


def breaker_check(state: DealState, seat: int, label: str) -> str | None:
    """Rulebook, Deal Breaker: "Steal a complete set"."""
    table = state.tables[seat]
    index = pile_by_label(table, label)
    if index < 0:
        return f"player {seat} has no set called {label!r}"
    if not is_complete(table[index]):
        return f"Deal Breaker takes only a complete set ({RULE_BREAKER})"
    return None


def building_check(state: DealState, verb: str, label: str) -> str | None:
    """House and Hotel: on a complete set (not Railroads or Utilities), one of each, the
    Hotel after the House (``can_take_house`` / ``can_take_hotel``)."""
    table = state.tables[state.turn_player]
    index = pile_by_label(table, label)
    if index < 0:
        return f"you have no set called {label!r}"
    pile = table[index]
    if (can_take_house if verb == "house" else can_take_hotel)(pile):
        return None
    if pile.colour in NO_BUILDING_COLOURS:
        return f"Houses and Hotels cannot go on Railroads or Utilities ({RULE_HOUSE})"
    if not is_complete(pile):
        return f"Houses and Hotels go only on complete sets ({RULE_BUILDINGS})"
    if verb == "house":
        return f"a set may have only one House ({RULE_BUILDINGS})"
    if pile.house < 0:
        return f"a Hotel needs a House on the set first ({RULE_HOTEL})"
    return f"a set may have only one Hotel ({RULE_BUILDINGS})"


# --- moving wilds ------------------------------------------------------------------------------
def multicolour_may_go(state: DealState, table: list[PropertySet], colour: int) -> bool:
    """A multicolour wild moves only to a colour in which its owner has a set, unless the
    option ``multicolour_wild_moves_to`` is "any_colour"."""
    if state.options["multicolour_wild_moves_to"] == "any_colour":
        return True
    return any(pile.colour == colour for pile in table)


def wild_move_check(state: DealState, label: str, name: str, colour: str) -> str | None:
    """``wild:<set>:<wild>:<colour>``: a wild of that set, not just moved (option
    ``wild_moves``), to another of its colours (``multicolour_may_go``)."""
    table = state.tables[state.turn_player]
    index = pile_by_label(table, label)
    if index < 0:
        return f"you have no set called {label!r}"
    pile = table[index]
    card = find_card_in_pile(pile, name)
    if card < 0 or KIND[card % PACK_SIZE] != "wild":
        return f"your {label} set has no wild called {name!r}"
    colours = [COLOUR_NAMES[c] for c in CARD_COLOURS[card % PACK_SIZE]]
    if colour not in colours:
        return f"{name} can only be {' or '.join(colours)}"
    if find_card_in_pile(pile, name, state.moved_wilds) < 0:
        return (
            f"you already moved {name}; it can move again after you do something else "
            f"({OPTION_WILD_MOVES})"
        )
    to = COLOUR_INDEX[colour]
    if to == pile.colour:
        return f"{name} is already {colour}"
    if card in MULTICOLOUR_IDS and not multicolour_may_go(state, table, to):
        return (
            f"a Multicolour wild moves only to a colour in which you have a set "
            f"({OPTION_MULTICOLOUR}; {RULE_WILDS})"
        )
    return None

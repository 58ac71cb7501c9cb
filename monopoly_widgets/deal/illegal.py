"""Why an action id is not legal now, in plain words (the ``IllegalActionError`` message).

Only called after ``Game`` found the id is not among the legal actions, so
speed does not matter here; clarity does. Each reason names the rule.
"""

from __future__ import annotations

from monopoly_widgets.deal.cards import (
    ACTION,
    CARD_COLOURS,
    COLOUR_INDEX,
    COLOUR_NAMES,
    KIND,
    MULTICOLOUR_WILD,
    NAME,
    PACK_SIZE,
    PLAYS_PER_TURN,
)
from monopoly_widgets.deal.properties import (
    NO_BUILDING_COLOURS,
    best_rent,
    find_card_in_pile,
    is_complete,
    pile_by_label,
)
from monopoly_widgets.deal.responses import may_say_no
from monopoly_widgets.deal.state import (
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PAY,
    PHASE_PLAY,
    PHASE_RESPOND,
    DealState,
)

PLAY_VERBS = ("bank", "lay", "play", "debt", "rent", "sly", "forced", "breaker", "house", "hotel")
ALL_VERBS = (*PLAY_VERBS, "wild", "end_turn", "jsn", "accept", "pay", "discard")
RULE_TURN = "rulebook: On Your Turn"


def why_illegal(state: DealState, action_id: str) -> str:
    """A reason why ``action_id`` cannot be played now."""
    if state.phase == PHASE_OVER:
        return "the game is over"
    parts = action_id.split(":")
    verb = parts[0]
    if verb not in ALL_VERBS:
        return (
            f"unknown action id {action_id!r}; ids look like 'bank:$1M', 'lay:Boardwalk', "
            "'sly:1:Dark Blue:Boardwalk', 'pay:bank:$2M' or 'end_turn'"
        )
    wrong_time = _wrong_phase(state, verb)
    if wrong_time:
        return wrong_time
    if state.phase == PHASE_PLAY:
        return _play_reason(state, parts) or _fallback(action_id)
    if state.phase == PHASE_PAY:
        return _pay_reason(state, parts) or _fallback(action_id)
    if state.phase == PHASE_DISCARD:
        name = parts[1] if len(parts) > 1 else ""
        return f"player {state.turn_player} holds no {name!r} to discard"
    return _fallback(action_id)


def _fallback(action_id: str) -> str:
    return f"{action_id!r} is not one of the legal actions now (see game.legal_actions())"


def _wrong_phase(state: DealState, verb: str) -> str:
    """The reason when the action belongs to another kind of decision than the current one."""
    phase = state.phase
    pending = state.pending
    if phase == PHASE_PLAY:
        if verb in ("jsn", "accept"):
            return "nothing is waiting for a Just Say No answer now"
        if verb == "pay":
            return "nobody owes anything now"
        if verb == "discard":
            return (
                "you discard only at the end of your turn when holding more than 7 cards "
                f"({RULE_TURN})"
            )
        return ""
    if phase == PHASE_DISCARD:
        if verb == "discard":
            return ""
        return f"player {state.turn_player} must first discard down to 7 cards ({RULE_TURN})"
    assert pending is not None
    if phase == PHASE_PAY:
        if verb == "pay":
            return ""
        debtor = pending.targets[0]
        return (
            f"it is player {debtor}'s turn to pay (${pending.paid}M of ${pending.amount}M paid)"
            + (
                "; wilds are moved only on their owner's own turn, outside a payment"
                if verb == "wild"
                else ""
            )
        )
    assert phase == PHASE_RESPOND
    if verb in ("jsn", "accept"):
        if verb == "jsn" and not may_say_no(state, pending.responder):
            return f"player {pending.responder} has no Just Say No to play"
        return ""
    return (
        f"player {pending.responder} must first decide whether to answer with Just Say No "
        "(rulebook: Just Say No)"
    )


def _hand_card(state: DealState, name: str) -> int:
    for card in state.hands[state.turn_player]:
        if NAME[card % PACK_SIZE] == name:
            return card
    return -1


def _seat(state: DealState, text: str) -> tuple[int, str]:
    if not text.isdigit() or int(text) >= state.players:
        return -1, f"there is no player {text!r}"
    seat = int(text)
    if seat == state.turn_player:
        return -1, "you cannot play an action card against yourself"
    return seat, ""


def _play_reason(state: DealState, parts: list[str]) -> str:
    verb = parts[0]
    player = state.turn_player
    if verb in ("end_turn", "wild"):
        return _wild_reason(state, parts) if verb == "wild" else ""
    if state.plays_used >= PLAYS_PER_TURN:
        return f"you have used your {PLAYS_PER_TURN} plays this turn ({RULE_TURN})"
    needs = {
        "debt": "Debt Collector",
        "sly": "Sly Deal",
        "forced": "Forced Deal",
        "breaker": "Deal Breaker",
        "house": "House",
        "hotel": "Hotel",
    }
    if verb in needs:
        if _hand_card(state, needs[verb]) < 0:
            return f"player {player} holds no {needs[verb]!r}"
    elif len(parts) > 1 and _hand_card(state, parts[1]) < 0:
        return f"player {player} holds no {parts[1]!r}"
    if verb == "bank" and len(parts) == 2:
        if KIND[_hand_card(state, parts[1]) % PACK_SIZE] in ("property", "wild"):
            return "property cards never go in the bank (rulebook: Playing Cards)"
    if verb == "lay":
        return _lay_reason(state, parts)
    if verb == "play" and len(parts) == 2:
        what = ACTION[_hand_card(state, parts[1]) % PACK_SIZE]
        if what == "just_say_no":
            return "Just Say No is played only as an answer to an action card against you"
        if what == "double_rent":
            return (
                "Double the Rent is played together with a rent card: "
                "choose a rent action ending in ':x2' (rulebook: Double the Rent)"
            )
    if verb == "rent":
        return _rent_reason(state, parts)
    if verb in ("sly", "forced", "breaker") and len(parts) >= 3:
        return _steal_reason(state, parts)
    if verb in ("house", "hotel") and len(parts) == 2:
        return _building_reason(state, verb, parts[1])
    if verb == "debt" and len(parts) == 2:
        return _seat(state, parts[1])[1]
    return ""


def _lay_reason(state: DealState, parts: list[str]) -> str:
    card = _hand_card(state, parts[1])
    index = card % PACK_SIZE
    if KIND[index] not in ("property", "wild"):
        return f"{parts[1]!r} is not a property card; bank it or play it instead"
    if KIND[index] == "wild" and len(parts) == 2:
        return f"choose a colour for the {parts[1]}, e.g. 'lay:{parts[1]}:{_colours(index)[0]}'"
    if len(parts) == 3 and parts[2] not in _colours(index):
        return f"{parts[1]} can be laid only as {' or '.join(_colours(index))}"
    return ""


def _colours(index: int) -> list[str]:
    return [COLOUR_NAMES[c] for c in CARD_COLOURS[index]]


def _rent_reason(state: DealState, parts: list[str]) -> str:
    if len(parts) < 3:
        return "a rent action names the card and the colour, e.g. 'rent:Pink/Orange rent:Orange'"
    index = _hand_card(state, parts[1]) % PACK_SIZE
    if ACTION[index] not in ("rent", "any_rent"):
        return f"{parts[1]!r} is not a rent card"
    if parts[2] not in _colours(index):
        return f"{parts[1]} charges rent only for {' or '.join(_colours(index))}"
    colour = COLOUR_INDEX[parts[2]]
    if best_rent(state.tables[state.turn_player], colour) == 0:
        return (
            f"you own no {parts[2]} properties that collect rent "
            "(a set made only of wilds collects none)"
        )
    extras = parts[3:]
    doubles = extras.count("x2") + 2 * extras.count("x4")
    if doubles:
        held = sum(
            1 for c in state.hands[state.turn_player] if ACTION[c % PACK_SIZE] == "double_rent"
        )
        if held < doubles:
            return "you do not hold enough Double the Rent cards"
        if doubles > 1 and not state.options["double_rent_stack"]:
            return "two Double the Rent cards may not stack (option: double_rent_stack)"
        if state.plays_used + 1 + doubles > PLAYS_PER_TURN:
            return (
                "a rent card with Double the Rent uses "
                f"{1 + doubles} plays and you have {PLAYS_PER_TURN - state.plays_used} left"
            )
    seats = [e for e in extras if e not in ("x2", "x4")]
    if ACTION[index] == "any_rent" and not seats:
        return "the any-colour rent card charges ONE player: name the seat (RULES-NOTES: Rent)"
    if ACTION[index] == "rent" and seats:
        return "a two-colour rent card charges every other player; do not name a seat"
    if seats:
        return _seat(state, seats[0])[1]
    return ""


def _steal_reason(state: DealState, parts: list[str]) -> str:
    verb = parts[0]
    seat, problem = _seat(state, parts[1])
    if problem:
        return problem
    table = state.tables[seat]
    if verb == "breaker":
        index = pile_by_label(table, parts[2])
        if index < 0:
            return f"player {seat} has no set called {parts[2]!r}"
        if not is_complete(table[index]):
            return "Deal Breaker takes only a complete set (rulebook: Deal Breaker)"
        return ""
    if len(parts) < 4:
        return ""
    card_name = "Sly Deal" if verb == "sly" else "Forced Deal"
    colour = COLOUR_INDEX.get(parts[2], -1)
    in_full = in_loose = False
    for pile in table:
        if pile.colour == colour and find_card_in_pile(pile, parts[3]) >= 0:
            if is_complete(pile):
                in_full = True
            else:
                in_loose = True
    if in_full and not in_loose:
        return f"{card_name} cannot take a card from a full set (rulebook: {card_name})"
    if not in_loose:
        return f"player {seat} has no {parts[3]!r} in {parts[2]}"
    if verb == "forced" and len(parts) >= 6:
        mine = state.tables[state.turn_player]
        colour = COLOUR_INDEX.get(parts[4], -1)
        piles = [p for p in mine if p.colour == colour and find_card_in_pile(p, parts[5]) >= 0]
        if not piles:
            return f"you have no {parts[5]!r} in {parts[4]} to give"
        if all(is_complete(p) for p in piles):
            return (
                "the card you give in a Forced Deal may not come from your own full set "
                "(option: forced_deal_give_from_full_set)"
            )
    return ""


def _building_reason(state: DealState, verb: str, label: str) -> str:
    table = state.tables[state.turn_player]
    index = pile_by_label(table, label)
    if index < 0:
        return f"you have no set called {label!r}"
    pile = table[index]
    if pile.colour in NO_BUILDING_COLOURS:
        return "Houses and Hotels cannot go on Railroads or Utilities (rulebook: House)"
    if not is_complete(pile):
        return "Houses and Hotels go only on complete sets (rulebook: House and Hotel Cards)"
    if verb == "house" and pile.house >= 0:
        return "a set may have only one House (rulebook: House and Hotel Cards)"
    if verb == "hotel" and pile.house < 0:
        return "a Hotel needs a House on the set first (rulebook: Hotel)"
    if verb == "hotel" and pile.hotel >= 0:
        return "a set may have only one Hotel (rulebook: House and Hotel Cards)"
    return ""


def _wild_reason(state: DealState, parts: list[str]) -> str:
    if len(parts) != 4:
        return "a wild move looks like 'wild:<set>:<wild card>:<colour>'"
    table = state.tables[state.turn_player]
    index = pile_by_label(table, parts[1])
    if index < 0:
        return f"you have no set called {parts[1]!r}"
    card = find_card_in_pile(table[index], parts[2])
    if card < 0 or KIND[card % PACK_SIZE] != "wild":
        return f"your {parts[1]} set has no wild called {parts[2]!r}"
    if parts[3] not in _colours(card % PACK_SIZE):
        return f"{parts[2]} can only be {' or '.join(_colours(card % PACK_SIZE))}"
    if find_card_in_pile(table[index], parts[2], state.moved_wilds) < 0:
        return (
            f"you already moved {parts[2]}; it can move again after you do something else "
            "(option: wild_moves)"
        )
    return f"{parts[2]} is already {parts[3]}"


def _pay_reason(state: DealState, parts: list[str]) -> str:
    pending = state.pending
    assert pending is not None
    debtor = pending.targets[0]
    if len(parts) < 3:
        return "a payment looks like 'pay:bank:$2M' or 'pay:<set>:<card>'"
    where, name = parts[1], ":".join(parts[2:])
    if name == MULTICOLOUR_WILD:
        return (
            "the Multicolour wild has no cash value and cannot be used to pay "
            "(rulebook: Property Wild Cards)"
        )
    if where == "bank":
        if not any(NAME[c % PACK_SIZE] == name for c in state.banks[debtor]):
            return f"player {debtor} has no {name!r} in their bank"
        return ""
    table = state.tables[debtor]
    index = pile_by_label(table, where)
    if index < 0:
        return f"player {debtor} has no set called {where!r}"
    if name in ("House", "Hotel"):
        if state.options["building_payment"] == "not_allowed":
            return "Houses and Hotels cannot be paid on their own (option: building_payment)"
        if name == "House" and table[index].hotel >= 0:
            return "pay with the Hotel before the House it stands on"
        return f"player {debtor}'s {where} set has no {name}"
    return f"player {debtor}'s {where} set has no {name!r}; you never pay from your hand"

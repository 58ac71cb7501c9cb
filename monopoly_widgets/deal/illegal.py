"""Why an action id is not legal now, in plain words: None when it is legal.

The id is read part by part (the id forms are listed in ``legal.py``) and put through
the same rule checks ``legal.py`` lists the legal actions with (``checks.py``): the
first failing check's reason is returned, or None when every check passes. Each reason
names the rule it follows.
"""

from __future__ import annotations

from monopoly_widgets.deal.cards import MULTICOLOUR_WILD, NAME, PACK_SIZE, PLAYS_PER_TURN
from monopoly_widgets.deal.checks import (
    bank_check,
    breaker_check,
    building_check,
    give_check,
    hand_card,
    holds_check,
    lay_check,
    play_check,
    plays_left_check,
    rent_check,
    seat_check,
    take_check,
    wild_move_check,
)
from monopoly_widgets.deal.labels import pile_by_label
from monopoly_widgets.deal.payment import payment_choices
from monopoly_widgets.deal.responses import jsn_in_hand, may_say_no
from monopoly_widgets.deal.rulebook import (
    OPTION_BUILDING_PAYMENT,
    OPTION_JSN_PLAY,
    RULE_JSN,
    RULE_TURN,
    RULE_WILDS,
)
from monopoly_widgets.deal.state import (
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PAY,
    PHASE_PLAY,
    PHASE_RESPOND,
    DealState,
)

#: Each verb's id form, and how many ``:``-separated parts it has (low, high).
FORMS: dict[str, tuple[str, int, int]] = {
    "bank": ("bank:<card>", 2, 2),
    "lay": ("lay:<property> or lay:<wild>:<colour>", 2, 3),
    "play": ("play:Pass Go or play:It's My Birthday", 2, 2),
    "debt": ("debt:<seat>", 2, 2),
    "rent": ("rent:<rent card>:<colour>[:<seat>][:x2|:x4]", 3, 5),
    "sly": ("sly:<seat>:<colour>:<property>", 4, 4),
    "forced": ("forced:<seat>:<colour>:<property>:<my colour>:<my property>", 6, 6),
    "breaker": ("breaker:<seat>:<set>", 3, 3),
    "house": ("house:<set>", 2, 2),
    "hotel": ("hotel:<set>", 2, 2),
    "wild": ("wild:<set>:<wild>:<colour>", 4, 4),
    "end_turn": ("end_turn", 1, 1),
    "jsn": ("jsn", 1, 1),
    "accept": ("accept", 1, 1),
    "pay": ("pay:bank:<card> or pay:<set>:<card>", 3, 3),
    "discard": ("discard:<card>", 2, 2),
}
#: Plays from the hand: each uses one of the turn's plays.
HAND_PLAYS = ("bank", "lay", "play", "debt", "rent", "sly", "forced", "breaker", "house", "hotel")
#: The action card each targeted play needs in the hand.
CARD_FOR_VERB = {
    "debt": "Debt Collector",
    "sly": "Sly Deal",
    "forced": "Forced Deal",
    "breaker": "Deal Breaker",
    "house": "House",
    "hotel": "Hotel",
}


def why_illegal(state: DealState, action_id: str) -> str | None:
    """Why ``action_id`` cannot be played now, or None if it is one of the legal actions."""
    if state.phase == PHASE_OVER:
        return "the game is over"
    parts = action_id.split(":")
    verb = parts[0]
    if verb not in FORMS:
        return (
            f"unknown action id {action_id!r}; ids look like 'bank:$1M', 'lay:Boardwalk', "
            "'sly:1:Dark Blue:Boardwalk', 'pay:bank:$2M' or 'end_turn'"
        )
    wrong_time = _wrong_phase(state, verb)
    if wrong_time:
        return wrong_time
    form, low, high = FORMS[verb]
    if not low <= len(parts) <= high:
        return f"{action_id!r} is not a {verb!r} action; they look like {form!r}"
    if state.phase == PHASE_PLAY:
        return _play_reason(state, parts)
    if state.phase == PHASE_PAY:
        return _pay_reason(state, parts)
    if state.phase == PHASE_DISCARD:
        if hand_card(state, parts[1]) < 0:
            return f"player {state.turn_player} holds no {parts[1]!r} to discard"
        return None
    return None  # PHASE_RESPOND: "jsn" (checked in _wrong_phase) or "accept"


def _wrong_phase(state: DealState, verb: str) -> str | None:
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
        return None
    if phase == PHASE_DISCARD:
        if verb == "discard":
            return None
        return f"player {state.turn_player} must first discard down to 7 cards ({RULE_TURN})"
    assert pending is not None
    if phase == PHASE_PAY:
        if verb == "pay":
            return None
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
            if jsn_in_hand(state, pending.responder) >= 0:  # the turn player, out of plays
                return (
                    f"player {pending.responder} has used all {PLAYS_PER_TURN} plays of the "
                    f"turn ({OPTION_JSN_PLAY})"
                )
            return f"player {pending.responder} has no Just Say No to play"
        return None
    return (
        f"player {pending.responder} must first decide whether to answer with Just Say No "
        f"({RULE_JSN})"
    )


def _play_reason(state: DealState, parts: list[str]) -> str | None:
    """The checks of a play-phase id, in the order a player would think of them."""
    verb = parts[0]
    if verb == "end_turn":
        return None
    if verb == "wild":
        return wild_move_check(state, parts[1], parts[2], parts[3])
    problem = plays_left_check(state)
    if problem:
        return problem
    needs = CARD_FOR_VERB.get(verb, parts[1])
    problem = holds_check(state, needs)
    if problem:
        return problem
    card = hand_card(state, needs)
    if verb == "bank":
        return bank_check(card)
    if verb == "lay":
        return lay_check(card, parts[2] if len(parts) == 3 else None)
    if verb == "play":
        return play_check(card)
    if verb == "rent":
        return rent_check(state, card, parts)
    if verb in ("house", "hotel"):
        return building_check(state, verb, parts[1])
    problem = seat_check(state, parts[1])
    if problem or verb == "debt":
        return problem
    seat = int(parts[1])
    if verb == "breaker":
        return breaker_check(state, seat, parts[2])
    problem = take_check(state, seat, parts[2], parts[3], needs)
    if problem or verb == "sly":
        return problem
    return give_check(state, parts[4], parts[5])


def _pay_reason(state: DealState, parts: list[str]) -> str | None:
    """``pay:<where>:<card>``: one of the debtor's ``payment_choices`` (rulebook: What if I
    Owe Another Player Money?)."""
    pending = state.pending
    assert pending is not None
    debtor = pending.targets[0]
    where, name = parts[1], parts[2]
    choices = payment_choices(state, debtor)
    if any(w == where and NAME[c % PACK_SIZE] == name for w, c in choices):
        return None
    if name == MULTICOLOUR_WILD:
        return f"the Multicolour wild has no cash value and cannot be used to pay ({RULE_WILDS})"
    if where == "bank":
        return f"player {debtor} has no {name!r} in their bank"
    table = state.tables[debtor]
    index = pile_by_label(table, where)
    if index < 0:
        return f"player {debtor} has no set called {where!r}"
    if name in ("House", "Hotel"):
        if state.options["building_payment"] == "not_allowed":
            return f"Houses and Hotels cannot be paid on their own ({OPTION_BUILDING_PAYMENT})"
        if name == "House" and table[index].hotel >= 0:
            return "pay with the Hotel before the House it stands on"
        return f"player {debtor}'s {where} set has no {name}"
    return f"player {debtor}'s {where} set has no {name!r}; you never pay from your hand"

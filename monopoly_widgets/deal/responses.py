"""Action cards played against other players: Just Say No chains, then the effect.

Rulebook, Just Say No: "Play any time to cancel the effect of any Action card
played against you. If that player has another Just Say No card, they can use
it to cancel yours". RULES-NOTES: chains go to any depth, and each player
answers only for themselves (against It's My Birthday or a two-colour rent,
every opponent decides separately, one after the other from the acting
player's left).

For each target in turn, the player who may answer next chooses "jsn" or
"accept". Who is asked follows the option ``ask_every_target``: by default
everyone who may answer is, whatever is in their hand (RULES-NOTES, "Hidden
information in answers": being asked must not tell the table who holds a Just
Say No; a player without one can only accept); with ``False`` only a holder is
asked. Either way a turn player with no play left (option
``just_say_no_uses_play_on_own_turn``) is not asked: everyone can see that.
An even number of Just Say Nos leaves the action standing (the target pays, or
the card is taken); an odd number cancels it for that target. Payments then
follow ``payment.py``.
"""

from __future__ import annotations

from monopoly_widgets.core.actions import Event
from monopoly_widgets.deal.cards import (
    COLOUR_NAMES,
    JUST_SAY_NO_IDS,
    NAME,
    PACK_SIZE,
    PLAYS_PER_TURN,
)
from monopoly_widgets.deal.payment import has_payable
from monopoly_widgets.deal.properties import add_property, move_pile, take_from_pile
from monopoly_widgets.deal.rulebook import RULE_BROKE, RULE_JSN, RULES_BY_KIND, jsn_rule
from monopoly_widgets.deal.state import (
    PHASE_OVER,
    PHASE_PAY,
    PHASE_PLAY,
    PHASE_RESPOND,
    DealState,
    Pending,
)

PAYMENT_KINDS = frozenset({"rent", "debt", "birthday"})


def jsn_in_hand(state: DealState, player: int) -> int:
    """The id of a Just Say No in the player's hand (the first), or -1. Every target is asked
    (option ``ask_every_target``), and most hold none: one set test says so."""
    hand = state.hands[player]
    if JUST_SAY_NO_IDS.isdisjoint(hand):
        return -1
    return next(card for card in hand if card in JUST_SAY_NO_IDS)


def may_say_no(state: DealState, player: int) -> bool:
    """Can ``player`` answer now? They need a Just Say No, and a play left if it is their turn
    and the option ``just_say_no_uses_play_on_own_turn`` is on."""
    if jsn_in_hand(state, player) < 0:
        return False
    if player == state.turn_player and state.options["just_say_no_uses_play_on_own_turn"]:
        return state.plays_used < PLAYS_PER_TURN
    return True


def is_asked(state: DealState, player: int) -> bool:
    """Does ``player`` get a "jsn or accept" decision now? (option ``ask_every_target``)

    Under the default every player who may answer is asked, so the question reveals
    nothing about their hand; only a turn player whose plays are used up (public) is
    passed over. Under ``False`` only a player who can play a Just Say No is asked."""
    if not state.options["ask_every_target"]:
        return may_say_no(state, player)
    if player == state.turn_player and state.options["just_say_no_uses_play_on_own_turn"]:
        return state.plays_used < PLAYS_PER_TURN
    return True


def begin(state: DealState, pending: Pending, events: list[Event]) -> None:
    """Start resolving an action card against its targets."""
    state.pending = pending
    state.phase = PHASE_RESPOND
    advance(state, events)


def say_no(state: DealState, events: list[Event]) -> None:
    """The current responder plays a Just Say No."""
    pending = state.pending
    assert pending is not None
    player = pending.responder
    card = jsn_in_hand(state, player)
    state.hands[player].remove(card)
    state.discard_pile.append(card)
    uses_play = player == state.turn_player and state.options["just_say_no_uses_play_on_own_turn"]
    if uses_play:
        state.plays_used += 1
    rule = jsn_rule(uses_play)
    pending.jsn += 1
    target = pending.targets[0]
    if pending.jsn % 2 == 1:  # odd: always the target answering
        text = f"Player {player} plays Just Say No: the {describe(pending)} is cancelled for them."
    else:
        text = (
            f"Player {player} plays Just Say No against player {target}'s Just Say No: "
            f"the {describe(pending)} stands again."
        )
    events.append(Event(text, rule, player, "just_say_no", {"depth": pending.jsn}))
    advance(state, events)


def accept(state: DealState, events: list[Event]) -> None:
    """The current responder lets things stand: no (further) Just Say No."""
    pending = state.pending
    assert pending is not None
    player = pending.responder
    if pending.jsn % 2 == 0:
        text = ("Player {} does not say no to the {}.", player, describe(pending))
    else:
        text = ("Player {} accepts the Just Say No.", player)
    events.append(Event(text, RULE_JSN, player, "accept"))
    _settle_answers(state, events)
    advance(state, events)


def advance(state: DealState, events: list[Event]) -> None:
    """Resolve everything that needs no decision, stopping at the next real choice."""
    while state.phase == PHASE_RESPOND or state.phase == PHASE_PAY:
        pending = state.pending
        assert pending is not None
        if not pending.targets:
            state.pending = None
            state.phase = PHASE_PLAY
            return
        if state.phase == PHASE_RESPOND:
            if is_asked(state, pending.responder):
                return
            _settle_answers(state, events)
            continue
        target = pending.targets[0]
        if pending.paid >= pending.amount:
            _next_target(state)
            continue
        if not has_payable(state, target):
            if pending.paid == 0:
                text = f"Player {target} has nothing on the table to pay with: nothing happens."
            else:
                text = (
                    f"Player {target} has nothing more to pay with; the rest "
                    f"(${pending.amount - pending.paid}M) is forgiven."
                )
            events.append(Event(text, RULE_BROKE, target, "pay_shortfall"))
            _next_target(state)
            continue
        return


def _settle_answers(state: DealState, events: list[Event]) -> None:
    """No more Just Say Nos for the current target: cancel, demand payment, or take the card."""
    pending = state.pending
    assert pending is not None
    target = pending.targets[0]
    if pending.jsn % 2 == 1:
        events.append(
            Event(
                f"The {describe(pending)} is cancelled for player {target}.",
                RULE_JSN,
                target,
                "cancelled",
            )
        )
        _next_target(state)
        return
    if pending.kind in PAYMENT_KINDS:
        state.phase = PHASE_PAY
        pending.paid = 0
        events.append(
            Event(
                f"Player {target} owes player {pending.source} ${pending.amount}M.",
                RULES_BY_KIND[pending.kind],
                target,
                "owe",
                {"amount": pending.amount},
            )
        )
        return
    _carry_out_steal(state, pending, target, events)
    _next_target(state)


def _next_target(state: DealState) -> None:
    pending = state.pending
    assert pending is not None
    pending.targets.pop(0)
    pending.jsn = 0
    pending.paid = 0
    if state.phase != PHASE_OVER:
        state.phase = PHASE_RESPOND


def _carry_out_steal(state: DealState, pending: Pending, target: int, events: list[Event]) -> None:
    source = pending.source
    rule = RULES_BY_KIND[pending.kind]
    if pending.kind == "deal_breaker":
        table = state.tables[target]
        index = next(i for i, pile in enumerate(table) if pending.take_card in pile.cards)
        pile = move_pile(state, target, index, source)
        extras = [NAME[b % PACK_SIZE] for b in (pile.house, pile.hotel) if b >= 0]
        with_buildings = f" with its {' and '.join(extras)}" if extras else ""
        events.append(
            Event(
                f"Player {source} takes player {target}'s complete "
                f"{COLOUR_NAMES[pile.colour]} set{with_buildings}.",
                rule,
                source,
                "steal",
            )
        )
        return
    card = pending.take_card
    index = next(i for i, pile in enumerate(state.tables[target]) if card in pile.cards)
    colour = take_from_pile(state, target, index, card, events)
    add_property(state, source, card, colour, events)
    text = (
        f"Player {source} takes {NAME[card % PACK_SIZE]} ({COLOUR_NAMES[colour]}) "
        f"from player {target}"
    )
    if pending.kind == "forced_deal":
        give = pending.give_card
        mine = state.tables[source]
        index = next(i for i, pile in enumerate(mine) if give in pile.cards)
        give_colour = take_from_pile(state, source, index, give, events)
        add_property(state, target, give, give_colour, events)
        text += f" and gives them {NAME[give % PACK_SIZE]} ({COLOUR_NAMES[give_colour]})"
    events.append(Event(text + ".", rule, source, "steal"))


def describe(pending: Pending) -> str:
    """A short name of the pending action, e.g. "$8M rent" or "Sly Deal"."""
    if pending.kind == "rent":
        return f"${pending.amount}M {COLOUR_NAMES[pending.colour]} rent"
    if pending.kind == "debt":
        return f"Debt Collector (${pending.amount}M)"
    if pending.kind == "birthday":
        return f"It's My Birthday (${pending.amount}M)"
    return {"sly_deal": "Sly Deal", "forced_deal": "Forced Deal", "deal_breaker": "Deal Breaker"}[
        pending.kind
    ]

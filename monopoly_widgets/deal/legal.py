"""The legal actions of whoever must decide next, with stable, readable ids.

Action ids are built from card NAMES and visible structure only (seats,
colours, set labels such as "Red 2"), never raw card ids, so a position
rebuilt by ``from_position`` offers exactly the same ids, and two identical
cards give one action. The id forms:

==============================================  =========================================
``bank:<card>``                                 bank a money, action or rent card
``lay:<property>`` / ``lay:<wild>:<colour>``    lay a property (a wild as a chosen colour)
``play:Pass Go`` / ``play:It's My Birthday``    play an action card with no target
``debt:<seat>``                                 Debt Collector against a seat
``rent:<rent card>:<colour>[:<seat>][:x2|:x4]`` rent (any-colour names a seat), doubled
``sly:<seat>:<colour>:<property>``              Sly Deal
``forced:<seat>:<colour>:<property>:<my colour>:<my property>``  Forced Deal
``breaker:<seat>:<set>``                        Deal Breaker on a complete set
``house:<set>`` / ``hotel:<set>``               build on one of your complete sets
``wild:<set>:<wild>:<colour>``                  move a wild to another colour (no play)
``end_turn``                                    end the turn
``jsn`` / ``accept``                            answer with Just Say No, or let it stand
``pay:bank:<card>`` / ``pay:<set>:<card>``      hand over one card of a payment
``discard:<card>``                              discard down to 7
==============================================  =========================================
"""

from __future__ import annotations

from monopoly_widgets.core.actions import Action
from monopoly_widgets.deal.cards import (
    ACTION,
    CARD_COLOURS,
    COLOUR_NAMES,
    NAME,
    PACK_SIZE,
    SET_SIZE,
)
from monopoly_widgets.deal.checks import (
    bank_check,
    givable_cards,
    lay_check,
    max_doubles,
    play_check,
    plays_left_check,
    stealable_cards,
)
from monopoly_widgets.deal.labels import pile_label
from monopoly_widgets.deal.payment import payment_choices
from monopoly_widgets.deal.properties import (
    best_rent,
    can_take_hotel,
    can_take_house,
    is_complete,
    rents_by_colour,
)
from monopoly_widgets.deal.responses import describe, jsn_in_hand, may_say_no
from monopoly_widgets.deal.speed import (
    hand_plays,
    keep_hand_card,
    known_action,
    known_pay_actions,
    known_plays,
    known_steal,
    same_hand,
    wild_moves,
)
from monopoly_widgets.deal.state import (
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PAY,
    PHASE_PLAY,
    PHASE_RESPOND,
    DealState,
    Pending,
)
from monopoly_widgets.deal.texts import action_text, rent_text
from monopoly_widgets.deal.wild_moves import wild_moves as plain_wild_moves


def _action(action_id: str, player: int, kind: str, card: int | None, target: int | None) -> Action:
    """The action with this id, its label worked out from the id (``texts.action_text``),
    remembered (``speed.known_action``)."""
    key = (action_id, player, card, target)
    return known_action(key, _new_action, action_id, player, kind, card, target)


def _new_action(
    action_id: str, player: int, kind: str, card: int | None, target: int | None
) -> Action:
    return Action(action_id, action_text(action_id), player, kind, card, target)


def legal_actions(state: DealState) -> list[Action]:
    """Every legal action of the player who must decide now.

    In the play phase (almost every decision): hand plays (while plays are left), free wild
    moves, and ending the turn. This runs before every decision of a turn, so it is written
    for speed: actions are cached by the facts they depend on (a card and a seat, a colour
    and a rent, ...), so they are not rebuilt from strings when they are already known.
    The other phases ask for an answer, a payment or a discard (``_other_actions``).
    """
    if state.phase != PHASE_PLAY:
        return _other_actions(state)
    player = state.turn_player
    if plays_left_check(state) is not None:
        return [*wild_moves(state, player, plain_wild_moves), END_TURN[player]]
    simple, targeted, doubles = same_hand(player, state.hands[player], _hand_summary)
    if not targeted:
        return [*simple, *wild_moves(state, player, plain_wild_moves), END_TURN[player]]
    actions = simple.copy()
    opponents = OPPONENTS[state.players][player]
    for card in targeted:
        _card_plays(state, player, card, opponents, doubles, actions)
    actions += wild_moves(state, player, plain_wild_moves)
    actions.append(END_TURN[player])
    return actions


def _other_actions(state: DealState) -> list[Action]:
    """The legal actions outside the play phase: answering, paying, discarding (or none once
    the game is over)."""
    phase = state.phase
    if phase == PHASE_RESPOND:
        return _respond_actions(state)
    if phase == PHASE_PAY:
        return _pay_actions(state)
    if phase == PHASE_DISCARD:
        return _discard_actions(state)
    assert phase == PHASE_OVER
    return []


def _respond_actions(state: DealState) -> list[Action]:
    pending = state.pending
    assert pending is not None
    player = pending.responder
    accept = _accept_action(pending, player)
    if not may_say_no(state, player):  # asked all the same (option ask_every_target)
        return [accept]
    if pending.jsn % 2 == 0:
        say = f"Play Just Say No against the {describe(pending)}"
    else:
        say = f"Play Just Say No to cancel player {pending.targets[0]}'s Just Say No"
    card = jsn_in_hand(state, player)
    return [Action("jsn", say, player, "respond", card, pending.source), accept]


def _accept_action(pending: Pending, player: int) -> Action:
    """``player``'s "accept": its label names the demand (``describe``), so it is remembered
    by what the label is made of. Every target is asked (option ``ask_every_target``), and
    most can only accept."""
    standing = pending.jsn % 2 == 0  # no Just Say No to answer: the demand itself
    key = ("accept", player, standing, pending.kind, pending.amount, pending.colour)
    return known_action(key, _new_accept, pending, player, standing)


def _new_accept(pending: Pending, player: int, standing: bool) -> Action:
    text = f"Accept the {describe(pending)}" if standing else "Accept the Just Say No"
    return Action("accept", text, player, "accept", None, None)


def _pay_actions(state: DealState) -> list[Action]:
    pending = state.pending
    assert pending is not None
    debtor = pending.targets[0]
    receiver = pending.source
    return known_pay_actions(debtor, receiver, payment_choices(state, debtor), _pay_action)


def _pay_action(debtor: int, receiver: int, where: str, card: int) -> Action:
    """``pay:bank:<card>`` or ``pay:<set>:<card>``, remembered by these four facts (so the id
    is built once, not at every listing: a debt is paid card by card)."""
    key = ("pay", debtor, receiver, where, card)
    return known_action(key, _new_pay_action, debtor, receiver, where, card)


def _new_pay_action(debtor: int, receiver: int, where: str, card: int) -> Action:
    return _action(f"pay:{where}:{NAME[card % PACK_SIZE]}", debtor, "pay", card, receiver)


def _discard_actions(state: DealState) -> list[Action]:
    player = state.turn_player
    actions = []
    seen: set[str] = set()
    for card in state.hands[player]:
        name = NAME[card % PACK_SIZE]
        if name not in seen:
            seen.add(name)
            actions.append(_action(f"discard:{name}", player, "discard", card, None))
    return actions


#: ``OPPONENTS[n][p]``: the seats other than ``p`` in a game of ``n``, to p's left first.
OPPONENTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((p + k) % n for k in range(1, n)) for p in range(n)) for n in range(11)
)
#: The one action that is always legal in the play phase, per seat.
END_TURN: tuple[Action, ...] = tuple(
    Action("end_turn", action_text("end_turn"), p, "end_turn") for p in range(10)
)


#: Action and rent cards whose plays depend on the table (targets, colours, sets).
TARGETED = frozenset(
    {"debt_collector", "rent", "any_rent", "sly_deal", "forced_deal", "deal_breaker"}
    | {"house", "hotel"}
)


def _hand_summary(player: int, hand: list[int]) -> tuple[list[Action], list[int], int]:
    """For a hand: its table-independent actions, one card of each name whose plays depend on
    the table, and how many Double the Rent cards it holds.

    Remembered for the last hand only (``speed.same_hand``): measured, a memo keyed by
    every hand seen costs as much as this loop.
    """
    simple: list[Action] = []
    targeted: list[int] = []
    seen: set[str] = set()
    doubles = 0
    known = hand_plays(player)
    for card in hand:
        try:
            name, plays, is_targeted, is_double = known[card]
        except KeyError:  # a card not seen in this seat's hand before (or the switch is off)
            name, plays, is_targeted, is_double = _hand_card(player, card)
        if is_double:
            doubles += 1
        if name in seen:
            continue
        seen.add(name)
        simple += plays
        if is_targeted:
            targeted.append(card)
    return simple, targeted, doubles


def _hand_card(player: int, card: int) -> tuple[str, list[Action], bool, int]:
    """What ``_hand_summary`` reads of a hand card (``HAND_FACTS``, with its plays that do
    not depend on the table), remembered per seat (``speed.keep_hand_card``): a card id is
    a cheaper key than a pair, and one lookup cheaper than two."""
    name, is_targeted, is_double = HAND_FACTS[card]
    facts = (name, _simple_actions(player, card), is_targeted, is_double)
    return keep_hand_card(player, card, facts)


#: Per card id (both packs): (name, do its plays depend on the table?, 1 if it is Double the
#: Rent else 0).
HAND_FACTS: tuple[tuple[str, bool, int], ...] = tuple(
    (
        NAME[c % PACK_SIZE],
        ACTION[c % PACK_SIZE] in TARGETED,
        int(ACTION[c % PACK_SIZE] == "double_rent"),
    )
    for c in range(2 * PACK_SIZE)
)


def _simple_actions(player: int, card: int) -> list[Action]:
    """The plays of a hand card that do not depend on the table (remembered with the card's
    facts, ``_hand_card``): every id of ``bank:``, ``lay:`` (a wild in each of its colours)
    and ``play:`` whose check passes."""
    index = card % PACK_SIZE
    name = NAME[index]
    found = []
    if bank_check(card) is None:
        found.append(_action(f"bank:{name}", player, "bank", card, None))
    for colour in (None, *CARD_COLOURS[index]):
        shown = None if colour is None else COLOUR_NAMES[colour]
        if lay_check(card, shown) is None:
            action_id = f"lay:{name}" if shown is None else f"lay:{name}:{shown}"
            found.append(_action(action_id, player, "property", card, None))
    if play_check(card) is None:
        found.append(_action(f"play:{name}", player, "play", card, None))
    return found


def _card_plays(
    state: DealState,
    player: int,
    card: int,
    opponents: tuple[int, ...],
    doubles: int,
    actions: list[Action],
) -> None:
    """The table-dependent ways to play one action or rent card from the hand."""
    what = ACTION[card % PACK_SIZE]
    tables = state.tables
    if what == "rent" or what == "any_rent":
        _rent_plays(state, player, card, opponents, doubles, actions)
    elif what == "debt_collector":
        actions.extend(known_plays(("debt", player, card, opponents), _debt_actions))
    elif what == "sly_deal":
        for seat in opponents:
            key = ("sly", player, card, seat, stealable_cards(tables[seat]), ())
            actions.extend(known_plays(key, _steal_actions))
    elif what == "forced_deal":
        mine = givable_cards(state, player)
        if not mine:
            return
        for seat in opponents:
            key = ("forced", player, card, seat, stealable_cards(tables[seat]), mine)
            actions.extend(known_plays(key, _steal_actions))
    elif what == "deal_breaker":
        for seat in opponents:
            their = tables[seat]
            for index, pile in enumerate(their):
                # The size test first (here and below): it rules out most piles without a call.
                if len(pile.cards) >= SET_SIZE[pile.colour] and is_complete(pile):
                    key = ("breaker", player, card, seat, pile_label(their, index))
                    actions.extend(known_plays(key, _labelled_actions))
    elif what == "house" or what == "hotel":
        fits = can_take_house if what == "house" else can_take_hotel
        mine = tables[player]
        for index, pile in enumerate(mine):
            if len(pile.cards) >= SET_SIZE[pile.colour] and fits(pile):
                key = (what, player, card, None, pile_label(mine, index))
                actions.extend(known_plays(key, _labelled_actions))
    # Just Say No is only played as an answer; Double the Rent only together with a rent card.


def _debt_actions(key: tuple[object, ...]) -> list[Action]:
    """``debt:<seat>`` against each opponent. Key: ("debt", player, card, opponents)."""
    _, player, card, opponents = key
    return [_action(f"debt:{seat}", player, "play", card, seat) for seat in opponents]


def _steal_actions(key: tuple[object, ...]) -> list[Action]:
    """The steals from one seat: a Sly Deal's ``sly:`` for each card it may take, or a Forced
    Deal's ``forced:`` for each card taken and each card given, in that order. Key: (verb,
    player, card, seat, the seat's stealable cards, the player's givable cards or ())."""
    verb, player, card, seat, theirs, mine = key
    if verb == "sly":
        return [_steal_action(player, card, seat, colour, name) for colour, name in theirs]
    return [
        _steal_action(player, card, seat, colour, name, mine_colour, mine_name)
        for colour, name in theirs
        for mine_colour, mine_name in mine
    ]


def _steal_action(
    player: int,
    card: int,
    seat: int,
    colour: int,
    name: str,
    mine_colour: int = -1,
    mine_name: str = "",
) -> Action:
    """``sly:<seat>:<colour>:<card>``, or with the card given in exchange
    ``forced:<seat>:<colour>:<card>:<my colour>:<my card>`` (remembered by these facts,
    ``speed.known_steal``)."""
    return known_steal((player, card, seat, colour, name, mine_colour, mine_name), _new_steal)


def _new_steal(
    player: int, card: int, seat: int, colour: int, name: str, mine_colour: int, mine_name: str
) -> Action:
    if mine_colour < 0:
        action_id = f"sly:{seat}:{COLOUR_NAMES[colour]}:{name}"
    else:
        action_id = (
            f"forced:{seat}:{COLOUR_NAMES[colour]}:{name}:{COLOUR_NAMES[mine_colour]}:{mine_name}"
        )
    return Action(action_id, action_text(action_id), player, "play", card, seat)


def _labelled_actions(key: tuple[object, ...]) -> list[Action]:
    """``breaker:<seat>:<set>``, ``house:<set>`` or ``hotel:<set>``.
    Key: (verb, player, card, seat or None, set label)."""
    verb, player, card, seat, label = key
    action_id = f"{verb}:{label}" if seat is None else f"{verb}:{seat}:{label}"
    return [_action(action_id, player, "play", card, seat)]


def _rent_plays(
    state: DealState,
    player: int,
    card: int,
    opponents: tuple[int, ...],
    doubles: int,
    actions: list[Action],
) -> None:
    """Rent for each colour of the card in which the player has a set that collects rent
    (the best such set: RULES-NOTES, Rent cards), optionally with Double the Rent."""
    index = card % PACK_SIZE
    table = state.tables[player]
    most = max_doubles(state, doubles) if doubles else 0
    if ACTION[index] == "any_rent":
        for colour, rent in rents_by_colour(table).items():
            key = ("rent", player, card, colour, rent, opponents, most)
            actions += known_plays(key, _rent_actions)
        return
    for colour in CARD_COLOURS[index]:  # a two-colour rent card: only its two colours matter
        rent = best_rent(table, colour)
        if rent:
            key = ("rent", player, card, colour, rent, (None,), most)
            actions += known_plays(key, _rent_actions)


def _rent_actions(key: tuple[object, ...]) -> list[Action]:
    """``rent:<card>:<colour>[:<seat>][:x2|:x4]``; the label says the amount.
    Key: ("rent", player, card, colour, rent, seats, most Double the Rent cards)."""
    _, player, card, colour, rent, seats, most = key
    name = NAME[card % PACK_SIZE]
    found = []
    for seat in seats:
        base = f"rent:{name}:{COLOUR_NAMES[colour]}"
        if seat is not None:
            base += f":{seat}"
        for extra in range(most + 1):
            action_id = base + ("", ":x2", ":x4")[extra]
            found.append(_rent_action(action_id, player, card, seat, rent << extra))
    return found


def _rent_action(action_id: str, player: int, card: int, seat: int | None, amount: int) -> Action:
    """A rent's label says the amount, which depends on the table: so it is part of the key."""
    key = (action_id, player, card, seat, amount)
    return known_action(key, _new_rent_action, action_id, player, card, seat, amount)


def _new_rent_action(
    action_id: str, player: int, card: int, seat: int | None, amount: int
) -> Action:
    return Action(action_id, rent_text(action_id, amount), player, "play", card, seat)

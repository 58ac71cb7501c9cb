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
    KIND,
    MULTICOLOUR_WILD,
    NAME,
    PACK_SIZE,
    PLAYS_PER_TURN,
)
from monopoly_widgets.deal.payment import payment_choices
from monopoly_widgets.deal.properties import (
    best_rent,
    can_take_hotel,
    can_take_house,
    is_complete,
    pile_label,
    set_labels,
)
from monopoly_widgets.deal.responses import describe
from monopoly_widgets.deal.state import (
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PAY,
    PHASE_PLAY,
    PHASE_RESPOND,
    DealState,
    PropertySet,
)
from monopoly_widgets.deal.texts import action_text, rent_text

#: Action objects are immutable, so identical ones are shared: building one (and its label)
#: is the slow part of listing legal actions. Keyed by everything the action holds.
_CACHE: dict[tuple[str, int, int | None, int | None], Action] = {}
_CACHE_LIMIT = 50_000  # entries per cache; cleared when full, so memory stays small


def _action(action_id: str, player: int, kind: str, card: int | None, target: int | None) -> Action:
    """The action with this id, its label worked out from the id (``texts.action_text``)."""
    key = (action_id, player, card, target)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > _CACHE_LIMIT:
            _CACHE.clear()
        text = action_text(action_id)
        found = _CACHE[key] = Action(action_id, text, player, kind, card, target)
    return found


def legal_actions(state: DealState) -> list[Action]:
    """Every legal action of the player who must decide now."""
    phase = state.phase
    if phase == PHASE_PLAY:
        return _play_actions(state)
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
    what = describe(pending)
    if pending.jsn % 2 == 0:
        say = f"Play Just Say No against the {what}"
        let = f"Accept the {what}"
    else:
        say = f"Play Just Say No to cancel player {pending.targets[0]}'s Just Say No"
        let = "Accept the Just Say No"
    card = None
    for c in state.hands[player]:
        if ACTION[c % PACK_SIZE] == "just_say_no":
            card = c
            break
    # The labels name the demand, so these two are built fresh each time (never cached).
    return [
        Action("jsn", say, player, "respond", card, pending.source),
        Action("accept", let, player, "accept", None, None),
    ]


def _pay_actions(state: DealState) -> list[Action]:
    pending = state.pending
    assert pending is not None
    debtor = pending.targets[0]
    receiver = pending.source
    return [
        _action(action_id, debtor, "pay", card, receiver)
        for action_id, card in payment_choices(state, debtor)
    ]


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


def _play_actions(state: DealState) -> list[Action]:
    player = state.turn_player
    n = state.players
    opponents = [(player + k) % n for k in range(1, n)]
    plays_left = PLAYS_PER_TURN - state.plays_used
    actions: list[Action] = []
    if plays_left > 0:
        simple, targeted, doubles = _hand_summary(player, state.hands[player])
        actions.extend(simple)
        for card in targeted:
            _card_plays(state, player, card, opponents, plays_left, doubles, actions)
    _wild_moves(state, player, actions)
    actions.append(_action("end_turn", player, "end_turn", None, None))
    return actions


#: Action and rent cards whose plays depend on the table (targets, colours, sets).
TARGETED = frozenset(
    {"debt_collector", "rent", "any_rent", "sly_deal", "forced_deal", "deal_breaker"}
    | {"house", "hotel"}
)
_SIMPLE_CACHE: dict[tuple[int, int], list[Action]] = {}
_HAND_CACHE: dict[tuple[int, tuple[int, ...]], tuple[list[Action], list[int], int]] = {}


def _hand_summary(player: int, hand: list[int]) -> tuple[list[Action], list[int], int]:
    """For a hand: its table-independent actions, one card of each name whose plays depend on
    the table, and how many Double the Rent cards it holds. Cached: within a turn the hand
    often stays the same for several decisions."""
    key = (player, tuple(hand))
    found = _HAND_CACHE.get(key)
    if found is not None:
        return found
    simple: list[Action] = []
    targeted: list[int] = []
    seen: set[str] = set()
    doubles = 0
    for card in hand:
        index = card % PACK_SIZE
        if ACTION[index] == "double_rent":
            doubles += 1
        name = NAME[index]
        if name in seen:
            continue
        seen.add(name)
        simple.extend(_simple_actions(player, card))
        if ACTION[index] in TARGETED:
            targeted.append(card)
    if len(_HAND_CACHE) > _CACHE_LIMIT:
        _HAND_CACHE.clear()
    found = _HAND_CACHE[key] = (simple, targeted, doubles)
    return found


def _simple_actions(player: int, card: int) -> list[Action]:
    """The plays of a hand card that do not depend on the table (cached): bank it, lay it
    (a wild in each of its colours), or play Pass Go / It's My Birthday."""
    key = (player, card)
    found = _SIMPLE_CACHE.get(key)
    if found is not None:
        return found
    index = card % PACK_SIZE
    name = NAME[index]
    kind = KIND[index]
    found = []
    if kind == "property":
        found.append(_action(f"lay:{name}", player, "property", card, None))
    elif kind == "wild":
        for colour in CARD_COLOURS[index]:
            found.append(
                _action(f"lay:{name}:{COLOUR_NAMES[colour]}", player, "property", card, None)
            )
    else:
        found.append(_action(f"bank:{name}", player, "bank", card, None))
        if ACTION[index] in ("pass_go", "birthday"):
            found.append(_action(f"play:{name}", player, "play", card, None))
    _SIMPLE_CACHE[key] = found
    return found


def _card_plays(
    state: DealState,
    player: int,
    card: int,
    opponents: list[int],
    plays_left: int,
    doubles: int,
    actions: list[Action],
) -> None:
    """The table-dependent ways to play one action or rent card from the hand."""
    index = card % PACK_SIZE
    what = ACTION[index]
    tables = state.tables
    if what == "debt_collector":
        for seat in opponents:
            actions.append(
                _action(
                    f"debt:{seat}",
                    player,
                    "play",
                    card,
                    seat,
                )
            )
    elif what == "rent" or what == "any_rent":
        _rent_plays(state, player, card, opponents, plays_left, doubles, actions)
    elif what == "sly_deal":
        for seat in opponents:
            for _colour, cname, pname in _loose_cards(tables[seat]):
                actions.append(
                    _action(
                        f"sly:{seat}:{cname}:{pname}",
                        player,
                        "play",
                        card,
                        seat,
                    )
                )
    elif what == "forced_deal":
        mine = _givable_cards(state, player)
        if not mine:
            return
        for seat in opponents:
            for _colour, cname, pname in _loose_cards(tables[seat]):
                for my_cname, my_pname in mine:
                    actions.append(
                        _action(
                            f"forced:{seat}:{cname}:{pname}:{my_cname}:{my_pname}",
                            player,
                            "play",
                            card,
                            seat,
                        )
                    )
    elif what == "deal_breaker":
        for seat in opponents:
            their = tables[seat]
            if not their:
                continue
            for pile, label in zip(their, set_labels(their), strict=True):
                if is_complete(pile):
                    actions.append(
                        _action(
                            f"breaker:{seat}:{label}",
                            player,
                            "play",
                            card,
                            seat,
                        )
                    )
    elif what == "house" or what == "hotel":
        fits = can_take_house if what == "house" else can_take_hotel
        mine = tables[player]
        for pile, label in zip(mine, set_labels(mine), strict=True):
            if fits(pile):
                actions.append(
                    _action(
                        f"{what}:{label}",
                        player,
                        "play",
                        card,
                        None,
                    )
                )
    # Just Say No is only played as an answer; Double the Rent only together with a rent card.


def _rent_plays(
    state: DealState,
    player: int,
    card: int,
    opponents: list[int],
    plays_left: int,
    doubles: int,
    actions: list[Action],
) -> None:
    index = card % PACK_SIZE
    name = NAME[index]
    table = state.tables[player]
    max_doubles = min(doubles, plays_left - 1)
    if not state.options["double_rent_stack"]:
        max_doubles = min(max_doubles, 1)
    owned = {pile.colour for pile in table}
    any_colour = ACTION[index] == "any_rent"
    for colour in CARD_COLOURS[index]:
        if colour not in owned:
            continue
        rent = best_rent(table, colour)
        if rent == 0:
            continue
        cname = COLOUR_NAMES[colour]
        seats = opponents if any_colour else [None]
        for seat in seats:
            base = f"rent:{name}:{cname}" if seat is None else f"rent:{name}:{cname}:{seat}"
            for extra in range(max_doubles + 1):
                action_id = base + ("", ":x2", ":x4")[extra]
                actions.append(_rent_action(action_id, player, card, seat, rent << extra))


#: Rent labels say the amount, which depends on the table: so the amount is part of the key.
_RENT_CACHE: dict[tuple[str, int, int, int | None, int], Action] = {}


def _rent_action(action_id: str, player: int, card: int, seat: int | None, amount: int) -> Action:
    key = (action_id, player, card, seat, amount)
    found = _RENT_CACHE.get(key)
    if found is None:
        if len(_RENT_CACHE) > _CACHE_LIMIT:
            _RENT_CACHE.clear()
        text = rent_text(action_id, amount)
        found = _RENT_CACHE[key] = Action(action_id, text, player, "play", card, seat)
    return found


def _loose_cards(table: list) -> list[tuple[int, str, str]]:  # type: ignore[type-arg]
    """(colour, colour name, card name) of each distinct card not in a full set."""
    found: list[tuple[int, str, str]] = []
    seen: set[tuple[int, str]] = set()
    for pile in table:
        if is_complete(pile):
            continue
        for card in pile.cards:
            key = (pile.colour, NAME[card % PACK_SIZE])
            if key not in seen:
                seen.add(key)
                found.append((pile.colour, COLOUR_NAMES[pile.colour], key[1]))
    return found


def _givable_cards(state: DealState, player: int) -> list[tuple[str, str]]:
    """(colour name, card name) of each distinct card the player may give in a Forced Deal."""
    from_full = state.options["forced_deal_give_from_full_set"]
    found: list[tuple[str, str]] = []
    seen: set[tuple[int, str]] = set()
    for pile in state.tables[player]:
        if not from_full and is_complete(pile):
            continue
        for card in pile.cards:
            key = (pile.colour, NAME[card % PACK_SIZE])
            if key not in seen:
                seen.add(key)
                found.append((COLOUR_NAMES[pile.colour], key[1]))
    return found


def _wild_moves(state: DealState, player: int, actions: list[Action]) -> None:
    """Flip a wild on your table to another of its colours: free, on your own turn only.

    A multicolour wild moves only to a colour in which you already have a set,
    unless the option ``multicolour_wild_moves_to`` is "any_colour". A wild in
    ``state.moved_wilds`` is not offered (option ``wild_moves`` = "once_between_plays").
    """
    table = state.tables[player]
    owned = -1  # bit mask of the colours in which the player has a set (-1: any colour)
    for index, pile in enumerate(table):
        if WILD_IDS.isdisjoint(pile.cards):
            continue  # most piles hold no wild: skip them without a Python loop
        allowed = -1
        if not MULTICOLOUR_IDS.isdisjoint(pile.cards):
            if owned == -1 and state.options["multicolour_wild_moves_to"] == "own_sets":
                owned = 0
                for other in table:
                    owned |= 1 << other.colour
            allowed = owned
        label = pile_label(table, index)
        actions.extend(_pile_wild_moves(player, label, pile, allowed, state.moved_wilds))


#: Ids of every wild card in either pack.
WILD_IDS = frozenset(card for card in range(2 * PACK_SIZE) if KIND[card % PACK_SIZE] == "wild")
MULTICOLOUR_IDS = frozenset(card for card in WILD_IDS if NAME[card % PACK_SIZE] == MULTICOLOUR_WILD)
_WILD_CACHE: dict[tuple[int, str, int, tuple[int, ...], int], list[Action]] = {}


def _pile_wild_moves(
    player: int, label: str, pile: PropertySet, owned: int, moved: list[int]
) -> list[Action]:
    """The moves of the wilds of one pile (one per distinct wild name and colour), except
    wilds in ``moved``; a Multicolour wild only to colours in the bit mask ``owned``.
    Cached when no wild was just moved: the moves depend only on the key's five things."""
    key = (player, label, pile.colour, tuple(pile.cards), owned)
    if not moved:
        found = _WILD_CACHE.get(key)
        if found is not None:
            return found
    found = []
    seen: list[str] = []
    for card in pile.cards:
        if card not in WILD_IDS or card in moved:
            continue
        index = card % PACK_SIZE
        name = NAME[index]
        if name in seen:
            continue
        seen.append(name)
        allowed = owned if name == MULTICOLOUR_WILD else -1
        for to in CARD_COLOURS[index]:
            if to != pile.colour and allowed >> to & 1:
                found.append(
                    _action(
                        f"wild:{label}:{name}:{COLOUR_NAMES[to]}", player, "move_wild", card, None
                    )
                )
    if not moved:
        if len(_WILD_CACHE) > _CACHE_LIMIT:
            _WILD_CACHE.clear()
        _WILD_CACHE[key] = found
    return found

"""Positions: a human-writable dict for any moment of a game, with cards named as printed.

The format is documented with examples in ``docs/rules/deal.md``. In short::

    {"players": 2, "turn_player": 0, "turn": 4, "plays_used": 1,
     "hands": [["Sly Deal", "$5M"], ["Just Say No"]],
     "banks": [["$1M"], []],
     "properties": [[{"colour": "Red", "cards": ["Kentucky Avenue", "Red/Yellow wild"],
                      "house": False, "hotel": False}], []],
     "draw_pile": ["Boardwalk", "$2M"],   # top first; omitted: the rest, shuffled by the seed
     "discard_pile": []}                  # bottom first, top last

plus, for moments in the middle of things: ``phase``, ``pending`` (an action
card being answered or paid), ``reshuffles``, ``winner``, ``draw_reason``, and
``unplaced`` ("draw_pile" or "discard_pile": where cards named nowhere go).

Every problem raises :class:`PositionError` naming the field, for example
``properties[0][1].cards[2]``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from monopoly_widgets.core.errors import PositionError
from monopoly_widgets.core.position_fields import (
    CardPool,
    read_bool,
    read_int,
    read_list,
    read_seat,
)
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.validation import excerpt
from monopoly_widgets.deal.cards import (
    CARD_COLOURS,
    COLOUR_INDEX,
    COLOUR_NAMES,
    KIND,
    NAME,
    PACK_SIZE,
    PLAYS_PER_TURN,
    SET_SIZE,
    packs_for,
)
from monopoly_widgets.deal.labels import pile_by_label, set_labels
from monopoly_widgets.deal.properties import (
    NO_BUILDING_COLOURS,
    find_card_in_pile,
    find_loose_card,
    is_complete,
    order_piles,
    tidy_colour,
)
from monopoly_widgets.deal.rulebook import (
    OPTION_WILD_MOVES,
    RULE_BUILDINGS,
    RULE_HOTEL,
    RULE_HOUSE,
    RULE_PAY,
    RULE_PLAYING,
)
from monopoly_widgets.deal.state import (
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PAY,
    PHASE_PLAY,
    PHASE_RESPOND,
    DealState,
    Pending,
    PropertySet,
)

KEYS = (
    "players",
    "turn_player",
    "turn",
    "plays_used",
    "phase",
    "hands",
    "banks",
    "properties",
    "draw_pile",
    "discard_pile",
    "reshuffles",
    "pending",
    "winner",
    "draw_reason",
    "unplaced",
)
PHASES = (PHASE_PLAY, PHASE_RESPOND, PHASE_PAY, PHASE_DISCARD, PHASE_OVER)
PENDING_KINDS = ("rent", "debt", "birthday", "sly_deal", "forced_deal", "deal_breaker")
DRAW_REASONS = ("max_turns", "no_cards")


# --- emitting ---------------------------------------------------------------------------------
def to_position(state: DealState) -> dict[str, Any]:
    """The state as a position dict (cards by name; ``from_position`` gives it back)."""
    return {
        "players": state.players,
        "turn_player": state.turn_player,
        "turn": state.turn,
        "plays_used": state.plays_used,
        "phase": state.phase,
        "hands": [_names(hand) for hand in state.hands],
        "banks": [_names(bank) for bank in state.banks],
        "properties": [[_pile_position(state, pile) for pile in table] for table in state.tables],
        "draw_pile": _names(reversed(state.draw_pile)),
        "discard_pile": _names(state.discard_pile),
        "reshuffles": state.reshuffles,
        "pending": None if state.pending is None else _pending_position(state, state.pending),
        "winner": state.winner,
        "draw_reason": state.draw_reason,
    }


def _pile_position(state: DealState, pile: PropertySet) -> dict[str, Any]:
    out: dict[str, Any] = {
        "colour": COLOUR_NAMES[pile.colour],
        "cards": _names(pile.cards),
        "house": pile.house >= 0,
        "hotel": pile.hotel >= 0,
    }
    if state.moved_wilds:  # option wild_moves: only written when some wild was just moved
        moved = _names(card for card in pile.cards if card in state.moved_wilds)
        if moved:
            out["moved"] = moved
    return out


def _names(cards: Any) -> list[str]:
    return [NAME[c % PACK_SIZE] for c in cards]


def _pending_position(state: DealState, pending: Pending) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": pending.kind,
        "from": pending.source,
        "cards": _names(pending.cards),
        "targets": list(pending.targets),
        "stage": state.phase,
        "just_say_no": pending.jsn,
    }
    if pending.kind in ("rent", "debt", "birthday"):
        out["amount"] = pending.amount
        out["paid"] = pending.paid
    if pending.kind == "rent":
        out["colour"] = COLOUR_NAMES[pending.colour]
    if pending.kind in ("sly_deal", "forced_deal"):
        out["take"] = {
            "colour": COLOUR_NAMES[pending.take_colour],
            "card": NAME[pending.take_card % PACK_SIZE],
        }
    if pending.kind == "forced_deal":
        out["give"] = {
            "colour": COLOUR_NAMES[pending.give_colour],
            "card": NAME[pending.give_card % PACK_SIZE],
        }
    if pending.kind == "deal_breaker":
        table = state.tables[pending.targets[0]]
        labels = set_labels(table)
        out["set"] = next(
            label
            for pile, label in zip(table, labels, strict=True)
            if pending.take_card in pile.cards
        )
    return out


# --- reading ------------------------------------------------------------------------------------
def from_position(position: Mapping[str, Any], seed: int, options: dict[str, Any]) -> DealState:
    """Build a state from a position dict, checking everything (see the module docstring)."""
    unknown = [key for key in position if key not in KEYS]
    if unknown:
        key = unknown[0]
        close = difflib.get_close_matches(str(key), KEYS, n=1)
        hint = f"; did you mean {excerpt(close[0])}?" if close else ""
        raise PositionError(str(key), f"is not a position field{hint}")
    if "players" not in position:
        raise PositionError("players", "is missing (how many seats, 2 to 10)")
    players = read_int(position["players"], "players", 2, 10)
    packs = packs_for(players)
    pool = CardPool(
        [NAME[card % PACK_SIZE] for card in range(PACK_SIZE * packs)],
        "Monopoly Deal",
        suggest=True,
        copies_in="one pack has" if packs == 1 else "two packs have",
    )

    hands = [
        pool.take_list(hand, f"hands[{p}]")
        for p, hand in enumerate(_seat_lists(position, "hands", players))
    ]
    banks = []
    for p, bank in enumerate(_seat_lists(position, "banks", players)):
        cards = []
        for i, name in enumerate(bank):
            card = pool.take(name, f"banks[{p}][{i}]")
            if KIND[card % PACK_SIZE] in ("property", "wild"):
                raise PositionError(
                    f"banks[{p}][{i}]",
                    f"{excerpt(name)} is a property card; property cards never go in the bank "
                    f"({RULE_PLAYING})",
                )
            cards.append(card)
        banks.append(cards)
    moved_by_seat: list[list[int]] = [[] for _ in range(players)]
    tables = [
        _read_table(table, p, pool, moved_by_seat[p])
        for p, table in enumerate(_seat_lists(position, "properties", players))
    ]
    draw_names = read_list(position.get("draw_pile", []), "draw_pile")
    draw_top_first = [pool.take(n, f"draw_pile[{i}]") for i, n in enumerate(draw_names)]
    discard = [
        pool.take(n, f"discard_pile[{i}]")
        for i, n in enumerate(read_list(position.get("discard_pile", []), "discard_pile"))
    ]
    rest = pool.rest()
    make_rng(seed, "position").shuffle(rest)
    unplaced = position.get("unplaced", "draw_pile")
    if unplaced == "draw_pile":
        draw_top_first = draw_top_first + rest
    elif unplaced == "discard_pile":
        discard = rest + discard
    else:
        raise PositionError("unplaced", "must be 'draw_pile' or 'discard_pile'")

    state = DealState(
        players=players,
        seed=seed,
        options=options,
        packs=packs,
        hands=hands,
        banks=banks,
        tables=tables,
        draw_pile=list(reversed(draw_top_first)),
        discard_pile=discard,
    )
    state.turn = read_int(position.get("turn", 1), "turn", 1, 10**6)
    state.turn_player = read_seat(position.get("turn_player", 0), "turn_player", players)
    state.plays_used = read_int(position.get("plays_used", 0), "plays_used", 0, PLAYS_PER_TURN)
    state.reshuffles = read_int(position.get("reshuffles", 0), "reshuffles", 0, 10**6)
    for p, moved in enumerate(moved_by_seat):
        if moved and options["wild_moves"] != "once_between_plays":
            raise PositionError(
                f"properties[{p}]",
                "'moved' wilds need the option wild_moves = 'once_between_plays'",
            )
        if moved and p != state.turn_player:
            raise PositionError(
                f"properties[{p}]", f"only the turn player has moved wilds ({OPTION_WILD_MOVES})"
            )
    state.moved_wilds = moved_by_seat[state.turn_player]
    for p in range(players):
        order_piles(state.tables[p])
        for colour in range(len(COLOUR_NAMES)):
            tidy_colour(state, p, colour, [])
    _read_ending(state, position)
    _read_phase_and_pending(state, position)
    return state


def _read_ending(state: DealState, position: Mapping[str, Any]) -> None:
    winner = position.get("winner")
    if winner is not None:
        state.winner = read_seat(winner, "winner", state.players)
    reason = position.get("draw_reason")
    if reason is not None:
        if reason not in DRAW_REASONS:
            raise PositionError("draw_reason", f"must be one of {list(DRAW_REASONS)} or null")
        if winner is not None:
            raise PositionError("draw_reason", "a game with a winner is not a draw")
        state.draw_reason = reason


def _read_phase_and_pending(state: DealState, position: Mapping[str, Any]) -> None:
    raw = position.get("pending")
    ended = state.winner is not None or state.draw_reason is not None
    default_phase = PHASE_OVER if ended else PHASE_PLAY
    if raw is not None:
        default_phase = PHASE_RESPOND
        if isinstance(raw, Mapping) and raw.get("stage") == PHASE_PAY:
            default_phase = PHASE_PAY
    phase = position.get("phase", default_phase)
    if phase not in PHASES:
        raise PositionError("phase", f"must be one of {list(PHASES)}, not {excerpt(phase)}")
    if ended and phase != PHASE_OVER:
        raise PositionError("phase", "must be 'over' when there is a winner or a draw_reason")
    if phase == PHASE_OVER and not ended:
        raise PositionError("phase", "'over' needs a winner or a draw_reason")
    state.phase = phase
    if phase in (PHASE_RESPOND, PHASE_PAY):
        if raw is None:
            raise PositionError("pending", f"phase {excerpt(phase)} needs a pending action card")
        if isinstance(raw, Mapping) and raw.get("stage", PHASE_RESPOND) != phase:
            raise PositionError("pending.stage", f"must match the phase {excerpt(phase)}")
        state.pending = _read_pending(state, raw)
    elif raw is not None:
        raise PositionError("pending", f"must be null in phase {excerpt(phase)}")
    if phase == PHASE_DISCARD and len(state.hands[state.turn_player]) <= 7:
        raise PositionError("phase", "'discard' needs the turn player to hold more than 7 cards")


def _read_pending(state: DealState, raw: Any) -> Pending:
    if not isinstance(raw, Mapping):
        raise PositionError("pending", "must be a dict or null")
    kind = raw.get("kind")
    if kind not in PENDING_KINDS:
        raise PositionError(
            "pending.kind", f"must be one of {list(PENDING_KINDS)}, not {excerpt(kind)}"
        )
    source = read_seat(raw.get("from", state.turn_player), "pending.from", state.players)
    if source != state.turn_player:
        raise PositionError("pending.from", "action cards are played by the turn player")
    targets_raw = read_list(raw.get("targets"), "pending.targets")
    if not targets_raw:
        raise PositionError("pending.targets", "must name at least one seat still to answer")
    targets = [
        read_seat(t, f"pending.targets[{i}]", state.players) for i, t in enumerate(targets_raw)
    ]
    if source in targets:
        raise PositionError("pending.targets", "a player never targets themselves")
    cards = _pending_cards(state, raw.get("cards", []))
    pending = Pending(kind, source, cards, targets)
    pending.jsn = read_int(raw.get("just_say_no", 0), "pending.just_say_no", 0, 100)
    stage = raw.get("stage", PHASE_RESPOND)
    if stage not in (PHASE_RESPOND, PHASE_PAY):
        raise PositionError("pending.stage", "must be 'respond' or 'pay'")
    if kind in ("rent", "debt", "birthday"):
        pending.amount = read_int(raw.get("amount"), "pending.amount", 0, 10**4)
        pending.paid = read_int(raw.get("paid", 0), "pending.paid", 0, 10**4)
        if stage == PHASE_RESPOND and pending.paid:
            raise PositionError("pending.paid", "must be 0 until the payment is due (stage 'pay')")
        if pending.paid and pending.paid >= pending.amount:
            raise PositionError(
                "pending.paid",
                f"must be less than pending.amount ({pending.amount}), not {pending.paid}: "
                f"a debt paid in full is over ({RULE_PAY})",
            )
    elif stage == PHASE_PAY:
        raise PositionError("pending.stage", f"a {kind} is never paid")
    if stage == PHASE_PAY and pending.jsn % 2 == 1:
        raise PositionError("pending.stage", "an odd number of Just Say Nos cancels the payment")
    if kind == "rent":
        pending.colour = _colour(raw.get("colour"), "pending.colour")
    target_table = state.tables[targets[0]]
    if kind in ("sly_deal", "forced_deal"):
        colour, name = _place(raw.get("take"), "pending.take")
        _, card = find_loose_card(target_table, colour, name)
        if card < 0:
            raise PositionError(
                "pending.take",
                f"player {targets[0]} has no {excerpt(name)} "
                f"in {COLOUR_NAMES[colour]} outside a full set",
            )
        pending.take_colour, pending.take_card = colour, card
    if kind == "forced_deal":
        colour, name = _place(raw.get("give"), "pending.give")
        card = -1
        for pile in state.tables[source]:
            if pile.colour == colour:
                found = find_card_in_pile(pile, name)
                if found >= 0 and (card < 0 or not is_complete(pile)):
                    card = found
        if card < 0:
            raise PositionError(
                "pending.give", f"player {source} has no {excerpt(name)} in {COLOUR_NAMES[colour]}"
            )
        pending.give_colour, pending.give_card = colour, card
    if kind == "deal_breaker":
        label = raw.get("set")
        index = pile_by_label(target_table, label) if isinstance(label, str) else -1
        if index < 0 or not is_complete(target_table[index]):
            raise PositionError(
                "pending.set", f"player {targets[0]} has no complete set called {excerpt(label)}"
            )
        pending.take_card = target_table[index].cards[0]
        pending.take_colour = target_table[index].colour
    return pending


def _pending_cards(state: DealState, raw: Any) -> list[int]:
    names = read_list(raw, "pending.cards")
    used: set[int] = set()
    cards = []
    for i, name in enumerate(names):
        match = -1
        for card in reversed(state.discard_pile):
            if card not in used and NAME[card % PACK_SIZE] == name:
                match = card
                break
        if match < 0:
            raise PositionError(
                f"pending.cards[{i}]",
                f"{excerpt(name)} must be on the discard pile (it was played)",
            )
        used.add(match)
        cards.append(match)
    return cards


def _read_table(raw: Any, player: int, pool: CardPool, moved: list[int]) -> list[PropertySet]:
    """One seat's piles; the ids of wilds listed as "moved" are added to ``moved``."""
    table = []
    for i, pile_raw in enumerate(read_list(raw, f"properties[{player}]")):
        field = f"properties[{player}][{i}]"
        if not isinstance(pile_raw, Mapping):
            raise PositionError(field, "must be a dict with 'colour' and 'cards'")
        for key in pile_raw:
            if key not in ("colour", "cards", "house", "hotel", "moved"):
                raise PositionError(
                    f"{field}.{key}", "is not a set field (colour, cards, house, hotel, moved)"
                )
        colour = _colour(pile_raw.get("colour"), f"{field}.colour")
        names = read_list(pile_raw.get("cards"), f"{field}.cards")
        if not names:
            raise PositionError(f"{field}.cards", "a set needs at least one card")
        if len(names) > SET_SIZE[colour]:
            raise PositionError(
                f"{field}.cards",
                f"a {COLOUR_NAMES[colour]} set holds at most {SET_SIZE[colour]} cards",
            )
        cards = []
        for j, name in enumerate(names):
            card = pool.take(name, f"{field}.cards[{j}]")
            index = card % PACK_SIZE
            if KIND[index] not in ("property", "wild"):
                raise PositionError(
                    f"{field}.cards[{j}]", f"{excerpt(name)} is not a property card"
                )
            if colour not in CARD_COLOURS[index]:
                shown = "/".join(COLOUR_NAMES[c] for c in CARD_COLOURS[index])
                raise PositionError(
                    f"{field}.cards[{j}]",
                    f"{excerpt(name)} is {shown}, so it cannot be in a {COLOUR_NAMES[colour]} set",
                )
            cards.append(card)
        pile = PropertySet(colour, cards)
        house = read_bool(pile_raw.get("house", False), f"{field}.house")
        hotel = read_bool(pile_raw.get("hotel", False), f"{field}.hotel")
        if house or hotel:
            if colour in NO_BUILDING_COLOURS:
                raise PositionError(
                    f"{field}.house" if house else f"{field}.hotel",
                    f"Houses and Hotels never go on Railroads or Utilities ({RULE_HOUSE})",
                )
            if not is_complete(pile):
                raise PositionError(
                    f"{field}.house" if house else f"{field}.hotel",
                    f"Houses and Hotels go only on complete sets ({RULE_BUILDINGS})",
                )
        if hotel and not house:
            raise PositionError(f"{field}.hotel", f"a Hotel needs a House first ({RULE_HOTEL})")
        if house:
            pile.house = pool.take("House", f"{field}.house")
        if hotel:
            pile.hotel = pool.take("Hotel", f"{field}.hotel")
        moved.extend(_read_moved(pile, pile_raw.get("moved", []), f"{field}.moved", moved))
        table.append(pile)
    return table


def _read_moved(pile: PropertySet, raw: Any, field: str, moved: list[int]) -> list[int]:
    """The wilds of a pile named in its "moved" list (option wild_moves): each name takes a
    wild of that name in the pile not taken yet."""
    found: list[int] = []
    for j, name in enumerate(read_list(raw, field)):
        card = find_card_in_pile(pile, name, moved + found) if isinstance(name, str) else -1
        if card < 0 or KIND[card % PACK_SIZE] != "wild":
            raise PositionError(f"{field}[{j}]", f"{excerpt(name)} is not a wild left in this set")
        found.append(card)
    return found


# --- small checkers -------------------------------------------------------------------------------
def _seat_lists(position: Mapping[str, Any], key: str, players: int) -> list[Any]:
    value = read_list(position.get(key, [[] for _ in range(players)]), key)
    if len(value) != players:
        raise PositionError(key, f"must have one entry per player ({players}), not {len(value)}")
    for p, entry in enumerate(value):
        read_list(entry, f"{key}[{p}]")
    return value


def _colour(value: Any, field: str) -> int:
    if not isinstance(value, str) or value not in COLOUR_INDEX:
        guess = value if isinstance(value, str) and len(value) <= 60 else ""
        close = difflib.get_close_matches(guess, COLOUR_NAMES, n=1, cutoff=0.5)
        hint = f"; did you mean {excerpt(close[0])}?" if close else ""
        raise PositionError(field, f"unknown colour {excerpt(value)}{hint}")
    return COLOUR_INDEX[value]


def _place(value: Any, field: str) -> tuple[int, str]:
    if not isinstance(value, Mapping):
        raise PositionError(field, "must be a dict with 'colour' and 'card'")
    colour = _colour(value.get("colour"), f"{field}.colour")
    name = value.get("card")
    if not isinstance(name, str):
        raise PositionError(f"{field}.card", "must be a card name")
    return colour, name

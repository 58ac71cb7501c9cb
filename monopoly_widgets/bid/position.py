"""Positions: a game of Monopoly Bid as a dict a teacher can type.

Cards are named as printed: "$3M", "Wild!", "Draw 2!", "Steal!", "Nope!",
"Boardwalk". Seats are numbered from 0. Every key but ``hands`` may be left out
(defaults in brackets)::

    {
      "players": 3,                      # [len(hands)]
      "host": 0, "round": 1,             # [0, 1]
      "phase": "actions",    # actions | respond | offer | trade | deals | draft | deal |
                             # bid | raise | over ["actions"]
      "hands": [["$3M", "Wild!"], ["$1M"], []],
      "properties": [[{"colour": "Dark Blue", "cards": ["Boardwalk", "Wild!"]}], [], []],
      "property_pile": ["Park Place"],   # top first   [the unplaced properties, shuffled]
      "draw_pile": ["Nope!", "$5M"],     # top first; cards of the deck mentioned nowhere
                                         # are shuffled in BENEATH these
      "discard_pile": ["$2M"],           # top last    [[]]
      "reshuffles": 0,                   # how many reshuffles so far (seeds the next) [0]
      "action_cards_played": 0,          # by the host this round [0]
                                         # (see option max_action_cards_per_round)
      "pending": null,                   # phase "respond" only, see below
      "auction": null,                   # phases "bid" and "raise" only, see below
      "winner": null, "draw_reason": null,
      "offer": null,                     # phase "trade" only: {"from": 0, "to": 1,
                                         #   "give": "Boardwalk", "take": "Park Place"}
      "offers_this_round": [],           # offers (and deals) made this round [[]]
      "deal_queue": [],                  # phases deals/draft/deal: seats still to be
                                         #   asked, the one asked now first [[]]
      "draft": null,                     # phase "draft": the deal being built
      "deal": null                       # phase "deal": the deal proposed, e.g.
                                         #   {"from": 1, "to": 2, "give": ["Boardwalk"],
                                         #    "ask": ["Park Place"], "pay": [], "want": []}
    }

``pending`` (an action card waiting for Nope! answers)::

    {"chain": [{"player": 0, "card": "Steal!", "victim": 1, "set": 0, "target": "Boardwalk"},
               {"player": 1, "card": "Nope!"}],
     "waiting": [2, 0]}     # who has still to answer the newest card, in order

A Wild! link is ``{"player": 0, "card": "Wild!", "colour": "Red", "set": 2}``
(``"set": null`` starts a new set); a Draw 2! link is ``{"player": 0, "card": "Draw 2!"}``.

``auction``::

    {"property": "Boardwalk",
     "bids": [["$3M"], null, []],    # per seat: sealed cards; null = not chosen yet; [] = no bid
     "revealed": false,              # true once "1, 2, 3, BID!" has happened (phase raise)
     "tied": [], "raise_round": 0,   # phase raise: the tied seats and rounds raised so far
     "raises": [null, null, null],   # phase raise: cards added this round (null = not chosen)
     "card_choice": null}            # the current decider choosing cards one value at a
                                     # time: {"cards": ["$5M"], "value": 4} (set aside so
                                     # far; the value asked next) [null]

Errors are :class:`PositionError` naming the field, e.g. ``hands[1][0]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monopoly_widgets.bid import card_choice, checks, deals, trading
from monopoly_widgets.bid.cards import (
    ACTION_NAMES,
    COLOURS,
    MONEY_NAMES,
    NOPE,
    PROPERTY_COLOUR,
    WILD,
    build_deck,
)
from monopoly_widgets.bid.options import check_option_values
from monopoly_widgets.bid.state import (
    PHASE_ACTIONS,
    PHASE_BID,
    PHASE_OFFER,
    PHASE_OVER,
    PHASE_RAISE,
    PHASE_RESPOND,
    PHASES,
    BidState,
    Link,
    PropertySet,
)
from monopoly_widgets.bid.table import has_room, set_is_complete
from monopoly_widgets.core.errors import PositionError
from monopoly_widgets.core.position_fields import (
    CardPool,
    check_fields,
    read_bool,
    read_choice,
    read_int,
    read_list,
    read_seat,
)
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.validation import excerpt

KEYS = (
    "players",
    "host",
    "round",
    "phase",
    "hands",
    "properties",
    "property_pile",
    "draw_pile",
    "discard_pile",
    "reshuffles",
    "action_cards_played",
    "pending",
    "auction",
    "winner",
    "draw_reason",
    "offer",
    "offers_this_round",
    "deal_queue",
    "draft",
    "deal",
)
CHAIN_CARDS = {"Wild!": "wild", "Draw 2!": "draw2", "Steal!": "steal"}


# --- state -> position ---------------------------------------------------------
def to_position(state: BidState) -> dict[str, Any]:
    """The position dict of ``state`` (every key written out)."""
    name = [spec.name for spec in state.deck]

    def names(cards: list[int] | None) -> list[str] | None:
        return None if cards is None else [name[c] for c in cards]

    pending = None
    if state.chain:
        pending = {
            "chain": [_link_dict(state, link) for link in state.chain],
            "waiting": list(state.waiting),
        }
    auction = None
    if state.auction_property is not None:
        auction = {
            "property": name[state.auction_property],
            "bids": [names(b) for b in state.bids],
            "revealed": state.revealed,
            "tied": list(state.tied),
            "raise_round": state.raise_round,
            "raises": [names(r) for r in state.raises],
            "card_choice": None
            if state.card_choice is None
            else {"cards": names(state.card_choice), "value": state.card_choice_value},
        }
    return {
        "players": state.players,
        "host": state.host,
        "round": state.round,
        "phase": state.phase,
        "hands": [names(hand) for hand in state.hands],
        "properties": [
            [{"colour": s.colour, "cards": names(s.cards)} for s in seat] for seat in state.sets
        ],
        "property_pile": names(state.property_pile),
        "draw_pile": names(state.draw_pile),
        "discard_pile": names(state.discard_pile),
        "reshuffles": state.reshuffles,
        "action_cards_played": state.action_cards_played,
        "pending": pending,
        "auction": auction,
        "winner": state.winner,
        "draw_reason": state.draw_reason,
        **trading.position_fields(state),
        **deals.position_fields(state),
    }


def _link_dict(state: BidState, link: Link) -> dict[str, Any]:
    found: dict[str, Any] = {"player": link.player, "card": state.deck[link.card].name}
    if link.kind == "wild":
        found.update(colour=link.colour, set=link.set_index)
    elif link.kind == "steal":
        found.update(victim=link.victim, set=link.set_index, target=link.target)
    return found


# --- position -> state ---------------------------------------------------------
#: What kind of card each name is (a Wild! may lie in a set, a property may not be drawn).
KIND_OF: dict[str, str] = {
    **{name: "property" for name in PROPERTY_COLOUR},
    **{name: "money" for name in MONEY_NAMES},
    **{name: "action" for name in ACTION_NAMES},
}


def _take(pool: CardPool, value: Any, field: str, kinds: tuple[str, ...] = ()) -> int:
    """The next free card called ``value``; with ``kinds``, only cards of those kinds fit here.

    The deck depends on the options (``count_nope = 0`` leaves no Nope!), so a name is
    checked against this deck, not against every card Monopoly Bid prints.
    """
    if not isinstance(value, str) or value not in pool.free:
        raise PositionError(field, f"{excerpt(value)} is not a Monopoly Bid card name in this deck")
    if kinds and KIND_OF[value] not in kinds:
        raise PositionError(field, f"{excerpt(value)} cannot be here (only {' or '.join(kinds)})")
    return pool.take(value, field)


def _take_list(pool: CardPool, value: Any, field: str, kinds: tuple[str, ...] = ()) -> list[int]:
    """Cards for a list of names, each checked as ``field[i]``."""
    if not isinstance(value, list):
        raise PositionError(field, f"must be a list of card names, not {excerpt(value)}")
    return [_take(pool, name, f"{field}[{i}]", kinds) for i, name in enumerate(value)]


def from_position(position: Mapping[str, Any], seed: int, options: dict[str, Any]) -> BidState:
    """Build and check a state; ``PositionError`` names the first wrong field (and
    ``OptionError`` the first wrong option value)."""
    check_option_values(options)
    check_fields(position, KEYS, "Monopoly Bid")
    hands_in = position.get("hands")
    if not isinstance(hands_in, list):
        raise PositionError("hands", "is required: a list with one list of card names per seat")
    players = read_int(position.get("players", len(hands_in)), "players", 2, 5)
    if len(hands_in) != players:
        raise PositionError(
            "hands", f"must have one hand per player ({players}), not {len(hands_in)}"
        )
    deck = build_deck(options)
    pool = CardPool([spec.name for spec in deck], "Monopoly Bid")
    hands = [_take_list(pool, hand, f"hands[{i}]") for i, hand in enumerate(hands_in)]
    sets = _read_sets(position.get("properties", [[] for _ in range(players)]), players, pool)
    property_pile = _take_list(
        pool, position.get("property_pile", []), "property_pile", ("property",)
    )
    draw_pile = _take_list(pool, position.get("draw_pile", []), "draw_pile", ("money", "action"))
    discard_pile = _take_list(
        pool, position.get("discard_pile", []), "discard_pile", ("money", "action")
    )
    phase = read_choice(position.get("phase", PHASE_ACTIONS), "phase", PHASES)
    state = BidState(
        deck=deck,
        options=options,
        seed=seed,
        players=players,
        hands=hands,
        sets=sets,
        property_pile=property_pile,
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        host=read_seat(position.get("host", 0), "host", players),
        round=read_int(position.get("round", 1), "round", 1),
        phase=phase,
        reshuffles=read_int(position.get("reshuffles", 0), "reshuffles", 0),
        action_cards_played=read_int(
            position.get("action_cards_played", 0), "action_cards_played", 0
        ),
    )
    _read_pending(state, position.get("pending"), pool)
    _read_auction(state, position.get("auction"), pool)
    # Cards the position does not mention: properties under the property pile, the
    # rest under the draw pile, each shuffled (seeded, so the position replays).
    unplaced = pool.rest()
    extra_properties = [c for c in unplaced if deck[c].kind == "property"]
    make_rng(seed, "position", "properties").shuffle(extra_properties)
    state.property_pile += extra_properties
    extra_cards = [c for c in unplaced if deck[c].kind != "property"]
    make_rng(seed, "position", "draw").shuffle(extra_cards)
    state.draw_pile += extra_cards
    _read_ending(state, position)
    trading.read_position_fields(state, position)
    deals.read_position_fields(state, position)
    _check_phase(state)
    return state


def _read_sets(value: Any, players: int, pool: CardPool) -> list[list[PropertySet]]:
    if not isinstance(value, list) or len(value) != players:
        raise PositionError(
            "properties", f"must be a list with one list of sets per player ({players})"
        )
    found = []
    for seat, seat_sets in enumerate(value):
        field = f"properties[{seat}]"
        if not isinstance(seat_sets, list):
            raise PositionError(
                field, "must be a list of sets like {'colour': 'Red', 'cards': [...]}"
            )
        mine = []
        for index, entry in enumerate(seat_sets):
            where = f"{field}[{index}]"
            if not isinstance(entry, Mapping) or set(entry) != {"colour", "cards"}:
                raise PositionError(where, "must be {'colour': ..., 'cards': [...]}")
            colour = entry["colour"]
            if not isinstance(colour, str) or colour not in COLOURS:
                raise PositionError(
                    f"{where}.colour", f"must be one of {list(COLOURS)}, not {excerpt(colour)}"
                )
            cards = _take_list(pool, entry["cards"], f"{where}.cards")
            if not cards:
                raise PositionError(f"{where}.cards", "a set needs at least one card")
            names = [pool.names[card] for card in cards]
            # A full set of Wild!s may have one property laid beside them (table.place_property).
            beside_wilds = len(cards) == COLOURS[colour] + 1 and names.count(WILD) == len(cards) - 1
            if len(cards) > COLOURS[colour] and not beside_wilds:
                raise PositionError(
                    f"{where}.cards",
                    f"a {colour} set holds at most {COLOURS[colour]} cards (or that many "
                    "Wild!s with one property laid beside them)",
                )
            for k, card in enumerate(cards):
                name = pool.names[card]
                if name == WILD:
                    continue
                if KIND_OF[name] != "property":
                    raise PositionError(f"{where}.cards[{k}]", f"{excerpt(name)} is not a property")
                if PROPERTY_COLOUR[name] != colour:
                    raise PositionError(
                        f"{where}.cards[{k}]", f"{name} is {PROPERTY_COLOUR[name]}, not {colour}"
                    )
            mine.append(PropertySet(colour, cards))
        found.append(mine)
    return found


def _read_pending(state: BidState, value: Any, pool: CardPool) -> None:
    if value is None:
        return
    if not isinstance(value, Mapping) or set(value) != {"chain", "waiting"}:
        raise PositionError("pending", "must be null or {'chain': [...], 'waiting': [...]}")
    chain_in = value["chain"]
    if not isinstance(chain_in, list) or not chain_in:
        raise PositionError("pending.chain", "must be a non-empty list of played cards")
    n = state.players
    for index, entry in enumerate(chain_in):
        field = f"pending.chain[{index}]"
        if not isinstance(entry, Mapping):
            raise PositionError(field, "must be a dict like {'player': 0, 'card': 'Nope!'}")
        player = read_seat(entry.get("player"), f"{field}.player", n)
        name = entry.get("card")
        if index == 0:
            if name not in CHAIN_CARDS:
                raise PositionError(
                    f"{field}.card", "the first card must be Wild!, Draw 2! or Steal!"
                )
            if player != state.host:
                raise PositionError(f"{field}.player", "only the host plays action cards")
            kind = CHAIN_CARDS[name]
        else:
            if name != NOPE:
                raise PositionError(f"{field}.card", "every card after the first must be Nope!")
            if player == state.chain[-1].player:
                raise PositionError(f"{field}.player", "nobody may Nope! their own card")
            kind = "nope"
        card = _take(pool, name, f"{field}.card", ("action",))
        link = Link(player, card, kind)
        if kind == "wild":
            link.colour = entry.get("colour")
            if link.colour not in COLOURS:
                raise PositionError(f"{field}.colour", f"must be one of {list(COLOURS)}")
            if entry.get("set") is not None:
                link.set_index = read_int(
                    entry["set"], f"{field}.set", 0, len(state.sets[player]) - 1
                )
                own = state.sets[player][link.set_index]
                if own.colour != link.colour or not has_room(own):
                    raise PositionError(f"{field}.set", f"is not a {link.colour} set with room")
        elif kind == "steal":
            _read_steal(state, link, entry, field)
        state.chain.append(link)
    waiting = value["waiting"]
    if not isinstance(waiting, list) or not waiting:
        raise PositionError("pending.waiting", "must list the seats still to answer (not empty)")
    state.waiting = [read_seat(s, f"pending.waiting[{i}]", n) for i, s in enumerate(waiting)]
    if len(set(state.waiting)) != len(state.waiting) or state.chain[-1].player in state.waiting:
        raise PositionError(
            "pending.waiting", "must be distinct seats, not the player of the newest card"
        )


def _read_steal(state: BidState, link: Link, entry: Mapping[str, Any], field: str) -> None:
    victim = read_seat(entry.get("victim"), f"{field}.victim", state.players)
    if victim == link.player:
        raise PositionError(f"{field}.victim", "Steal! takes from another player")
    index = read_int(entry.get("set"), f"{field}.set", 0, max(0, len(state.sets[victim]) - 1))
    if index >= len(state.sets[victim]):
        raise PositionError(f"{field}.set", f"player {victim} has no sets")
    target_set = state.sets[victim][index]
    if set_is_complete(state, target_set):
        raise PositionError(f"{field}.set", "Steal! may not take from a complete set")
    target = entry.get("target")
    if target not in [state.deck[c].name for c in target_set.cards]:
        raise PositionError(f"{field}.target", f"{excerpt(target)} is not in that set")
    link.victim, link.set_index, link.target = victim, index, target


def _read_auction(state: BidState, value: Any, pool: CardPool) -> None:
    if value is None:
        return
    if not isinstance(value, Mapping):
        raise PositionError("auction", "must be null or a dict")
    allowed = {"property", "bids", "revealed", "tied", "raise_round", "raises", "card_choice"}
    extra = sorted(set(value) - allowed)
    if extra:
        raise PositionError(
            f"auction.{extra[0]}", f"is not an auction field; they are {sorted(allowed)}"
        )
    n = state.players
    state.auction_property = _take(pool, value.get("property"), "auction.property", ("property",))
    state.bids = _read_money_slots(value.get("bids"), "auction.bids", n, pool)
    state.raises = _read_money_slots(value.get("raises", [None] * n), "auction.raises", n, pool)
    state.revealed = read_bool(value.get("revealed", False), "auction.revealed")
    tied = read_list(value.get("tied", []), "auction.tied")
    state.tied = [read_seat(s, f"auction.tied[{i}]", n) for i, s in enumerate(tied)]
    state.raise_round = read_int(value.get("raise_round", 0), "auction.raise_round", 0)
    _read_card_choice(state, value.get("card_choice"), pool)


def _read_card_choice(state: BidState, value: Any, pool: CardPool) -> None:
    """``auction.card_choice``: money cards set aside so far, all of values above the one
    asked next (the values are asked from $5M down, ``card_choice.VALUES``)."""
    if value is None:
        return
    field = "auction.card_choice"
    if not isinstance(value, Mapping) or set(value) != {"cards", "value"}:
        raise PositionError(field, "must be null or {'cards': [money cards], 'value': 1 to 5}")
    if state.options["bid_cards"] != card_choice.CHOOSE:
        raise PositionError(field, "needs option bid_cards = 'choose'")
    asked = read_int(
        value["value"], f"{field}.value", min(card_choice.VALUES), max(card_choice.VALUES)
    )
    cards = _take_list(pool, value["cards"], f"{field}.cards", ("money",))
    if any(state.deck[c].value <= asked for c in cards):
        raise PositionError(
            f"{field}.cards", f"values from ${asked}M down are not chosen yet (asked: ${asked}M)"
        )
    state.card_choice, state.card_choice_value = cards, asked


def _read_money_slots(value: Any, field: str, n: int, pool: CardPool) -> list[list[int] | None]:
    if not isinstance(value, list) or len(value) != n:
        raise PositionError(field, "must be a list with one entry (null or money cards) per seat")
    return [
        None if entry is None else _take_list(pool, entry, f"{field}[{i}]", ("money",))
        for i, entry in enumerate(value)
    ]


def _read_ending(state: BidState, position: Mapping[str, Any]) -> None:
    winner = position.get("winner")
    reason = position.get("draw_reason")
    if winner is not None:
        state.winner = read_seat(winner, "winner", state.players)
    if reason is not None and not isinstance(reason, str):
        raise PositionError("draw_reason", "must be null or a sentence")
    state.draw_reason = reason
    if state.phase == PHASE_OVER and state.winner is None and state.draw_reason is None:
        raise PositionError("winner", "a finished game needs a winner or a draw_reason")
    if state.phase != PHASE_OVER and (state.winner is not None or state.draw_reason is not None):
        raise PositionError("phase", "must be 'over' when there is a winner or a draw_reason")


def _check_phase(state: BidState) -> None:
    """The pieces a phase needs, and no pieces from another phase."""
    phase = state.phase
    if phase == PHASE_OFFER and checks.trade_check(state) is not None:
        raise PositionError("phase", "'offer' needs an offer the host may still make")
    if (phase == PHASE_RESPOND) != bool(state.chain):
        raise PositionError("pending", "is needed in phase 'respond' and only there")
    in_auction = phase in (PHASE_BID, PHASE_RAISE)
    if in_auction != (state.auction_property is not None):
        raise PositionError("auction", "is needed in phases 'bid' and 'raise' and only there")
    if phase == PHASE_BID:
        if state.revealed or state.tied or any(r is not None for r in state.raises):
            raise PositionError("auction", "in phase 'bid' nothing is revealed, tied or raised yet")
        if all(b is not None for b in state.bids):
            raise PositionError("auction.bids", "every bid is in, so they would be revealed")
    if phase == PHASE_RAISE:
        if not state.revealed or any(b is None for b in state.bids):
            raise PositionError("auction.revealed", "in phase 'raise' every bid is in and revealed")
        if len(state.tied) < 2 or len(set(state.tied)) != len(state.tied):
            raise PositionError("auction.tied", "must list at least two distinct tied seats")
        order = [s for s in state.seats_from_left_of_host() if s in state.tied]
        if state.tied != order:
            raise PositionError(
                "auction.tied", f"must be in seat order from the host's left: {order}"
            )
        if any(state.raises[s] is not None for s in range(state.players) if s not in state.tied):
            raise PositionError("auction.raises", "only tied seats raise")
        if all(state.raises[s] is not None for s in state.tied):
            raise PositionError("auction.raises", "every raise is in, so they would be revealed")
        if state.raise_round >= state.options["tie_raise_rounds"]:
            raise PositionError("auction.raise_round", "no raise round is left (tie_raise_rounds)")

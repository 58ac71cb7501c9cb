"""Positions: a match written as a plain dict a teacher can type.

Cards are written by printed name ("Boardwalk", "1st House", "Hotel",
"Token", "Chance", "GO", "Mr. Monopoly"). Every pile lists its cards bottom
first: the **last card is the top**. Example (4 players, seat 1 to play)::

    {
      "players": 4, "hand_number": 1, "dealer": 0, "scores": [0, 0, 0, 0],
      "turn": 1, "hand_turns": 0, "to_play": 1, "phase": "turn",
      "hands": [["Boardwalk", "Park Place", "GO"], [...], [...], [...]],
      "trade_piles": [["Token"], ["Water Works"], ["1st House"], ["Chance"]],
    }

Optional fields (defaults in brackets): ``extra_piles`` (the 3rd/4th trading
piles of 2- and 3-player games) [one empty pile each], ``draw_pile`` [every
card not written elsewhere, shuffled by the seed; for 5-6 players there is no
draw pile and such cards are out of play], ``out_of_play`` [cards written in
no other place, when ``draw_pile`` is given], ``done_this_turn`` [null, or
"excess", "draw", "trade"], ``added_to_trade_pile`` [false],
``discards_this_turn`` [0], ``passes`` [null per seat: the card each player
has chosen to pass left, 5-6 players], ``went_out``/``chance_roles``/``reward``
[the player who laid down, what their Chance cards stand for, the reward cards
they may add], ``winner``/``result`` [set once the match is over],
``last_hand`` [money each seat won in the last hand scored], ``stalled_hands``
[hands in a row nobody went out of].
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monopoly_widgets.cardgame.cards import CHANCE, build_deck, is_card_name
from monopoly_widgets.cardgame.options import settings_from
from monopoly_widgets.cardgame.state import (
    DONE_VALUES,
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PASS,
    PHASE_REWARD,
    PHASE_TURN,
    PHASES,
    CardGameState,
    extra_pile_count,
)
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


def to_position(state: CardGameState) -> dict[str, Any]:
    """The state as a position dict (JSON-safe, names not ids)."""
    names = state.names
    return {
        "players": state.players,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "scores": list(state.scores),
        "turn": state.turn,
        "hand_turns": state.hand_turns,
        "to_play": state.to_play,
        "phase": state.phase,
        "done_this_turn": state.done,
        "added_to_trade_pile": state.added,
        "discards_this_turn": state.discards,
        "hands": [names(h) for h in state.hands],
        "trade_piles": [names(p) for p in state.trade_piles],
        "extra_piles": [names(p) for p in state.extra_piles],
        "draw_pile": names(state.draw_pile),
        "out_of_play": names(state.out_of_play),
        "passes": [None if c is None else state.name(c) for c in state.passes],
        "went_out": state.went_out,
        "chance_roles": list(state.chance_roles),
        "reward": names(state.reward),
        "winner": state.winner,
        "result": state.result,
        "last_hand": list(state.last_hand) if state.last_hand is not None else None,
        "stalled_hands": state.stalled_hands,
    }


#: Every field a position may have (the docstring above says which are optional).
KEYS = (
    "players", "hand_number", "dealer", "scores", "turn", "hand_turns", "to_play", "phase",
    "done_this_turn", "added_to_trade_pile", "discards_this_turn", "hands", "trade_piles",
    "extra_piles", "draw_pile", "out_of_play", "passes", "went_out", "chance_roles",
    "reward", "winner", "result", "last_hand", "stalled_hands",
)  # fmt: skip
#: How cards are spelled, for an error about a name the deck does not hold.
EXAMPLE_NAMES = ("Boardwalk", "1st House", "Hotel", "Token", "Chance", "GO", "Mr. Monopoly")


def _seat_or_none(value: Any, field: str, players: int) -> int | None:
    return None if value is None else read_seat(value, field, players)


def _piles(value: Any, field: str, count: int, pool: CardPool) -> list[list[int]]:
    """``count`` piles of card names (a list of lists)."""
    if not isinstance(value, list) or len(value) != count:
        raise PositionError(field, f"must be a list of {count} lists of card names")
    return [pool.take_list(pile, f"{field}[{i}]") for i, pile in enumerate(value)]


def _whole_numbers(value: Any, field: str, players: int, low: int) -> list[int]:
    """One whole number of ``low`` or more per seat."""
    return [read_int(number, field, low) for number in read_list(value, field, players)]


def from_position(position: Mapping[str, Any], seed: int, options: dict[str, Any]) -> CardGameState:
    """Build a state from a position; :class:`PositionError` names the bad field."""
    settings = settings_from(options)
    check_fields(position, KEYS, "cardgame")
    players = read_int(position.get("players"), "players", 2, 6)
    deck = build_deck(settings.house_split)
    pool = CardPool([card.name for card in deck], "Monopoly: The Card Game", EXAMPLE_NAMES)
    hands = _piles(position.get("hands"), "hands", players, pool)
    for hand in hands:
        hand.sort()
    trade_piles = _piles(position.get("trade_piles"), "trade_piles", players, pool)
    extras = extra_pile_count(players)
    extra_value = position.get("extra_piles")
    extra_piles = (
        [[] for _ in range(extras)]
        if extra_value is None
        else _piles(extra_value, "extra_piles", extras, pool)
    )
    phase = read_choice(position.get("phase", PHASE_TURN), "phase", PHASES)
    reward = pool.take_list(position.get("reward", []), "reward")
    passes: list[int | None] = [
        None if name is None else pool.take(name, f"passes[{i}]")
        for i, name in enumerate(
            read_list(position.get("passes", [None] * players), "passes", players)
        )
    ]
    has_draw = "draw_pile" in position
    draw_pile = pool.take_list(position["draw_pile"], "draw_pile") if has_draw else []
    out_of_play = pool.take_list(position.get("out_of_play", []), "out_of_play")
    rest = pool.rest()
    if rest:
        if has_draw or players >= 5:
            if "out_of_play" in position and has_draw:
                missing = sorted({deck[c].name for c in rest})
                raise PositionError("out_of_play", f"cards written nowhere: {missing}")
            out_of_play.extend(rest)
        else:
            make_rng(seed, "position").shuffle(rest)
            draw_pile = rest
    if players >= 5 and draw_pile:
        raise PositionError(
            "draw_pile",
            "must be empty: 5 or 6 players deal the whole deck "
            "(rulebook: Rules for Five or Six Players)",
        )
    scores = _whole_numbers(position.get("scores", [0] * players), "scores", players, 0)
    last_hand = position.get("last_hand")
    if last_hand is not None:
        last_hand = _whole_numbers(last_hand, "last_hand", players, 0)
    done = position.get("done_this_turn")
    if done is not None:
        read_choice(done, "done_this_turn", [value for value in DONE_VALUES if value])
    roles = read_list(position.get("chance_roles", []), "chance_roles")
    if not all(is_card_name(r) and r != CHANCE for r in roles):
        raise PositionError("chance_roles", "must be a list of card names a Chance stands for")

    state = CardGameState(
        players=players,
        settings=settings,
        deck=deck,
        seed=seed,
        scores=scores,
        hand_number=read_int(position.get("hand_number", 1), "hand_number", 1, 10**6),
        dealer=read_seat(position.get("dealer", 0), "dealer", players),
        turn=read_int(position.get("turn", 1), "turn", 1, 10**7),
        hand_turns=read_int(position.get("hand_turns", 0), "hand_turns", 0, 10**7),
        to_play=read_seat(position.get("to_play"), "to_play", players),
        phase=phase,
        done=done,
        added=read_bool(position.get("added_to_trade_pile", False), "added_to_trade_pile"),
        discards=read_int(position.get("discards_this_turn", 0), "discards_this_turn", 0, 60),
        hands=hands,
        trade_piles=trade_piles,
        extra_piles=extra_piles,
        draw_pile=draw_pile,
        out_of_play=out_of_play,
        passes=passes,
        went_out=_seat_or_none(position.get("went_out"), "went_out", players),
        chance_roles=tuple(roles),
        reward=reward,
        winner=_seat_or_none(position.get("winner"), "winner", players),
        result=position.get("result"),
        last_hand=last_hand,
        stalled_hands=read_int(position.get("stalled_hands", 0), "stalled_hands", 0, 10**6),
    )
    _check_phase(state)
    return state


def _check_phase(state: CardGameState) -> None:
    """Fields that must agree with the phase (rulebook "Play")."""
    phase, done = state.phase, state.done
    if state.result is not None and not isinstance(state.result, str):
        raise PositionError("result", "must be text or null")
    if phase == PHASE_OVER:
        if state.result is None:
            raise PositionError("result", "must say why the match ended when phase is 'over'")
        return
    if state.winner is not None or state.result is not None:
        raise PositionError("winner", "must be null until the match is over")
    if phase == PHASE_TURN and done not in (None, "excess"):
        raise PositionError("done_this_turn", "must be null or 'excess' in the 'turn' phase")
    if phase in (PHASE_DISCARD, PHASE_PASS) and done not in ("draw", "trade"):
        raise PositionError(
            "done_this_turn", f"must be 'draw' or 'trade' in the {excerpt(phase)} phase"
        )
    if done == "excess" and state.big_table:
        raise PositionError("done_this_turn", "'excess' only applies to 2-4 players")
    if phase == PHASE_PASS and not state.big_table:
        raise PositionError("phase", "'pass' only happens with 5 or 6 players")
    if any(p is not None for p in state.passes) and phase != PHASE_PASS:
        raise PositionError("passes", "cards are only set aside to pass in the 'pass' phase")
    if phase == PHASE_REWARD:
        if state.went_out is None:
            raise PositionError("went_out", "must name the player who laid down in 'reward'")
        chances = state.counts(state.hands[state.went_out])[CHANCE]
        if len(state.chance_roles) > chances:
            raise PositionError(
                "chance_roles",
                f"lists more roles than the {chances} Chance "
                "card(s) in the hand of the player who went out",
            )
    elif state.went_out is not None or state.chance_roles or state.reward:
        raise PositionError("went_out", "went_out, chance_roles and reward belong to 'reward'")
    if (
        phase == PHASE_TURN
        and not state.big_table
        and not state.draw_pile
        and state.settings.empty_draw_pile == "end_hand"
    ):
        raise PositionError(
            "draw_pile", "is empty: the hand would already have ended (option empty_draw_pile)"
        )

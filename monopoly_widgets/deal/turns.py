"""Turn structure: drawing, reshuffling, the hand limit, passing the turn, winning, draws.

Rulebook, On Your Turn: "Draw 2 cards. If you ever start your turn with no
cards, draw 5 instead. Play up to 3 cards ... At the end of your turn, you can
have up to 7 cards." Drawing is automatic: it happens inside the ``apply``
that ends the previous turn (and at setup for the first turn).
"""

from __future__ import annotations

from itertools import combinations

from monopoly_widgets.core.actions import Event
from monopoly_widgets.core.rng import make_rng, shuffle
from monopoly_widgets.core.wording import plural
from monopoly_widgets.deal.cards import (
    CARD_COLOURS,
    HAND_LIMIT,
    NAME,
    PACK_SIZE,
    SET_SIZE,
    WILD_IDS,
)
from monopoly_widgets.deal.properties import has_won
from monopoly_widgets.deal.rulebook import (
    OPTION_DISCARD,
    OPTION_MAX_TURNS,
    OPTION_OUT_OF_CARDS,
    OPTION_WIN_OWN_TURN,
    RULE_END,
    RULE_OUT_OF_CARDS,
    RULE_RESHUFFLE,
    RULE_TURN,
    RULE_WIN,
)
from monopoly_widgets.deal.speed import enabled, take_completed
from monopoly_widgets.deal.speed import win_check_needed as win_check_needed  # for rules.py
from monopoly_widgets.deal.state import (
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PLAY,
    DealState,
    PropertySet,
)

#: A turn's draw that came up short: the rule, and our ruling on what follows (option).
RULE_SHORT_DRAW = f"{RULE_TURN}; {RULE_OUT_OF_CARDS}; {OPTION_OUT_OF_CARDS}"


def draw_cards(state: DealState, player: int, count: int, events: list[Event]) -> int:
    """Move up to ``count`` cards from the draw pile to the hand; return how many.

    When the draw pile runs out, the discard pile is shuffled to form a new one
    (seeded by ``make_rng(seed, "reshuffle", n)``). If both are empty, the
    player simply draws fewer cards.
    """
    hand = state.hands[player]
    drawn = 0
    for _ in range(count):
        if not state.draw_pile:
            if not state.discard_pile:
                break
            reshuffle(state, events)
        hand.append(state.draw_pile.pop())
        drawn += 1
    return drawn


def reshuffle(state: DealState, events: list[Event]) -> None:
    """Shuffle the discard pile to make the new draw pile."""
    cards = state.discard_pile
    shuffle(make_rng(state.seed, "reshuffle", state.reshuffles), cards)
    state.draw_pile = cards
    state.discard_pile = []
    state.reshuffles += 1
    events.append(
        Event(
            f"The draw pile ran out: the {len(cards)} discarded cards are shuffled "
            "to form a new draw pile.",
            RULE_RESHUFFLE,
            None,
            "reshuffle",
            {"cards": len(cards)},
        )
    )


def start_turn(state: DealState, events: list[Event]) -> None:
    """Draw for the turn player: 2 cards, or 5 if their hand is empty."""
    player = state.turn_player
    if state.turn > state.options["max_turns"]:
        end_in_draw(state, "max_turns", events)
        return
    wanted = 5 if not state.hands[player] else 2
    drawn = draw_cards(state, player, wanted, events)
    if drawn == wanted:
        if wanted == 5:
            text = "Turn {}: player {} starts with no cards and draws {}."
        else:
            text = "Turn {}: player {} draws {} cards."
        # Worded when first read (see ``Event``): a turn's events are made in every
        # simulated turn.
        events.append(
            Event((text, state.turn, player, drawn), RULE_TURN, player, "draw", {"cards": drawn})
        )
    else:
        text = f"Turn {state.turn}: player {player} {short_draw_text(drawn, wanted)}"
        if state.options["out_of_cards"] == "draw":
            events.append(Event(text + ".", OPTION_OUT_OF_CARDS, player, "draw", {"cards": drawn}))
            end_in_draw(state, "no_cards", events)
            return
        text += ", and plays on from their hand."
        events.append(Event(text, RULE_SHORT_DRAW, player, "draw", {"cards": drawn}))
    if not state.draw_pile and not state.discard_pile and not any(state.hands):
        if not any(win_within_reach(table) for table in state.tables):
            end_in_draw(state, "no_cards", events)


def short_draw_text(drawn: int, wanted: int) -> str:
    """Why a player draws fewer cards than the rule gives: nothing is left to draw."""
    got = "no cards" if drawn == 0 else plural(drawn, "card")
    return f"draws {got} of {wanted}: the draw pile and the discard pile are both empty"


def end_turn(state: DealState, events: list[Event]) -> None:
    """End the turn: discard down to 7 first if needed, else pass to the left."""
    player = state.turn_player
    extra = len(state.hands[player]) - HAND_LIMIT
    if extra > 0:
        state.phase = PHASE_DISCARD
        held = len(state.hands[player])
        text = ("Player {} ends their turn with {} cards and must discard {}.", player, held, extra)
        events.append(Event(text, RULE_TURN, player, "end_turn"))
        return
    events.append(Event(("Player {} ends their turn.", player), RULE_TURN, player, "end_turn"))
    next_turn(state, events)


def discard(state: DealState, card: int, events: list[Event]) -> None:
    """Discard one card from the turn player's hand (option: hand_limit_discard_to)."""
    player = state.turn_player
    state.hands[player].remove(card)
    if state.options["hand_limit_discard_to"] == "discard_pile":
        state.discard_pile.append(card)
        where = "the discard pile"
    else:
        state.draw_pile.insert(0, card)
        where = "the bottom of the draw pile"
    text = ("Player {} discards {} to {}.", player, NAME[card % PACK_SIZE], where)
    events.append(Event(text, OPTION_DISCARD, player, "discard"))
    if len(state.hands[player]) <= HAND_LIMIT:
        next_turn(state, events)


def next_turn(state: DealState, events: list[Event]) -> None:
    """Pass the turn to the left and draw for the new turn player."""
    state.turn += 1
    state.turn_player = (state.turn_player + 1) % state.players
    state.plays_used = 0
    state.phase = PHASE_PLAY
    start_turn(state, events)


def check_win(state: DealState, events: list[Event], completed_only: bool = False) -> None:
    """End the game if someone has 3 complete sets of different colours.

    Default (rulebook, The End of the Game): whoever has them wins at once, the turn
    player checked first, then the others from their left. With the option
    ``win_declared_on_own_turn`` (leaflet) only the turn player can win, so only they are
    checked. ``DealRules.apply`` calls this only when ``speed.win_check_needed``, with
    ``completed_only``: then, with the speed switch on, only the seats in
    ``state.completed_by`` are looked at, as a player whose sets were not completed since
    the last look has not won since (with ``win_declared_on_own_turn`` the turn player is
    looked at all the same; with the switch off, every seat).
    """
    completed = take_completed(state)  # the seats noted since the last look, forgotten now
    if state.phase == PHASE_OVER:
        return
    if not enabled():
        completed_only = False  # the plain rule: every seat
    if state.options["win_declared_on_own_turn"]:
        n = 1
        rule = OPTION_WIN_OWN_TURN
        completed_only = False
    else:
        n = state.players
        rule = RULE_WIN
    turn_player = state.turn_player
    for k in range(n):
        player = (turn_player + k) % state.players
        if completed_only and player not in completed:
            continue
        if has_won(state.tables[player]):
            state.winner = player
            state.phase = PHASE_OVER
            state.pending = None
            events.append(
                Event(
                    f"Player {player} has 3 complete sets of different colours and wins!",
                    rule,
                    player,
                    "win",
                )
            )
            return


def end_in_draw(state: DealState, reason: str, events: list[Event]) -> None:
    """End the game with nobody winning; ``reason`` goes to ``observation["draw_reason"]``."""
    state.phase = PHASE_OVER
    state.pending = None
    state.draw_reason = reason
    if reason == "max_turns":
        text = f"The game reached the turn limit ({state.options['max_turns']}): it is a draw."
        rule = OPTION_MAX_TURNS
    elif state.options["out_of_cards"] == "draw" and any(state.hands):
        text = "No card is left to draw: the game is a draw."
        rule = OPTION_OUT_OF_CARDS
    else:
        text = (
            "No cards are left to draw or to play, and nobody can complete 3 sets by "
            "moving wilds: the game is a draw."
        )
        rule = RULE_END
    events.append(Event(text, rule, None, "draw_game"))


def win_within_reach(table: list[PropertySet]) -> bool:
    """Could this collection make 3 complete sets of different colours by moving wilds alone?

    Once no card is left to draw or in any hand, nothing can be played or paid again:
    the only moves left are flipping wilds (rulebook, Wild Property Cards: "flip the card
    ... any time on your turn"). The rulebook's game ends only "when one player collects
    3 complete Property sets" (The End of the Game), so while someone can still do that
    by moving their own wilds the game goes on; when nobody can, it could never end, and
    the engine calls it a draw. A colour can only be completed where its owner has a
    natural property card (RULES-NOTES: a set made only of wilds is not complete), so a
    wild only helps in such a colour, whichever colours option ``multicolour_wild_moves_to``
    allows; and every arrangement of wilds is reachable, one move at a time, over the
    turns, whichever limit option ``wild_moves`` sets.
    """
    naturals = [0] * len(SET_SIZE)
    wild_colours: list[tuple[int, ...]] = []
    for pile in table:
        for card in pile.cards:
            if card in WILD_IDS:
                wild_colours.append(CARD_COLOURS[card % PACK_SIZE])
            else:
                naturals[pile.colour] += 1
    candidates = [colour for colour, count in enumerate(naturals) if count]
    for three in combinations(candidates, 3):
        short = {colour: max(0, SET_SIZE[colour] - naturals[colour]) for colour in three}
        if _wilds_fill(short, wild_colours):
            return True
    return False


def _wilds_fill(short: dict[int, int], wild_colours: list[tuple[int, ...]]) -> bool:
    """Can the wilds (each usable once, in its own colours) make up every colour's shortfall?

    A matching of missing cards to wilds, grown one missing card at a time by
    augmenting paths (Kuhn's algorithm); with at most 11 wilds it is instant.
    """
    needed = [colour for colour, missing in short.items() for _ in range(missing)]
    if len(needed) > len(wild_colours):
        return False
    holder: dict[int, int] = {}  # wild index -> the missing card (slot) it fills

    def place(slot: int, tried: set[int]) -> bool:
        for index, colours in enumerate(wild_colours):
            if needed[slot] in colours and index not in tried:
                tried.add(index)
                if index not in holder or place(holder[index], tried):
                    holder[index] = slot
                    return True
        return False

    return all(place(slot, set()) for slot in range(len(needed)))

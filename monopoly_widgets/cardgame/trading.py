"""Trading: between trade piles, with the extra piles, and the 5-6 player exchange.

Rulebook "Trade" (2-4 players): you may first add one card from your hand to
your trade pile; then give N cards from the top of your trade pile to an
opponent, who must put them in their HAND, and take the top N cards of their
trade pile into your hand. Then you end your turn by discarding.

Rulebook "Rules for Three Players": a 4th trading pile lies where a 4th player
would sit. Trade for it by exchanging its top card for the top card of your
own pile, or take it plus the top card of the draw pile by replacing it with
the top two cards of your own pile. "Rules for Two Players": a 3rd and a 4th
such pile.

Rulebook "Rules for Five or Six Players": you must exchange your trade card
for another player's trade card (if you have none, first put one down from
your hand); both keep the traded cards in hand.
"""

from __future__ import annotations

from monopoly_widgets.cardgame.rulebook import RULE_BIG, RULE_THREE, RULE_TRADE, RULE_TWO
from monopoly_widgets.cardgame.state import CardGameState, add_to_hand, extra_pile_label
from monopoly_widgets.core.actions import Action, Event


def _extra_rule(state: CardGameState) -> str:
    return RULE_TWO if state.players == 2 else RULE_THREE


def _seats_after(state: CardGameState, seat: int) -> list[int]:
    """The other seats, going left (clockwise) from ``seat``."""
    return [(seat + k) % state.players for k in range(1, state.players)]


def other_piles_have_cards(state: CardGameState, seat: int) -> bool:
    """True if some opponent's trade pile or an extra pile has a card to trade for."""
    return any(state.trade_piles[o] for o in _seats_after(state, seat)) or any(state.extra_piles)


def trade_actions(state: CardGameState, seat: int) -> list[Action]:
    """Every trade ``seat`` can make now (2-4 players)."""
    actions: list[Action] = []
    own = len(state.trade_piles[seat])
    if own == 0:
        return actions
    for other in _seats_after(state, seat):
        pile = state.trade_piles[other]
        for count in range(1, min(own, len(pile)) + 1):
            if count == 1:
                text = (
                    f"Trade 1 with player {other}: give {state.name(state.trade_piles[seat][-1])}"
                    f", take {state.name(pile[-1])}"
                )
            else:
                text = f"Trade the top {count} of your trade pile for the top {count} of player "
                text += f"{other}'s"
            actions.append(
                Action(f"trade:{other}:{count}", text, seat, "trade", card=pile[-1], target=other)
            )
    for index, pile in enumerate(state.extra_piles):
        if not pile:
            continue
        label = extra_pile_label(state.players, index)
        top = state.name(pile[-1])
        actions.append(
            Action(
                f"swap:{label}",
                f"Take {top} from pile {label}, putting your top trade card "
                f"({state.name(state.trade_piles[seat][-1])}) there",
                seat,
                "trade",
                card=pile[-1],
            )
        )
        if own >= 2 and state.draw_pile:
            actions.append(
                Action(
                    f"swap2:{label}",
                    f"Take {top} from pile {label} and the top draw card, putting your top "
                    "two trade cards there",
                    seat,
                    "trade",
                    card=pile[-1],
                )
            )
    return actions


def _hand_to_trade_pile(state: CardGameState, seat: int, name: str) -> None:
    """Move the named card from ``seat``'s hand to the top of their trade pile."""
    card = state.find_in(state.hands[seat], name)
    assert card is not None
    state.hands[seat].remove(card)
    state.trade_piles[seat].append(card)
    state.added = True


def apply_add(state: CardGameState, action: Action, name: str) -> list[Event]:
    """Rulebook "Trade": add one card from hand to your trade pile before trading."""
    seat = action.player
    _hand_to_trade_pile(state, seat, name)
    return [
        Event(
            f"Player {seat} adds {name} from their hand to the top of their trade pile.",
            RULE_TRADE,
            seat,
            "add",
            {"card": name},
        )
    ]


def apply_trade(state: CardGameState, seat: int, other: int, count: int) -> list[Event]:
    """Give the top ``count`` of your pile to ``other``'s hand; take the top ``count`` of theirs."""
    mine = state.trade_piles[seat]
    theirs = state.trade_piles[other]
    give = mine[-count:]
    take = theirs[-count:]
    del mine[-count:]
    del theirs[-count:]
    for card in give:
        add_to_hand(state.hands[other], card)
    for card in take:
        add_to_hand(state.hands[seat], card)
    state.done = "trade"
    return [
        Event(
            f"Player {seat} trades {count} card(s) with player {other}: gives "
            f"{', '.join(state.names(give))} (into player {other}'s hand) and takes "
            f"{', '.join(state.names(take))}.",
            RULE_TRADE,
            seat,
            "trade",
            {"with": other, "gave": state.names(give), "took": state.names(take)},
        )
    ]


def apply_swap(state: CardGameState, seat: int, label: int, with_draw: bool) -> list[Event]:
    """Trade with an extra pile (Rules for Three / Two Players)."""
    pile = state.extra_piles[label - state.players - 1]
    mine = state.trade_piles[seat]
    took = [pile.pop()]
    text = f"Player {seat} takes {state.name(took[0])} from pile {label}"
    if with_draw:
        took.append(state.draw_pile.pop())
        gave = mine[-2:]
        del mine[-2:]
        text += " and the top card of the draw pile"
    else:
        gave = [mine.pop()]
    pile.extend(gave)
    for card in took:
        add_to_hand(state.hands[seat], card)
    state.done = "trade"
    text += f", putting {', '.join(state.names(gave))} from their trade pile on pile {label}."
    return [
        Event(
            text,
            _extra_rule(state),
            seat,
            "trade",
            {"pile": label, "gave": state.names(gave), "took_from_pile": state.name(took[0])},
        )
    ]


def exchange_actions(state: CardGameState, seat: int) -> list[Action]:
    """5-6 players: exchange your trade card for another player's trade card."""
    if not state.trade_piles[seat]:
        return []
    mine = state.name(state.trade_piles[seat][-1])
    actions = []
    for other in _seats_after(state, seat):
        pile = state.trade_piles[other]
        if pile:
            actions.append(
                Action(
                    f"exchange:{other}",
                    f"Exchange your {mine} for player {other}'s {state.name(pile[-1])}",
                    seat,
                    "exchange",
                    card=pile[-1],
                    target=other,
                )
            )
    return actions


def apply_put(state: CardGameState, action: Action, name: str) -> list[Event]:
    """5-6 players: with no trade card, put one down from your hand first."""
    seat = action.player
    _hand_to_trade_pile(state, seat, name)
    return [
        Event(
            f"Player {seat} has no trade card, so puts {name} down from their hand.",
            RULE_BIG,
            seat,
            "add",
            {"card": name},
        )
    ]


def apply_exchange(state: CardGameState, seat: int, other: int) -> list[Event]:
    """5-6 players: both players keep the traded cards in hand."""
    mine = state.trade_piles[seat].pop()
    theirs = state.trade_piles[other].pop()
    add_to_hand(state.hands[other], mine)
    add_to_hand(state.hands[seat], theirs)
    state.done = "trade"
    return [
        Event(
            f"Player {seat} exchanges their {state.name(mine)} for player {other}'s "
            f"{state.name(theirs)}; both keep the traded cards in hand.",
            RULE_BIG,
            seat,
            "trade",
            {"with": other, "gave": [state.name(mine)], "took": [state.name(theirs)]},
        )
    ]

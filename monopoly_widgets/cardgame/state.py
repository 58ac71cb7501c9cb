"""The state of a match of Monopoly: The Card Game.

A *match* (what ``new_game`` starts) is a series of hands, played until
someone has the target money at the end of a hand (rulebook "Winning the
Game"). Cards are ids into ``deck`` (see ``cards.py``); every pile lists its
cards bottom first, so the **top card is the last one** (trade piles are fanned
"so it is clear which card is on top", rulebook "Trade").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from monopoly_widgets.cardgame.cards import CardSpec
from monopoly_widgets.cardgame.options import Settings

#: Rulebook "Discarding": no more than 10 cards in hand at the end of a turn.
HAND_LIMIT = 10
#: Rulebook "Ending the Hand": the reward is the top FIVE cards of the draw pile.
REWARD_CARDS = 5

#: The phases of a turn (their values are what positions and saved games hold).
#: ``turn``: draw, trade, lay down (5-6 players: exchange trade cards);
#: ``discard``: end the turn onto your trade pile; ``pass``: 5-6 players pass one card
#: left; ``reward``: the player who went out picks reward cards; ``over``: the match ended.
PHASE_TURN = "turn"
PHASE_DISCARD = "discard"
PHASE_PASS = "pass"
PHASE_REWARD = "reward"
PHASE_OVER = "over"
PHASES = (PHASE_TURN, PHASE_DISCARD, PHASE_PASS, PHASE_REWARD, PHASE_OVER)
#: What the player whose turn it is has done so far this turn.
DONE_VALUES = (None, "excess", "draw", "trade")


@dataclass
class CardGameState:
    """Everything about one match; only the rules read or change it."""

    players: int
    settings: Settings
    deck: tuple[CardSpec, ...]
    seed: int
    scores: list[int]
    hand_number: int
    dealer: int
    turn: int
    hand_turns: int
    to_play: int
    phase: str
    done: str | None
    added: bool
    discards: int
    hands: list[list[int]]
    trade_piles: list[list[int]]
    extra_piles: list[list[int]]
    draw_pile: list[int]
    out_of_play: list[int] = field(default_factory=list)
    passes: list[int | None] = field(default_factory=list)
    went_out: int | None = None
    chance_roles: tuple[str, ...] = ()
    reward: list[int] = field(default_factory=list)
    winner: int | None = None
    result: str | None = None
    last_hand: list[int] | None = None
    #: Hands in a row that ended with nobody out (option max_stalled_hands).
    stalled_hands: int = 0

    @property
    def big_table(self) -> bool:
        """5 or 6 players: the whole deck is dealt and cards pass left (rulebook)."""
        return self.players >= 5

    def name(self, card: int) -> str:
        """The printed name of card ``card``."""
        return self.deck[card].name

    def names(self, cards: list[int]) -> list[str]:
        """Printed names of ``cards``, in order."""
        deck = self.deck
        return [deck[c].name for c in cards]

    def counts(self, cards: list[int]) -> Counter[str]:
        """Multiset of the names of ``cards``."""
        return Counter(self.names(cards))

    def find_in(self, cards: list[int], name: str) -> int | None:
        """The first card named ``name`` in ``cards`` (None if there is none)."""
        deck = self.deck
        for card in cards:
            if deck[card].name == name:
                return card
        return None

    def clone(self) -> CardGameState:
        """A copy sharing only immutable parts (deck, settings)."""
        return CardGameState(
            players=self.players,
            settings=self.settings,
            deck=self.deck,
            seed=self.seed,
            scores=list(self.scores),
            hand_number=self.hand_number,
            dealer=self.dealer,
            turn=self.turn,
            hand_turns=self.hand_turns,
            to_play=self.to_play,
            phase=self.phase,
            done=self.done,
            added=self.added,
            discards=self.discards,
            hands=[list(h) for h in self.hands],
            trade_piles=[list(p) for p in self.trade_piles],
            extra_piles=[list(p) for p in self.extra_piles],
            draw_pile=list(self.draw_pile),
            out_of_play=list(self.out_of_play),
            passes=list(self.passes),
            went_out=self.went_out,
            chance_roles=self.chance_roles,
            reward=list(self.reward),
            winner=self.winner,
            result=self.result,
            last_hand=list(self.last_hand) if self.last_hand is not None else None,
            stalled_hands=self.stalled_hands,
        )


def extra_pile_count(players: int) -> int:
    """Rules for Three Players: one extra trading pile; for Two Players: two."""
    return {2: 2, 3: 1}.get(players, 0)


def extra_pile_label(players: int, index: int) -> int:
    """The seat number an extra pile stands in for: pile 4 (3 players), piles 3 and 4 (2)."""
    return players + 1 + index


def add_to_hand(hand: list[int], card: int) -> None:
    """Put ``card`` in ``hand``; hands are kept in deck order, so names read in a fixed order."""
    hand.append(card)
    hand.sort()


def current_player(state: CardGameState) -> int | None:
    """Who decides now: the turn player, the next passer (5-6 players), or, in the
    reward, the player who went out; nobody once the match is over."""
    phase = state.phase
    if phase == PHASE_OVER:
        return None
    if phase == PHASE_REWARD:
        return state.went_out
    if phase == PHASE_PASS:
        return next_passer(state)
    return state.to_play


def next_passer(state: CardGameState) -> int | None:
    """Who chooses a card to pass next: seat order from the turn player, skipping empty hands."""
    n = state.players
    for k in range(n):
        seat = (state.to_play + k) % n
        if state.passes[seat] is None and state.hands[seat]:
            return seat
    return None

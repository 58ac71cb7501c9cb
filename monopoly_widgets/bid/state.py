"""The state of one game of Monopoly Bid: plain data, changed only by the rules.

Cards are ints (ids into ``deck``). Piles are lists with the TOP FIRST for the
property and draw piles (``pile[0]`` is turned over or drawn next) and the top
LAST for the discard pile (cards are put on top).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from monopoly_widgets.bid.cards import CardSpec
from monopoly_widgets.core.actions import Event

#: The phases of a round, in order (the values are what positions and saved games hold).
PHASE_ACTIONS = "actions"  # the host plays action cards, offers a trade, then auctions
PHASE_RESPOND = "respond"  # interrupts "actions": an action card waits for Nope! answers
PHASE_OFFER = "offer"  # interrupts "actions": the host chooses a trade offer
PHASE_TRADE = "trade"  # the offer waits for its answer
PHASE_DEALS = "deals"  # the deal window before the auction: each seat may start a deal
PHASE_DRAFT = "draft"  # a seat builds a deal, one step at a time (its secret)
PHASE_DEAL = "deal"  # a proposed deal waits for its answer
PHASE_BID = "bid"  # every player seals a bid
PHASE_RAISE = "raise"  # tied bidders choose raises
PHASE_OVER = "over"
PHASES = (
    PHASE_ACTIONS,
    PHASE_RESPOND,
    PHASE_OFFER,
    PHASE_TRADE,
    PHASE_DEALS,
    PHASE_DRAFT,
    PHASE_DEAL,
    PHASE_BID,
    PHASE_RAISE,
    PHASE_OVER,
)


@dataclass(slots=True)
class PropertySet:
    """One set on the table: its colour (fixed when it was started) and its cards."""

    colour: str
    cards: list[int]


@dataclass(slots=True)
class Link:
    """One action card waiting in the Nope! chain.

    ``chain[0]`` is the card the host played; each later link is a Nope! against
    the link before it. For a Wild!: ``colour`` and ``set_index`` (None = start a
    new set). For a Steal!: ``victim``, ``set_index`` (the victim's set) and
    ``target`` (the name of the card taken).
    """

    player: int
    card: int
    kind: str
    colour: str | None = None
    set_index: int | None = None
    victim: int | None = None
    target: str | None = None


@dataclass(frozen=True, slots=True)
class TradeOffer:
    """A trade offer waiting for its answer: ``offerer``'s ``give`` for ``to``'s ``take``."""

    offerer: int
    to: int
    give: str
    take: str


@dataclass(slots=True)
class Deal:
    """A deal (option trade_offers = "anyone"): ``proposer`` gives the property cards
    ``give`` and money values ``pay`` for ``to``'s property cards ``ask`` and money
    values ``want``. Built one step at a time (``deals.py``)."""

    proposer: int
    to: int
    give: list[str] = field(default_factory=list)
    ask: list[str] = field(default_factory=list)
    pay: list[int] = field(default_factory=list)
    want: list[int] = field(default_factory=list)

    def copy(self) -> Deal:
        return Deal(
            self.proposer, self.to, list(self.give), list(self.ask), list(self.pay), list(self.want)
        )


@dataclass(slots=True)
class BidState:
    """Everything about one game at one moment (see ``position.py`` for its dict form)."""

    deck: tuple[CardSpec, ...]
    options: dict[str, Any]
    seed: int
    players: int
    hands: list[list[int]]
    sets: list[list[PropertySet]]
    property_pile: list[int]
    draw_pile: list[int]
    discard_pile: list[int]
    host: int = 0
    round: int = 1
    phase: str = PHASE_ACTIONS
    reshuffles: int = 0
    action_cards_played: int = 0
    chain: list[Link] = field(default_factory=list)
    waiting: list[int] = field(default_factory=list)
    auction_property: int | None = None
    bids: list[list[int] | None] = field(default_factory=list)
    raises: list[list[int] | None] = field(default_factory=list)
    tied: list[int] = field(default_factory=list)
    raise_round: int = 0
    revealed: bool = False
    winner: int | None = None
    draw_reason: str | None = None
    setup_log: tuple[Event, ...] = ()
    #: A trade offer waiting for its answer (phase "trade"), and the offers made this round.
    offer: TradeOffer | None = None
    offers_made: list[str] = field(default_factory=list)
    #: The money cards the current bidder (or raiser) has set aside so far while choosing
    #: their cards one value at a time (``card_choice.py``), and the value asked next.
    card_choice: list[int] | None = None
    card_choice_value: int = 0
    #: The deal window (``deals.py``): the seats still to be asked (the one asked now
    #: first), the deal being built (its proposer's secret) and the deal proposed.
    deal_queue: list[int] = field(default_factory=list)
    draft: Deal | None = None
    deal: Deal | None = None

    def clone(self) -> BidState:
        """An independent copy (the deck, options and setup log are shared: never changed)."""
        return BidState(
            deck=self.deck,
            options=self.options,
            seed=self.seed,
            players=self.players,
            hands=[list(hand) for hand in self.hands],
            sets=[[PropertySet(s.colour, list(s.cards)) for s in seat] for seat in self.sets],
            property_pile=list(self.property_pile),
            draw_pile=list(self.draw_pile),
            discard_pile=list(self.discard_pile),
            host=self.host,
            round=self.round,
            phase=self.phase,
            reshuffles=self.reshuffles,
            action_cards_played=self.action_cards_played,
            chain=[
                Link(k.player, k.card, k.kind, k.colour, k.set_index, k.victim, k.target)
                for k in self.chain
            ],
            waiting=list(self.waiting),
            auction_property=self.auction_property,
            bids=[None if b is None else list(b) for b in self.bids],
            raises=[None if r is None else list(r) for r in self.raises],
            tied=list(self.tied),
            raise_round=self.raise_round,
            revealed=self.revealed,
            winner=self.winner,
            draw_reason=self.draw_reason,
            setup_log=self.setup_log,
            offer=self.offer,
            offers_made=list(self.offers_made),
            card_choice=None if self.card_choice is None else list(self.card_choice),
            card_choice_value=self.card_choice_value,
            deal_queue=list(self.deal_queue),
            draft=None if self.draft is None else self.draft.copy(),
            deal=None if self.deal is None else self.deal.copy(),
        )

    def seats_from_left_of_host(self) -> list[int]:
        """Every seat, starting left of the host and ending with the host."""
        n = self.players
        return [(self.host + k) % n for k in range(1, n + 1)]


def current_player(state: BidState) -> int | None:
    """Whoever decides next: the host, a Nope! answerer, the player offered a trade, a
    bidder or a tied raiser (``None`` once the game is over)."""
    phase = state.phase
    if phase == PHASE_ACTIONS or phase == PHASE_OFFER:
        return state.host
    if phase == PHASE_RESPOND:
        return state.waiting[0]
    if phase == PHASE_TRADE:
        return state.offer.to if state.offer is not None else None
    if phase == PHASE_DEALS or phase == PHASE_DRAFT:
        return state.deal_queue[0]
    if phase == PHASE_DEAL:
        return state.deal.to if state.deal is not None else None
    if phase == PHASE_BID:
        return bidder(state)
    if phase == PHASE_RAISE:
        return raiser(state)
    return None


def bidder(state: BidState) -> int:
    """Who seals a bid next: the first seat from the host's left still to choose.

    Rule ("To Auction"): bids are secret and simultaneous; the engine asks one seat at a
    time, and nobody sees a bid before the reveal.
    """
    for seat in state.seats_from_left_of_host():
        if state.bids[seat] is None:
            return seat
    raise AssertionError("every bid is in; the auction should have been revealed")


def raiser(state: BidState) -> int:
    """Who chooses a raise next: the first tied seat still to choose."""
    for seat in state.tied:
        if state.raises[seat] is None:
            return seat
    raise AssertionError("every raise is in; the raises should have been revealed")

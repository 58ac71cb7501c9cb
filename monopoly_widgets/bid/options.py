"""The named rule options of Monopoly Bid, each with its default and source.

The rulebook leaves several things open (card counts, how a tie-raise works,
what ends a game that nobody can win). Each such choice is an option here and is
listed in ``docs/rules/bid.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monopoly_widgets.bid.cards import (
    ACTION_OPTION,
    DEFAULT_ACTION_COUNTS,
    DEFAULT_MONEY_COUNTS,
    MONEY_OPTION,
)
from monopoly_widgets.core.errors import OptionError
from monopoly_widgets.core.options import RuleOption

_ASSUMED = (
    'ASSUMPTION: the rulebook\'s "Contents" lists only "50 Money Cards" and "32 Action Cards", '
    "with no values or kinds; the values $1M to $5M come from RULES-NOTES.md and the split "
    "is our choice"
)


#: Most copies of one card an option may ask for (a deck is dealt into memory).
MAX_CARD_COUNT = 100


def _card_count_options() -> list[RuleOption]:
    found = []
    for value, name in MONEY_OPTION.items():
        found.append(
            RuleOption(
                name,
                DEFAULT_MONEY_COUNTS[value],
                f"How many ${value}M money cards are in the draw deck.",
                _ASSUMED,
                kind=int,
                low=0,
                high=MAX_CARD_COUNT,
            )
        )
    for card, name in ACTION_OPTION.items():
        found.append(
            RuleOption(
                name,
                DEFAULT_ACTION_COUNTS[card],
                f"How many {card} cards are in the draw deck.",
                _ASSUMED,
                kind=int,
                low=0,
                high=MAX_CARD_COUNT,
            )
        )
    return found


_OPTIONS: list[RuleOption] = [
    *_card_count_options(),
    RuleOption(
        "mulligan",
        True,
        "A starting hand with no money card is discarded and five new cards are drawn "
        "(up to max_mulligans times per player).",
        'Bid rulebook "Set It Up", Note: "If you didn\'t get any money cards, discard your '
        'hand and draw five new cards!"',
        kind=bool,
    ),
    RuleOption(
        "max_mulligans",
        1,
        "How many times one player may replace a starting hand with no money. 1 is what the "
        "rulebook says; more is a house rule (the second hand may have no money either).",
        'Bid rulebook "Set It Up", Note: "discard your hand and draw five new cards!" (once: '
        "the rulebook does not say to repeat it)",
        kind=int,
    ),
    RuleOption(
        "tie_raise_rounds",
        50,
        "The most rounds of raising tied bidders get. Raising goes on while tied players "
        "raise and stay tied; a round in which nobody raises leaves them still tied, and "
        "nobody wins. 0: a tie at once means nobody wins.",
        'Bid rulebook "Was There a Tie?": tied players "may raise their bids with more money '
        "cards until there is a clear winner. If any players are still tied, the auction "
        'ends". Every further round needs a new money card, so raising ends anyway; 50 (the '
        "default deck's money cards) only bounds games played with other card counts.",
        kind=int,
    ),
    RuleOption(
        "trade_offers",
        "anyone",
        'Who may propose deals, and when: "anyone" every player, in a deal window before '
        "each auction (from the host's left, the host last), any property cards each way; "
        '"host" only the host, before turning over the property, one property for one '
        '(the older reading); "none" no trading.',
        'Bid rulebook "Tips": "You may make deals with other players to trade properties at '
        'any time." "With other players" is any player with any other; an engine asks one '
        'decision at a time, so "at any time" becomes one window per round in which '
        'everyone is asked. Saves from before this reading load with "host".',
        choices=("anyone", "host", "none"),
        older_saves="host",
    ),
    RuleOption(
        "trade_money",
        False,
        "If true, a deal may also hold money cards, one card of a value at a time "
        "('deal:pay:<value>', 'deal:want:<value>'); if false, deals trade property cards only.",
        'Bid rulebook "Tips": "make deals with other players to trade properties": what is '
        'traded is properties; money cards are what players bid with ("To Auction").',
        kind=bool,
    ),
    RuleOption(
        "max_trade_offers_per_round",
        1,
        "The most deals each player may propose in one round (with trade_offers = 'host', "
        "the most offers the host makes). A dropped deal or 'offer:none' counts, and the same "
        "deal is never proposed twice in a round, so that games end.",
        "ASSUMPTION: the rulebook sets no limit; a bound keeps every game finite.",
        kind=int,
    ),
    RuleOption(
        "bid_cards",
        "choose",
        'Which money cards make a bid or raise: "choose" the bidder may pick them, one '
        "money value at a time ('bid:choose', then 'bid:5x1' ... 'bid:1x0'), besides "
        "'bid:<total>' (the fewest cards); \"fewest\" only 'bid:<total>'.",
        'Bid rulebook "To Auction" a: "All players, at the same time, secretly choose as many '
        'money cards from their hand as they want." Which cards matters: the winner discards '
        "them and keeps the rest.",
        choices=("choose", "fewest"),
        older_saves="fewest",
    ),
    RuleOption(
        "tie_raise_must_add_card",
        False,
        "If true, every tied player who still holds money must add at least one money card "
        "when raising; if false a tied player may stand on their bid.",
        'Bid rulebook "Was There a Tie?": tied players "may raise", so raising is optional.',
        kind=bool,
    ),
    RuleOption(
        "tie_raise_sealed",
        True,
        "If true, raises are chosen secretly and revealed together, like the first bids; if "
        "false, tied players raise openly one after another from the host's left.",
        'Bid rulebook "To Auction" a-b: bidding is secret and simultaneous; the rulebook says '
        "nothing different for raises, so they stay sealed.",
        kind=bool,
    ),
    RuleOption(
        "nope_window_everyone",
        True,
        "If true, every other player is asked (Nope! or pass) after each action card, even "
        "players without a Nope!, so being asked reveals nothing about a hand. If false, only "
        "players holding a Nope! are asked (faster, but it leaks who holds one).",
        'Bid rulebook "Nope!": "Nope! cards may be played by any player at any time."',
        kind=bool,
    ),
    RuleOption(
        "sets_to_win",
        3,
        "How many complete property sets win.",
        'Bid rulebook "How to Win": "Be the first player to complete three property sets!"',
        kind=int,
    ),
    RuleOption(
        "max_action_cards_per_round",
        20,
        "The most action cards a host may play in one round; then the property must be "
        "auctioned. A safety net: with the draw pile empty, a host could otherwise play Draw 2! "
        "and draw it back from the reshuffled discard pile forever.",
        'ASSUMPTION: the rulebook says "play as many as you like"; 20 is far above what a '
        "hand allows in normal play.",
        kind=int,
    ),
    RuleOption(
        "max_rounds",
        100,
        "After this many rounds (auctions) the game ends as a draw, so that a game nobody "
        "can win never hangs.",
        "ASSUMPTION: the rulebook has no such limit; a safety net for simulations.",
        kind=int,
    ),
]

OPTIONS: dict[str, RuleOption] = {option.name: option for option in _OPTIONS}


def check_option_values(options: Mapping[str, Any]) -> None:
    """Range checks that ``RuleOption`` cannot express; raise :class:`OptionError`."""
    for name in [
        *MONEY_OPTION.values(),
        *ACTION_OPTION.values(),
        "tie_raise_rounds",
        "max_mulligans",
        "max_trade_offers_per_round",
    ]:
        if options[name] < 0:
            raise OptionError(f"option {name!r} must be 0 or more, not {options[name]!r}")
    for name in ("sets_to_win", "max_rounds", "max_action_cards_per_round"):
        if options[name] < 1:
            raise OptionError(f"option {name!r} must be 1 or more, not {options[name]!r}")

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
    "ASSUMPTION: the rulebook gives only the totals (50 money cards valued 1 to 5, "
    "32 action cards); the split is our choice"
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
        "A starting hand with no money card is discarded and five new cards are drawn, "
        "again and again until it holds money.",
        'Bid rulebook "Set It Up", Note: "If you didn\'t get any money cards, discard your '
        'hand and draw five new cards!"',
        kind=bool,
    ),
    RuleOption(
        "tie_raise_rounds",
        1,
        "How many rounds of raising tied bidders get. 0: a tie at once means nobody wins.",
        'Bid rulebook "Was There a Tie?": tied players "may raise their bids ... If any '
        'players are still tied, the auction ends". We read "still tied" as: still tied after '
        "one raise. Later rounds (if allowed) happen only while someone raised.",
        kind=int,
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
    for name in [*MONEY_OPTION.values(), *ACTION_OPTION.values(), "tie_raise_rounds"]:
        if options[name] < 0:
            raise OptionError(f"option {name!r} must be 0 or more, not {options[name]!r}")
    for name in ("sets_to_win", "max_rounds", "max_action_cards_per_round"):
        if options[name] < 1:
            raise OptionError(f"option {name!r} must be 1 or more, not {options[name]!r}")

"""Every rule an event of The Card Game cites, in the one format of ``core/citations.py``.

Sections are named as printed in ``/work/shared/rulebooks/monopoly-the-card-game.txt``
(``Card Game rulebook: "Lay Down"``); the named rule options cite themselves
(``option: max_turns``). No other module of the game writes a citation.
"""

from __future__ import annotations

from monopoly_widgets.core.citations import option, rulebook

BOOK = "Card Game"

# --- a turn (2-4 players) -------------------------------------------------------
RULE_DRAW = rulebook(BOOK, "Draw")
RULE_DISCARD = rulebook(BOOK, "Discarding")
RULE_TRADE = rulebook(BOOK, "Trade")
RULE_EXCESS = rulebook(BOOK, "Lay Down", "Note: more than 10 cards after a trade")
RULE_THREE = rulebook(BOOK, "Rules for Three Players")
RULE_TWO = rulebook(BOOK, "Rules for Two Players")

# --- 5 or 6 players ---------------------------------------------------------------
RULE_BIG = rulebook(BOOK, "Rules for Five or Six Players")
RULE_PASS = rulebook(BOOK, "Rules for Five or Six Players", "pass one card left")
RULE_BIG_REWARD = rulebook(BOOK, "Rules for Five or Six Players", "Reward")
RULE_BIG_COLLECT = rulebook(
    BOOK,
    "Rules for Five or Six Players",
    "Reward: remove any unusable trade cards from play prior to scoring",
)

# --- laying down and the end of a hand ----------------------------------------------
RULE_LAY_DOWN = rulebook(BOOK, "Lay Down")
RULE_CHANCE = rulebook(
    BOOK,
    "Lay Down",
    '3, a Chance for a missing Property, House or Hotel, or a Token; "Ending the Hand" 1: '
    "\"You may not otherwise 'move' a Chance card after the hand is laid down.\"",
)
RULE_REWARD = rulebook(BOOK, "Ending the Hand", "1, Reward")
RULE_COLLECT = rulebook(BOOK, "Ending the Hand", "2, Collect Discards")
RULE_SCORING = rulebook(BOOK, "Scoring")
RULE_MR_MONOPOLY = rulebook(BOOK, "Scoring", "1, Mr. Monopoly")
RULE_WINNING = rulebook(BOOK, "Winning the Game")
RULE_NEXT = rulebook(BOOK, "Next Hand")

# --- the deal -------------------------------------------------------------------------
RULE_DEAL = rulebook(BOOK, "The Deal")
#: The full rulebook never says who plays first; the summary does.
FIRST_PLAYER = (
    'first player from the summary (monopoly-the-card-game-summary.txt): "The person to the '
    'left of the dealer goes first"'
)
FIRST_DEALER = 'ASSUMPTION: seat 0 deals the first hand (the rulebook says only "Select a Dealer")'
#: A match set up from a hand-written position, not dealt.
RULE_FROM_POSITION = rulebook(BOOK, "Play", "the match starts from a hand-written position")


def deal_rule(players: int) -> str:
    """The sections a deal for this many players follows, and where the first player
    comes from."""
    if players >= 5:
        rule = RULE_BIG
    elif players == 2:
        rule = RULE_DEAL + ' and "Rules for Two Players"'
    elif players == 3:
        rule = RULE_DEAL + ' and "Rules for Three Players"'
    else:
        rule = RULE_DEAL
    return f"{rule}; {FIRST_PLAYER}"


# --- the named rule options (docs/rules/cardgame.md gives each default) -------------------
OPTION_EMPTY_DRAW_PILE = option("empty_draw_pile")
OPTION_UNFINISHED_HAND = option("unfinished_hand")
OPTION_TOP_TIE = option("top_tie")
OPTION_MAX_TURNS = option("max_turns")
OPTION_MAX_TURNS_PER_HAND = option("max_turns_per_hand")
OPTION_MAX_STALLED_HANDS = option("max_stalled_hands")
OPTION_MAX_HANDS = option("max_hands")
OPTION_CAP_RESULT = option("cap_result")

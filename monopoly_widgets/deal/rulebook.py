"""Every rule citation of Monopoly Deal, in the one format of ``core/citations.py``.

Events (``Event.rule``) and the reasons ``illegal.py`` gives cite these; no other
module of ``deal/`` writes a citation string. Sections are named as printed in
``rulebooks/monopoly-deal.txt``; where the rulebook is silent, ``RULES-NOTES.md``
or a named rule option (``options.py``) is cited instead.
"""

from __future__ import annotations

from monopoly_widgets.core.citations import option, rulebook, rules_notes

BOOK = "Deal"

RULE_SET_UP = rulebook(BOOK, "Set It Up")
RULE_TURN = rulebook(BOOK, "On Your Turn")
RULE_PLAYING = rulebook(BOOK, "Playing Cards")
RULE_WIN = rulebook(BOOK, "How to Win")
RULE_END = rulebook(
    BOOK,
    "The End of the Game",
    "it ends when someone collects 3 sets; with no card left to draw or play and no wild "
    "move that gives anyone 3, nobody ever can, so the engine calls it a draw",
)
RULE_CARDS = rulebook(BOOK, "The Cards")
RULE_PROPERTIES = rulebook(BOOK, "Property Cards")
RULE_WILDS = rulebook(BOOK, "Wild Property Cards")
RULE_WILD_MOVE = rulebook(BOOK, "Wild Property Cards", "'flip the card ... any time on your turn'")
RULE_BUILDINGS = rulebook(BOOK, "House and Hotel Cards")
RULE_HOUSE = rulebook(BOOK, "House (Action Card)")
RULE_HOTEL = rulebook(BOOK, "Hotel (Action Card)")
RULE_PAY = rulebook(BOOK, "What if I Owe Another Player Money?")
RULE_BROKE = rulebook(BOOK, "What if I Run Out of Money and Properties?")
RULE_JSN = rulebook(BOOK, "Just Say No (Action Card)")
RULE_PASS_GO = rulebook(BOOK, "Pass Go (Action Card)")
RULE_BIRTHDAY = rulebook(BOOK, "It's My Birthday (Action Card)")
RULE_DEBT = rulebook(BOOK, "Debt Collector (Action Card)")
RULE_RENT = rulebook(BOOK, "Rent (Action Card)")
RULE_DOUBLE_RENT = rulebook(BOOK, "Double the Rent (Action Card)")
RULE_SLY = rulebook(BOOK, "Sly Deal (Action Card)")
RULE_FORCED = rulebook(BOOK, "Forced Deal (Action Card)")
RULE_BREAKER = rulebook(BOOK, "Deal Breaker (Action Card)")
RULE_RENT_NOTES = rules_notes("Rent cards")
RULE_RESHUFFLE = rules_notes("Turn structure", "reshuffle the discard pile")
RULE_OUT_OF_CARDS = rules_notes("Running out of cards")

#: The card each pending kind was played with: what its events cite.
RULES_BY_KIND = {
    "rent": RULE_RENT,
    "debt": RULE_DEBT,
    "birthday": RULE_BIRTHDAY,
    "sly_deal": RULE_SLY,
    "forced_deal": RULE_FORCED,
    "deal_breaker": RULE_BREAKER,
}


def rent_rule(doubles: int) -> str:
    """A rent played with ``doubles`` Double the Rent cards (two need ``double_rent_stack``)."""
    rule = RULE_RENT
    if doubles:
        rule += f"; {RULE_DOUBLE_RENT}"
        if doubles == 2:
            rule += f"; {option('double_rent_stack')}"
    return rule


def jsn_rule(uses_play: bool) -> str:
    """A Just Say No; on its player's own turn it may use a play (option)."""
    if uses_play:
        return f"{RULE_JSN}; {OPTION_JSN_PLAY}"
    return RULE_JSN


#: Rules decided by options cite the option by name.
OPTION_DISCARD = option("hand_limit_discard_to")
OPTION_BROKEN_SET = option("broken_set_buildings_to")
OPTION_BUILDING_PAYMENT = option("building_payment")
OPTION_DOUBLE_STACK = option("double_rent_stack")
OPTION_FORCED_GIVE = option("forced_deal_give_from_full_set")
OPTION_MULTICOLOUR = option("multicolour_wild_moves_to")
OPTION_WILD_MOVES = option("wild_moves")
OPTION_WIN_OWN_TURN = option("win_declared_on_own_turn")
OPTION_MAX_TURNS = option("max_turns")
OPTION_ASK_EVERY_TARGET = option("ask_every_target")
OPTION_OUT_OF_CARDS = option("out_of_cards")
OPTION_JSN_PLAY = option("just_say_no_uses_play_on_own_turn")

"""Every point where the Monopoly Deal rulebooks disagree or are silent.

Each is a named :class:`RuleOption` with a default and the source of that
default. ``docs/rules/deal.md`` lists them with the same words. Pass them as
``new_game("deal", options={"hand_limit_discard_to": "draw_pile_bottom"})``.
"""

from __future__ import annotations

from monopoly_widgets.core.options import RuleOption

OPTIONS: dict[str, RuleOption] = {
    opt.name: opt
    for opt in (
        RuleOption(
            name="hand_limit_discard_to",
            default="discard_pile",
            doc="Where the cards go that a player discards down to 7 at the end of a turn.",
            source="Rulebook, On Your Turn: 'choose which extras to place in the discard pile'. "
            "The 2008 leaflet (END YOUR TURN) says the bottom of the draw pile instead.",
            choices=("discard_pile", "draw_pile_bottom"),
        ),
        RuleOption(
            name="double_rent_stack",
            default=False,
            doc="Whether two Double the Rent cards may go with one Rent card (4x rent, "
            "using all 3 plays).",
            source="Rulebook, Double the Rent: 'Play with a standard Rent card to double the "
            "amount' speaks of one card; stacking is a common ruling, so it is an option.",
            kind=bool,
        ),
        RuleOption(
            name="just_say_no_uses_play_on_own_turn",
            default=True,
            doc="Whether a Just Say No played by the player whose turn it is (to cancel a Just "
            "Say No against their own action card) uses one of their 3 plays.",
            source="Rulebook, On Your Turn: 'Play up to 3 cards of any type' counts every card "
            "played on your turn; Just Say No says 'use any time', hence the option.",
            kind=bool,
        ),
        RuleOption(
            name="ask_every_target",
            default=True,
            doc="Whether every player who may answer an action card with Just Say No is asked "
            "(True: the target of each action card, and the card's player when a Just Say No "
            "answers them, whatever is in their hand; a player without one can only accept), "
            "or only a player who holds one (False: the engine's reading before this option, "
            "which shows everyone who holds a Just Say No).",
            source="RULES-NOTES, 'Hidden information in answers': at a real table every "
            "targeted player may pause before paying, so declining a Just Say No looks "
            "exactly like not holding one. Saved games that do not record this option were "
            "played under False and replay under it.",
            kind=bool,
            older_saves=False,
        ),
        RuleOption(
            name="forced_deal_give_from_full_set",
            default=False,
            doc="Whether the card you give away in a Forced Deal may come from one of your own "
            "full sets.",
            source="Forced Deal card: 'Swap any property with another player. (Cannot be part of "
            "a full set.)' read as covering both cards of the swap.",
            kind=bool,
        ),
        RuleOption(
            name="building_payment",
            default="bank",
            doc="Whether a House or Hotel may be handed over on its own as payment, and where it "
            "goes: 'bank' (the receiver's bank), 'set_or_bank' (onto a full set of the receiver "
            "that can take it, else their bank) or 'not_allowed'.",
            source="Rulebooks silent. Default follows the leaflet's 'If you use [an Action card] "
            "to pay another player, it must go straight into their bank'.",
            choices=("bank", "set_or_bank", "not_allowed"),
        ),
        RuleOption(
            name="broken_set_buildings_to",
            default="bank",
            doc="Where a House or Hotel goes when its set stops being complete (a card paid "
            "away or a wild moved out): the owner's bank, or the discard pile.",
            source="Rulebooks silent; the owner's bank keeps the card's cash value in play.",
            choices=("bank", "discard_pile"),
        ),
        RuleOption(
            name="multicolour_wild_moves_to",
            default="own_sets",
            doc="Where a multicolour wild already on the table may be moved: 'own_sets' (a "
            "colour in which the owner already has a set) or 'any_colour'. Two-colour wilds "
            "can always be flipped.",
            source="Rulebook, Property Wild Cards: 'You can swap Property Wild Cards around among "
            "different sets on your turn'; Wild Property Cards: 'flip the card to change the "
            "color'. A multicolour wild has no other side, so it moves among your sets.",
            choices=("own_sets", "any_colour"),
        ),
        RuleOption(
            name="wild_moves",
            default="unlimited",
            doc="How often one wild may be moved: 'unlimited' (any number of times on your "
            "turn) or 'once_between_plays' (a wild you moved cannot be moved again until you "
            "do something else: play or bank a card, end the turn). Every arrangement of wild "
            "colours is still reachable by moving each wild at most once, and moving a card "
            "back and forth changes nothing, EXCEPT two corner cases that need a play in "
            "between under 'once_between_plays': moving a wild out of a built set and back "
            "(the House/Hotel leaves for the bank, option broken_set_buildings_to, and the "
            "set is whole again), and using a two-colour wild as a stepping stone for a "
            "Multicolour wild (option multicolour_wild_moves_to = 'own_sets'). Hence not the "
            "default; it is a faster choice for simulations (random players flip wilds back "
            "and forth).",
            source="Rulebook, Wild Property Cards: 'You can flip the card to change the color "
            "of the Property any time on your turn!' sets no limit, so 'unlimited' is the "
            "default (see docs/rules/deal.md, Options, for the reasoning).",
            choices=("unlimited", "once_between_plays"),
        ),
        RuleOption(
            name="win_declared_on_own_turn",
            default=False,
            doc="If true, a player who completes 3 sets during someone else's turn wins only "
            "if they still have them during their own turn.",
            source="Default: rulebook, The End of the Game ('The game ends when one player "
            "collects 3 complete Property sets'). The leaflet says 'If you realize you've won "
            "during someone else's turn, you must wait until it's your turn to say it!'.",
            kind=bool,
        ),
        RuleOption(
            name="out_of_cards",
            default="play_on",
            doc="What happens when a player is to draw at the start of their turn and the draw "
            "pile and the discard pile together hold too few cards: 'play_on' (they draw what "
            "is left, maybe nothing, and play on "
            "from their hand; the game is a draw only once no card is left anywhere to play "
            "and nobody can complete 3 sets by moving wilds, or at max_turns) or 'draw' (the "
            "game ends there as a draw, draw_reason 'no_cards').",
            source="Neither rulebook says (RULES-NOTES, 'Running out of cards'). Default: the "
            "rulebook, The End of the Game, names one end only ('when one player collects 3 "
            "complete Property sets'), so play goes on with the cards in hand.",
            choices=("play_on", "draw"),
        ),
        RuleOption(
            name="max_turns",
            default=300,
            doc="A game still running after this many turns ends as a draw, so no game can "
            "hang (random players can stall for ever).",
            source="Engine safeguard; not in the rulebooks. 300 turns is far beyond real games.",
            kind=int,
            low=1,
        ),
    )
}

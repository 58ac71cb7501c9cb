"""Rule options of Monopoly: The Card Game: every value the rulebook leaves open.

Each option names its default and where that default comes from. The card
values the rulebook does not print are ASSUMPTIONS (see ``cards.py``); the
caps exist so that a game always ends, even between random players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monopoly_widgets.cardgame.cards import (
    COLOURS,
    DEFAULT_HOUSE_SPLIT,
    DEFAULT_RAILROAD_VALUES,
    DEFAULT_SET_VALUES,
    HOUSES,
)
from monopoly_widgets.core.errors import OptionError
from monopoly_widgets.core.options import RuleOption
from monopoly_widgets.core.validation import excerpt

#: Rulebook "Scoring": set values range from $50 to $400.
MIN_SET_VALUE = 50
MAX_SET_VALUE = 400
HOUSE_CARDS = 14

OPTIONS: dict[str, RuleOption] = {
    opt.name: opt
    for opt in (
        RuleOption(
            name="set_values",
            default=dict(DEFAULT_SET_VALUES),
            doc="Set value of each colour group except Railroads, in dollars ($50..$400).",
            source="ASSUMPTION: rulebook gives only the $50..$400 range and Yellow = $300",
            kind=dict,
        ),
        RuleOption(
            name="railroad_values",
            default=list(DEFAULT_RAILROAD_VALUES),
            doc="What a Railroad group of 2, 3 and 4 cards is worth: [two, three, four].",
            source="ASSUMPTION: rulebook says a group can be 2, 3 or 4 Railroads, not the values",
            kind=list,
        ),
        RuleOption(
            name="house_split",
            default=list(DEFAULT_HOUSE_SPLIT),
            doc="How many 1st, 2nd, 3rd and 4th House cards make up the 14 houses.",
            source="ASSUMPTION: rulebook gives 14 House cards numbered 1st..4th, not the split",
            kind=list,
        ),
        RuleOption(
            name="target",
            default=None,
            doc="Money that wins the match; null means the rulebook's $10,000 "
            "($7,000 for 5 or 6 players).",
            source='rulebook "Winning the Game" and "Rules for Five or Six Players"',
        ),
        RuleOption(
            name="top_tie",
            default="play_on",
            doc="When two or more players over the target tie for the most money: "
            '"play_on" deals another hand, "draw" ends the match with no winner.',
            source='ASSUMPTION: rulebook "Winning the Game" only says the most money wins',
            choices=("play_on", "draw"),
        ),
        RuleOption(
            name="trade_pile_adds",
            default="one",
            doc="2-4 players, how many cards may go from hand onto your trade pile before a "
            'trade: "one" (our reading of the rulebook\'s words) counts the excess discarded '
            "at the start of the turn (rulebook Lay Down, Note), so after discarding one "
            "excess card you may trade but not add, and after two or more you may not trade "
            "that turn; "
            '"excess_and_one" the excess does not count: you may still add one card and trade.',
            source='A reading, not the rulebook\'s own words: rulebook "Trade" says "you may add '
            'one card from your hand to your trade pile BEFORE making a trade" and does not say '
            "whether the excess discarded at the start of the turn (Lay Down, Note) counts; "
            '"one" takes it to count, "excess_and_one" not',
            choices=("one", "excess_and_one"),
        ),
        RuleOption(
            name="empty_draw_pile",
            default="trade_on",
            doc='2-4 players, once the draw pile is empty: "trade_on" play goes on (nobody can '
            "draw; trade or lay down; a player who can do neither passes) until someone lays "
            'down or max_turns_per_hand; "end_hand" the hand ends as soon as a turn ends with '
            "the draw pile empty.",
            source="ASSUMPTION: the rulebook does not say what happens when the draw pile runs "
            "out; trading needs no draw pile, so play goes on",
            choices=("trade_on", "end_hand"),
        ),
        RuleOption(
            name="unfinished_hand",
            default="void",
            doc='A hand that ends with nobody out (empty_draw_pile "end_hand" or '
            'max_turns_per_hand): "void" nobody scores; "score_all" everyone lays down and '
            "scores as an opponent would (Chance holders score zero, Mr. Monopoly counts).",
            source="ASSUMPTION: the rulebook only describes hands that someone goes out of",
            choices=("void", "score_all"),
        ),
        RuleOption(
            name="max_turns_per_hand",
            default=50,
            doc="A hand with this many turns and nobody out ends as unfinished_hand says.",
            source="cap so that a hand always ends (not in the rulebook)",
            kind=int,
        ),
        RuleOption(
            name="max_stalled_hands",
            default=3,
            doc="The match ends after this many hands in a row that nobody went out of.",
            source="cap so that a match between players who never go out ends (not in the "
            "rulebook)",
            kind=int,
        ),
        RuleOption(
            name="max_hands",
            default=25,
            doc="The match ends after this many hands even if nobody reached the target.",
            source="cap so that a match always ends (not in the rulebook)",
            kind=int,
        ),
        RuleOption(
            name="max_turns",
            default=400,
            doc="The match ends once this many turns have been played in all, at the end of "
            "that turn (the hand in progress is abandoned unscored).",
            source="cap so that a match always ends (not in the rulebook)",
            kind=int,
        ),
        RuleOption(
            name="cap_result",
            default="unfinished",
            doc='When a cap ends the match: "unfinished" nobody wins and the match is reported '
            "as unfinished, naming the single player with the most money as the leader; "
            '"leader" that player wins (nobody on a tie; the engine\'s older reading); '
            '"draw" nobody wins and no leader is named.',
            source='rulebook "Winning the Game": the game ends when a player has the target '
            "($10,000) at the end of a hand; a cap is not in the rulebook, so a capped match "
            "has no winner. Saves record this option, so older saves replay under 'leader'.",
            choices=("unfinished", "leader", "draw"),
        ),
    )
}


@dataclass(frozen=True)
class Settings:
    """The options of one game, checked and in the shape the engine uses."""

    set_values: dict[str, int]
    railroad_values: tuple[int, int, int]
    house_split: tuple[int, int, int, int]
    target: int | None
    top_tie: str
    trade_pile_adds: str
    empty_draw_pile: str
    unfinished_hand: str
    max_turns_per_hand: int
    max_stalled_hands: int
    max_hands: int
    max_turns: int
    cap_result: str

    def target_for(self, players: int) -> int:
        """The winning total: rulebook $10,000, or $7,000 for 5 or 6 players."""
        if self.target is not None:
            return self.target
        return 7000 if players >= 5 else 10000

    def group_value(self, colour: str, properties: int) -> int:
        """The set value of a complete group of ``colour`` with this many property cards."""
        if colour == "Railroad":
            return self.railroad_values[properties - 2]
        return self.set_values[colour]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def settings_from(options: dict[str, Any]) -> Settings:
    """Check the resolved options and build :class:`Settings` (``OptionError`` names the option)."""
    values = options["set_values"]
    needed = [c for c in COLOURS if c != "Railroad"]
    if not isinstance(values, dict) or sorted(values) != sorted(needed):
        raise OptionError(f"option 'set_values' must give a value for each of {needed}")
    for colour, value in values.items():
        if not _whole(value) or not MIN_SET_VALUE <= value <= MAX_SET_VALUE:
            raise OptionError(
                f"option 'set_values' for {colour} must be $50..$400 (rulebook), "
                f"not {excerpt(value)}"
            )
    rail = options["railroad_values"]
    if not isinstance(rail, (list, tuple)) or len(rail) != 3 or not all(_whole(v) for v in rail):
        raise OptionError("option 'railroad_values' must be three whole numbers [two, three, four]")
    if any(not MIN_SET_VALUE <= v <= MAX_SET_VALUE for v in rail):
        raise OptionError("option 'railroad_values' must each be $50..$400 (rulebook)")
    split = options["house_split"]
    if (
        not isinstance(split, (list, tuple))
        or len(split) != len(HOUSES)
        or not all(_whole(v) and v >= 1 for v in split)
        or sum(split) != HOUSE_CARDS
    ):
        raise OptionError(
            "option 'house_split' must be four whole numbers of at least 1 adding up to 14 "
            f"(1st, 2nd, 3rd, 4th), not {excerpt(split)}"
        )
    target = options["target"]
    if target is not None and (not _whole(target) or target <= 0):
        raise OptionError(
            f"option 'target' must be null or a positive whole number, not {excerpt(target)}"
        )
    for name in ("max_turns_per_hand", "max_stalled_hands", "max_hands", "max_turns"):
        if options[name] < 1:
            raise OptionError(f"option {name!r} must be at least 1, not {options[name]!r}")
    return Settings(
        set_values=dict(values),
        railroad_values=(rail[0], rail[1], rail[2]),
        house_split=(split[0], split[1], split[2], split[3]),
        target=target,
        top_tie=options["top_tie"],
        trade_pile_adds=options["trade_pile_adds"],
        empty_draw_pile=options["empty_draw_pile"],
        unfinished_hand=options["unfinished_hand"],
        max_turns_per_hand=options["max_turns_per_hand"],
        max_stalled_hands=options["max_stalled_hands"],
        max_hands=options["max_hands"],
        max_turns=options["max_turns"],
        cap_result=options["cap_result"],
    )


DEFAULT_SETTINGS = settings_from({name: opt.default for name, opt in OPTIONS.items()})

"""score_hand: the rulebook's scoring rules, each test naming the rule it checks."""

from __future__ import annotations

import pytest

from monopoly_widgets.cardgame import score_hand
from monopoly_widgets.cardgame.cards import build_deck
from monopoly_widgets.cardgame.options import OPTIONS, settings_from

from .helpers import BROWN, DARK_BLUE, HOUSES3, RAILROADS, YELLOW


def test_rulebook_worked_example_is_3600() -> None:
    """Rule: rulebook "Scoring" example: Yellow $300 + 1st-3rd houses $900 = $1,200; 2 Tokens
    add $1,200 each: $3,600."""
    result = score_hand(YELLOW + HOUSES3 + ["Token", "Token"], True)
    assert result.total == 3600
    assert result.lines[0] == "Yellow group $300 + 3 houses $900 = $1,200"
    assert result.lines[1] == "2 tokens +$2,400"
    assert result.explain().startswith(
        "Yellow group $300 + 3 houses $900 = $1,200; 2 tokens +$2,400"
    )


def test_card_objects_are_accepted() -> None:
    """score_hand takes Card objects as well as printed names."""
    deck = build_deck()
    cards = [c for c in deck if c.name in YELLOW]
    assert score_hand(cards, False).total == 300


def test_unknown_card_name_is_rejected() -> None:
    with pytest.raises(ValueError, match="Park Lane"):
        score_hand(["Park Lane"], True)


def test_hotel_adds_500_after_four_houses() -> None:
    """Rule: rulebook "Hotel Cards" and "Scoring": a Hotel needs all 4 houses; it adds $500."""
    cards = YELLOW + HOUSES3 + ["4th House", "Hotel"]
    assert score_hand(cards, True).total == 300 * 5 + 500


def test_hotel_without_four_houses_is_not_a_legal_lay_down() -> None:
    """Rule: rulebook "Hotel Cards": only on groups with all four houses."""
    result = score_hand(YELLOW + HOUSES3 + ["Hotel"], True)
    assert not result.legal_lay_down
    assert "Hotel is out of sequence" in (result.problem or "")
    assert result.total == 1200  # the hotel simply does not score


def test_houses_go_on_the_dearest_group_and_tokens_on_the_biggest() -> None:
    """Rule: rulebook "Ending the Hand": the player decides which group to enhance, to make
    the hand as valuable as possible; Tokens land on a group."""
    result = score_hand(BROWN + DARK_BLUE + ["1st House", "Token"], True)
    # Dark Blue $400 + 1 house = $800, Brown $50; the token adds $800.
    assert result.total == 800 + 50 + 800


def test_two_house_sets_on_two_groups() -> None:
    """Rule: rulebook "House Cards": each group takes its own 1st, 2nd... in sequence."""
    cards = YELLOW + DARK_BLUE + ["1st House", "1st House", "2nd House"]
    # Dark Blue 400 * 3 = 1200; Yellow 300 * 2 = 600.
    assert score_hand(cards, True).total == 1800


def test_no_houses_on_railroads_or_utilities() -> None:
    """Rule: rulebook "House Cards": you cannot add a House card to Railroads or Utilities."""
    result = score_hand(RAILROADS[:2] + ["1st House"], True)
    assert not result.legal_lay_down
    assert "Railroads or Utilities" in (result.problem or "")
    utilities = score_hand(["Electric Company", "Water Works", "1st House"], True)
    assert not utilities.legal_lay_down


def test_railroad_groups_of_two_three_four() -> None:
    """Rule: "A Railroad group can be 2, 3 or all 4 Railroad cards"; values are the
    railroad_values option (ASSUMPTION)."""
    values = [score_hand(RAILROADS[:k], True).total for k in (2, 3, 4)]
    assert values == [100, 200, 300]
    settings = settings_from(
        {**{n: o.default for n, o in OPTIONS.items()}, "railroad_values": [150, 250, 400]}
    )
    assert score_hand(RAILROADS, True, settings).total == 400
    assert not score_hand(RAILROADS[:1], True).legal_lay_down


def test_go_pays_200() -> None:
    """Rule: rulebook "Scoring" 2: each GO card pays $200."""
    assert score_hand(YELLOW + ["GO", "GO"], True).total == 700


def test_chance_stands_for_a_missing_property() -> None:
    """Rule: rulebook "Lay Down" 3: a Chance may be substituted for a missing Property."""
    result = score_hand(["Atlantic Avenue", "Ventnor Avenue", "Chance"], True)
    assert result.legal_lay_down and result.total == 300
    assert result.chance_roles == ("Marvin Gardens",)


def test_chance_fills_a_missing_house() -> None:
    """Rule: rulebook "Lay Down" 3: a Chance may stand for a House to keep the sequence."""
    result = score_hand(YELLOW + ["1st House", "3rd House", "Chance"], True)
    assert result.legal_lay_down
    assert result.chance_roles == ("2nd House",)
    assert result.total == 1200


def test_chance_best_use_is_chosen() -> None:
    """Rule: rulebook "Lay Down" 3: Chance can also represent a token; the best use wins."""
    # As a Token it adds the whole Yellow group ($1,200); as a 4th House only $300.
    result = score_hand(YELLOW + HOUSES3 + ["Chance"], True)
    assert result.chance_roles == ("Token",)
    assert result.total == 2400


def test_chance_held_by_a_player_who_did_not_lay_down_scores_zero() -> None:
    """Rule: rulebook "Scoring" 3: any player holding Chance other than the player who laid
    down scores ZERO."""
    result = score_hand(YELLOW + HOUSES3 + ["Token", "Token", "Chance"], False)
    assert result.total == 0 and result.zeroed_by_chance
    assert "Chance" in result.lines[0]


def test_opponent_scores_only_complete_groups_in_sequence() -> None:
    """Rule: rulebook "Ending the Hand" 3 and "Scoring": opponents lay down their hands;
    incomplete groups and out-of-sequence houses do not score."""
    result = score_hand(YELLOW + ["Boardwalk", "1st House", "3rd House"], False)
    assert result.total == 600
    assert "not scoring: Boardwalk, 3rd House" in result.lines


def test_mr_monopoly_is_counted_but_scored_per_hand() -> None:
    """Rule: rulebook "Scoring" 1: the $1,000 depends on all hands, so score_hand only counts."""
    result = score_hand(YELLOW + ["Mr. Monopoly", "Mr. Monopoly"], True)
    assert result.total == 300 and result.mr_monopoly == 2
    assert any("Mr. Monopoly" in line for line in result.lines)


def test_incomplete_group_is_not_a_legal_lay_down() -> None:
    """Rule: rulebook "Lay Down" 1: each color-group must be complete."""
    result = score_hand(YELLOW + ["Boardwalk"], True)
    assert not result.legal_lay_down
    assert "Dark Blue group is incomplete" in (result.problem or "")


def test_set_values_option_changes_the_score() -> None:
    """Option set_values (ASSUMPTION for every colour but Yellow)."""
    values = dict(OPTIONS["set_values"].default, Yellow=350)
    settings = settings_from({**{n: o.default for n, o in OPTIONS.items()}, "set_values": values})
    assert score_hand(YELLOW, True, settings).total == 350

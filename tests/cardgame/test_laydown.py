"""Laying down, the reward and the end of the hand, from hand-written positions."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw

from .helpers import BROWN, DARK_BLUE, HOUSES3, RAILROADS, YELLOW, event_texts, game, ids

FILLER = ["GO", "Token", "Mr. Monopoly"]


def test_lay_down_with_a_complete_group() -> None:
    """Rule: rulebook "Lay Down" 1: at least one complete color-group, plus bonus cards."""
    g = game(hands=[YELLOW + FILLER])
    assert "lay_down" in ids(g)


def test_each_way_of_laying_down_is_offered() -> None:
    """Rule: rulebook "Lay Down" 1-3 and "Object of the Game": two groups; a railroad group
    of 2; houses in sequence; a hotel after four houses; Chance standing in."""
    hands = [
        YELLOW + DARK_BLUE,
        RAILROADS[:2] + ["GO"],
        YELLOW + HOUSES3 + ["4th House", "Hotel"],
        ["Atlantic Avenue", "Ventnor Avenue", "Chance", "1st House"],
    ]
    for hand in hands:
        g = game(hands=[hand])
        assert "lay_down" in ids(g), hand


@pytest.mark.parametrize(
    ("hand", "reason"),
    [
        (YELLOW + ["Boardwalk"], "Dark Blue group is incomplete"),
        (YELLOW + ["1st House", "3rd House"], "3rd House is out of sequence"),
        (YELLOW + ["2nd House"], "2nd House is out of sequence"),
        (YELLOW + HOUSES3 + ["Hotel"], "Hotel is out of sequence"),
        (RAILROADS[:2] + ["1st House"], "Railroads or Utilities"),
        (["GO", "Token", "Mr. Monopoly"], "at least one complete color group"),
        (["Atlantic Avenue", "Chance"], "Yellow group is incomplete"),
    ],
)
def test_illegal_lay_downs_are_refused_with_the_reason(hand: list[str], reason: str) -> None:
    """Rule: rulebook "Lay Down" 1-2: every group complete, houses/hotels in sequence,
    none on Railroads/Utilities; a Chance fills only one gap."""
    g = game(hands=[hand])
    assert "lay_down" not in ids(g)
    with pytest.raises(mw.IllegalActionError, match=reason):
        g.apply("lay_down")


def test_no_lay_down_after_drawing() -> None:
    """Rule: rulebook "Play", Note: if you Draw or Trade you cannot LAY DOWN on the same turn."""
    g = game(hands=[YELLOW + FILLER])
    g.apply("draw")
    assert "lay_down" not in ids(g)
    with pytest.raises(mw.IllegalActionError, match="cannot lay down on the same turn"):
        g.apply("lay_down")


def test_no_lay_down_after_trading() -> None:
    """Rule: rulebook "Play", Note: you may not go out if you trade on this turn."""
    g = game(hands=[YELLOW + FILLER], trade_piles=[["Boardwalk"], ["Park Place"], [], []])
    g.apply("trade:1:1")
    with pytest.raises(mw.IllegalActionError, match="drew or traded"):
        g.apply("lay_down")


def test_more_than_ten_after_a_trade_discard_excess_then_lay_down() -> None:
    """Rule: rulebook "Lay Down", Note: if you began your turn with more than 10 cards because
    an opponent traded with you, you can discard the excess and still lay down."""
    hand = YELLOW + BROWN + ["GO", "GO", "GO", "Token", "Token", "Mr. Monopoly", "1st House"]
    assert len(hand) == 12
    g = game(hands=[hand])
    assert "lay_down" not in ids(g)
    with pytest.raises(mw.IllegalActionError, match="discard the excess"):
        g.apply("lay_down")
    g.apply("excess:1st House")
    assert "lay_down" not in ids(g)  # still 11 cards
    g.apply("excess:Mr. Monopoly")
    assert "lay_down" in ids(g)
    g.apply("lay_down")
    assert any(e.kind == "lay_down" and e.player == 0 for e in g.events)


def test_a_trade_gives_the_opponent_more_than_ten_cards() -> None:
    """Rule: rulebook "Trade": the opponent must add the traded cards to his HAND."""
    hand1 = YELLOW + BROWN + ["GO", "GO", "GO", "Token", "Token"]
    g = game(
        hands=[["Boardwalk"], hand1], trade_piles=[["Park Place", "GO"], ["Token", "Hotel"], [], []]
    )
    g.apply("trade:1:2")
    assert len(g.state.hands[1]) == 12
    assert sorted(g.position()["hands"][0]) == ["Boardwalk", "Hotel", "Token"]


def test_reward_adds_usable_cards_only() -> None:
    """Rule: rulebook "Ending the Hand" 1 (Reward): the top five draw cards; only usable
    ones may be added (a new color-group may be drawn)."""
    g = game(
        hands=[YELLOW + HOUSES3 + ["Token", "Token"]],
        draw_pile=["Water Works", "Boardwalk", "Park Place", "GO", "Token", "Baltic Avenue"],
    )
    g.apply("lay_down")
    assert g.state.phase == "reward"
    reward = sorted(g.position()["reward"])
    assert reward == sorted(["Baltic Avenue", "Token", "GO", "Park Place", "Boardwalk"])
    legal = ids(g)
    assert "reward:Park Place+Boardwalk+Token+GO" in legal
    assert not any("Baltic Avenue" in a for a in legal)
    assert not any(a == "reward:Boardwalk" for a in legal)  # half a group is unusable
    g.apply("reward:Park Place+Boardwalk+Token+GO")
    # The houses move to the dearer new group (rulebook: "the player may decide which
    # color-group to enhance"): Dark Blue $400 x 4 = $1,600, Yellow $300; 3 tokens x $1,600.
    assert g.state.last_hand is not None and g.state.last_hand[0] == 1600 + 300 + 4800 + 200
    assert "removed from play" in event_texts(g)
    assert g.state.hand_number == 2


def test_chance_swap_in_the_reward() -> None:
    """Rule: rulebook "Ending the Hand" 1: a drawn card that a Chance stood for may replace
    it, and the Chance is then used elsewhere."""
    g = game(hands=[YELLOW + ["Park Place", "Chance"]], draw_pile=["GO", "Boardwalk"])
    g.apply("lay_down")
    assert g.position()["chance_roles"] == ["Boardwalk"]
    assert "reward:Boardwalk" in ids(g)
    g.apply("reward:Boardwalk+GO")
    # Yellow 300 + Dark Blue 400 = 700; the freed Chance adds $400 (a Token on Dark Blue or
    # its 1st House) plus the GO.
    assert g.state.last_hand is not None and g.state.last_hand[0] == 700 + 400 + 200


def test_other_players_lay_down_and_chance_holders_score_zero() -> None:
    """Rule: rulebook "Ending the Hand" 3 and "Scoring" 3: the others lay down; a Chance in
    any other hand scores nothing."""
    g = game(
        hands=[YELLOW, BROWN + ["GO"], DARK_BLUE + ["Chance"], ["Boardwalk"][:0]],
        draw_pile=["Mr. Monopoly"],
    )
    g.apply("lay_down")
    if g.state.phase == "reward":
        g.apply("reward:Mr. Monopoly")
    assert g.state.last_hand == [300 + 1000, 250, 0, 0]
    assert "scores nothing" in event_texts(g) or "scores $0" in event_texts(g)


def test_mr_monopoly_tie_pays_nothing() -> None:
    """Rule: rulebook "Scoring" 1: if two or more players tie for most, no money is won."""
    g = game(hands=[YELLOW + ["Mr. Monopoly"], ["Mr. Monopoly"], BROWN], draw_pile=["Hotel"])
    g.apply("lay_down")
    assert g.state.last_hand == [300, 0, 50, 0]
    assert "nobody wins the $1,000" in event_texts(g)


def test_mr_monopoly_single_most_wins_1000() -> None:
    """Rule: rulebook "Scoring" 1: the player with the most Mr. Monopoly cards wins $1,000."""
    g = game(
        hands=[YELLOW + ["Mr. Monopoly"], ["Mr. Monopoly", "Mr. Monopoly"]], draw_pile=["Hotel"]
    )
    g.apply("lay_down")
    assert g.state.last_hand == [300, 1000, 0, 0]


def test_the_score_line_totals_what_the_player_receives() -> None:
    """Rule: rulebook "Scoring" 1: the $1,000 is part of what the holder of the most
    Mr. Monopoly cards wins, so their line's total includes it."""
    g = game(
        hands=[YELLOW + ["Mr. Monopoly"], BROWN + ["GO", "Mr. Monopoly", "Mr. Monopoly"]],
        draw_pile=["Hotel"],
    )
    g.apply("lay_down")
    line = next(e for e in g.events if e.kind == "score" and e.player == 1)
    assert line.text.startswith("Player 1 scores $1,250: ")
    assert line.text.endswith("Total $250 + Mr. Monopoly $1,000 = $1,250")
    assert line.data["total"] == g.state.last_hand[1] == 1250
    layer = next(e for e in g.events if e.kind == "score" and e.player == 0)
    assert layer.text.endswith("Total $300") and layer.data["total"] == 300


def test_match_end_with_two_players_over_the_target() -> None:
    """Rule: rulebook "Winning the Game": if more than one player has $10,000, the player with
    the most money wins."""
    g = game(
        hands=[YELLOW + HOUSES3 + ["Token", "Token"], DARK_BLUE + ["1st House", "2nd House"]],
        scores=[9000, 9500, 0, 0],
        draw_pile=["Water Works"],
    )
    g.apply("lay_down")
    assert g.is_over
    assert g.state.scores == [12600, 10700, 0, 0]
    assert g.winner == 0
    assert g.events[-1].rule == 'Card Game rulebook: "Winning the Game"'


@pytest.mark.parametrize(("top_tie", "over"), [("play_on", False), ("draw", True)])
def test_tie_at_the_top_follows_the_top_tie_option(top_tie: str, over: bool) -> None:
    """Option top_tie: players over the target tied for the most money."""
    g = game(
        hands=[YELLOW, BROWN],
        scores=[9700, 9950, 0, 0],
        draw_pile=["Water Works"],
        options={"top_tie": top_tie},
    )
    g.apply("lay_down")
    assert g.state.scores[:2] == [10000, 10000]
    assert g.is_over is over
    assert g.winner is None
    if not over:
        assert g.state.hand_number == 2 and g.state.dealer == 1


def test_five_six_players_target_is_7000() -> None:
    """Rule: rulebook "Rules for Five or Six Players": $7,000 wins the game."""
    g = game(
        players=5,
        hands=[YELLOW + HOUSES3],
        scores=[6000, 0, 0, 0, 0],
        trade_piles=[[], ["GO"], [], [], []],
    )
    g.apply("lay_down")
    assert ids(g) == ["reward:none", "reward:GO"]  # the reward is the trade cards on the table
    g.apply("reward:none")
    assert g.is_over and g.winner == 0


def test_play_goes_on_when_the_draw_pile_is_empty() -> None:
    """Option empty_draw_pile "trade_on" (ASSUMPTION, default): with the draw pile empty
    nobody can draw, but trading and laying down go on."""
    g = game(hands=[["GO"], YELLOW[:2]], draw_pile=["Token"], trade_piles=[[], ["Hotel"], [], []])
    g.apply("draw")
    g.apply("discard:GO")
    assert g.state.hand_number == 1 and g.state.to_play == 1
    assert "draw" not in ids(g)
    assert "trade:0:1" in ids(g)
    with pytest.raises(mw.IllegalActionError):
        g.apply("draw")


def test_a_player_who_can_do_nothing_passes() -> None:
    """Option empty_draw_pile "trade_on": no draw pile and no trade pile to trade with."""
    g = game(hands=[["GO"]], draw_pile=[])
    assert ids(g) == ["end_turn"]
    g.apply("end_turn")
    assert g.state.to_play == 1


def test_empty_draw_pile_ends_the_hand_unscored() -> None:
    """Options empty_draw_pile "end_hand" and unfinished_hand "void" (ASSUMPTIONS): a turn that
    ends with the draw pile empty ends the hand and nobody scores."""
    g = game(hands=[["GO"], YELLOW], draw_pile=["Token"], options={"empty_draw_pile": "end_hand"})
    g.apply("draw")
    g.apply("discard:GO")
    assert g.state.hand_number == 2 and g.state.scores == [0, 0, 0, 0]
    assert any(e.rule == "option: empty_draw_pile" for e in g.events)
    assert any(e.rule == "option: unfinished_hand" for e in g.events)


def test_unfinished_hand_score_all_option() -> None:
    """Option unfinished_hand "score_all": everyone scores as an opponent would."""
    options = {"empty_draw_pile": "end_hand", "unfinished_hand": "score_all"}
    g = game(hands=[["GO"], YELLOW], draw_pile=["Token"], options=options)
    g.apply("draw")
    g.apply("discard:Token")
    assert g.state.scores == [200, 300, 0, 0]


def test_max_turns_per_hand_ends_a_stalled_hand() -> None:
    """Option max_turns_per_hand: a hand with that many turns and nobody out ends."""
    g = game(hands=[["GO"]], draw_pile=["Token", "Hotel"], options={"max_turns_per_hand": 1})
    g.apply("draw")
    g.apply("discard:GO")
    assert g.state.hand_number == 2
    assert any(e.rule == "option: max_turns_per_hand" for e in g.events)


def test_max_stalled_hands_ends_the_match() -> None:
    """Option max_stalled_hands: after that many hands in a row with nobody out, the match
    ends (cap_result "leader", the older reading: the single leader wins)."""
    options = {"max_turns_per_hand": 1, "max_stalled_hands": 2, "cap_result": "leader"}
    g = game(
        hands=[["GO"]],
        draw_pile=["Token", "Hotel"],
        scores=[0, 300, 0, 0],
        stalled_hands=1,
        options=options,
    )
    g.apply("draw")
    g.apply("discard:GO")
    assert g.is_over and g.winner == 1
    assert g.events[-1].rule == "option: max_stalled_hands; option: cap_result"


def test_max_turns_cap_ends_the_match_and_the_leader_wins() -> None:
    """Options max_turns and cap_result "leader": a capped match goes to the single leader."""
    options = {"max_turns": 1, "cap_result": "leader"}
    g = game(hands=[["GO"]], scores=[100, 50, 0, 0], options=options)
    g.apply("draw")
    g.apply("discard:GO")
    assert g.is_over and g.winner == 0
    assert g.events[-1].rule == "option: max_turns; option: cap_result"


def test_a_capped_match_is_unfinished_with_the_leader_named() -> None:
    """Option cap_result = "unfinished" (default; rulebook "Winning the Game": the match ends
    when a player has the target at the end of a hand): a cap names no winner."""
    g = game(hands=[["GO"]], scores=[100, 450, 0, 0], options={"max_turns": 1})
    g.apply("draw")
    g.apply("discard:GO")
    assert g.is_over and g.winner is None
    assert g.events[-1].text == (
        "The match reached max_turns (1); nobody reached $10,000, so the match stops "
        "unfinished: player 1 leads with $450."
    )
    assert "wins" not in g.observation()["decision"]


def test_a_capped_match_with_tied_leaders_names_them_all() -> None:
    """Option cap_result = "unfinished": tied leaders are named, in seat order."""
    g = game(hands=[["GO"]], scores=[300, 0, 300, 0], options={"max_turns": 1})
    g.apply("draw")
    g.apply("discard:GO")
    assert g.winner is None
    assert g.events[-1].text.endswith("players 0 and 2 lead with $300 each.")


def test_deal_passes_left_each_hand() -> None:
    """Rule: rulebook "Next Hand": the deal passes to the left; 10 cards each, one face-up
    trading card each, the rest forms the draw pile (rulebook "The Deal")."""
    g = game(hands=[YELLOW], draw_pile=["Hotel"], dealer=2)
    g.apply("lay_down")
    pos = g.position()
    assert pos["dealer"] == 3 and pos["to_play"] == 0
    assert [len(h) for h in pos["hands"]] == [10, 10, 10, 10]
    assert [len(p) for p in pos["trade_piles"]] == [1, 1, 1, 1]
    assert len(pos["draw_pile"]) == 16

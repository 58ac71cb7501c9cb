"""Drawing, trading and discarding for every player count, from hand-written positions."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw

from .helpers import BROWN, DARK_BLUE, YELLOW, event_texts, game, ids

TEN = YELLOW + BROWN + ["GO", "GO", "Token", "Token", "Mr. Monopoly"]


def test_deal_for_each_player_count() -> None:
    """Rule: rulebook "The Deal" (10 each, one face-up trade card each, the rest is the draw
    pile), "Rules for Three/Two Players" (extra trade piles) and "Five or Six Players"
    (11 or 9 each, no draw pile)."""
    expected = {2: (10, 2, 36), 3: (10, 1, 26), 4: (10, 0, 16), 5: (11, 0, 0), 6: (9, 0, 0)}
    for players, (each, extra, draw) in expected.items():
        pos = mw.new_game("cardgame", players=players, seed=1).position()
        assert [len(h) for h in pos["hands"]] == [each] * players
        assert [len(p) for p in pos["trade_piles"]] == [1] * players
        assert [len(p) for p in pos["extra_piles"]] == [1] * extra
        assert len(pos["draw_pile"]) == draw
        assert pos["to_play"] == 1  # left of the dealer (seat 0)


def test_draw_then_discard_ends_the_turn() -> None:
    """Rule: rulebook "Draw" and "Discarding": take the top card, then end the turn by
    discarding onto your own trade pile."""
    g = game(hands=[TEN], draw_pile=["Hotel", "Boardwalk"])
    g.apply("draw")
    assert "Boardwalk" in g.position()["hands"][0]
    assert g.state.phase == "discard"
    g.apply("discard:Boardwalk")
    pos = g.position()
    assert pos["trade_piles"][0] == ["Boardwalk"] and pos["to_play"] == 1


def test_trade_n_cards_from_the_top() -> None:
    """Rule: rulebook "Trade": give N cards from the top of your trade pile to an opponent,
    who adds them to his HAND; take the same number from the top of his pile into your hand."""
    g = game(
        hands=[TEN, ["Hotel"]],
        trade_piles=[
            ["Water Works", "Park Place", "Boardwalk"],
            ["Short Line", "Chance", "1st House"],
            [],
            [],
        ],
    )
    assert {"trade:1:1", "trade:1:2", "trade:1:3"} <= set(ids(g))
    assert "trade:2:1" not in ids(g)  # seat 2 has an empty trade pile
    g.apply("trade:1:2")
    pos = g.position()
    assert pos["trade_piles"] == [["Water Works"], ["Short Line"], [], []]
    assert sorted(pos["hands"][1]) == sorted(["Hotel", "Park Place", "Boardwalk"])
    assert "Chance" in pos["hands"][0] and "1st House" in pos["hands"][0]
    assert g.state.phase == "discard"  # "After making a trade, end your turn by discarding"
    g.apply("discard:GO")
    assert g.state.phase == "discard"  # 11 cards: still over the limit of 10
    g.apply("discard:Mr. Monopoly")
    assert g.position()["to_play"] == 1


def test_add_a_card_before_trading() -> None:
    """Rule: rulebook "Trade": you may add one card from your hand to your trade pile BEFORE
    making a trade; then you must trade."""
    g = game(hands=[TEN], trade_piles=[[], ["Boardwalk"], [], []])
    assert not any(a.startswith("trade:") for a in ids(g))  # nothing to give yet
    g.apply("add:GO")
    assert ids(g) == ["trade:1:1"]
    with pytest.raises(mw.IllegalActionError, match="must now trade"):
        g.apply("draw")
    g.apply("trade:1:1")
    assert "GO" in g.position()["hands"][1] and "Boardwalk" in g.position()["hands"][0]


def test_hand_limit_ten_at_the_end_of_the_turn() -> None:
    """Rule: rulebook "Discarding": no more than 10 cards in hand when you end your turn."""
    g = game(hands=[TEN + ["Hotel"]], draw_pile=["Boardwalk", "Water Works"])
    g.apply("draw")  # 12 cards
    g.apply("discard:Hotel")
    assert g.state.to_play == 0 and g.state.phase == "discard"
    g.apply("discard:Water Works")
    assert g.state.to_play == 1


def test_three_players_swap_with_the_fourth_pile() -> None:
    """Rule: rulebook "Rules for Three Players": exchange the 4th pile's card for the top card
    of your own trading pile."""
    g = game(players=3, hands=[TEN], trade_piles=[["Token"], [], []], extra_piles=[["Boardwalk"]])
    assert "swap:4" in ids(g) and "swap2:4" not in ids(g)  # swap2 needs two cards to give
    g.apply("swap:4")
    pos = g.position()
    assert pos["extra_piles"] == [["Token"]] and pos["trade_piles"][0] == []
    assert "Boardwalk" in pos["hands"][0]
    assert "Rules for Three Players" in g.events[-1].rule


def test_three_players_take_the_fourth_pile_and_the_draw_card() -> None:
    """Rule: rulebook "Rules for Three Players": take the 4th pile's card plus the top card of
    the draw pile, replacing it with the top two cards of your own trading pile."""
    g = game(
        players=3,
        hands=[TEN],
        trade_piles=[["GO", "Token"], [], []],
        extra_piles=[["Boardwalk"]],
        draw_pile=["Hotel", "Park Place"],
    )
    g.apply("swap2:4")
    pos = g.position()
    assert pos["extra_piles"] == [["GO", "Token"]]  # the pile grows, Token on top
    assert "Boardwalk" in pos["hands"][0] and "Park Place" in pos["hands"][0]
    assert pos["draw_pile"] == ["Hotel"]


def test_two_players_trade_with_either_extra_pile() -> None:
    """Rule: rulebook "Rules for Two Players": a third and fourth trading pile; players can
    trade with either."""
    g = game(
        players=2,
        hands=[TEN],
        trade_piles=[["GO"], []],
        extra_piles=[["Boardwalk"], ["Park Place"]],
    )
    assert {"swap:3", "swap:4"} <= set(ids(g))
    g.apply("swap:3")
    assert g.position()["extra_piles"] == [["GO"], ["Park Place"]]


def _five(**fields: object) -> mw.Game:
    hands = [
        ["Atlantic Avenue", "Ventnor Avenue", "GO"],
        BROWN + ["Token"],
        DARK_BLUE + ["Hotel"],
        ["Short Line", "Water Works"],
        ["1st House", "Mr. Monopoly"],
    ]
    piles = fields.pop("trade_piles", [["Chance"], ["4th House"], [], ["2nd House"], []])
    return game(players=5, hands=hands, trade_piles=piles, **fields)


def test_five_players_must_exchange_trade_cards() -> None:
    """Rule: rulebook "Rules for Five or Six Players": on your turn you must exchange your
    trade card for another player's trade card; both keep the traded cards in hand."""
    g = _five()
    assert set(ids(g)) == {"exchange:1", "exchange:3"}  # no draw, no passing on the turn
    g.apply("exchange:3")
    pos = g.position()
    assert "2nd House" in pos["hands"][0] and "Chance" in pos["hands"][3]
    assert pos["trade_piles"][0] == [] and pos["trade_piles"][3] == []
    assert g.state.phase == "discard"


def test_five_players_put_a_card_down_when_you_have_no_trade_card() -> None:
    """Rule: "If you have no trade card, place one card down on the table from your hand and
    then exchange it for an opponent's trade card."""
    g = _five(trade_piles=[[], ["4th House"], [], [], []])
    assert all(a.startswith("put:") for a in ids(g))
    g.apply("put:GO")
    assert ids(g) == ["exchange:1"]
    g.apply("exchange:1")
    assert "GO" in g.position()["hands"][1]


def test_five_players_discard_then_everyone_passes_left() -> None:
    """Rule: "Now discard one card to your (empty) trade pile. At the conclusion of each and
    every player's turn, all players must pass one card face down to the player on their left."""
    g = _five()
    g.apply("exchange:1")
    g.apply("discard:GO")
    assert g.state.phase == "pass"
    order = []
    passed = {}
    while g.state.phase == "pass":
        seat = g.current_player
        order.append(seat)
        card = g.legal_actions()[0].id.partition(":")[2]
        passed[seat] = card
        # a passed card is face down: the others do not see it
        g.apply(f"pass:{card}")
        if g.state.phase == "pass":
            assert g.observation((seat + 2) % 5)["seats"][seat]["hand_count"] >= 0
    assert order == [0, 1, 2, 3, 4]
    hands = g.position()["hands"]
    for seat, card in passed.items():
        assert card in hands[(seat + 1) % 5]
    assert g.position()["to_play"] == 1 and "passed to them" in event_texts(g)


def test_five_players_go_out_after_trading_before_the_pass() -> None:
    """Rule: "You may lay down after you trade a card with another player. You must do so
    BEFORE all players would normally pass... (No passing may occur on the turn when a player
    goes out.)" Reward: the trade cards on the table."""
    g = game(
        players=5,
        hands=[["Atlantic Avenue", "Ventnor Avenue", "GO"], BROWN, [], [], []],
        trade_piles=[["Hotel"], ["Marvin Gardens"], [], ["Token"], []],
    )
    assert "lay_down" not in ids(g)
    g.apply("exchange:1")
    assert "lay_down" in ids(g)
    g.apply("lay_down")
    assert not any(e.kind == "pass" for e in g.events)
    assert "reward:Token" in ids(g)  # the Token is still on the table
    g.apply("reward:Token")
    # Yellow $300 + Token $300 + GO $200
    assert g.state.last_hand is not None and g.state.last_hand[0] == 800


def test_six_players_pass_phase_hides_the_passed_card() -> None:
    """Rule: cards are passed face down: only the passer knows the card until delivery."""
    g = mw.new_game("cardgame", players=6, seed=4)
    while g.state.phase != "pass":
        g.apply(g.legal_actions()[0])
    seat = g.current_player
    g.apply(g.legal_actions()[0])
    mine = g.observation(seat)["my_pass"]
    assert mine is not None
    assert g.observation((seat + 1) % 6)["my_pass"] is None
    assert g.observation((seat + 1) % 6)["seats"][seat]["passing"] is True


def test_pass_actions_name_the_player_on_the_left() -> None:
    """Rule: pass one card "to the player on their left": seat 4 passes to seat 0 with five
    players but to seat 5 with six."""
    for players, left in ((5, 0), (6, 5)):
        hands: list[list[str]] = [[] for _ in range(players)]
        hands[4] = ["Token"]
        g = game(
            players=players,
            hands=hands,
            to_play=4,
            phase="pass",
            done_this_turn="trade",
        )
        (action,) = g.legal_actions()
        assert action.id == "pass:Token"
        assert action.text.endswith(f"to player {left}")


def test_five_players_go_out_after_the_discard_before_the_pass() -> None:
    """Rule: "You may lay down after you trade... You must do so BEFORE all players would
    normally pass one card": discarding a stray card after the exchange, then going out."""
    g = game(
        players=5,
        hands=[["Atlantic Avenue", "Ventnor Avenue", "Boardwalk"], BROWN, [], [], []],
        trade_piles=[["Hotel"], ["Marvin Gardens"], [], [], []],
    )
    g.apply("exchange:1")
    assert "lay_down" not in ids(g)  # the stray Boardwalk is still in hand
    g.apply("discard:Boardwalk")
    assert g.state.phase == "pass" and g.current_player == 0
    assert "lay_down" in ids(g)
    g.apply("lay_down")
    assert not any(e.kind == "pass" for e in g.events)
    assert g.state.last_hand is not None and g.state.last_hand[0] == 300


def test_five_players_cannot_go_out_once_the_pass_has_begun() -> None:
    """Rule: "No passing may occur on the turn when a player goes out": once cards are being
    passed, it is too late to go out."""
    g = game(
        players=5,
        hands=[["GO"], YELLOW, [], [], []],
        trade_piles=[[], [], [], [], []],
        to_play=0,
        phase="pass",
        done_this_turn="trade",
        passes=["Token", None, None, None, None],
    )
    assert g.current_player == 1
    assert "lay_down" not in ids(g)
    with pytest.raises(mw.IllegalActionError, match="before the cards are passed"):
        g.apply("lay_down")

"""Turn structure: draw 2 or 5, 3 plays, hand limit, reshuffle, draws (rulebook "On Your Turn")."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.deal.rulebook import RULE_END, RULE_TURN

from .helpers import game, ids, names, position


def test_draw_two_at_start_of_turn():
    """Rule: rulebook "On Your Turn": Draw 2 cards."""
    g = game(position(hands=[[], ["$1M"]], draw_pile=["Boardwalk", "$2M", "$3M"]))
    g.apply("end_turn")
    assert names(g, 1, "hands") == ["$1M", "Boardwalk", "$2M"]
    assert g.current_player == 1
    assert g.events[-1].rule == RULE_TURN == 'Deal rulebook: "On Your Turn"'


def test_empty_hand_draws_five():
    """Rule: rulebook "On Your Turn": If you ever start your turn with no cards, draw 5 instead."""
    g = game(position(draw_pile=["$1M", "$2M", "$3M", "$4M", "$5M", "$10M"]))
    g.apply("end_turn")
    assert names(g, 1, "hands") == ["$1M", "$2M", "$3M", "$4M", "$5M"]
    assert "draws 5" in g.events[-1].text


def test_three_plays_per_turn():
    """Rule: rulebook "On Your Turn": Play up to 3 cards."""
    g = game(position(hands=[["$1M", "$2M", "$3M", "$4M"], []]))
    for card in ("$1M", "$2M", "$3M"):
        g.apply(f"bank:{card}")
    assert ids(g) == ["end_turn"]
    with pytest.raises(mw.IllegalActionError, match="used your 3 plays"):
        g.apply("bank:$4M")


def test_playing_none_is_allowed():
    """Rule: rulebook "On Your Turn": You may choose to play none."""
    g = game(position(hands=[["$1M"], []]))
    assert "end_turn" in ids(g)


def test_hand_limit_discards_to_discard_pile_by_default():
    """Rule: rulebook "On Your Turn": more than 7 cards, place extras in the discard pile.
    Option: hand_limit_discard_to = "discard_pile" (default)."""
    hand = ["$1M", "$1M", "$2M", "$2M", "$3M", "$3M", "$4M", "$4M", "$5M"]
    g = game(position(hands=[hand, []], draw_pile=["$10M"]))
    g.apply("end_turn")
    assert g.observation()["phase"] == "discard" and g.current_player == 0
    assert "discard:$5M" in ids(g)
    g.apply("discard:$1M")
    assert g.current_player == 0  # still 8 cards
    g.apply("discard:$5M")
    assert names(g, 0, "discard_pile") == ["$1M", "$5M"]
    assert g.current_player == 1 and len(names(g, 0, "hands")) == 7
    assert "option: hand_limit_discard_to" in [e.rule for e in g.events]


def test_hand_limit_discards_to_bottom_of_draw_pile_option():
    """Option: hand_limit_discard_to = "draw_pile_bottom" (2008 leaflet, END YOUR TURN)."""
    hand = ["$1M", "$1M", "$2M", "$2M", "$3M", "$3M", "$4M", "$5M"]
    g = game(
        position(hands=[hand, ["Boardwalk"]], draw_pile=["$10M", "Park Place", "Baltic Avenue"]),
        hand_limit_discard_to="draw_pile_bottom",
    )
    g.apply("end_turn")
    g.apply("discard:$5M")
    assert names(g, 0, "discard_pile") == []
    # player 1 drew the top 2; the discarded card is now at the bottom.
    assert names(g, 1, "hands") == ["Boardwalk", "$10M", "Park Place"]
    assert names(g, 0, "draw_pile")[0] == "Baltic Avenue"
    assert names(g, 0, "draw_pile")[-1] == "$5M"


def test_reshuffle_when_draw_pile_runs_out():
    """Rule: RULES-NOTES Turn structure: when the draw pile runs out, shuffle the discard pile."""
    g = game(position(hands=[[], ["$1M"]], draw_pile=["$2M"], unplaced="discard_pile"))
    before = len(names(g, 0, "discard_pile"))
    g.apply("end_turn")
    assert len(names(g, 1, "hands")) == 3
    assert g.position()["reshuffles"] == 1
    assert len(names(g, 0, "draw_pile")) == before - 1
    assert names(g, 0, "discard_pile") == []
    assert any(e.kind == "reshuffle" for e in g.events)
    # The shuffle comes from the seed: the same position and seed shuffle the same way.
    again = game(position(hands=[[], ["$1M"]], draw_pile=["$2M"], unplaced="discard_pile"))
    again.apply("end_turn")
    assert again.position() == g.position()


def test_max_turns_ends_in_a_draw():
    """Option: max_turns (engine safeguard): the game ends as a draw."""
    g = game(position(turn=5, hands=[["$1M"], ["$2M"]]), max_turns=5)
    g.apply("end_turn")
    assert g.is_over and g.winner is None
    assert g.observation()["draw_reason"] == "max_turns"
    assert g.events[-1].rule == "option: max_turns"


def _everything_on_the_table(wilds_for_seat_1: dict[str, str] | None = None) -> dict:
    """A 3-player position with every card in a bank or on a table, no hand, no pile.

    Seat 0 holds the wilds (only wilds: no set of theirs can ever be complete), seat 1
    one natural card of each colour, seat 2 the other naturals (one short of each set).
    ``wilds_for_seat_1`` moves named wilds to seat 1 instead, in the given colour.
    """
    from monopoly_widgets.deal.cards import CARDS, COLOURS

    wilds_for_seat_1 = dict(wilds_for_seat_1 or {})
    banks: list[list[str]] = [[], [], []]
    piles: list[dict[str, list[str]]] = [{}, {}, {}]
    for i, card in enumerate(CARDS):
        if card.kind in ("money", "action", "rent"):
            banks[i % 3].append(card.name)
        elif card.kind == "wild" and card.name in wilds_for_seat_1:
            piles[1].setdefault(wilds_for_seat_1.pop(card.name), []).append(card.name)
        elif card.kind == "wild":
            piles[0].setdefault(card.colour_names[0], []).append(card.name)
        else:
            colour = card.colour_names[0]
            seat = 1 if colour not in piles[1] else 2
            piles[seat].setdefault(colour, []).append(card.name)
    tables = [
        [{"colour": colour, "cards": cards} for colour, cards in seat.items()] for seat in piles
    ]
    assert all(len(piles[2][colour]) == COLOURS[colour][0] - 1 for colour in COLOURS)
    return position(players=3, banks=banks, properties=tables, draw_pile=[], discard_pile=[])


def test_no_cards_left_and_no_win_in_reach_is_a_draw():
    """Rule (engine, docs/rules/deal.md "Winning and draws"): with both piles and every
    hand empty, only wild flips are left; when no seat's wilds can make 3 complete sets
    (rulebook "The End of the Game"), the game could never end: a draw."""
    g = game(_everything_on_the_table())
    assert not g.is_over
    g.apply("end_turn")
    assert g.is_over and g.winner is None
    assert g.observation()["draw_reason"] == "no_cards"
    assert g.events[-1].rule == RULE_END


def test_no_cards_left_but_a_win_in_reach_plays_on():
    """Rule: rulebook "The End of the Game": the game ends when one player collects 3
    complete sets; Wild Property Cards: "flip the card ... any time on your turn". With
    nothing left to draw or play, seat 1 can still flip three wilds to complete Brown,
    Dark Blue and Utility, so it is not a draw; the flips win."""
    g = game(
        _everything_on_the_table(
            {
                "Light Blue/Brown wild": "Light Blue",
                "Dark Blue/Green wild": "Green",
                "Railroad/Utility wild": "Railroad",
            }
        )
    )
    g.apply("end_turn")
    assert not g.is_over and g.current_player == 1
    for wild, colour in (
        ("Light Blue/Brown wild", "Brown"),
        ("Dark Blue/Green wild", "Dark Blue"),
        ("Railroad/Utility wild", "Utility"),
    ):
        [flip] = [a for a in ids(g) if a.startswith("wild:") and wild in a and a.endswith(colour)]
        g.apply(flip)
    assert g.is_over and g.winner == 1


def test_turn_passes_to_the_left_and_plays_reset():
    """Rule: rulebook "Who Goes First?": play moves to the left."""
    g = game(position(players=3, hands=[["$1M"], ["$2M"], ["$3M"]]))
    g.apply("bank:$1M")
    g.apply("end_turn")
    assert g.current_player == 1 and g.observation()["plays_left"] == 3

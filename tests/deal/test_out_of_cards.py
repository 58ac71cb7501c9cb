"""Running out of cards (RULES-NOTES "Running out of cards"; option ``out_of_cards``).

Neither rulebook says what happens when the draw pile and the discard pile are both
empty. Each position puts every card but ``left`` in player 1's hand, so player 1's
draw at the start of turn 2 comes up short.
"""

from __future__ import annotations

from typing import Any

import monopoly_widgets as mw


def nearly_out(left: int, **options: Any) -> mw.Game:
    """Player 0 to play; ``left`` cards in the draw pile, none in the discard pile."""
    start = mw.new_game("deal", players=2, seed=1).position()
    pile = start["draw_pile"]
    start["hands"][1] += pile[left:]
    start["draw_pile"], start["discard_pile"] = pile[:left], []
    return mw.from_position("deal", start, options=options or None, seed=1)


def test_a_short_draw_says_why_and_plays_on_by_default() -> None:
    """Option: out_of_cards = "play_on" (default; rulebook The End of the Game names one end
    only): player 1 draws the 1 card left, the event says why, and they play on."""
    g = nearly_out(1)
    g.apply("end_turn")
    draw = g.events[-1]
    assert draw.text == (
        "Turn 2: player 1 draws 1 card of 2: the draw pile and the discard pile are both "
        "empty, and plays on from their hand."
    )
    assert 'RULES-NOTES: "Running out of cards"' in draw.rule and "out_of_cards" in draw.rule
    assert not g.is_over and g.current_player == 1


def test_drawing_nothing_says_why() -> None:
    """Option: out_of_cards = "play_on": with no card left, "draws no cards of 2" and why."""
    g = nearly_out(0)
    g.apply("end_turn")
    assert g.events[-1].text.startswith("Turn 2: player 1 draws no cards of 2: the draw pile")
    assert not g.is_over


def test_the_draw_option_ends_the_game_when_the_cards_run_out() -> None:
    """Option: out_of_cards = "draw": the game ends as a draw at the short draw."""
    g = nearly_out(0, out_of_cards="draw")
    g.apply("end_turn")
    assert g.is_over and g.observation()["draw_reason"] == "no_cards"
    assert g.events[-1].text == "No card is left to draw: the game is a draw."
    assert g.events[-1].rule == "option: out_of_cards"


def test_a_full_draw_reads_as_before() -> None:
    """Rule: rulebook On Your Turn: "Draw 2 cards"."""
    g = nearly_out(2)
    g.apply("end_turn")
    assert g.events[-1].text == "Turn 2: player 1 draws 2 cards."


def test_counts_agree_with_their_word() -> None:
    """The table's text: "1 card", not "1 cards"."""
    assert "Draw pile: 1 card. Discard pile: 0 cards." in nearly_out(1).render()


def test_pass_go_short_says_why() -> None:
    """Rule: Pass Go, "Pick up 2 extra cards"; RULES-NOTES "Running out of cards"."""
    start = nearly_out(0).position()
    mine, theirs = start["hands"]
    j = theirs.index("Pass Go")
    mine[0], theirs[j] = theirs[j], mine[0]
    g = mw.from_position("deal", start, seed=1)
    g.apply("play:Pass Go")  # the Pass Go itself is discarded, reshuffled and drawn
    assert g.events[-2].kind == "reshuffle"
    assert g.events[-1].text == (
        "Player 0 plays Pass Go and draws 1 card of 2: the draw pile and the discard pile "
        "are both empty."
    )
    assert 'RULES-NOTES: "Running out of cards"' in g.events[-1].rule

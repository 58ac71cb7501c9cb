"""Sourcing and narration: the words a learner reads name the right piles and rules.

Each test names the rulebook line (or option) its narration follows.
"""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.errors import IllegalActionError
from monopoly_widgets.core.rng import make_rng
from tests.cardgame.helpers import BROWN, DARK_BLUE, YELLOW, event_texts, game, ids


def test_an_empty_draw_pile_gives_no_reward_in_plain_words() -> None:
    """Rule: "Ending the Hand" 1: the top five cards "or the remaining cards if fewer than
    five remain": with none left, there is no reward (and no "top 0 card(s)")."""
    g = game(hands=[BROWN], draw_pile=[])
    g.apply("lay_down")
    text = event_texts(g)
    assert "the draw pile is empty, so player 0 gets no reward cards" in text
    assert "top 0" not in text and "card(s)" not in text


@pytest.mark.parametrize(("players", "piles"), [(2, "piles 3 and 4"), (3, "pile 4")])
def test_the_two_and_three_player_deal_names_the_extra_piles(players: int, piles: str) -> None:
    """Rule: "Rules for Two Players" / "Rules for Three Players": a trading card is dealt
    where a 3rd and 4th (or a 4th) player's would be; the deal event says so."""
    g = mw.new_game("cardgame", players=players, seed=4)
    deal = g.events[0]
    assert f"extra trading {piles}" in deal.text
    assert f"Rules for {'Two' if players == 2 else 'Three'} Players" in deal.rule


def test_the_first_player_is_cited_to_the_summary_and_the_first_dealer_is_an_assumption() -> None:
    """Rule: the summary: "The person to the left of the dealer goes first" (the full
    rulebook does not say); ASSUMPTION: seat 0 deals the first hand."""
    deal = mw.new_game("cardgame", players=4, seed=4).events[0]
    assert "Player 1 plays first" in deal.text
    assert "summary" in deal.rule and "left of the dealer goes first" in deal.rule
    assert "ASSUMPTION: seat 0 deals the first hand" in deal.rule


def test_a_tie_at_the_top_names_the_players_in_words() -> None:
    """Rule: "Winning the Game" and option top_tie ("play_on"): players 0 and 1 both end the
    hand on $10,000; the text reads "Players 0 and 1", not a Python list."""
    g = game(hands=[BROWN], draw_pile=[], scores=[9950, 10000, 0, 0])
    g.apply("lay_down")
    text = event_texts(g)
    assert "Players 0 and 1 tie on $10,000: another hand is played." in text
    assert "[0, 1]" not in text


def test_five_and_six_player_discards_and_collection_cite_their_own_section() -> None:
    """Rule: "Rules for Five or Six Players": "Now discard one card to your (empty) trade
    pile"; at the end, unusable trade cards are removed from play (there is no draw pile)."""
    g = game(
        players=5,
        hands=[[*DARK_BLUE, "GO"], ["Token"], ["Token"], ["Token"], ["Token"]],
        phase="discard",
        done_this_turn="trade",
    )
    g.apply("discard:GO")
    discard = next(e for e in g.events if e.kind == "discard")
    assert "Five or Six" in discard.rule
    g.apply("lay_down")
    g.apply("reward:none")
    text = event_texts(g)
    assert "draw pile" not in text.split("lays down")[1].split("deals")[0]
    assert "The trade cards left on the table and unused reward cards are removed" in text


def _excess_position(excess: int, option: str) -> mw.Game:
    hand = [*YELLOW, *DARK_BLUE, "GO", "GO", "Token", "Token", "Mr. Monopoly"] + ["Chance"] * (
        excess
    )
    return game(
        hands=[hand],
        trade_piles=[["Water Works"], ["Short Line"], [], []],
        options={"trade_pile_adds": option},
    )


def test_literal_trade_pile_adds_counts_the_excess_discard() -> None:
    """Rule: "Trade": "you may add ONE card from your hand to your trade pile BEFORE making
    a trade" (option trade_pile_adds, default "one"): after discarding one excess card you
    may trade but not add; after two you may not trade that turn."""
    g = _excess_position(2, "one")
    g.apply("excess:Chance")
    assert "trade:1:1" in ids(g) and not any(a.startswith("add:") for a in ids(g))
    with pytest.raises(IllegalActionError, match="only one card before a trade"):
        g.apply("add:GO")
    g.apply("excess:Chance")
    assert not any(a.startswith(("trade:", "add:")) for a in ids(g))
    with pytest.raises(IllegalActionError, match="option trade_pile_adds"):
        g.apply("trade:1:1")
    assert "draw" in ids(g) and "lay_down" in ids(g)


def test_excess_and_one_lets_a_card_be_added_after_the_excess() -> None:
    """Option trade_pile_adds = "excess_and_one": the excess (rulebook "Lay Down", Note)
    does not count, so one card may still be added before a trade."""
    g = _excess_position(2, "excess_and_one")
    g.apply("excess:Chance")
    g.apply("excess:Chance")
    assert "trade:1:1" in ids(g) and "add:GO" in ids(g)


def test_the_random_agent_lays_down_when_it_may_with_its_documented_chance() -> None:
    """Rule: "Play" 3 (go out by laying down): the random agent lays down when it legally
    can with probability ``lay_down_chance`` (1.0 here: always; 0.0: a uniform choice)."""
    g = game(hands=[[*BROWN, "GO"]], draw_pile=["Token", "GO"], trade_piles=[[], ["GO"], [], []])
    legal = g.legal_actions()
    assert legal[-1].kind == "lay_down"
    always = RandomAgent(lay_down_chance=1.0)
    picks = {always(None, legal, make_rng(seed, "t")).kind for seed in range(30)}
    assert picks == {"lay_down"}
    never = RandomAgent(lay_down_chance=0.0)
    picks = {never(None, legal, make_rng(seed, "t")).kind for seed in range(60)}
    assert len(picks) > 1

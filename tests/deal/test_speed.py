"""The speed module (``deal/speed.py``) and its switch must change nothing but the speed.

Engine convention (OpenSpiel's ``test_consistent`` pattern): every cache and fast path stands
in for a plain rule function (``tidy_colour`` laying a colour out again, the wild moves and
legal actions worked out from the hand and the tables, the decision views' copies of the
tables). Two copies of each random game are played side by side, one with the speed module
on and one with its switch off (``speed.set_enabled(False)``); after every step their
states, events, legal actions and every seat's decision view must be the same, and while the
switch is off every cache must stay empty. The options listed
change which plain paths run (buildings dropped from broken sets, wilds moved once,
multicolour moves, several seats).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core import memo
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal import speed
from monopoly_widgets.deal.legal import legal_actions
from monopoly_widgets.deal.observation import decision_view
from monopoly_widgets.deal.properties import complete_colours
from monopoly_widgets.deal.rules import carry_out
from monopoly_widgets.deal.turns import check_win

OPTIONS = [
    {},
    {"wild_moves": "once_between_plays", "broken_set_buildings_to": "discard_pile"},
    {"multicolour_wild_moves_to": "any_colour", "forced_deal_give_from_full_set": True},
]


def _plain(call: Callable[..., Any], *args: Any) -> Any:
    """``call(*args)`` with the switch off; nothing may be remembered meanwhile."""
    speed.set_enabled(False)
    try:
        result = call(*args)
        assert speed.filled_caches() == []
        return result
    finally:
        speed.set_enabled(True)


def play_side_by_side(players: int, options: dict[str, object], seeds: range) -> int:
    """Play random games with the speed module on and off; return the steps compared."""
    agent = RandomAgent()
    steps = 0
    for seed in seeds:
        fast = mw.new_game("deal", players=players, seed=seed, options=options)
        plain = _plain(partial(mw.new_game, "deal", players=players, seed=seed, options=options))
        rng = make_rng(seed, "fast paths")
        while not fast.is_over:
            offered = fast.legal_actions()
            plain_offered = _plain(plain.legal_actions)
            assert offered == plain_offered, (seed, fast.step)
            action = agent(None, offered, rng)
            events = fast.apply(action)
            plain_events = _plain(plain.apply, action.id)
            assert events == plain_events, (seed, fast.step)
            assert fast.state == plain.state, (seed, fast.step)
            for seat in range(players):
                view = decision_view(fast.state, seat)
                plain_view = _plain(decision_view, plain.state, seat)
                assert view._seat_piles == plain_view._seat_piles, (seed, fast.step, seat)
            assert speed.filled_caches([plain.state]) == [], (seed, fast.step)
            steps += 1
        assert plain.is_over
    return steps


@pytest.mark.parametrize("options", OPTIONS, ids=["default", "once_discard", "any_colour"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_speed_module_agrees_with_the_plain_rules(players, options):
    """Engine convention (speed.py): 8 random games per case, compared at every step."""
    assert play_side_by_side(players, options, range(8)) > 500


def test_the_switch_empties_every_cache_and_keeps_them_empty():
    """Turned off, nothing is remembered: not the memos (Deal's and the other games'), not
    the last hand, not a game's or a pile's wild moves; turned on, they fill again."""
    game = mw.new_game("deal", players=2, seed=3)
    for _ in range(40):
        game.apply(game.legal_actions()[0])
    assert "speed.ACTIONS" in speed.filled_caches()
    speed.set_enabled(False)
    try:
        assert not speed.enabled() and speed.filled_caches() == []
        off = mw.new_game("deal", players=2, seed=3)
        bid = mw.new_game("bid", players=3, seed=3)
        cards = mw.new_game("cardgame", players=3, seed=3)
        for g in (off, bid, cards):
            for _ in range(60):
                if not g.is_over:
                    g.apply(g.legal_actions()[-1])
        decision_view(off.state, 0)
        assert speed.filled_caches([off.state]) == [] and memo.filled() == []
    finally:
        speed.set_enabled(True)
    again = mw.new_game("deal", players=2, seed=3)
    for _ in range(40):
        again.apply(again.legal_actions()[0])
    assert "state.wild_moves_memo" in speed.filled_caches([again.state]) or again.is_over
    assert "speed.ACTIONS" in speed.filled_caches()


def test_a_broken_fast_path_is_caught(monkeypatch):
    """The comparison can fail: a fast path that puts a natural card after the wilds (the
    plain rule lays natural property cards first) is caught within a few games."""
    right = speed.tidy_in_place

    def natural_last(table, colour, new_card, removed, removed_from):
        completed = right(table, colour, new_card, removed, removed_from)
        if completed is not None and speed.enabled() and new_card >= 0:
            for pile in table:
                if new_card in pile.cards and len(pile.cards) > 1:
                    pile.cards.remove(new_card)
                    pile.cards.append(new_card)
        return completed

    monkeypatch.setattr("monopoly_widgets.deal.properties.tidy_in_place", natural_last)
    with pytest.raises(AssertionError):
        play_side_by_side(2, {}, range(8))


def test_a_stale_hand_summary_is_caught(monkeypatch):
    """The comparison can fail for the remembered hand too: one that is reused whenever the
    seat is the same (not only when the hand is) offers plays of cards no longer held."""
    last: dict[int, object] = {}

    def same_seat(player, hand, work_out):
        if speed.enabled() and player in last:
            return last[player]
        last[player] = work_out(player, hand)
        return last[player]

    monkeypatch.setattr("monopoly_widgets.deal.legal.same_hand", same_seat)
    with pytest.raises(AssertionError):
        play_side_by_side(2, {}, range(3))


def test_a_stale_table_copy_is_caught(monkeypatch):
    """The comparison can fail for the views' copies of the tables too: copies kept after
    their table changed (the notification not dropping them) show piles that are gone."""
    right = speed.table_changed

    def keeps_copies(state, player, *args, **kwargs):
        kept = dict(state.table_copies)
        right(state, player, *args, **kwargs)
        state.table_copies.update(kept)

    monkeypatch.setattr("monopoly_widgets.deal.properties.table_changed", keeps_copies)
    with pytest.raises(AssertionError):
        play_side_by_side(2, {}, range(1))


def test_a_cache_filled_with_the_switch_off_is_caught(monkeypatch):
    """The emptiness check can fail: a memo that ignores the switch is reported."""
    monkeypatch.setattr(memo.Memo, "keep", lambda self, key, value: self.setdefault(key, value))
    with pytest.raises(AssertionError):
        play_side_by_side(2, {}, range(1))


def test_with_the_switch_off_the_win_check_looks_after_every_action():
    """The win check's shortcut (``state.completed_by``, noted by ``table_changed``) is a
    cache too: with the switch off nothing is noted, even by an action that completes a set,
    and the plain rule (rulebook, How to Win) looks after every action, at every seat."""
    game = mw.new_game("deal", players=2, seed=5)
    assert not speed.win_check_needed(game.state)  # on: nothing completed yet, no look
    completions = 0
    speed.set_enabled(False)
    try:
        for seed in range(6):
            plain = mw.new_game("deal", players=2, seed=seed)
            state, rng = plain.state, make_rng(seed, "win check")
            while state.phase != "over":
                action = RandomAgent()(None, legal_actions(state), rng)
                sets = sum(len(complete_colours(table)) for table in state.tables)
                events = carry_out(state, action)  # the action, without the win check
                completions += sum(len(complete_colours(t)) for t in state.tables) > sets
                assert not state.completed_by and speed.win_check_needed(state)
                check_win(state, events)
    finally:
        speed.set_enabled(True)
    assert completions > 10

"""``DealPolicyAgent``'s speed-ups change no choice (``agents/deal/policy_win.py``,
``agents/deal/policy_wilds.py``).

The winning-plan search and the wild moves wanted are remembered (a ``Memo``) by what
they depend on, with the plays left capped at the cards that could be laid, and the
plan's wild placement skips
colour choices that cannot move fewer wilds than the best so far. Here, at every
play decision of whole games, the remembered plan equals a fresh search with the
real plays left, the remembered wild moves wanted equal fresh ones, and the pruned
placement equals trying every choice of colours.
"""

from __future__ import annotations

from itertools import combinations

import monopoly_widgets as mw
from monopoly_widgets.agents import DealPolicyAgent, HeuristicAgent, play_out
from monopoly_widgets.agents.deal import policy_wilds as placement
from monopoly_widgets.agents.deal import policy_win as wilds
from monopoly_widgets.agents.deal.policy_view import my_table, policy_view
from monopoly_widgets.deal.cards import CARD_COLOURS, KIND, PACK_SIZE, SET_SIZE


def _place_every_way(counts, table_wilds, goal):
    """The placement without shortcuts: every choice of colours, the fewest moves."""
    able = [0] * len(SET_SIZE)
    for card, _, _ in table_wilds:
        for colour in CARD_COLOURS[card % PACK_SIZE]:
            able[colour] += 1
    candidates = [c for c, size in enumerate(SET_SIZE) if counts[c] and size - counts[c] <= able[c]]
    best = None
    for chosen in combinations(candidates, goal):
        need = {c: SET_SIZE[c] - counts[c] for c in chosen if SET_SIZE[c] > counts[c]}
        kept, rest, assignment = wilds.keep_in_place(need, table_wilds)
        found = wilds._cover(kept, rest, assignment)
        if found is None:
            found = wilds._cover(dict(need), list(table_wilds), [])
        if found is not None and (best is None or wilds._moves(found) < wilds._moves(best)):
            best = found
    return best


def test_remembered_and_pruned_plans_equal_a_full_search() -> None:
    checked = 0
    placements = 0
    for seed in range(40):
        g = mw.new_game("deal", players=2, seed=seed)
        agents = [DealPolicyAgent(), HeuristicAgent()]
        game = play_out(g, agents, seed=seed)
        replay = mw.new_game("deal", players=2, seed=seed)
        for action_id in game.history:
            state = replay.state
            if state.phase == "play":
                view = policy_view(state, replay.current_player)
                mine = my_table(view)
                hand = [c for c in view.hand if KIND[c % PACK_SIZE] in ("property", "wild")]
                if mine.wilds:
                    fresh = None
                    if wilds._could_win(mine.naturals, mine.wilds, hand, 3):
                        fresh = wilds._search_plan(
                            mine.naturals, mine.wilds, hand, view.plays_left, 3
                        )
                        checked += 1
                    assert wilds._winning_plan(view, 3) == fresh
                placement.place_wilds_well(view, replay.legal_actions(), replay.legal_actions()[0])
                kept = placement._WANTED.get(tuple([(p.colour, *p.cards) for p in view.piles]))
                assert kept == (placement._wanted_moves(view) if mine.wilds else ())
                for goal in (2, 3):
                    if len(mine.wilds) >= 1:
                        got = wilds._place_wilds(mine.naturals, mine.wilds, goal)
                        assert got == _place_every_way(mine.naturals, mine.wilds, goal)
                        placements += 1
            replay.apply(next(a for a in replay.legal_actions() if a.id == action_id))
    assert checked > 20 and placements > 100

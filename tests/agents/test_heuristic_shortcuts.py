"""The Deal heuristic's shortcuts (``agents/deal/heuristic.py``) change its cost, never its
choices: it reads the game's own pile lists without changing them, an action skipped
because its bound is below the best score could never have been chosen, and the tie-break
draws from the seat's random stream exactly as before.

Each test compares the shortcut with the plain way of doing the same thing (score every
action, read the piles from the observation), so it fails if a shortcut goes wrong.
"""

from __future__ import annotations

import random

from monopoly_widgets.agents import HeuristicAgent
from monopoly_widgets.agents.deal import heuristic
from monopoly_widgets.core.actions import Action
from monopoly_widgets.deal.cards import COLOUR_INDEX
from monopoly_widgets.deal.observation import DealView, decision_view, observe

from ..deal.helpers import game, position, table
from .test_deal_view import walk  # a game at each decision, heuristic and random seats


def every_score(view: DealView, legal: tuple[Action, ...]) -> list[tuple[float, float]]:
    """(score, bound) of every legal action, none skipped."""
    decision = heuristic._Decision(view)
    out = []
    for action in legal:
        bound, rule, facts = heuristic._plan(action)
        out.append((bound if rule is None else rule(decision, action, facts), bound))
    return out


def test_no_action_ever_scores_above_its_bound() -> None:
    """The bound is what lets ``choose`` skip an action unscored: were any rule to score
    above it, a skipped action could have been the best."""
    checked = 0
    for players, seed in ((2, 21), (3, 22), (4, 23), (2, 24), (5, 25)):
        for g in walk(players, seed):
            view = decision_view(g.state, g.current_player)
            for score, bound in every_score(view, g.legal_actions()):
                assert score <= bound
                checked += 1
    assert checked > 4000


def test_choose_picks_what_scoring_every_action_picks() -> None:
    """The same action, and the same random stream afterwards, as scoring every action
    and breaking ties with ``best[rng.randrange(len(best))]`` (the heuristic's old way)."""
    compared = 0
    for players, seed in ((2, 31), (3, 32), (5, 33), (2, 34), (2, 35), (4, 36)):
        for g in walk(players, seed):
            legal = g.legal_actions()
            view = decision_view(g.state, g.current_player)
            scores = [score for score, _ in every_score(view, legal)]
            top = max(scores)
            best = [action for action, score in zip(legal, scores, strict=True) if score == top]
            rng, twin = random.Random(g.step), random.Random(g.step)
            expected = best[twin.randrange(len(best))]
            assert heuristic.choose(view, legal, rng) is expected
            assert rng.getstate() == twin.getstate()
            compared += 1
    assert compared > 300


def test_the_heuristic_reads_copies_of_the_piles_and_changes_nothing() -> None:
    """``DealView.piles`` hands over copies of the game's piles (the same colours and cards,
    none of the game's own lists): after every decision the state is what it was, pile
    for pile, card for card."""
    agent = HeuristicAgent()
    checked = 0
    for players, seed in ((2, 41), (4, 42)):
        for g in walk(players, seed):
            seat = g.current_player
            view = agent.observe(g.rules, g.state, seat)
            table = g.state.tables[seat]
            assert view.piles is not table
            assert [(p.colour, list(p.cards)) for p in view.piles] == [
                (p.colour, p.cards) for p in table
            ]
            assert not any(
                copy.cards is pile.cards for copy, pile in zip(view.piles, table, strict=True)
            )
            before = g.state.clone()
            cards_before = [[pile.cards.copy() for pile in t] for t in g.state.tables]
            agent(view, g.legal_actions(), random.Random(0))
            assert g.state == before
            assert [[pile.cards for pile in t] for t in g.state.tables] == cards_before
            checked += 1
    assert checked > 100


def test_per_colour_facts_from_the_games_piles_match_the_observations() -> None:
    """What the heuristic works out per colour from the game's piles is what it works out
    from the observation's (``PileView``s): the same facts on both sides of the boundary."""
    checked = 0
    for players, seed in ((2, 51), (3, 52)):
        for g in walk(players, seed):
            for seat in range(players):
                live = decision_view(g.state, seat)
                seen = DealView.from_observation(observe(g.state, seat))
                assert heuristic._colours(live.piles) == heuristic._colours(seen.piles)
                checked += 1
    assert checked > 300


def test_piles_by_label_and_colours_with_two_piles_of_a_colour() -> None:
    """Two Red piles ("Red 1" complete, "Red 2" a lone wild): the colour's facts are the
    unfinished pile's, with the complete set noted; the labels are the observation's."""
    g = game(
        position(
            hands=[["$1M"], []],
            properties=[
                table(
                    ("Red", ["Illinois Avenue", "Indiana Avenue", "Kentucky Avenue"]),
                    ("Red", ["Red/Yellow wild"]),
                ),
                [],
            ],
        )
    )
    view = decision_view(g.state, 0)
    decision = heuristic._Decision(view)
    red = COLOUR_INDEX["Red"]
    assert decision.colours[red] == (1, 3, False, True)
    assert decision.pile("Red 1") == (red, 3, True)
    assert decision.pile("Red 2") == (red, 1, False)
    assert [pile.label for pile in view.table] == ["Red 1", "Red 2"]

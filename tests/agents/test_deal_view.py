"""The Deal decision view (``deal/observation.py``'s ``DealView``): what the heuristic reads
instead of the observation dict. It must show exactly what the observation shows of the
facts it holds, never a hidden card, and lead the heuristic to the same choices."""

from __future__ import annotations

import random

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, RandomAgent, play_out
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal.observation import DealView, decision_view, observe

from ..deal.helpers import game, position, table


def walk(players: int, seed: int, max_steps: int = 400):
    """Yield a game at every decision of a game played by heuristic and random seats."""
    g = mw.new_game("deal", players=players, seed=seed)
    agents = [HeuristicAgent() if seat % 2 == 0 else RandomAgent() for seat in range(players)]
    rng = make_rng(seed, "walk")
    while not g.is_over and g.step < max_steps:
        yield g
        seat = g.current_player
        agent = agents[seat]
        g.apply(agent(g.observation(seat), g.legal_actions(), rng))


def test_the_view_shows_what_the_observation_shows() -> None:
    checked = 0
    for players, seed in ((2, 3), (3, 11), (5, 4)):
        for g in walk(players, seed):
            for seat in (g.current_player, (g.current_player + 1) % players):
                from_state = decision_view(g.state, seat).facts()
                assert from_state == DealView.from_observation(observe(g.state, seat)).facts()
                checked += 1
    assert checked > 500


def test_the_heuristic_chooses_the_same_from_the_view_and_from_the_observation() -> None:
    agent = HeuristicAgent()
    compared = 0
    for players, seed in ((2, 5), (4, 6)):
        for g in walk(players, seed):
            seat, legal = g.current_player, g.legal_actions()
            rng_a, rng_b = random.Random(g.step), random.Random(g.step)
            from_view = agent(agent.observe(g.rules, g.state, seat), legal, rng_a)
            assert from_view is agent(g.observation(seat), legal, rng_b)
            compared += 1
    assert compared > 200


def hidden_position(their_hand: list[str], draw_pile: list[str]) -> dict:
    """Seat 0 to play; seat 1's hand and the draw pile are what two variants differ in."""
    return position(
        hands=[["Debt Collector", "$2M", "St. James Place"], their_hand],
        banks=[["$1M"], ["$5M", "Sly Deal"]],
        properties=[
            table(
                ("Red", ["Illinois Avenue", "Indiana Avenue", "Kentucky Avenue"]),
                ("Red", ["Red/Yellow wild"]),
            ),
            table(("Dark Blue", ["Boardwalk", "Park Place"], True)),
        ],
        draw_pile=draw_pile,
        unplaced="discard_pile",
    )


def test_the_view_never_shows_a_hidden_card() -> None:
    """Two games that differ only in which cards are in seat 1's hand and which in the draw
    pile look the same to seat 0; the control (seat 1's own view) tells them apart, so the
    comparison can fail."""
    one = game(hidden_position(["Just Say No", "Deal Breaker"], ["Pass Go", "$10M", "Hotel"]))
    two = game(hidden_position(["Pass Go", "$10M"], ["Just Say No", "Deal Breaker", "Hotel"]))
    assert observe(one.state, 0) == observe(two.state, 0)  # the same to seat 0 ...
    assert one.state.hands[1] != two.state.hands[1]  # ... but not the same game
    mine = [decision_view(g.state, 0).facts() for g in (one, two)]
    assert mine[0] == mine[1]
    theirs = [decision_view(g.state, 1).facts() for g in (one, two)]
    assert theirs[0]["hand"] != theirs[1]["hand"]
    hidden = set(one.state.hands[1]) | set(one.state.draw_pile)
    shown = set(mine[0]["hand"])
    for pile in mine[0]["table"]:
        shown |= set(pile.cards) | {pile.house, pile.hotel}
    assert not hidden & shown
    assert mine[0]["hand_counts"] == [3, 2]  # seat 1's hand only as a count


def test_two_piles_of_one_colour_are_labelled_as_the_observation_labels_them() -> None:
    g = game(hidden_position(["$3M"], []))
    view = decision_view(g.state, 0)
    assert [pile.label for pile in view.table] == ["Red 1", "Red 2"]
    assert view.facts() == DealView.from_observation(g.observation(0)).facts()
    assert view.table[0].complete and not view.table[1].complete
    assert view.bank_total(1) == 8 and view.table_value(1) == 8  # $5M + Sly Deal; 4 + 4
    assert view.bank_total(0) == 1 and view.table_value(0) == 12


def test_play_out_hands_an_agent_with_observe_what_it_returns() -> None:
    seen: list[object] = []

    class Watcher(HeuristicAgent):
        def __call__(self, observation, legal_actions, rng):  # type: ignore[override]
            seen.append(observation)
            return super().__call__(observation, legal_actions, rng)

    play_out(mw.new_game("deal", players=2, seed=9), [Watcher(), Watcher()], seed=9)
    assert seen and all(isinstance(view, DealView) for view in seen)


def test_a_lone_legal_action_is_chosen_and_draws_from_the_rng_as_a_tie_break_would() -> None:
    """The heuristic skips scoring when there is nothing to weigh, but the seat's random
    stream must move as before, or every later tie-break of the game would change."""
    from monopoly_widgets.agents.deal.heuristic import choose

    checked = 0
    for g in walk(2, 5):
        legal = g.legal_actions()
        if len(legal) != 1:
            continue
        rng, twin = random.Random(7), random.Random(7)
        assert choose(decision_view(g.state, g.current_player), legal, rng) is legal[0]
        twin.randrange(1)
        assert rng.getstate() == twin.getstate()
        checked += 1
    assert checked > 0

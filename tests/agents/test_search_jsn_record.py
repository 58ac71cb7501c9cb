"""The search agent's worlds agree with the public record: Just Say No, and what the
heuristic opponent did since it last drew.

Rule: "Just Say No ... can be played at any time an action is played against you"
(rulebook, Action cards). Under option ``ask_every_target = False`` (the older reading)
the engine asks a target to answer only when they hold one
(``deal/responses.may_say_no``), so whether it asked is public and the record reads it;
under the default every target is asked, and the record knows nothing from it.
"""

from __future__ import annotations

import random
from collections import Counter

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent
from monopoly_widgets.agents.base import observer_of
from monopoly_widgets.agents.deal.beliefs import (
    JustSayNoRecord,
    decisions_since_draw,
    explains,
    hold_as_known,
)
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal.cards import ACTION, PACK_SIZE

#: The older reading, where being asked shows a Just Say No.
ONLY_HOLDERS_ASKED = {"ask_every_target": False}


def holds_jsn(hand: list[int]) -> bool:
    return any(ACTION[card % PACK_SIZE] == "just_say_no" for card in hand)


def test_the_record_is_never_wrong_and_often_knows() -> None:
    agent, tally = HeuristicAgent(), Counter()
    for seed in range(25):
        game = mw.new_game("deal", players=2, seed=seed, options=ONLY_HOLDERS_ASKED)
        rng = random.Random(seed)
        records = [JustSayNoRecord(0), JustSayNoRecord(1)]
        while not game.is_over:
            seat = game.current_player
            for other, holds in records[seat].update(game).items():
                assert other != seat
                assert holds == holds_jsn(game.state.hands[other]), (seed, game.step)
                tally[holds] += 1
            game.apply(agent(game.observation(seat), game.legal_actions(), rng))
    assert tally[True] > 20 and tally[False] > 100, tally


def test_asking_every_target_leaves_the_record_empty() -> None:
    """Option: ask_every_target = True (default; RULES-NOTES "Hidden information in
    answers"): being asked says nothing, so the record never claims to know a hand."""
    agent = HeuristicAgent()
    for seed in range(6):
        game = mw.new_game("deal", players=2, seed=seed)
        rng, records, asked = random.Random(seed), [JustSayNoRecord(0), JustSayNoRecord(1)], 0
        while not game.is_over:
            seat = game.current_player
            assert records[seat].update(game) == {}
            asked += game.state.phase == "respond"
            game.apply(agent(game.observation(seat), game.legal_actions(), rng))
        assert asked > 0


def test_a_game_stepped_back_is_read_again() -> None:
    agent, rng = HeuristicAgent(), random.Random(3)
    game = mw.new_game("deal", players=2, seed=3, options=ONLY_HOLDERS_ASKED)
    record = JustSayNoRecord(0)
    while game.step < 60 and not game.is_over:
        record.update(game)
        game.apply(agent(game.observation(game.current_player), game.legal_actions(), rng))
    game.undo(30)
    fresh = JustSayNoRecord(0)
    assert record.update(game) == fresh.update(game)


def worlds_agreeing(game, seat: int, known: dict[int, bool], use_record: bool) -> int:
    rules, agree = game.rules, 0
    for index in range(40):
        dealer = make_rng(index, "world")
        world = rules.determinize(game.state, seat, dealer)
        census = sorted(rules.card_census(world))
        if use_record:
            world = hold_as_known(world, known, dealer)
        assert sorted(rules.card_census(world)) == census
        assert world.hands[seat] == game.state.hands[seat]
        agree += all(holds_jsn(world.hands[p]) == holds for p, holds in known.items())
    return agree


def test_imagined_hands_agree_with_the_record_where_fair_deals_do_not() -> None:
    # Find positions where the record knows something, in heuristic self-play.
    agent, checked = HeuristicAgent(), 0
    for seed in range(40):
        game = mw.new_game("deal", players=2, seed=seed, options=ONLY_HOLDERS_ASKED)
        rng = random.Random(seed)
        record = [JustSayNoRecord(0), JustSayNoRecord(1)]
        while not game.is_over and checked < 6:
            seat = game.current_player
            known = record[seat].update(game)
            if True in known.values():  # a fair deal often forgets a Just Say No seen
                fair = worlds_agreeing(game, seat, known, use_record=False)
                assert worlds_agreeing(game, seat, known, use_record=True) == 40
                assert fair < 40
                checked += 1
            game.apply(agent(game.observation(seat), game.legal_actions(), rng))
    assert checked == 6


# --- What the heuristic did says what it held ----------------------------------------------


def heuristic_positions(seeds: range, every: int = 4):
    """(game, seat, past decisions) at some play decisions of heuristic self-play."""
    agent = HeuristicAgent()
    for seed in seeds:
        game = mw.new_game("deal", players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.current_player
            if game.state.phase == "play" and game.step % every == 0:
                past = decisions_since_draw(game, seat)
                if past:
                    yield game, seat, past
            game.apply(agent(game.observation(seat), game.legal_actions(), rng))


def test_the_real_hand_explains_every_past_decision_and_fair_deals_often_do_not() -> None:
    watch = observer_of(HeuristicAgent())
    positions = fair_tries = fair_explained = 0
    for game, seat, past in heuristic_positions(range(8)):
        assert explains(game.state, seat, past, game.rules, watch) == len(past)
        for index in range(5):
            world = game.rules.determinize(game.state, seat, make_rng(index, "fair"))
            fair_explained += explains(world, seat, past, game.rules, watch) == len(past)
            fair_tries += 1
        positions += 1
    assert positions > 30
    assert fair_explained < 0.6 * fair_tries, (fair_explained, fair_tries)


def test_explaining_never_reads_the_hidden_cards_of_the_past() -> None:
    """The replayed states hold the real hidden cards; scrambling them changes nothing."""
    watch = observer_of(HeuristicAgent())
    for game, seat, past in heuristic_positions(range(3)):
        world = game.rules.determinize(game.state, seat, make_rng(0, "world"))
        before = explains(world, seat, past, game.rules, watch)
        other = 1 - seat
        for decision in past:
            hidden = decision.state.hands[other] + decision.state.draw_pile
            random.Random(1).shuffle(hidden)
            size = len(decision.state.hands[other])
            decision.state.hands[other] = hidden[:size]
            decision.state.draw_pile = hidden[size:]
        assert explains(world, seat, past, game.rules, watch) == before

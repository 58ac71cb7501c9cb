"""Property-based tests (Hypothesis): things that hold in every reachable position."""

from __future__ import annotations

import itertools
import json

from hypothesis import given, settings
from hypothesis import strategies as st

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.bid.auction import cheapest_sets
from monopoly_widgets.core.rng import make_rng


def _walk(players: int, seed: int, steps: int) -> mw.Game:
    g = mw.new_game("bid", players=players, seed=seed)
    agent = RandomAgent()
    rng = make_rng(seed, "hypothesis")
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(agent(None, g.legal_actions(), rng))
    return g


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 5), max_size=9))
def test_bid_choices_match_brute_force(values: list[int]) -> None:
    """Rule: docs/rules/bid.md "Bid choices": every exact total, fewest then highest cards."""
    hand = tuple(sorted(values, reverse=True))
    best: dict[int, tuple[int, ...]] = {}
    for size in range(1, len(hand) + 1):
        for combo in itertools.combinations(hand, size):
            total = sum(combo)
            known = best.get(total)
            if (
                known is None
                or len(combo) < len(known)
                or (len(combo) == len(known) and combo > known)
            ):
                best[total] = combo
    assert dict(cheapest_sets(hand)) == best


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 150))
def test_sealed_bids_never_leak(players: int, seed: int, steps: int) -> None:
    """Rule: Bid rulebook "To Auction" a-b: until the reveal, only "has bid" is visible."""
    g = _walk(players, seed, steps)
    state = g.state
    for viewer in range(players):
        obs = json.loads(json.dumps(g.observation(viewer)))
        for seat in range(players):
            view = obs["seats"][seat]
            if seat == viewer:
                continue
            assert view["hand"] is None and view["money_in_hand"] is None
            if state.bids and state.bids[seat] is not None and not state.revealed:
                assert view["has_bid"] is True and view["bid"] is None
            if state.raises and state.raises[seat] is not None:
                assert view["raise"] is None  # raises are sealed by default
            assert view["choosing"] is None  # cards set aside while choosing: hidden


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 5), max_size=9),
    st.lists(st.integers(0, 9), min_size=5, max_size=5),
    st.lists(st.sampled_from(["$1M", "$2M", "$5M", "Nope!"]), max_size=4),
)
def test_any_choice_of_cards_seals_exactly_those_and_shows_others_nothing(
    values: list[int], wanted: list[int], other_hand: list[str]
) -> None:
    """Rule: "To Auction" a ("secretly choose as many money cards ... as they want"): any
    count of each value, and seat 0's view is the same at every step, whatever seat 1 holds
    or chooses (bid/card_choice.py)."""
    hand = [f"${v}M" for v in values]
    g = mw.from_position(
        "bid",
        {
            "hands": [other_hand, hand],
            "phase": "bid",
            "auction": {"property": "Boardwalk", "bids": [None, None]},
        },
        seed=1,
    )
    if not any(a.id == "bid:choose" for a in g.legal_actions()):
        assert not values
        return
    blank = mw.from_position(
        "bid",
        {
            "hands": [other_hand, ["$3M"] * len(hand)],
            "phase": "bid",
            "auction": {"property": "Boardwalk", "bids": [None, None]},
        },
        seed=1,
    )
    chosen = []
    for step, value in enumerate(["choose", 5, 4, 3, 2, 1]):
        if value == "choose":
            action, other = "bid:choose", "bid:choose"
        else:
            count = min(wanted[step - 1], values.count(value))
            chosen += [value] * count
            action, other = f"bid:{value}x{count}", f"bid:{value}x0"
        assert g.apply(action) == [] or value == 1
        blank.apply(other)
        if value != 1:
            seen = g.observation(0)
            assert seen == blank.observation(0) | {"unseen": seen["unseen"]}
    assert sorted(g.position()["auction"]["bids"][1]) == sorted(f"${v}M" for v in chosen)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 200))
def test_positions_round_trip_anywhere(players: int, seed: int, steps: int) -> None:
    """Rule: docs/rules/bid.md "Positions": position -> game -> position is exact."""
    g = _walk(players, seed, steps)
    pos = g.position()
    again = mw.from_position("bid", json.loads(json.dumps(pos)), seed=seed)
    assert again.position() == pos
    assert [a.id for a in again.legal_actions()] == [a.id for a in g.legal_actions()]
    assert sorted(again.rules.card_census(again.state)) == again.rules.deck_ids(again.state)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 200), st.integers(0, 99))
def test_determinize_hides_sealed_bids(players: int, seed: int, steps: int, salt: int) -> None:
    """Rule: Bid rulebook "To Auction" a: a sampled world keeps only what the player sees."""
    import random

    g = _walk(players, seed, steps)
    if g.is_over:
        return
    seat = g.current_player
    sample = g.rules.determinize(g.state, seat, random.Random(salt))
    assert g.rules.observation(sample, seat) == g.observation(seat)
    assert sorted(g.rules.card_census(sample)) == g.rules.deck_ids(sample)


def test_determinize_resamples_other_players_bids() -> None:
    """Rule: Bid rulebook "To Auction" a: other players' sealed bids are unknown, so resampled."""
    import random

    g = mw.from_position(
        "bid",
        {
            "hands": [["$1M"], ["$5M", "$4M", "$3M", "$2M"], ["$1M"]],
            "properties": [[], [], []],
            "phase": "bid",
            "auction": {"property": "Boardwalk", "bids": [None, ["$5M", "$4M"], None]},
        },
    )
    assert g.current_player == 2
    bids = set()
    for salt in range(30):
        sample = g.rules.determinize(g.state, 2, random.Random(salt))
        bids.add(tuple(sorted(sample.deck[c].name for c in sample.bids[1])))
        assert sample.bids[0] is None and sample.bids[2] is None
    assert len(bids) > 3


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10_000))
def test_every_event_is_plain_words_with_a_rule(players: int, seed: int) -> None:
    """Rule: project standard: every event says what happened and the rule it follows."""
    g = _walk(players, seed, 400)
    for event in g.events:
        assert event.text.strip() and event.text.endswith((".", "!"))
        assert event.rule.startswith(("Bid rulebook", "option: "))
        json.dumps(event.to_dict())

"""Monopoly Bid odds: can anyone match a bid? Checked by enumeration, scipy and the engine."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from scipy.stats import hypergeom

import monopoly_widgets as mw
from monopoly_widgets.prob.bid import all_below_probability, chance_bid_wins, hand_pool, panel
from monopoly_widgets.sim.montecarlo import estimate_probability


def brute_force(money: dict[int, int], other: int, sizes: list[int], bid: int) -> Fraction:
    """Deal labelled cards to each hand in turn, over every possible deal."""
    pool = [v for v, n in money.items() for _ in range(n)] + [0] * other

    def deal(left: tuple[int, ...], player: int) -> tuple[int, int]:
        if player == len(sizes):
            return 1, 1
        good = total = 0
        for hand in combinations(left, sizes[player]):
            rest = list(left)
            for card in hand:
                rest.remove(card)
            sub_good, sub_total = deal(tuple(rest), player + 1)
            total += sub_total
            if sum(pool[i] for i in hand) < bid:
                good += sub_good
        return good, total

    good, total = deal(tuple(range(len(pool))), 0)
    return Fraction(good, total)


@pytest.mark.parametrize("sizes", [[2], [2, 2], [1, 3], [3, 1, 1]])
@pytest.mark.parametrize("bid", [0, 1, 3, 5, 20])
def test_matches_enumeration(sizes: list[int], bid: int) -> None:
    money = {1: 2, 2: 1, 3: 1}
    assert all_below_probability(money, 2, sizes, bid) == brute_force(money, 2, sizes, bid)


POOLS = [
    ({1: 1, 2: 2, 4: 1}, 1),
    ({3: 3}, 2),
    ({1: 3, 5: 1}, 1),
    ({1: 1, 2: 1, 3: 1, 4: 1, 5: 1}, 1),
]


@pytest.mark.parametrize(("money", "other"), POOLS)
@pytest.mark.parametrize("sizes", [[0], [3], [1, 1, 1], [2, 0, 2], [2, 1, 2]])
def test_counting_by_totals_matches_dealing_every_hand(
    money: dict[int, int], other: int, sizes: list[int]
) -> None:
    """The fast count (seat patterns times fillings, weighed once on the totals) gives the
    same exact fraction as dealing every labelled hand in turn, for every bid up to the pool."""
    for bid in range(sum(v * n for v, n in money.items()) + 2):
        assert all_below_probability(money, other, sizes, bid) == brute_force(
            money, other, sizes, bid
        ), bid


def test_hands_larger_than_the_pool_are_rejected() -> None:
    with pytest.raises(ValueError, match="cannot come from"):
        all_below_probability({1: 2}, 1, [2, 2], 5)
    with pytest.raises(ValueError, match="negative"):
        all_below_probability({1: -1}, 3, [1], 5)


def test_one_denomination_is_hypergeometric() -> None:
    """With only $2M notes, holding less than $7M means at most 3 notes: a hypergeometric cdf."""
    for size in range(0, 9):
        expected = hypergeom(40, 12, size).cdf(3)
        assert float(all_below_probability({2: 12}, 28, [size], 7)) == pytest.approx(
            expected, abs=1e-12
        )


def bidding_position() -> dict[str, Any]:
    """Player 0 bids on Boardwalk; the others have 2 and 3 cards."""
    return {
        "players": 3,
        "host": 0,
        "phase": "bid",
        "hands": [["$5M", "$3M", "Nope!"], ["$1M", "Wild!"], ["$2M", "$4M", "Steal!"]],
        "auction": {"property": "Boardwalk", "bids": [None, None, None]},
    }


def test_observation_odds_count_only_unseen_money() -> None:
    """Rule: Bid rulebook "To Auction": bids are secret; the model assumes all-in opponents."""
    obs = mw.from_position("bid", bidding_position()).observation(0)
    money, other = hand_pool(obs)
    seen = {"$5M", "$3M"}  # the viewer's own money is not in the pool
    assert sum(money.values()) + other == sum(
        n for name, n in obs["unseen"].items() if name.startswith("$") or name.endswith("!")
    )
    odds = chance_bid_wins(obs, 6)
    assert odds.probability == float(all_below_probability(money, other, [2, 3], 6))
    assert chance_bid_wins(obs, 0).probability == 0.0
    assert chance_bid_wins(obs, 1000).probability == 1.0
    assert "Worst case" in odds.explanation and "player 1 (2 cards)" in odds.explanation
    assert seen  # the viewer's cards are visible, so they never enter ``unseen``


def test_odds_agree_with_the_engine_worlds() -> None:
    """Sample hands with the engine's determinize; a 99.9% interval covers the exact value."""
    game = mw.from_position("bid", bidding_position())
    exact = chance_bid_wins(game.observation(0), 8).probability

    def sampler(rng: Any) -> list[int]:
        world = game.rules.determinize(game.state, 0, rng)
        return game.rules.metrics(world)["money"]

    estimate = estimate_probability(
        lambda money: money[1] < 8 and money[2] < 8, sampler, n=3000, seed=2, confidence=0.999
    )
    assert estimate.contains(exact), (estimate, exact)


def test_panel_lists_bids_the_viewer_can_pay() -> None:
    obs = mw.from_position("bid", bidding_position()).observation(0)
    rows = panel(obs)
    assert [row.label for row in rows] == [
        f"a bid of ${amount}M cannot be matched" for amount in (3, 5, 8)
    ]
    assert [row.probability for row in rows] == sorted(row.probability for row in rows)
    with pytest.raises(ValueError, match="one player"):
        chance_bid_wins(mw.from_position("bid", bidding_position()).observation(None), 3)


# --- the panel's budget: exact single hands, exact joints within it, exact bounds beyond ---


def late_positions() -> list[dict[str, Any]]:
    """Observations from Bid games played by random bots: early, middle and late steps."""
    import random

    from monopoly_widgets.prob.bid import one_hand_below  # noqa: F401 (imported for the test)

    found = []
    for players, seed in ((2, 0), (3, 1), (4, 2), (5, 3)):
        game = mw.new_game("bid", players=players, seed=seed)
        rng = random.Random(seed)
        for step in range(400):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
            if step % 40 == 0:
                found.append(game.observation(step % players))
    return found


@pytest.mark.parametrize("sizes", [[0], [2], [5], [9]])
def test_one_hand_by_denominations_matches_the_sum_over_hands(sizes: list[int]) -> None:
    from monopoly_widgets.prob.bid import one_hand_below

    for money, other in POOLS + [({1: 10, 2: 9, 3: 8, 4: 9, 5: 10}, 30)]:
        if sizes[0] > sum(money.values()) + other:
            continue
        for bid in range(0, 30, 3):
            assert one_hand_below(money, other, sizes[0], bid) == all_below_probability(
                money, other, sizes, bid
            ), (money, bid)


def test_bounds_hold_the_exact_joint_chance() -> None:
    """Negative association (upper) and Boole (lower) on pools the exact sum can do."""
    from monopoly_widgets.prob.bid import one_hand_below

    for money, other in POOLS:
        for sizes in ([1, 1, 1], [2, 1, 2], [2, 2]):
            if sum(sizes) > sum(money.values()) + other:
                continue
            for bid in range(1, 12):
                exact = all_below_probability(money, other, sizes, bid)
                alone = [one_hand_below(money, other, size, bid) for size in sizes]
                high = Fraction(1)
                for p in alone:
                    high *= p
                low = max(Fraction(0), 1 - sum(1 - p for p in alone))
                assert low <= exact <= high, (money, sizes, bid)


def test_the_panel_is_exact_within_its_budget_and_says_bounds_beyond_it() -> None:
    """Every row of the panel on real positions: an exact row equals the unbudgeted sum;
    a bounded row's label gives two bounds that hold the exact value where it can be found."""
    from monopoly_widgets.prob import bid as bid_odds

    exact_rows = bounded_rows = 0
    for obs in late_positions():
        for row in panel(obs):
            amount = int(row.label.split("$")[1].split("M")[0])
            if "between" in row.label:
                bounded_rows += 1
                low, high = (float(x) for x in row.label.split("between ")[1][:-1].split(" and "))
                assert row.probability == pytest.approx(low, abs=1e-4) and low <= high
                assert "lower bound" in row.explanation
                continue
            exact_rows += 1
            money, other = hand_pool(obs)
            sizes = [s["hand_count"] for s in obs["seats"] if s["seat"] != obs["viewer"]]
            assert row.probability == float(all_below_probability(money, other, sizes, amount))
    assert exact_rows > 10
    # A late, large position: the exact sum would take seconds, the panel bounds it.
    money = {1: 7, 2: 7, 3: 9, 4: 6, 5: 9}
    with pytest.raises(bid_odds.TooMuchWork):
        all_below_probability(money, 12, [15, 20], 17, work_limit=bid_odds.PANEL_WORK)

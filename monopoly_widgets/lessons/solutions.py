"""The lessons' exercises and their model answers (the teacher's side; students see questions).

Each answer is *worked out*, by the rules engine or from the results the notebook
just computed (passed to ``check`` by name), so an answer cannot drift from what the
lesson shows. Keys are ``"<notebook number>-E<exercise>"``, as in the notebooks.
``reveal(key, ...)`` prints one; ``tests/lessons`` checks every one.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from monopoly_widgets.lessons.answers import Choice, Number, Seat, Truth, Whole
from monopoly_widgets.lessons.exercise import Exercise


def _owner_of(game: Any, has: Any) -> int | None:
    """The seat with a property set for which ``has(set)`` is true, or None."""
    for seat, sets in enumerate(game.position()["properties"]):
        if any(has(card_set) for card_set in sets):
            return seat
    return None


# --- 01: Monopoly Deal rules tour ------------------------------------------------------


def _deal_e1(game: Any) -> int | None:
    return _owner_of(game, lambda card_set: card_set["colour"] == "Dark Blue")


def _deal_e2(game: Any) -> int:
    """The least a payer can hand over from the bank: no change is given (rulebook)."""
    payer = game.current_player
    owed = game.observation(payer)["pending"]["amount"]
    values = [card["value"] for card in game.observation(payer)["seats"][payer]["bank"]]
    totals = [
        sum(chosen)
        for size in range(1, len(values) + 1)
        for chosen in combinations(values, size)
        if sum(chosen) >= owed
    ]
    return min(totals) if totals else sum(values)


def _deal_e3(game: Any) -> bool:
    return any(action.id == "house:Railroad" for action in game.legal_actions())


def _deal_e4(game: Any) -> bool:
    return bool(game.observation()["seats"][0]["sets"][0]["complete"])


def _deal_e5(game: Any) -> int:
    return int(game.observation()["plays_left"])


# --- 02: Monopoly Bid auctions ----------------------------------------------------------


def _bid_e1(game: Any) -> int | None:
    return _owner_of(game, lambda card_set: "Boardwalk" in card_set["cards"])


def _bid_e2(game: Any) -> str:
    pile = game.position()["property_pile"]
    if pile and pile[-1] == "Boardwalk":
        return "bottom"
    if pile and pile[0] == "Boardwalk":
        return "top"
    return "nowhere"


def _bid_e3(view: Any) -> int:
    from monopoly_widgets.prob import bid as bid_odds

    return min(
        amount
        for amount in (2, 4, 6, 8)
        if bid_odds.chance_bid_wins(view, amount).probability >= 0.25
    )


# --- 03: The Card Game scoring ----------------------------------------------------------


def _score(hand: list[str], laid_down: bool) -> int:
    from monopoly_widgets.cardgame import score_hand

    return score_hand(hand, laid_down_by_this_player=laid_down).total


# --- 04: probability of draws -----------------------------------------------------------


def _prob_e1(view: Any) -> float:
    from monopoly_widgets.prob import deal as deal_odds

    return deal_odds.chance_opponent_has_just_say_no(view, 1).probability


def _prob_e2() -> Any:
    from monopoly_widgets.prob import prob_none

    return prob_none(106, 10, 5)


def _prob_e3(outcomes: list[bool]) -> bool:
    from monopoly_widgets.sim import wilson_interval

    def width(trials: int) -> float:
        low, high = wilson_interval(sum(outcomes[:trials]), trials)
        return high - low

    return 0.4 < width(1600) / width(400) < 0.6


# --- 05 and 06: simulation ----------------------------------------------------------------


def _sim_e1(summary: Any) -> float:
    return float(summary.seats.loc[0, "win_rate"])


def _sim_e2(players: int) -> Any:
    from fractions import Fraction

    return Fraction(1, players)


def _sim_e3(summary: Any) -> bool:
    return bool(summary.first_seat.probability > 0.5)


def _bot_e2(summary: Any) -> str:
    rate = summary.agents.set_index("agent").loc["banker", "win_rate"]
    return "better" if rate > 0.5 else "worse"


# --- 07: decisions under uncertainty -------------------------------------------------------


def _coach_e1(analysis: Any) -> Any:
    """The coach's estimate after accepting: its wins over its playouts, as a fraction."""
    from fractions import Fraction

    accept = analysis.move("accept")
    return Fraction(accept.wins, accept.playouts)


def _coach_e2(playouts: int) -> int:
    """A 95% interval's width shrinks like 1/sqrt(n): half the width takes 2**2 times n."""
    return 4 * playouts


def _coach_e3(information: Any) -> bool:
    return bool(information.fair.best != information.known.best)


_ALL = [
    Exercise("01-E1", "who has the Dark Blue set after the chain", Seat(2), _deal_e1,
             hint="count the Just Say Nos: each one cancels the card before it."),
    Exercise("01-E2", "the least player 2 can hand over, in $M", Whole("$M"), _deal_e2,
             hint="no change is given: which single note, or pair of notes, covers $2M?"),
    Exercise("01-E3", "can a House go on a complete Railroad set", Truth(), _deal_e3,
             hint="read section 9 again: which sets may not take a House?"),
    Exercise("01-E4", "is the all-wild Brown set complete", Truth(), _deal_e4,
             hint="does the set hold a real property card?"),
    Exercise("01-E5", "plays left after the Sly Deal, with the house rule", Whole("plays"),
             _deal_e5, hint="with the house rule, a Just Say No on your own turn is free."),
    Exercise("02-E1", "who gets Boardwalk with no raises", Seat(3, nobody=True), _bid_e1,
             hint="with tie_raise_rounds = 0, what happens to a tie at once?"),
    Exercise("02-E2", "where Boardwalk goes", Choice(("top", "bottom")), _bid_e2,
             hint='read the rules at the top: "Was There a Tie?"'),
    Exercise("02-E3", "smallest bid unmatched with probability 1/4 or more", Whole("$M"),
             _bid_e3, hint="print chance_bid_wins(view_of_player_1, amount) for each amount."),
    Exercise("03-E1", "Green group with two Houses", Whole("dollars"),
             lambda hand: _score(hand, True),
             hint="Green's set value is $350; each House adds the set value again."),
    Exercise("03-E2", "Brown group, a Token and two GOs", Whole("dollars"),
             lambda hand: _score(hand, True),
             hint="a Token adds the group's total value; each GO pays $200."),
    Exercise("03-E3", "the Brown hand caught with a Chance", Whole("dollars"),
             lambda hand: _score(hand, False),
             hint='read "The Chance card cuts both ways" again.'),
    Exercise("04-E1", "chance player 1 holds a Just Say No", Number(3, percent=True,
             probability=True), _prob_e1,
             hint="1 - comb(N - K_jsn, 3) / comb(N, 3), with the unseen cards N."),
    Exercise("04-E2", "chance a 5-card hand holds no Pass Go", Number(4, probability=True),
             _prob_e2, hint="hands from the 96 other cards, over all 5-card hands."),
    Exercise("04-E3", "4 times the trials, half the width", Truth(), _prob_e3,
             hint="compare the widths printed at the end of section 4."),
    Exercise("05-E1", "the heuristic bot's share of wins", Number(3, percent=True,
             probability=True), _sim_e1, hint="wins divided by games, from the table."),
    Exercise("05-E2", "the fair share with 3 players", Number(3, percent=True,
             probability=True), _sim_e2, hint="the wins shared equally among the seats."),
    Exercise("05-E3", "does seat 0 win more than half with seed 8", Truth(), _sim_e3,
             hint="read 'seat 0 wins' in the line printed above."),
    Exercise("06-E2", "banker_bot against greedy_bot", Choice(("better", "worse")), _bot_e2,
             hint="look at banker's win rate in the table: above or below 0.5?"),
    Exercise("07-E1", "the coach's estimate after accepting the rent", Number(3, percent=True,
             probability=True), _coach_e1,
             hint="read the Accept line printed in section 2: wins divided by playouts."),
    Exercise("07-E2", "playouts per move for half the interval's width", Whole("playouts"),
             _coach_e2, hint="the width shrinks like 1/sqrt(n): what n halves it?"),
    Exercise("07-E3", "does seeing player 1's hand change the coach's move", Truth(),
             _coach_e3, hint="compare the moves the fair and the cheating analyses pick."),
]  # fmt: skip

#: Every lesson exercise, by key.
EXERCISES: dict[str, Exercise] = {exercise.key: exercise for exercise in _ALL}

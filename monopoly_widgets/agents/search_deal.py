"""Monopoly Deal for the search agent: a leaf evaluation fitted to who actually wins.

A search that stops its rollouts after a few turns needs to say who is ahead.
``win_chance(state, seat)`` answers with a probability: a logistic model over a
dozen plain features of each seat's position (complete sets, how close the
best unfinished sets are, money, the cards in hand that win or protect sets),
taken as "mine minus the best opponent's", plus whose turn it is.

The weights (``WEIGHTS``) are not guessed: ``benchmarks/fit_deal_evaluation.py``
fits them on positions from heuristic self-play, labelled with who went on to
win, and prints how well they predict (log loss and accuracy, on games held
out, next to the older hand-made ``deal_progress``).

The features read the engine's plain state (card ids, piles) directly, not an
observation dict: a rollout scores thousands of positions per second. The
search only ever scores its own sampled worlds (``rules.determinize``), so
reading every hand here reads imagined cards, never the real hidden ones.
"""

from __future__ import annotations

import math

from monopoly_widgets.deal.cards import ACTION, KIND, PACK_SIZE, SET_SIZE, VALUE
from monopoly_widgets.deal.properties import is_complete, pile_rent
from monopoly_widgets.deal.state import PHASE_OVER, DealState

FEATURES = (
    "complete sets",
    "two complete sets",
    "best unfinished share",
    "second unfinished share",
    "sets one card short",
    "bank $M (to 20)",
    "table property $M",
    "best rent $M",
    "cards in hand",
    "Just Say No in hand",
    "Deal Breaker in hand",
    "Sly or Forced Deal in hand",
    "rent cards in hand",
    "money $M in hand",
)
#: Features of the pair, after the per-seat differences: +1 if ``seat`` is to play, else -1;
#: the same times "a third set is near" (either seat has 2 complete sets); a Deal Breaker
#: in hand times the other's complete sets (what it can take), a Just Say No times one's
#: own complete sets (what it guards), each mine minus theirs; "two sets and one card
#: short of a third", mine minus theirs, and the same times who is to play.
EXTRA = (
    "to play",
    "to play x two sets",
    "Deal Breaker x their sets",
    "Just Say No x own sets",
    "one card from winning",
    "to play x one card from winning",
)

#: Fitted by ``benchmarks/fit_deal_evaluation.py`` (see its output for the fit's quality).
WEIGHTS: tuple[float, ...] = (
    0.7947,  # complete sets
    0.2108,  # two complete sets
    0.1580,  # best unfinished share
    0.4493,  # second unfinished share
    0.1979,  # sets one card short
    0.0282,  # bank $M (to 20)
    0.0480,  # table property $M
    -0.0047,  # best rent $M
    -0.0198,  # cards in hand
    0.5900,  # Just Say No in hand
    1.1370,  # Deal Breaker in hand
    0.1430,  # Sly or Forced Deal in hand
    0.0464,  # rent cards in hand
    -0.0113,  # money $M in hand
    0.3355,  # to play
    0.0069,  # to play x two sets
    0.4366,  # Deal Breaker x their sets
    0.0128,  # Just Say No x own sets
    0.3380,  # one card from winning
    0.1630,  # to play x one card from winning
)
assert len(WEIGHTS) == len(FEATURES) + len(EXTRA)

_SETS = FEATURES.index("complete sets")
_TWO_SETS = FEATURES.index("two complete sets")
_BEST_SHARE = FEATURES.index("best unfinished share")
_ONE_SHORT = FEATURES.index("sets one card short")
_BREAKERS = FEATURES.index("Deal Breaker in hand")
_JSN = FEATURES.index("Just Say No in hand")
_STEALS = frozenset({"sly_deal", "forced_deal"})
_RENTS = frozenset({"rent", "any_rent", "double_rent"})


def seat_features(state: DealState, seat: int) -> list[float]:
    """The ``FEATURES`` of one seat's position."""
    shares: dict[int, float] = {}
    complete: set[int] = set()
    one_short: set[int] = set()
    property_value = 0
    best_rent = 0
    for pile in state.tables[seat]:
        colour = pile.colour
        size = SET_SIZE[colour]
        for card in pile.cards:
            property_value += VALUE[card % PACK_SIZE]
        rent = pile_rent(pile)
        if rent > best_rent:
            best_rent = rent
        if is_complete(pile):
            complete.add(colour)
            continue
        share = min(len(pile.cards), size) / size
        if share > shares.get(colour, 0.0):
            shares[colour] = share
        if len(pile.cards) == size - 1:
            one_short.add(colour)
    unfinished = sorted((s for c, s in shares.items() if c not in complete), reverse=True)
    unfinished += [0.0, 0.0]
    jsn = breakers = steals = rents = money = 0
    for card in state.hands[seat]:
        index = card % PACK_SIZE
        action = ACTION[index]
        if action == "just_say_no":
            jsn += 1
        elif action == "deal_breaker":
            breakers += 1
        elif action in _STEALS:
            steals += 1
        elif action in _RENTS:
            rents += 1
        elif KIND[index] == "money":
            money += VALUE[index]
    bank = sum(VALUE[card % PACK_SIZE] for card in state.banks[seat])
    return [
        float(len(complete)),
        1.0 if len(complete) >= 2 else 0.0,
        unfinished[0],
        unfinished[1],
        float(len(one_short - complete)),
        float(min(bank, 20)),
        float(property_value),
        float(best_rent),
        float(len(state.hands[seat])),
        float(jsn),
        float(breakers),
        float(steals),
        float(rents),
        float(money),
    ]


def features(state: DealState, seat: int) -> list[float]:
    """``seat``'s features minus the strongest opponent's, then ``EXTRA``.

    The strongest opponent is the one with the most complete sets (then the best
    unfinished set): in a race to three sets, the leader is the threat.
    """
    mine = seat_features(state, seat)
    others = [seat_features(state, p) for p in range(state.players) if p != seat]
    theirs = max(others, key=lambda f: (f[_SETS], f[_BEST_SHARE]))
    to_play = 1.0 if state.turn_player == seat else -1.0
    near = max(mine[_TWO_SETS], theirs[_TWO_SETS])
    threat_mine = mine[_TWO_SETS] * min(mine[_ONE_SHORT], 1.0)
    threat_theirs = theirs[_TWO_SETS] * min(theirs[_ONE_SHORT], 1.0)
    return [m - t for m, t in zip(mine, theirs, strict=True)] + [
        to_play,
        to_play * near,
        mine[_BREAKERS] * theirs[_SETS] - theirs[_BREAKERS] * mine[_SETS],
        mine[_JSN] * mine[_SETS] - theirs[_JSN] * theirs[_SETS],
        threat_mine - threat_theirs,
        to_play * (threat_mine + threat_theirs),
    ]


def win_chance(state: DealState, seat: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The fitted chance that ``seat`` wins from ``state`` (1 or 0 once the game is over)."""
    if state.phase == PHASE_OVER:
        return 1.0 if state.winner == seat else 0.5 if state.winner is None else 0.0
    logit = sum(w * x for w, x in zip(weights, features(state, seat), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))

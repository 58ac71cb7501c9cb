"""Monopoly Deal for the search agent: a leaf evaluation fitted to who actually wins.

A search that stops its rollouts after a few turns needs to say who is ahead.
``win_chance(state, seat)`` answers with a probability: a logistic model over a
dozen plain features of each seat's position (complete sets, how close the
best unfinished sets are, money, the cards in hand that win or protect sets),
taken as "mine minus the best opponent's", plus whose turn it is.

The weights (``WEIGHTS``) are not guessed: ``benchmarks/fit_deal_evaluation.py``
fits them on positions from heuristic self-play, labelled with who went on to
win, and prints how well they predict (log loss and accuracy, on games held
out, next to the older hand-made ``progress``, which the search agent's ``evaluate``
still reads).

The features read the engine's plain state (card ids, piles) directly, not an
observation dict: a rollout scores thousands of positions per second. The
search only ever scores its own sampled worlds (``rules.determinize``), so
reading every hand here reads imagined cards, never the real hidden ones.
"""

from __future__ import annotations

import math

from monopoly_widgets.core.rules import Rules
from monopoly_widgets.deal.cards import (
    ACTION,
    CARD_COLOURS,
    KIND,
    PACK_SIZE,
    SET_SIZE,
    VALUE,
)
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
    "properties in hand",
    "properties in hand that fit a set on the table",
    "properties in hand that complete a set (to 2)",
    "property $M in unfinished sets",
    "Houses and Hotels",
)
#: Features of the pair, after the per-seat differences: +1 if ``seat`` is to play, else -1;
#: the same times "a third set is near" (either seat has 2 complete sets); a Deal Breaker
#: in hand times the other's complete sets (what it can take), a Just Say No times one's
#: own complete sets (what it guards), each mine minus theirs; "two sets and one card
#: short of a third", mine minus theirs, and the same times who is to play; "two sets and
#: the card that completes a third in hand", the same two ways; what the other's best rent
#: would take beyond one's bank; steals in hand times the other's sets one card short; who
#: is to play times the completing cards in hand; the lead in sets when a third is near; a
#: Deal Breaker in hand when the other has two sets.
EXTRA = (
    "to play",
    "to play x two sets",
    "Deal Breaker x their sets",
    "Just Say No x own sets",
    "one card from winning",
    "to play x one card from winning",
    "winning card in hand",
    "to play x winning card in hand",
    "rent beyond the bank",
    "steals x their sets one short",
    "to play x completing cards in hand",
    "set lead x two sets",
    "Deal Breaker x their two sets",
)

#: Fitted by ``benchmarks/fit_deal_evaluation.py`` (see its output for the fit's quality).
WEIGHTS: tuple[float, ...] = (
    0.9269,  # complete sets
    0.1628,  # two complete sets
    0.0175,  # best unfinished share
    0.3296,  # second unfinished share
    0.2415,  # sets one card short
    0.0165,  # bank $M (to 20)
    0.0134,  # table property $M
    -0.0278,  # best rent $M
    -0.0304,  # cards in hand
    0.5695,  # Just Say No in hand
    1.1596,  # Deal Breaker in hand
    0.0022,  # Sly or Forced Deal in hand
    0.0401,  # rent cards in hand
    -0.0089,  # money $M in hand
    -0.0327,  # properties in hand
    0.1836,  # properties in hand that fit a set on the table
    0.2964,  # properties in hand that complete a set (to 2)
    0.0375,  # property $M in unfinished sets
    0.1085,  # Houses and Hotels
    0.3108,  # to play
    0.0125,  # to play x two sets
    0.4131,  # Deal Breaker x their sets
    0.0374,  # Just Say No x own sets
    0.3024,  # one card from winning
    0.0567,  # to play x one card from winning
    0.7587,  # winning card in hand
    0.6581,  # to play x winning card in hand
    0.0377,  # rent beyond the bank
    0.1589,  # steals x their sets one short
    0.0000,  # to play x completing cards in hand
    0.1353,  # set lead x two sets
    0.1646,  # Deal Breaker x their two sets
)
assert len(WEIGHTS) == len(FEATURES) + len(EXTRA)

_SETS = FEATURES.index("complete sets")
_TWO_SETS = FEATURES.index("two complete sets")
_BEST_SHARE = FEATURES.index("best unfinished share")
_ONE_SHORT = FEATURES.index("sets one card short")
_BANK = FEATURES.index("bank $M (to 20)")
_RENT = FEATURES.index("best rent $M")
_BREAKERS = FEATURES.index("Deal Breaker in hand")
_JSN = FEATURES.index("Just Say No in hand")
_STEALS_IN_HAND = FEATURES.index("Sly or Forced Deal in hand")
_COMPLETING = FEATURES.index("properties in hand that complete a set (to 2)")
_STEALS = frozenset({"sly_deal", "forced_deal"})
_RENTS = frozenset({"rent", "any_rent", "double_rent"})
_PROPERTY_KINDS = frozenset({"property", "wild"})


def seat_features(state: DealState, seat: int) -> list[float]:
    """The ``FEATURES`` of one seat's position."""
    shares: dict[int, float] = {}
    counts: dict[int, int] = {}
    complete: set[int] = set()
    one_short: set[int] = set()
    property_value = 0
    loose_value = 0
    best_rent = 0
    buildings = 0
    for pile in state.tables[seat]:
        colour = pile.colour
        size = SET_SIZE[colour]
        value = 0
        for card in pile.cards:
            value += VALUE[card % PACK_SIZE]
        property_value += value
        buildings += (pile.house >= 0) + (pile.hotel >= 0)
        rent = pile_rent(pile)
        if rent > best_rent:
            best_rent = rent
        if is_complete(pile):
            complete.add(colour)
            continue
        loose_value += value
        count = len(pile.cards)
        if count > counts.get(colour, 0):
            counts[colour] = count
        share = min(count, size) / size
        if share > shares.get(colour, 0.0):
            shares[colour] = share
        if count == size - 1:
            one_short.add(colour)
    unfinished = sorted((s for c, s in shares.items() if c not in complete), reverse=True)
    unfinished += [0.0, 0.0]
    one_short -= complete
    jsn = breakers = steals = rents = money = 0
    properties = fits = completes = 0
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
        elif KIND[index] in _PROPERTY_KINDS:
            properties += 1
            colours = CARD_COLOURS[index]
            if len(colours) > 2:  # the multicolour wild fits anything
                fits += 1
                continue
            if any(c in counts and c not in complete for c in colours):
                fits += 1
            if any(c in one_short for c in colours):
                completes += 1
    bank = sum(VALUE[card % PACK_SIZE] for card in state.banks[seat])
    return [
        float(len(complete)),
        1.0 if len(complete) >= 2 else 0.0,
        unfinished[0],
        unfinished[1],
        float(len(one_short)),
        float(min(bank, 20)),
        float(property_value),
        float(best_rent),
        float(len(state.hands[seat])),
        float(jsn),
        float(breakers),
        float(steals),
        float(rents),
        float(money),
        float(properties),
        float(fits),
        float(min(completes, 2)),
        float(loose_value),
        float(buildings),
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
    reach_mine = mine[_TWO_SETS] * min(mine[_COMPLETING], 1.0)
    reach_theirs = theirs[_TWO_SETS] * min(theirs[_COMPLETING], 1.0)
    exposed_mine = max(0.0, min(theirs[_RENT], 10.0) - mine[_BANK])
    exposed_theirs = max(0.0, min(mine[_RENT], 10.0) - theirs[_BANK])
    return [m - t for m, t in zip(mine, theirs, strict=True)] + [
        to_play,
        to_play * near,
        mine[_BREAKERS] * theirs[_SETS] - theirs[_BREAKERS] * mine[_SETS],
        mine[_JSN] * mine[_SETS] - theirs[_JSN] * theirs[_SETS],
        threat_mine - threat_theirs,
        to_play * (threat_mine + threat_theirs),
        reach_mine - reach_theirs,
        to_play * (reach_mine + reach_theirs),
        exposed_theirs - exposed_mine,
        mine[_STEALS_IN_HAND] * min(theirs[_ONE_SHORT], 2.0)
        - theirs[_STEALS_IN_HAND] * min(mine[_ONE_SHORT], 2.0),
        to_play * (mine[_COMPLETING] - theirs[_COMPLETING]),
        (mine[_SETS] - theirs[_SETS]) * near,
        mine[_BREAKERS] * theirs[_TWO_SETS] - theirs[_BREAKERS] * mine[_TWO_SETS],
    ]


def win_chance(state: DealState, seat: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The fitted chance that ``seat`` wins from ``state`` (1 or 0 once the game is over)."""
    if state.phase == PHASE_OVER:
        return 1.0 if state.winner == seat else 0.5 if state.winner is None else 0.0
    logit = sum(w * x for w, x in zip(weights, features(state, seat), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))


def progress(rules: Rules, state: DealState) -> list[float]:
    """How close each seat is to 3 complete sets, plus a little for money.

    A complete set counts 1; an unfinished set counts the share of it you hold,
    squared (the last card of a set is worth more than the first), best three
    colours only; each $1M in the bank adds 0.02 up to $15M (money pays rent
    instead of properties). Cards still in hand count a little (0.01 per $1M
    of value, up to $15M) and a Just Say No in hand 0.08 (it protects a set).
    """
    view = rules.observation(state, None)
    scores = []
    for seat in view["seats"]:
        parts = []
        for card_set in seat["sets"]:
            share = 1.0 if card_set["complete"] else len(card_set["cards"]) / card_set["size"]
            parts.append(share if card_set["complete"] else 0.7 * share * share)
        parts.sort(reverse=True)
        hand = seat["hand"] or []
        hand_value = sum(card["value"] for card in hand)
        answers = sum(1 for card in hand if card["name"] == "Just Say No")
        scores.append(
            sum(parts[:3])
            + 0.02 * min(seat["bank_total"], 15)
            + 0.01 * min(hand_value, 15)
            + 0.08 * answers
        )
    return scores

"""A Monopoly Deal heuristic: explainable rules of thumb, scored one action at a time.

``choose(observation, legal_actions, rng)`` gives every legal action a score
and plays the best (ties broken at random). The rules of thumb, strongest
first:

1. Win or complete a set: a Deal Breaker, a property or a steal that completes
   a set scores highest.
2. Pass Go early: more cards mean more choices for the remaining plays.
3. Build sets: lay properties (a wild goes where it brings a set closest to
   complete), steal what fits your own sets, put Houses and Hotels on sets.
4. Charge rent where it pays most (doubled when it is worth a play), collect
   debts and birthdays.
5. Bank money; bank spare action cards that have nothing useful to do. Keep
   Just Say No for answers.
6. Answer with Just Say No against big hits (Deal Breaker, steals from a set
   you are building, large payments), and counter one against your own big plays.
7. Pay with the least valuable cards: bank cards first, the smallest one that
   covers the debt; properties last, never from a complete set if avoidable.
8. Discard the least useful cards; move wilds only when that completes a set.

How it is computed (speed, not strategy): the heuristic decides before every
step of every heuristic game and rollout, so it is written to cost less than a
step of the engine. It reads a :class:`~monopoly_widgets.deal.observation.DealView`
(the few facts it decides by; an observation dict is turned into one), skips
scoring when there is only one legal action, works out what a decision needs
once and only if a rule asks (``_Decision``: per colour, how far my best pile is
from complete and whether I have a set of it), and reads each action id once in
a game's life: the id's *plan* (which rule scores it, and with which names and
colours) is remembered, so scoring an action is a look-up and a little arithmetic.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.memo import Memo
from monopoly_widgets.deal.cards import CARDS, COLOUR_INDEX, NATURAL_IDS, SET_SIZE, CardSpec
from monopoly_widgets.deal.observation import DealView, PileView

HAND_KEEP_SCORE = {
    "Just Say No": 90,
    "Deal Breaker": 85,
    "Sly Deal": 60,
    "Forced Deal": 50,
    "House": 45,
    "Hotel": 45,
    "Double the Rent": 35,
    "Debt Collector": 40,
    "It's My Birthday": 35,
    "Pass Go": 20,
}


def choose(
    observation: DealView | dict[str, Any],
    legal_actions: Sequence[Action],
    rng: random.Random,
) -> Action:
    """The best-scoring legal action for the observing seat (ties broken at random).

    ``observation`` is the seat's observation dict or its ``DealView``: both give
    the same choice (``tests/agents/test_deal_view.py``).
    """
    view = (
        observation if isinstance(observation, DealView) else DealView.from_observation(observation)
    )
    if len(legal_actions) == 1:  # nothing to weigh; draw as a tie-break would (same stream)
        return legal_actions[rng.randrange(1)]
    decision = _Decision(view)
    plans = _PLANS
    best: list[Action] = []
    best_score = _WORST
    for action in legal_actions:
        plan = plans.get(action.id)
        if plan is None:
            plan = plans.keep(action.id, _plan(action))
        rule = plan[0]
        score = plan[1] if rule is None else rule(decision, action, plan)
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return best[rng.randrange(len(best))]


_WORST = float("-inf")
#: What I have of a colour: (cards in my best unfinished pile of it, set size, that pile
#: has a real card, I have a complete set of it).
Colour = tuple[int, int, bool, bool]
#: What I have of a colour I have no pile of, per colour.
_NOTHING: tuple[Colour, ...] = tuple((0, size, False, False) for size in SET_SIZE)


class _Decision:
    """What the heuristic knows at one decision, worked out from the view when first needed.

    Many decisions (paying from the bank, answering, banking or charging rent)
    never look at my table, so the per-colour facts are read on demand: a rule
    that needs them calls ``decision.colours or decision.read_colours()`` inline
    (a method call per action costs as much as the rule itself).
    """

    __slots__ = ("view", "colours", "_piles_by_label")

    def __init__(self, view: DealView) -> None:
        self.view = view
        #: Colour (index) -> what I have of it; colours I have no pile of are missing.
        #: Empty until :meth:`read_colours`.
        self.colours: dict[int, Colour] = {}
        self._piles_by_label: dict[str, PileView] | None = None

    def read_colours(self) -> dict[int, Colour]:
        """Fill in ``colours`` from my table: per colour, the fullest unfinished pile
        (the first of equals), and whether any pile of it is complete."""
        colours = self.colours
        for colour, _, cards, full, _, _ in self.view.table:
            known = colours.get(colour)
            if full:
                if known is None:
                    colours[colour] = (0, SET_SIZE[colour], False, True)
                elif not known[3]:
                    colours[colour] = (known[0], known[1], known[2], True)
                continue
            count = len(cards)
            if known is None or count > known[0]:
                has_natural = not NATURAL_IDS.isdisjoint(cards)
                complete = known is not None and known[3]
                colours[colour] = (count, SET_SIZE[colour], has_natural, complete)
        return colours

    def pile(self, label: str) -> PileView:
        """My pile with this label ("Red", "Red 2")."""
        piles = self._piles_by_label
        if piles is None:
            piles = self._piles_by_label = {pile.label: pile for pile in self.view.table}
        return piles[label]


# --- the rules, one per kind of action (each reads the facts its plan holds) -----------------
#: A plan: (rule, facts...) or (None, fixed score). A rule is called as
#: ``rule(decision, action, plan)`` and returns the action's score.
Plan = tuple[Any, ...]
Rule = Callable[[_Decision, Action, Plan], float]
# Two sums recur below, written out: a card of a colour *completes* it when
# ``count + 1 >= size and (natural or has_natural)`` (a set needs a real property card);
# its *building value* is ``10 + int(20 * (count + 1) / size)``: more when nearly complete.


def _move_wild(decision: _Decision, action: Action, plan: Plan) -> float:
    """Move a wild only when that completes a set, from a set that is not complete."""
    _, label, colour = plan
    colours = decision.colours or decision.read_colours()
    count, size, has_natural, complete = colours.get(colour) or _NOTHING[colour]
    if complete or count + 1 < size or not has_natural:  # a wild alone completes nothing
        return -1
    return -1 if decision.pile(label).complete else 95


def _lay(decision: _Decision, action: Action, plan: Plan) -> float:
    _, colour, natural = plan
    colours = decision.colours or decision.read_colours()
    count, size, has_natural, complete = colours.get(colour) or _NOTHING[colour]
    completes = count + 1 >= size and (natural or has_natural)
    if complete and not completes:
        return 40  # a second set of a colour does not count towards winning
    if completes:
        return 92
    return 50 + 10 + int(20 * (count + 1) / size)  # 50 + its building value


def _bank_money(decision: _Decision, action: Action, plan: Plan) -> float:
    view = decision.view
    return 30 + plan[1] + (10 if view.bank_total(view.viewer) < 5 else 0)


def _pass_go(decision: _Decision, action: Action, plan: Plan) -> float:
    return 80 if decision.view.plays_left > 1 else 20


def _birthday(decision: _Decision, action: Action, plan: Plan) -> float:
    return 40 + 2 * (decision.view.players - 1)


def _debt(decision: _Decision, action: Action, plan: Plan) -> float:
    seat = plan[1]
    view = decision.view
    return 45 + (view.bank_total(seat) + view.table_value(seat)) / 10


def _breaker(decision: _Decision, action: Action, plan: Plan) -> float:
    colours = decision.colours or decision.read_colours()
    return 60 if (colours.get(plan[1]) or _NOTHING[plan[1]])[3] else 100


def _steal(decision: _Decision, action: Action, plan: Plan) -> float:
    _, colour, card_natural, give_colour = plan
    colours = decision.colours or decision.read_colours()
    count, size, has_natural, complete = colours.get(colour) or _NOTHING[colour]
    if complete:
        return 20
    if count + 1 >= size and (card_natural or has_natural):
        base: float = 88
    else:
        base = 40 + 10 + int(20 * (count + 1) / size)  # 40 + its building value
    if give_colour is not None:  # a Forced Deal gives one of mine away
        count, size, _, _ = colours.get(give_colour) or _NOTHING[give_colour]
        base -= 10 + 20 * count / max(size, 1)
    return base


def _rent(decision: _Decision, action: Action, plan: Plan) -> float:
    _, any_colour, doubles = plan
    amount = _RENT_AMOUNTS.get(action.text)  # the label says the amount
    if amount is None:
        amount = _RENT_AMOUNTS.keep(action.text, int(action.text.rsplit("$", 1)[1].rstrip("M")))
    targets = 1 if any_colour else decision.view.players - 1
    gain = amount * targets
    if doubles and gain < 8:
        return 0  # not worth spending a Double the Rent and a play
    return 35 + min(gain, 40) + (5 if doubles else 0)


def _just_say_no(decision: _Decision, action: Action, plan: Plan) -> float:
    pending = decision.view.pending
    assert pending is not None
    big = pending.kind == "deal_breaker" or (pending.amount or 0) >= 4
    if pending.kind in ("sly_deal", "forced_deal"):
        big = True
    return 10 if big else -10


def _remaining(decision: _Decision) -> int:
    pending = decision.view.pending
    assert pending is not None
    return (pending.amount or 0) - pending.paid


def _pay_bank(decision: _Decision, action: Action, plan: Plan) -> float:
    value = plan[1]
    remaining = _remaining(decision)
    if value >= remaining:
        return 100 - (value - remaining)  # smallest card that covers the debt
    return 60 + value  # otherwise the biggest, to hand over as few as possible


def _pay_property(decision: _Decision, action: Action, plan: Plan) -> float:
    """Properties: the least important first, never from a complete set if avoidable."""
    _, label, value = plan
    pile = decision.pile(label)
    penalty = 40 if pile.complete else 20 * len(pile.cards) / SET_SIZE[pile.colour]
    return 20 - penalty - value


# --- reading an action id once ----------------------------------------------------------------
#: Each card's printed facts by name (ids name cards; same-named cards print the same).
_SPEC: dict[str, CardSpec] = {spec.name: spec for spec in CARDS}
#: Plans by action id: a game offers a few hundred distinct ids, read once each.
_PLANS: Memo[str, Plan] = Memo()
#: Rent amounts by rent action label ("... $4M"): the same few labels recur all game.
_RENT_AMOUNTS: Memo[str, int] = Memo()


def _plan(action: Action) -> Plan:
    """How to score ``action``: which rule, with the names and colours its id holds."""
    kind = action.kind
    parts = action.id.split(":")
    if kind == "respond":
        return (_just_say_no,)
    if kind == "accept":
        return (None, 0)
    if kind == "end_turn":
        return (None, 5)
    if kind == "discard":
        return (None, -_keep_value(action.id.split(":", 1)[1]))
    if kind == "move_wild":  # wild:<set>:<wild>:<colour>
        return (_move_wild, parts[1], COLOUR_INDEX[parts[3]])
    if kind == "bank":
        name = action.id.split(":", 1)[1]
        spec = _SPEC[name]
        if spec.kind == "money":
            return (_bank_money, spec.value)
        if name == "Just Say No":
            return (None, 1)
        # An action card is spare when nothing useful can be done with it now.
        return (None, 25 - HAND_KEEP_SCORE.get(name, 30) / 5)
    if kind == "property":  # lay:<property> or lay:<wild>:<colour>
        spec = _SPEC[parts[1]]
        colour = parts[2] if len(parts) > 2 else spec.colours[0]
        return (_lay, COLOUR_INDEX[colour], spec.kind == "property")
    if kind == "pay":
        return _pay_plan(action.id)
    return _play_plan(parts)


def _play_plan(parts: list[str]) -> Plan:
    verb = parts[0]
    if verb == "play" and parts[1] == "Pass Go":
        return (_pass_go,)
    if verb == "play":  # It's My Birthday
        return (_birthday,)
    if verb == "debt":
        return (_debt, int(parts[1]))
    if verb == "breaker":  # breaker:<seat>:<set label>, e.g. "Red" or "Red 2"
        label = parts[2]
        colour = label.rsplit(" ", 1)[0] if label[-1].isdigit() else label
        return (_breaker, COLOUR_INDEX[colour])
    if verb in ("sly", "forced"):
        colour, name = COLOUR_INDEX[parts[2]], parts[3]
        give = COLOUR_INDEX[parts[4]] if verb == "forced" else None
        return (_steal, colour, not name.endswith("wild"), give)
    if verb in ("house", "hotel"):
        return (None, 70)
    if verb == "rent":
        return (_rent, parts[1] == "Any-colour rent", parts[-1] in ("x2", "x4"))
    return (None, 10)


def _pay_plan(action_id: str) -> Plan:
    """``pay:bank:<card>`` or ``pay:<set>:<card>``."""
    _, where, name = action_id.split(":", 2)
    if where == "bank":
        return (_pay_bank, int(name[1:-1]) if name.startswith("$") else _SPEC[name].value)
    if name in ("House", "Hotel"):
        return (None, 30)
    return (_pay_property, where, _SPEC[name].value)


def _keep_value(name: str) -> float:
    spec = _SPEC[name]
    if spec.kind in ("property", "wild"):
        return 70 + spec.value
    if spec.kind == "money":
        return 20 + 3 * spec.value
    return HAND_KEEP_SCORE.get(name, 30)

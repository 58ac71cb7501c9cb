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
step of the engine (``python benchmarks/agents.py speed`` measures both, in CPU
time and in instructions). It reads a
:class:`~monopoly_widgets.deal.observation.DealView` (the few facts it decides by;
an observation dict is turned into one), skips scoring when there is only one
legal action, and works out what a decision needs once (``_Decision``: per colour,
how far my best pile is from complete and whether I have a set of it, read straight
from the game's own pile lists, which it never changes). It reads each action id
once in a game's life: the id's *plan* (which rule scores it, with which names and
colours, and the most that rule can score) is remembered, so scoring an action is a
look-up and a little arithmetic, and an action whose most is below the best score so
far is not scored at all (a debtor with money in the bank never weighs their
properties). None of this changes a choice: ``tests/agents/test_heuristic_shortcuts.py``
checks each shortcut against the plain way, and ``benchmarks/agents.py decisions``
prints the same hashes as before.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.memo import Memo
from monopoly_widgets.deal.cards import CARDS, COLOUR_INDEX, SET_SIZE, CardSpec
from monopoly_widgets.deal.labels import set_labels
from monopoly_widgets.deal.observation import DealView, Pile
from monopoly_widgets.deal.properties import completes, has_natural_card, is_complete

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
        return rng.choice(legal_actions)
    decision = _Decision(view)
    plans = _PLANS
    best: list[Action] = []
    best_score = _WORST
    for action in legal_actions:
        try:  # the action's score, or at most this (a rule's bound)
            score, rule, facts = plans[action.id]
        except KeyError:  # the first time this id comes up (or the memo was emptied)
            score, rule, facts = plans.keep(action.id, _plan(action))
        if score < best_score:
            continue  # cannot be among the best: not worth working out
        if rule is not None:
            score = rule(decision, action, facts)
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return rng.choice(best)  # best[rng.randrange(len(best))]: the same draw


_WORST = float("-inf")
#: What I have of a colour: (cards in my best unfinished pile of it, set size, that pile
#: has a real card, I have a complete set of it). Whether the pile has a real card matters
#: only when one more card would complete it (a set needs one), so it is looked for only
#: then, and False otherwise.
Colour = tuple[int, int, bool, bool]
#: What I have of a colour I have no pile of, per colour (colour index -> entry).
_NOTHING: tuple[Colour, ...] = tuple((0, size, False, False) for size in SET_SIZE)
#: One of my piles: (colour, cards in it, complete).
PileFacts = tuple[int, int, bool]


class _Decision:
    """What the heuristic knows at one decision, worked out from the view when first needed.

    In the play phase nearly every decision lays, steals or moves a card, so the
    per-colour facts are read at once, straight from the seat's piles (``DealView.piles``:
    the game's own lists, read and never copied). Other phases never look at them, and
    the few rules that need a pile by its label build that look-up on demand. A rule reads
    ``decision.colours or decision.read_colours()`` inline (a method call per action costs
    as much as the rule itself).
    """

    __slots__ = ("view", "colours", "poor", "_piles_by_label")

    def __init__(self, view: DealView) -> None:
        self.view = view
        #: Colour (index) -> what I have of it (``_NOTHING``'s entry where I have no pile).
        #: Empty until :meth:`read_colours` (which the play phase calls at once).
        self.colours: list[Colour] = _colours(view.piles) if view.phase == "play" else []
        #: My bank holds less than $5M (None: not looked at yet).
        self.poor: bool | None = None
        self._piles_by_label: dict[str, PileFacts] | None = None

    def read_colours(self) -> list[Colour]:
        """Fill in ``colours`` from my table (see :func:`_colours`)."""
        colours = self.colours = _colours(self.view.piles)
        return colours

    def pile(self, label: str) -> PileFacts:
        """My pile with this label ("Red", "Red 2", as ``properties.set_labels`` names them):
        its colour, how many cards it has, and whether it is complete."""
        piles = self._piles_by_label
        if piles is None:
            table = self.view.piles
            piles = self._piles_by_label = {
                label: (pile.colour, len(pile.cards), is_complete(pile))  # type: ignore[arg-type]
                for pile, label in zip(table, set_labels(table), strict=True)
            }
        return piles[label]


def _colours(piles: Sequence[Pile]) -> list[Colour]:
    """Per colour, the fullest unfinished pile (the first of equals) and whether any pile of
    it is complete (``properties.is_complete``: enough cards, not only wilds)."""
    colours = [*_NOTHING]
    for pile in piles:
        colour = pile.colour
        cards = pile.cards
        count = len(cards)
        known = colours[colour]
        size = known[1]
        natural = has_natural_card(cards)
        if not completes(count + 1, colour, natural):  # unfinished (see ``Colour``)
            if count > known[0]:
                colours[colour] = (count, size, False, known[3])
        elif completes(count, colour, natural):  # a complete set
            if not known[3]:
                colours[colour] = (known[0], size, known[2], True)
        elif count > known[0]:  # one card short, with a real card
            colours[colour] = (count, size, True, known[3])
    return colours


# --- the rules, one per kind of action (each reads the facts its plan holds) -----------------
#: A plan: (bound, rule, facts) or (score, None, ()) for a fixed score. A rule is called as
#: ``rule(decision, action, facts)`` and returns the action's score, never more than its
#: bound: an action whose bound is below the best score so far is skipped unscored (paying
#: from the bank beats any property, so a debtor's properties are then never looked at).
Facts = tuple[Any, ...]
Plan = tuple[float, "Rule | None", Facts]
Rule = Callable[[_Decision, Action, Facts], float]
# A card of a colour *completes* it when ``completes(count + 1, colour, natural or
# has_natural)`` (``properties.completes``: a set needs a real property card). A sum recurs
# below, written out: its *building value* is ``10 + 20 * (count + 1) // size``
# (``int(20 * (count + 1) / size)``, exactly: set sizes are 2 to 4, so the quotient is never
# a hair below a whole number): more when nearly complete.


def _move_wild(decision: _Decision, action: Action, facts: Facts) -> float:
    """Move a wild only when that completes a set, from a set that is not complete."""
    label, colour = facts
    colours = decision.colours or decision.read_colours()
    count, size, has_natural, complete = colours[colour]
    if complete or not completes(count + 1, colour, has_natural):  # a wild alone: no set
        return -1
    return -1 if decision.pile(label)[2] else 95


def _lay(decision: _Decision, action: Action, facts: Facts) -> float:
    colour, natural = facts
    colours = decision.colours or decision.read_colours()
    count, size, has_natural, complete = colours[colour]
    completed = completes(count + 1, colour, natural or has_natural)
    if complete and not completed:
        return 40  # a second set of a colour does not count towards winning
    if completed:
        return 92
    return 50 + 10 + 20 * (count + 1) // size  # 50 + its building value


def _bank_money(decision: _Decision, action: Action, facts: Facts) -> float:
    poor = decision.poor
    if poor is None:
        view = decision.view
        poor = decision.poor = view.bank_total(view.viewer) < 5
    return 30 + facts[0] + (10 if poor else 0)


def _pass_go(decision: _Decision, action: Action, facts: Facts) -> float:
    return 80 if decision.view.plays_left > 1 else 20


def _birthday(decision: _Decision, action: Action, facts: Facts) -> float:
    return 40 + 2 * (decision.view.players - 1)


def _debt(decision: _Decision, action: Action, facts: Facts) -> float:
    seat = facts[0]
    view = decision.view
    return 45 + (view.bank_total(seat) + view.table_value(seat)) / 10


def _breaker(decision: _Decision, action: Action, facts: Facts) -> float:
    colours = decision.colours or decision.read_colours()
    return 60 if colours[facts[0]][3] else 100


def _steal(decision: _Decision, action: Action, facts: Facts) -> float:
    colour, card_natural, give_colour = facts
    colours = decision.colours or decision.read_colours()
    count, size, has_natural, complete = colours[colour]
    if complete:
        return 20
    if completes(count + 1, colour, card_natural or has_natural):
        base: float = 88
    else:
        base = 40 + 10 + 20 * (count + 1) // size  # 40 + its building value
    if give_colour is not None:  # a Forced Deal gives one of mine away
        count, size, _, _ = colours[give_colour]
        base -= 10 + 20 * count / size  # (every set size is 2 or more)
    return base


def _rent(decision: _Decision, action: Action, facts: Facts) -> float:
    any_colour, doubles = facts
    amount = _RENT_AMOUNTS.get(action.text)  # the label says the amount
    if amount is None:
        amount = _RENT_AMOUNTS.keep(action.text, int(action.text.rsplit("$", 1)[1].rstrip("M")))
    targets = 1 if any_colour else decision.view.players - 1
    gain = amount * targets
    if doubles and gain < 8:
        return 0  # not worth spending a Double the Rent and a play
    return 35 + min(gain, 40) + (5 if doubles else 0)


def _just_say_no(decision: _Decision, action: Action, facts: Facts) -> float:
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


def _pay_bank(decision: _Decision, action: Action, facts: Facts) -> float:
    value = facts[0]
    remaining = _remaining(decision)
    if value >= remaining:
        return 100 - (value - remaining)  # smallest card that covers the debt
    return 60 + value  # otherwise the biggest, to hand over as few as possible


def _pay_property(decision: _Decision, action: Action, facts: Facts) -> float:
    """Properties: the least important first, never from a complete set if avoidable."""
    label, value = facts
    colour, count, complete = decision.pile(label)
    penalty = 40 if complete else 20 * count / SET_SIZE[colour]
    return 20 - penalty - value


#: The most each rule can score (``_debt`` and ``_birthday`` grow with the debtor's wealth
#: and the number of players: no bound). Rules whose bound depends on the action's facts
#: (``_bank_money``, ``_rent``, ``_pay_property``) get theirs in ``_plan``.
_BOUNDS: dict[Rule, float] = {
    _move_wild: 95,
    _lay: 92,
    _pass_go: 80,
    _birthday: float("inf"),
    _debt: float("inf"),
    _breaker: 100,
    _steal: 88,
    _just_say_no: 10,
    _pay_bank: 100,
}


def _rule(rule: Rule, *facts: Any) -> Plan:
    """The plan that scores with ``rule``, bounded by its ``_BOUNDS`` entry."""
    return (_BOUNDS[rule], rule, facts)


def _fixed(score: float) -> Plan:
    """The plan of an action whose score is always ``score``."""
    return (score, None, ())


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
        return _rule(_just_say_no)
    if kind == "accept":
        return _fixed(0)
    if kind == "end_turn":
        return _fixed(5)
    if kind == "discard":
        return _fixed(-_keep_value(action.id.split(":", 1)[1]))
    if kind == "move_wild":  # wild:<set>:<wild>:<colour>
        return _rule(_move_wild, parts[1], COLOUR_INDEX[parts[3]])
    if kind == "bank":
        name = action.id.split(":", 1)[1]
        spec = _SPEC[name]
        if spec.kind == "money":
            return (30 + spec.value + 10, _bank_money, (spec.value,))
        if name == "Just Say No":
            return _fixed(1)
        # An action card is spare when nothing useful can be done with it now.
        return _fixed(25 - HAND_KEEP_SCORE.get(name, 30) / 5)
    if kind == "property":  # lay:<property> or lay:<wild>:<colour>
        spec = _SPEC[parts[1]]
        colour = parts[2] if len(parts) > 2 else spec.colours[0]
        return _rule(_lay, COLOUR_INDEX[colour], spec.kind == "property")
    if kind == "pay":
        return _pay_plan(action.id)
    return _play_plan(parts)


def _play_plan(parts: list[str]) -> Plan:
    verb = parts[0]
    if verb == "play" and parts[1] == "Pass Go":
        return _rule(_pass_go)
    if verb == "play":  # It's My Birthday
        return _rule(_birthday)
    if verb == "debt":
        return _rule(_debt, int(parts[1]))
    if verb == "breaker":  # breaker:<seat>:<set label>, e.g. "Red" or "Red 2"
        label = parts[2]
        colour = label.rsplit(" ", 1)[0] if label[-1].isdigit() else label
        return _rule(_breaker, COLOUR_INDEX[colour])
    if verb in ("sly", "forced"):
        colour, name = COLOUR_INDEX[parts[2]], parts[3]
        give = COLOUR_INDEX[parts[4]] if verb == "forced" else None
        return _rule(_steal, colour, not name.endswith("wild"), give)
    if verb in ("house", "hotel"):
        return _fixed(70)
    if verb == "rent":
        doubles = parts[-1] in ("x2", "x4")
        return (35 + 40 + (5 if doubles else 0), _rent, (parts[1] == "Any-colour rent", doubles))
    return _fixed(10)


def _pay_plan(action_id: str) -> Plan:
    """``pay:bank:<card>`` or ``pay:<set>:<card>``."""
    _, where, name = action_id.split(":", 2)
    if where == "bank":
        return _rule(_pay_bank, int(name[1:-1]) if name.startswith("$") else _SPEC[name].value)
    if name in ("House", "Hotel"):
        return _fixed(30)
    value = _SPEC[name].value
    return (20 - value, _pay_property, (where, value))  # a penalty of 0 at best


def _keep_value(name: str) -> float:
    spec = _SPEC[name]
    if spec.kind in ("property", "wild"):
        return 70 + spec.value
    if spec.kind == "money":
        return 20 + 3 * spec.value
    return HAND_KEEP_SCORE.get(name, 30)

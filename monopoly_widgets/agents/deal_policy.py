"""A stronger Monopoly Deal policy: the heuristic, with its measured mistakes corrected.

The search agent (``agents/search.py``) is a rollout algorithm: it improves one
step on the agent that plays its rollouts and makes every decision it does not
search. A better base policy therefore lifts both. ``DealPolicyAgent`` is that
base: it asks the heuristic (``agents/heuristic_deal.py``) first and keeps its
choice, except in a few patterns where the heuristic was found to lose, each
fixed by one rule below. The patterns were found by the coach: decisions
sampled from heuristic self-play, each judged by ``mw.analyse``
(``benchmarks/find_heuristic_mistakes.py``), grouped by kind; each rule's gain
was then measured in paired games (``benchmarks/deal_policy.py``).

The rules (names as in ``RULES``; each is a function ``rule(view, legal, choice)``
that returns the action to play, which may be the heuristic's ``choice``, or ``None``
when it has nothing to say; the first rule with an answer decides, so two rules
never pull one decision two ways). Each rule's docstring gives the pattern, the
rulebook line and the coach's figures; in brief:

- ``win_this_turn``: take a win that needs two steps (move a wild out of a complete
  set to complete another, then lay the card that completes the first again).
- ``place_wilds_well``: flip a wild that a set can spare, or that sits with no real
  card, to a colour it builds (free: wilds flip "any time on your turn").
- ``keep_deal_breaker``: never bank a Deal Breaker just to use up a play.
- ``rent_they_can_pay``: charge nobody who has nothing to pay with.
- ``big_rent_last``: with the last play, a big rent before a card that completes nothing.
- ``forced_deal_must_gain``: no Forced Deal that leaves both players as far from a set.
- ``steal_to_deny``: choose a Sly Deal target for what it costs the victim too.
- ``exact_change``: pay with the bank cards that overpay least ("There is no change").

Tried and measured no better, so not used: holding other action cards instead of
banking them (0.47 against the heuristic), saving Just Say No for bigger threats
(0.47 to 0.50), not handing properties that build the receiver's sets when paying
(0.50), Pass Go only with room in hand (0.50).

The agent has the heuristic's calling convention and its ``observe`` (a light
decision view, here :class:`PolicyView`, which adds the seat's own bank cards and
the other seats' tables, both public); it decides the same from the observation
dict. Other games are played by the heuristic unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from monopoly_widgets.agents import heuristic_deal
from monopoly_widgets.agents.heuristic import HeuristicAgent
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.rules import Rules
from monopoly_widgets.deal.cards import (
    CARD_COLOURS,
    CARDS,
    COLOUR_INDEX,
    COLOUR_NAMES,
    KIND,
    NAME,
    NATURAL_IDS,
    PACK_SIZE,
    PLAYS_PER_TURN,
    SET_SIZE,
    VALUE,
)
from monopoly_widgets.deal.observation import DealView, PileView, _pile_views
from monopoly_widgets.deal.state import DealState

#: Card values and kinds by name (action ids name cards; same-named cards print the same).
_VALUE_BY_NAME: dict[str, int] = {spec.name: spec.value for spec in CARDS}
_KIND_BY_NAME: dict[str, str] = {spec.name: spec.kind for spec in CARDS}
_CARD_INDEX_BY_NAME: dict[str, int] = {spec.name: i for i, spec in enumerate(CARDS)}


class PolicyView(DealView):
    """The heuristic's :class:`DealView` plus two public facts the rules read: the seat's
    own bank cards (not just their total) and every seat's table."""

    __slots__ = ("_bank", "_tables", "mine")

    def __init__(
        self, state: DealState | None, viewer: int, players: int, phase: str, plays_left: int
    ) -> None:
        super().__init__(state, viewer, players, phase, plays_left)
        self._bank: tuple[int, ...] | None = None
        self._tables: list[tuple[PileView, ...] | None] = [None] * players
        #: The rules' summary of my own table (``_my_table``), made when first needed.
        self.mine: MyTable | None = None

    @property
    def bank(self) -> tuple[int, ...]:
        """The viewer's bank cards (ids), as everyone sees them."""
        if self._bank is None:
            self._bank = tuple(self._live().banks[self.viewer])
        return self._bank

    def table_of(self, seat: int) -> tuple[PileView, ...]:
        """``seat``'s piles (everyone's are on the table for all to see)."""
        if seat == self.viewer:
            return self.table
        piles = self._tables[seat]
        if piles is None:
            piles = self._tables[seat] = _pile_views(self._live().tables[seat])
        return piles

    def facts(self) -> dict[str, Any]:
        facts = super().facts()
        facts["bank"] = self.bank
        facts["tables"] = [self.table_of(seat) for seat in range(self.players)]
        return facts

    @classmethod
    def from_observation(cls, observation: dict[str, Any]) -> PolicyView:
        view = super().from_observation(observation)
        assert isinstance(view, PolicyView)
        seats = observation["seats"]
        view._bank = tuple(card["id"] for card in seats[view.viewer]["bank"])
        view._tables = [
            tuple(
                PileView(
                    COLOUR_INDEX[pile["colour"]],
                    pile["label"],
                    tuple(card["id"] for card in pile["cards"]),
                    pile["complete"],
                    pile["house"]["id"] if pile["house"] else -1,
                    pile["hotel"]["id"] if pile["hotel"] else -1,
                )
                for pile in seat["sets"]
            )
            for seat in seats
        ]
        return view


class MyTable(NamedTuple):
    """My table as the wild rules read it, made once per decision (``_my_table``)."""

    counts: list[int]  # cards per colour, all my piles of it together
    naturals: list[int]  # real property cards per colour
    wilds: list[tuple[int, int, str]]  # (card, its colour now, its pile's label)
    cards: int  # cards on my table


def _my_table(view: PolicyView) -> MyTable:
    mine = view.mine
    if mine is None:
        counts = [0] * len(SET_SIZE)
        naturals = [0] * len(SET_SIZE)
        wilds: list[tuple[int, int, str]] = []
        for pile in view.table:
            colour = pile.colour
            counts[colour] += len(pile.cards)
            for card in pile.cards:
                if card in NATURAL_IDS:
                    naturals[colour] += 1
                else:
                    wilds.append((card, colour, pile.label))
        mine = view.mine = MyTable(counts, naturals, wilds, sum(counts))
    return mine


def policy_view(state: DealState, viewer: int) -> PolicyView:
    """The view ``DealPolicyAgent`` decides by (as ``deal.observation.decision_view``)."""
    return PolicyView(state, viewer, state.players, state.phase, PLAYS_PER_TURN - state.plays_used)


Rule = Callable[[PolicyView, Sequence[Action], Action], Action | None]


# --- payments -----------------------------------------------------------------------------------
def exact_change(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Pay from the bank with the cards that overpay least (then the fewest cards).

    Rulebook, "What if I Owe Another Player Money?": "There is no change in MONOPOLY
    DEAL." The heuristic pays with the smallest single bank card that covers what is
    left; when smaller cards add up closer to the debt, that throws money away. Here
    the best set of bank cards is worked out and its largest card paid first (the
    next payment decision finds the rest of the same set).
    """
    pending = view.pending
    if pending is None or not choice.id.startswith("pay:bank:"):
        return None
    remaining = (pending.amount or 0) - pending.paid
    values = sorted((VALUE[card % PACK_SIZE] for card in view.bank), reverse=True)
    if sum(values) < remaining:
        return None  # the whole bank goes either way
    best = _least_overpay(values, remaining)
    if best is None:
        return None
    wanted = max(best)
    if _VALUE_BY_NAME[choice.id[9:]] == wanted:
        return None
    for action in legal:
        if action.id.startswith("pay:bank:") and _VALUE_BY_NAME[action.id[9:]] == wanted:
            return action
    return None


def _least_overpay(values: list[int], remaining: int) -> tuple[int, ...] | None:
    """The bank values (a sub-multiset of ``values``) adding up to at least ``remaining``
    with the least excess, then the fewest cards. Totals are small ($M), so a table of
    reachable totals is enough."""
    reach: dict[int, tuple[int, ...]] = {0: ()}
    for value in values:
        for total, cards in list(reach.items()):
            if total >= remaining:
                continue  # already covers: adding more only overpays
            new = total + value
            known = reach.get(new)
            if known is None or len(cards) + 1 < len(known):
                reach[new] = (*cards, value)
    covering = [total for total in reach if total >= remaining]
    if not covering:
        return None
    return reach[min(covering)]


def _their_gain(theirs: dict[int, tuple[int, bool]], label: str, name: str) -> float:
    """What ``name`` (paid from my pile ``label``, keeping its colour) does for the
    receiver: a lot if it completes one of their sets, some if it builds one."""
    colour = COLOUR_INDEX[label.rsplit(" ", 1)[0] if label[-1].isdigit() else label]
    count, has_natural = theirs.get(colour, (0, False))
    size = SET_SIZE[colour]
    natural = _KIND_BY_NAME.get(name) == "property"
    if count + 1 >= size and (natural or has_natural):
        return 60.0
    return 20.0 * (count + 1) / size if count else 0.0


def _colour_counts(piles: Sequence[PileView]) -> dict[int, tuple[int, bool]]:
    """Per colour, the most cards in one unfinished pile and whether it has a real card;
    complete colours are left out (a second set of a colour does not count)."""
    counts: dict[int, tuple[int, bool]] = {}
    complete = {pile.colour for pile in piles if pile.complete}
    for pile in piles:
        if pile.colour in complete:
            continue
        known = counts.get(pile.colour)
        if known is None or len(pile.cards) > known[0]:
            counts[pile.colour] = (len(pile.cards), not NATURAL_IDS.isdisjoint(pile.cards))
    return counts


# --- plays --------------------------------------------------------------------------------------
def keep_deal_breaker(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Do not bank a Deal Breaker just to use a play: end the turn (or play else) instead.

    Rulebook, "Deal Breaker": "Steal a complete set of properties from any player."
    The heuristic banks spare action cards rather than end its turn, so a Deal
    Breaker with no target today goes into the bank as $5M, and the chance to
    take a set later (often the winning play) is gone.
    """
    if choice.id != "bank:Deal Breaker":
        return None
    return _choose_without(view, legal, choice.id)


def rent_they_can_pay(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Do not charge rent (or a debt, or a birthday) to players who have nothing to pay with.

    Rulebook, "What if I Run Out of Money and Properties?": "If you have no money or
    Property in front of you, nothing happens." The heuristic scores a rent by the
    amount printed, so it spends a card and a play to collect nothing.
    """
    if choice.kind != "play" or not choice.id.startswith(_CHARGES):
        return None
    for seat in range(view.players):
        if seat != view.viewer and view.bank_total(seat) + view.table_value(seat) > 0:
            return None
    rest = [action for action in legal if not action.id.startswith(_CHARGES)]
    return heuristic_deal.choose(view, rest, random.Random(len(rest))) if rest else None


#: Action ids that charge the other players: rents, Debt Collector, It's My Birthday.
_CHARGES = ("rent:", "debt:", "play:It's My Birthday")


#: A rent that collects at least this much ($M) is worth the last play more than a
#: property that completes nothing (``big_rent_last``).
BIG_RENT = 5


def big_rent_last(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """With the last play, collect a big rent rather than lay a property that completes nothing.

    Rulebook, "On Your Turn": 3 plays a turn. The heuristic scores a rent at 35 plus
    the amount (at most 75), below any property laid (60 to 80), so with one play
    left it lays a lone card and the rent card waits a turn, while the opponent can
    bank or spend the money. The coach rated an $8M Dark Blue rent at 0.54 against
    0.19 for laying Pacific Avenue. What is collected is capped by what the payer
    has in front of them (bank and properties).
    """
    if view.plays_left != 1 or choice.kind != "property":
        return None
    best: Action | None = None
    best_amount = BIG_RENT - 1
    for action in legal:
        if action.kind != "play" or not action.id.startswith("rent:"):
            continue
        amount = int(action.text.rsplit("$", 1)[1].rstrip("M"))
        payers = [
            seat
            for seat in range(view.players)
            if seat != view.viewer
            and (action.id.endswith(f":{seat}") or "Any-colour" not in action.id)
        ]
        collect = sum(min(amount, view.bank_total(p) + view.table_value(p)) for p in payers)
        if collect > best_amount:
            best, best_amount = action, collect
    if best is None or _lay_completes(view, choice):
        return None
    return best


def _lay_completes(view: PolicyView, lay: Action) -> bool:
    """Does laying this property complete a colour I have not completed?"""
    parts = lay.id.split(":")
    colour = (
        COLOUR_INDEX[parts[2]] if len(parts) > 2 else CARD_COLOURS[_CARD_INDEX_BY_NAME[parts[1]]][0]
    )
    counts, naturals = _pooled(view.table)
    natural = _KIND_BY_NAME.get(parts[1]) == "property"
    return (
        counts[colour] + 1 >= SET_SIZE[colour]
        and (natural or naturals[colour])
        and not (counts[colour] >= SET_SIZE[colour] and naturals[colour])
    )


def steal_to_deny(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Choose the Sly or Forced Deal target for what it does to both players.

    Rulebook, "Sly Deal" / "Forced Deal": steal (or swap for one of yours) a property
    not in a full set. The heuristic picks the card that builds my sets best; among
    cards that build mine about as well, taking one from the victim's nearly
    complete set also sets them back, and a Forced Deal must not hand them the card
    that completes one of their sets.
    """
    verb = choice.id.split(":", 1)[0]
    if verb not in ("sly", "forced"):
        return None
    mine = _colour_counts(view.table)
    best, best_score = choice, _steal_score(view, mine, choice)
    for action in legal:
        if action.id.startswith(verb + ":") and action.id != choice.id:
            score = _steal_score(view, mine, action)
            if score > best_score:
                best, best_score = action, score
    return best


#: A Forced Deal must improve my position over the victim's by at least this much, in
#: ``_colour_score`` units (a colour complete: 1), to be worth a play and the card.
FORCED_GAIN = 0.05


def forced_deal_must_gain(
    view: PolicyView, legal: Sequence[Action], choice: Action
) -> Action | None:
    """Play a Forced Deal only for a swap that gains: not a lone card for a lone card.

    Rulebook, "Forced Deal": "Swap any property with another player." The heuristic
    scores what the card taken adds to my sets and subtracts what the card given
    was worth to them, so swapping my lone Pink for their lone Red scores above
    banking the card, though neither of us is closer to a set. Here a swap is
    valued by how much closer it brings my sets (``_colour_score``, all my piles of a
    colour together) minus how much closer it brings the victim's; one that gains
    less than ``FORCED_GAIN`` is not played (the heuristic chooses among the rest).
    """
    if not choice.id.startswith("forced:"):
        return None
    mine = _pooled(view.table)
    best: Action | None = None
    best_gain = FORCED_GAIN
    for action in legal:
        if action.id.startswith("forced:"):
            gain = _swap_gain(view, mine, action.id.split(":"))
            if gain > best_gain:
                best, best_gain = action, gain
    if best is None:
        return _choose_without(view, legal, "forced:")
    return best


def _swap_gain(view: PolicyView, mine: tuple[list[int], list[bool]], parts: list[str]) -> float:
    """``forced:<seat>:<colour>:<card>:<my colour>:<my card>``: my gain minus theirs."""
    seat, take, take_name = int(parts[1]), COLOUR_INDEX[parts[2]], parts[3]
    give, give_name = COLOUR_INDEX[parts[4]], parts[5]
    theirs = _pooled(view.table_of(seat))
    take_real = _KIND_BY_NAME.get(take_name) == "property"
    give_real = _KIND_BY_NAME.get(give_name) == "property"
    return (
        _change(mine, take, +1, take_real)
        + _change(mine, give, -1, False)
        - (_change(theirs, give, +1, give_real) + _change(theirs, take, -1, False))
    )


def _change(pooled: tuple[list[int], list[bool]], colour: int, step: int, real: bool) -> float:
    """How ``_colour_score`` of ``colour`` changes when a card comes (+1) or goes (-1)."""
    counts, naturals = pooled
    count, natural = counts[colour], naturals[colour]
    after = _colour_score(colour, count + step, natural or (real and step > 0))
    return after - _colour_score(colour, count, natural)


def _steal_score(view: PolicyView, mine: dict[int, tuple[int, bool]], action: Action) -> float:
    parts = action.id.split(":")
    seat, colour, name = int(parts[1]), COLOUR_INDEX[parts[2]], parts[3]
    natural = _KIND_BY_NAME.get(name) == "property"
    count, has_natural = mine.get(colour, (0, False))
    size = SET_SIZE[colour]
    if count + 1 >= size and (natural or has_natural):
        score = 88.0
    else:
        score = 50.0 + 20.0 * (count + 1) / size
    theirs = _colour_counts(view.table_of(seat))
    their_count, _ = theirs.get(colour, (0, False))
    score += 12.0 * their_count / size  # what the victim loses towards that set
    if parts[0] == "forced":
        give = COLOUR_INDEX[parts[4]]
        given_count, _ = mine.get(give, (0, False))
        score -= 10.0 + 20.0 * given_count / SET_SIZE[give]
        score -= _their_gain(theirs, parts[4], parts[5])
    return score


# --- winning this turn ---------------------------------------------------------------------------
def win_this_turn(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Take a win that needs wilds re-arranged: the next step of a plan to 3 sets now.

    Rulebook: the game ends when a player "collects 3 complete Property sets in
    different colors"; wild cards can be flipped "any time on your turn" (free),
    and up to 3 cards played. The heuristic looks one action ahead, so it misses a
    win that needs two: move a multicolour wild out of a complete Brown set into
    Red, completing it, then lay the Brown from hand to complete Brown again.
    Here every way to lay up to ``plays_left`` properties from hand and place the
    wilds (table and laid) is tried; if one completes 3 colours, its next step
    (wild moves first, they are free) is played.
    """
    if choice.id.startswith("breaker:") or not _might_win(view):
        return None
    plan = _winning_plan(view, 3)
    if plan is None:
        return None
    moves, lays = plan
    ids = {action.id: action for action in legal}
    for step in (*moves, *lays):
        action = ids.get(step)
        if action is not None:
            return action
    # No step is open now (the engine's wild options): play on, but move no wild against
    # the plan (no other rule may move one while a plan stands).
    if choice.kind == "move_wild":
        return _choose_without(view, legal, "wild:")
    return choice


def _might_win(view: PolicyView) -> bool:
    """Worth planning a win? Only with a wild on the table to move (without one, laying
    what completes a set, one card at a time as the heuristic does, is all there is)
    and at least 6 cards, the three smallest sets, on the table or playable this turn."""
    mine = _my_table(view)
    return bool(mine.wilds) and mine.cards + view.plays_left >= 6


def _winning_plan(view: PolicyView, goal: int) -> tuple[list[str], list[str]] | None:
    """(wild moves, lays) as action ids that give ``goal`` complete colours, or None.

    The fewest cards laid from hand, then the fewest wild moves. Which plans exist does
    not depend on where the wilds are now, and a move made from the plan leaves one with
    a move fewer: so following it one step at a time always ends, never in circles.
    """
    mine = _my_table(view)
    naturals, wilds = mine.naturals, mine.wilds
    hand = [card for card in view.hand if KIND[card % PACK_SIZE] in ("property", "wild")]
    if not _could_win(naturals, wilds, hand, goal):
        return None
    plays = view.plays_left
    for size in range(0, min(plays, len(hand)) + 1):
        best: tuple[list[tuple[int, int, int, str]], tuple[int, ...]] | None = None
        best_moves = 0
        for laid in combinations(hand, size):
            counts = naturals[:]
            free: list[tuple[int, int, str]] = list(wilds)
            for card in laid:
                if card in NATURAL_IDS:
                    counts[CARD_COLOURS[card % PACK_SIZE][0]] += 1
                else:
                    free.append((card, -1, ""))
            if not _could_win(counts, free, [], goal):
                continue
            placed = _place_wilds(counts, free, goal)
            if placed is not None and (best is None or _moves(placed) < best_moves):
                best, best_moves = (placed, laid), _moves(placed)
        if best is not None:
            return _steps(*best)
    return None


def _moves(placed: list[tuple[int, int, int, str]]) -> int:
    """How many table wilds an assignment moves."""
    return sum(1 for _, colour, now, _ in placed if now >= 0 and colour != now)


def _could_win(
    naturals: list[int], wilds: list[tuple[int, int, str]], hand: list[int], goal: int
) -> bool:
    """A quick bound: could ``goal`` colours be completed, each needing real cards and
    as many wilds as it lacks, with no wild counted twice over the cheapest colours?"""
    counts = naturals[:]
    for card in hand:
        if card in NATURAL_IDS:
            counts[CARD_COLOURS[card % PACK_SIZE][0]] += 1
    spare = [card for card, _, _ in wilds] + [c for c in hand if c not in NATURAL_IDS]
    able = [0] * len(SET_SIZE)
    for card in spare:
        for colour in CARD_COLOURS[card % PACK_SIZE]:
            able[colour] += 1
    lacking = sorted(
        max(0, size - counts[c])
        for c, size in enumerate(SET_SIZE)
        if counts[c] and size - counts[c] <= able[c]
    )
    return len(lacking) >= goal and sum(lacking[:goal]) <= len(spare)


def _place_wilds(
    counts: list[int], wilds: list[tuple[int, int, str]], goal: int
) -> list[tuple[int, int, int, str]] | None:
    """Colours for the wilds that complete ``goal`` colours with real cards, as
    (card, new colour, old colour, pile label), moving as few table wilds as can be;
    wilds not needed stay where they are (and are left out)."""
    able = [0] * len(SET_SIZE)
    for card, _, _ in wilds:
        for colour in CARD_COLOURS[card % PACK_SIZE]:
            able[colour] += 1
    candidates = [c for c, size in enumerate(SET_SIZE) if counts[c] and size - counts[c] <= able[c]]
    best: list[tuple[int, int, int, str]] | None = None
    for chosen in combinations(candidates, goal):
        need = {c: SET_SIZE[c] - counts[c] for c in chosen if SET_SIZE[c] > counts[c]}
        # Wilds already on a needed colour stay there (no move), if the rest can then be
        # covered; otherwise every wild is free to go anywhere it can.
        assignment: list[tuple[int, int, int, str]] = []
        rest = []
        kept = dict(need)
        for wild in wilds:
            card, now, label = wild
            if kept.get(now, 0) > 0:
                kept[now] -= 1
                assignment.append((card, now, now, label))
            else:
                rest.append(wild)
        found = _cover(kept, rest, assignment)
        if found is None:
            found = _cover(dict(need), list(wilds), [])
        if found is not None and (best is None or _moves(found) < _moves(best)):
            best = found
    return best


def _cover(
    need: dict[int, int],
    wilds: list[tuple[int, int, str]],
    assignment: list[tuple[int, int, int, str]],
) -> list[tuple[int, int, int, str]] | None:
    """Backtracking: give each unmet need a wild that can take that colour.

    The colour with the fewest wilds able to fill it goes first, a colour that cannot be
    filled ends the branch, and wilds with the same name and place are tried once."""
    colour = -1
    fewest = 99
    for c, n in need.items():
        if n > 0:
            able = sum(1 for card, _, _ in wilds if c in CARD_COLOURS[card % PACK_SIZE])
            if able < n:
                return None
            if able < fewest:
                colour, fewest = c, able
    if colour < 0:
        return assignment
    tried = set()
    for index, (card, now, label) in enumerate(wilds):
        kind = (card % PACK_SIZE, now)
        if kind in tried or colour not in CARD_COLOURS[card % PACK_SIZE]:
            continue
        tried.add(kind)
        need[colour] -= 1
        found = _cover(
            need, wilds[:index] + wilds[index + 1 :], [*assignment, (card, colour, now, label)]
        )
        need[colour] += 1
        if found is not None:
            return found
    return None


def _steps(
    placed: list[tuple[int, int, int, str]], laid: tuple[int, ...]
) -> tuple[list[str], list[str]]:
    """Action ids: wild moves (``wild:<pile>:<card>:<colour>``), then lays."""
    colour_of = {card: colour for card, colour, _, _ in placed}
    moves = [
        f"wild:{label}:{NAME[card % PACK_SIZE]}:{COLOUR_NAMES[colour]}"
        for card, colour, now, label in placed
        if now >= 0 and colour != now
    ]
    lays = []
    for card in laid:
        name = NAME[card % PACK_SIZE]
        if card in NATURAL_IDS:
            lays.append(f"lay:{name}")
        else:
            colour = colour_of.get(card, CARD_COLOURS[card % PACK_SIZE][0])
            lays.append(f"lay:{name}:{COLOUR_NAMES[colour]}")
    return moves, lays


# --- wild placement ----------------------------------------------------------------------------
def place_wilds_well(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Flip a wild to where it does more: out of a set that has a card to spare, or out
    of a pile with no real card, into a colour it builds.

    Rulebook, "Property Wild Cards": "You can flip the card to change the color of the
    Property any time on your turn!" (free: it uses none of the 3 plays). The
    heuristic moves a wild only when that completes a set, so a multicolour wild
    stays in a Brown set that a second Brown card already completes, or two Red/Yellow
    wilds sit in Red with no real Red card while a real Yellow waits alone. The coach
    rated such moves far above the heuristic's choice (0.58 against 0.31, 0.81 against
    0.38 in sampled positions). Each colour is scored by how close it is to a set
    (complete: 1; else the share held, squared, halved without a real card; a second
    pile of a colour counts with the first, as the engine merges unfinished piles),
    and the move that raises the total most is made; a move must raise it, so
    wilds never go round in circles.
    """
    mine = _my_table(view)
    if choice.id.startswith("breaker:") or not mine.wilds:
        return None
    counts, naturals = mine.counts, mine.naturals
    wanted: list[tuple[float, str, str, int]] = []  # (gain, pile label, wild name, colour)
    for card, source, label in mine.wilds:
        scores = _SCORES[source][naturals[source] > 0]
        loss = scores[counts[source]] - scores[counts[source] - 1]
        for target in CARD_COLOURS[card % PACK_SIZE]:
            if target != source:
                scores = _SCORES[target][naturals[target] > 0]
                gain = scores[counts[target] + 1] - scores[counts[target]] - loss
                if gain > 1e-9:
                    wanted.append((gain, label, NAME[card % PACK_SIZE], target))
    if not wanted:
        return None
    wanted.sort(key=lambda move: -move[0])
    ids = {action.id: action for action in legal if action.kind == "move_wild"}
    for _, label, name, target in wanted:  # the best move the rules allow now
        best = ids.get(f"wild:{label}:{name}:{COLOUR_NAMES[target]}")
        if best is not None:
            return best
    return None


def _pooled(piles: Sequence[PileView]) -> tuple[list[int], list[bool]]:
    """Cards per colour over all my piles, and whether each colour has a real card."""
    counts = [0] * len(SET_SIZE)
    naturals = [False] * len(SET_SIZE)
    for pile in piles:
        counts[pile.colour] += len(pile.cards)
        if not naturals[pile.colour] and not NATURAL_IDS.isdisjoint(pile.cards):
            naturals[pile.colour] = True
    return counts, naturals


def _colour_score(colour: int, count: int, natural: bool) -> float:
    """How close ``count`` cards of ``colour`` are to a set: 1 when complete, else the
    share held, squared (the last cards matter most), halved without a real card."""
    size = SET_SIZE[colour]
    if count >= size and natural:
        return 1.0
    share = min(count, size) / size
    return share * share * (1.0 if natural else 0.5)


#: ``_SCORES[colour][has a real card][cards]``: ``_colour_score`` looked up, not worked out.
_SCORES: tuple[tuple[tuple[float, ...], ...], ...] = tuple(
    tuple(tuple(_colour_score(colour, n, natural) for n in range(30)) for natural in (False, True))
    for colour in range(len(SET_SIZE))
)


def _colour_of_label(label: str) -> int:
    """The colour of a pile label ("Red", or "Red 2" when a colour has several piles)."""
    return COLOUR_INDEX[label.rsplit(" ", 1)[0] if label[-1].isdigit() else label]


def _choose_without(view: PolicyView, legal: Sequence[Action], prefix: str) -> Action | None:
    """The heuristic's choice among the actions whose id does not start with ``prefix``."""
    rest = [action for action in legal if not action.id.startswith(prefix)]
    if not rest:
        return None
    return heuristic_deal.choose(view, rest, random.Random(len(rest)))


#: The rules by name, in the order they are tried, and the phases they apply in.
RULES: dict[str, tuple[str, Rule]] = {
    "win_this_turn": ("play", win_this_turn),
    "place_wilds_well": ("play", place_wilds_well),
    "keep_deal_breaker": ("play", keep_deal_breaker),
    "rent_they_can_pay": ("play", rent_they_can_pay),
    "big_rent_last": ("play", big_rent_last),
    "forced_deal_must_gain": ("play", forced_deal_must_gain),
    "steal_to_deny": ("play", steal_to_deny),
    "exact_change": ("pay", exact_change),
}


class DealPolicyAgent(HeuristicAgent):
    """The heuristic agent with ``RULES`` correcting its Monopoly Deal choices.

    ``rules``: the names of the rules to use (default: all), for measuring each
    one's worth. In other games it is the heuristic agent.
    """

    def __init__(self, rules: Sequence[str] | None = None) -> None:
        names = list(RULES) if rules is None else list(rules)
        unknown = [name for name in names if name not in RULES]
        if unknown:
            raise ValueError(f"unknown rules {unknown!r}; the rules are {sorted(RULES)}")
        self.rules = tuple(names)
        self._by_phase: dict[str, list[Rule]] = {}
        for name in names:
            phase, rule = RULES[name]
            self._by_phase.setdefault(phase, []).append(rule)

    def observe(self, rules: Rules, state: Any, seat: int) -> Any:
        if rules.name == "deal":
            return policy_view(state, seat)
        return super().observe(rules, state, seat)

    def __call__(
        self,
        observation: Any,
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        if isinstance(observation, PolicyView):
            view = observation
        elif isinstance(observation, dict) and observation.get("game") == "deal":
            view = PolicyView.from_observation(observation)
        else:
            return super().__call__(observation, legal_actions, rng)
        choice = heuristic_deal.choose(view, legal_actions, rng)
        if len(legal_actions) > 1:
            for rule in self._by_phase.get(view.phase, ()):
                better = rule(view, legal_actions, choice)
                if better is not None:
                    return better
        return choice

    def __repr__(self) -> str:
        if self.rules == tuple(RULES):
            return "DealPolicyAgent()"
        return f"DealPolicyAgent(rules={list(self.rules)!r})"


class PerSeatAgent:
    """One agent for some seats, another for the rest: a rollout policy that plays the
    searching seat with ``DealPolicyAgent`` and its opponents as the agent they really
    are (the heuristic), so imagined opponents are neither stronger nor weaker than the
    real ones.

    ``agents``: seat -> agent; ``others``: the agent of every other seat. Each seat's
    agent gets its own kind of observation (``observe``), as ``play_out`` would hand it.
    """

    needs_observation = True

    def __init__(self, agents: dict[int, Any], others: Any) -> None:
        self.agents = dict(agents)
        self.others = others

    def observe(self, rules: Rules, state: Any, seat: int) -> Any:
        agent = self.agents.get(seat, self.others)
        observe = getattr(agent, "observe", None)
        return observe(rules, state, seat) if observe else rules.observation(state, seat)

    def __call__(
        self, observation: Any, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        seat = observation["viewer"] if isinstance(observation, dict) else observation.viewer
        return self.agents.get(seat, self.others)(observation, legal_actions, rng)

    def __repr__(self) -> str:
        return f"PerSeatAgent({self.agents!r}, others={self.others!r})"

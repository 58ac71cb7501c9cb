"""Monopoly Deal for the search agent: how it imagines the hands it cannot see.

:class:`HeuristicBeliefs` (the Deal descriptor's ``beliefs``, used by
``SearchAgent(beliefs="heuristic")``) turns each fair re-deal of the unseen cards
(``rules.determinize``) into hands a heuristic player would hold, in three steps:
they lean towards what such a player keeps (``hand_odds.lean_hands``); they agree
with what the public record says about Just Say No (below); and, against the
heuristic, a world is dealt up to ``TRIES`` times to find the hands that best explain
the choices it was seen to make since it last drew (``explains``).

The Just Say No record. By default (option ``ask_every_target``) the engine asks
every target whether to answer an action card, whatever is in their hand, so being
asked says nothing and this record learns nothing from it: the worlds are a fair
re-deal of the unseen cards (RULES-NOTES, "Hidden information in answers").

Under ``ask_every_target = False`` (the engine's older reading, kept as an option)
``deal/responses.advance`` gives the target a "respond" decision only if they hold
a Just Say No (``may_say_no``), and otherwise goes straight on to the payment or
the steal. Everyone sees which happened (the game waits for the target, or it does
not), so after hitting another player the record says whether that player holds a
Just Say No at that moment. A fair re-deal of the unseen cards would forget this:
in a third of its worlds a player who just paid a rent without a word holds a Just
Say No after all; a player who let a small rent pass but was asked (so holds one)
may be imagined without one.

:class:`JustSayNoRecord` reads the record step by step (``game.timeline.walk``,
looking only at public facts: whose decision it is, the phase, the actions taken)
and keeps, for each other player, ``True`` (holds one), ``False`` (holds none) or
no entry (unknown). What it knows lasts until it can change:

- asked to answer (the phase is "respond" and they are the responder): ``True``;
- hit by the turn player's action card and not asked: ``False``;
- they play a Just Say No: unknown again (they may hold another);
- they draw at the start of their turn: ``False`` becomes unknown (``True`` stays).

``hold_as_known(world, known, rng)`` then moves Just Say No cards between the
imagined hands and the draw pile of a sampled world (swapping with a random card,
so every count stays right) until each player's hand agrees with what is known.
"""

from __future__ import annotations

import random
from typing import Any

from monopoly_widgets.agents.deal.hand_odds import lean_hands
from monopoly_widgets.deal.cards import JUST_SAY_NO_IDS
from monopoly_widgets.deal.state import PHASE_PAY, PHASE_PLAY, PHASE_RESPOND, DealState

#: Action-card plays (``play`` actions by their id's first word) that hit other players.
HIT_VERBS = frozenset({"rent", "debt", "sly", "forced", "breaker"})
BIRTHDAY = "play:It's My Birthday"


_is_jsn = JUST_SAY_NO_IDS.__contains__  # is this card a Just Say No?


class JustSayNoRecord:
    """What the public record of one game says about who holds a Just Say No.

    ``update(game)`` reads the steps taken since the last call; ``known`` maps a
    player to ``True`` or ``False``. It never reads a hand: only the phase, who
    answers, whose turn it is and which actions were taken, all public.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.known: dict[int, bool] = {}
        self._step = 0
        self._before: tuple[int, str, int | None] | None = None

    def update(self, game: Any) -> dict[int, bool]:
        """Read the steps since the last call (all of them the first time); what is known
        about the other players. Nothing, when every target is asked (``ask_every_target``):
        who is asked is then no clue."""
        if game.options.get("ask_every_target", False):
            return {}
        timeline = game.timeline
        last = len(timeline)
        if last < self._step:  # the game stepped back: read it again from the start
            self.known, self._step, self._before = {}, 0, None
        start = 0 if self._before is None else self._step + 1
        for moment in timeline.walk(start, last):
            if self._before is not None:
                self._learn(self._before, timeline.actions[moment.step - 1], moment.state)
            self._before = _public(moment.state)
        self._step = last
        return {p: holds for p, holds in self.known.items() if p != self.seat}

    def _learn(self, before: tuple[int, str, int | None], action: Any, after: DealState) -> None:
        turn_player, phase, responder = before
        if action.kind == "respond" and responder is not None:
            self.known.pop(responder, None)  # played one; may hold another
        if after.turn_player != turn_player:  # a new turn: its player draws
            if self.known.get(after.turn_player) is False:
                del self.known[after.turn_player]
        asked = after.pending.responder if after.phase == PHASE_RESPOND and after.pending else None
        if asked is not None:
            self.known[asked] = True
        verb = action.id.split(":", 1)[0]
        hit = action.kind == "play" and (verb in HIT_VERBS or action.id == BIRTHDAY)
        if hit and phase != PHASE_RESPOND:
            for target in _targets(action, after, turn_player):
                if target != asked:
                    self.known[target] = False

    def __repr__(self) -> str:
        return f"JustSayNoRecord(seat={self.seat}, known={self.known})"


def _public(state: DealState) -> tuple[int, str, int | None]:
    responder = state.pending.responder if state.phase == PHASE_RESPOND and state.pending else None
    return state.turn_player, state.phase, responder


def _targets(action: Any, after: DealState, source: int) -> list[int]:
    """Who a hit was aimed at and, not being asked, answered nothing: the first target
    only (later targets of a rent or birthday are asked after the first is settled)."""
    if after.pending is not None and after.pending.targets:
        return [after.pending.targets[0]]
    parts = action.id.split(":")
    if parts[0] in ("debt", "sly", "forced", "breaker") and parts[1].isdigit():
        return [int(parts[1])]
    if after.players == 2:
        return [1 - source]
    return []


def hold_as_known(world: DealState, known: dict[int, bool], rng: random.Random) -> DealState:
    """Swap Just Say No cards between hands and the draw pile of ``world`` (in place) so
    that each player in ``known`` holds one (``True``) or none (``False``), where the
    unseen cards allow it."""
    pile = world.draw_pile
    for player, holds in known.items():
        hand = world.hands[player]
        if holds and not any(_is_jsn(card) for card in hand) and hand:
            spare = [i for i, card in enumerate(pile) if _is_jsn(card)]
            if spare:
                i, j = rng.choice(spare), rng.randrange(len(hand))
                hand[j], pile[i] = pile[i], hand[j]
        elif not holds:
            for j, card in enumerate(hand):
                if _is_jsn(card):
                    others = [i for i, c in enumerate(pile) if not _is_jsn(c)]
                    if not others:
                        break
                    i = rng.choice(others)
                    hand[j], pile[i] = pile[i], hand[j]
    return world


# --- What the heuristic did says what it held -------------------------------------------
#: Worlds dealt for one imagined world at most, looking for hands that explain what the
#: heuristic opponent did (``explains``); the world that explains most is kept.
TRIES = 6
#: How many steps back ``decisions_since_draw`` reads (a turn and the next, with room).
WINDOW = 48


class _Recorder:
    """Stands in for the random stream in ``heuristic.choose``, which draws its
    tie-break as ``rng.choice(best)``: it notes every best action instead of drawing."""

    def __init__(self) -> None:
        self.best: list[Any] = []

    def choice(self, options: Any) -> Any:
        self.best = list(options)
        return options[0]


class PastDecision:
    """One decision of another player since they last drew: the state before it (its
    hidden parts are replaced before anything reads it), what was chosen, and the cards
    that left their hand from then on (public: they reached a bank, a table or the
    discard pile)."""

    __slots__ = ("state", "player", "action_id", "played_since")

    def __init__(self, state: DealState, player: int, action_id: str) -> None:
        self.state = state
        self.player = player
        self.action_id = action_id
        self.played_since: list[int] = []


def _public_cards(state: DealState) -> set[int]:
    cards = set(state.discard_pile)
    for bank in state.banks:
        cards.update(bank)
    for table in state.tables:
        for pile in table:
            cards.update(pile.cards)
            cards.update(b for b in (pile.house, pile.hotel) if b >= 0)
    return cards


def decisions_since_draw(game: Any, seat: int) -> list[PastDecision]:
    """The other player's choices since they last drew (turn start or Pass Go), 2 players.

    Their hand now is what they held then less what they played since, so a sampled
    hand now gives the hand at each of those choices. Only public facts are read from
    the replayed states; each ``PastDecision.state`` keeps the hidden cards as they were
    until ``explains`` replaces them.
    """
    timeline = game.timeline
    if game.players != 2 or len(timeline) == 0:
        return []
    other = 1 - seat
    last = len(timeline)
    start = max(0, last - WINDOW)
    out: list[PastDecision] = []
    seen_draw = start == 0
    before = None
    for moment in timeline.walk(start, last):
        state = moment.state
        if before is not None:
            action = timeline.actions[moment.step - 1]
            drew = action.id == "play:Pass Go" or state.turn_player != before.turn_player
            if drew and state.turn_player == other:
                out, seen_draw = [], True  # they drew unseen cards: start again from here
            elif _actor(before) == other:
                new = _public_cards(state) - _public_cards(before)
                if before.phase == PHASE_PLAY and action.kind != "move_wild":
                    out.append(PastDecision(before, other, action.id))
                for decision in out:
                    decision.played_since.extend(new)
        before = state.clone()
    return out if seen_draw else []


def _actor(state: DealState) -> int:
    """Who decides in ``state`` (public: the phase and the pending action say it)."""
    pending = state.pending
    if pending is not None and state.phase == PHASE_RESPOND:
        return pending.responder
    if pending is not None and state.phase == PHASE_PAY:
        return pending.targets[0]
    return state.turn_player


def explains(
    world: DealState, seat: int, decisions: list[PastDecision], rules: Any, chooser: Any
) -> int:
    """How many of ``decisions`` the heuristic (``chooser``) would have made had it held,
    then, the hand ``world`` gives it now plus what it played since (ties all count)."""
    from monopoly_widgets.agents.deal import heuristic
    from monopoly_widgets.deal.observation import DealView

    count = 0
    for decision in decisions:
        past = decision.state.clone()
        past.hands[decision.player] = world.hands[decision.player] + decision.played_since
        past.draw_pile = list(world.draw_pile)
        legal = rules.legal_actions(past)
        if not any(action.id == decision.action_id for action in legal):
            continue
        view = chooser(rules, past, decision.player)
        if not isinstance(view, DealView):
            return 0
        recorder = _Recorder()
        heuristic.choose(view, legal, recorder)  # type: ignore[arg-type]
        if len(legal) == 1 or any(a.id == decision.action_id for a in recorder.best):
            count += 1
    return count


class HeuristicBeliefs:
    """The other hands as a heuristic player's, for the search agent at ``seat``: the search
    calls ``update`` once per searched decision, then ``imagine`` on every world it deals,
    and ``explains`` on each when it looks for the hands behind the opponent's choices."""

    tries = TRIES

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._record = JustSayNoRecord(seat)
        self._known: dict[int, bool] = {}
        self._past: list[PastDecision] = []

    def update(self, game: Any, explain: bool) -> int:
        """Read the public record up to now; with ``explain`` (the opponent is the
        heuristic), also the choices since it last drew. Returns how many there are."""
        self._known = self._record.update(game)
        self._past = decisions_since_draw(game, self.seat) if explain else []
        return len(self._past)

    def imagine(self, world: DealState, rng: random.Random) -> DealState:
        """``world`` (a fair re-deal) with the other hands dealt again as believed."""
        return hold_as_known(lean_hands(world, self.seat, rng), self._known, rng)

    def explains(self, world: DealState, rules: Any, chooser: Any) -> int:
        """How many of the choices since the opponent drew ``world``'s hands explain."""
        return explains(world, self.seat, self._past, rules, chooser)

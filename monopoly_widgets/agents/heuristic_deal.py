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
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.board import GROUP_SIZE

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
    observation: dict[str, Any], legal_actions: Sequence[Action], rng: random.Random
) -> Action:
    """The best-scoring legal action for the observing seat."""
    view = _View(observation)
    best: list[Action] = []
    best_score = float("-inf")
    for action in legal_actions:
        score = view.score(action)
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return best[rng.randrange(len(best))]


class _View:
    """What the heuristic knows about the table, from the observation only."""

    def __init__(self, obs: dict[str, Any]) -> None:
        self.obs = obs
        self.me = obs["viewer"]
        seat = obs["seats"][self.me]
        self.hand = seat["hand"] or []
        self.sets = seat["sets"]
        self.bank_total = seat["bank_total"]
        self.complete = {s["colour"] for s in self.sets if s["complete"]}
        self.pending = obs["pending"]
        self.plays_left = obs["plays_left"]
        # Looked up once per decision rather than once per action (a decision offers
        # about ten actions, often several naming the same card or colour).
        self.card_by_name: dict[str, dict[str, Any]] = {}
        for card in self.hand:
            self.card_by_name.setdefault(card["name"], card)
        self.set_by_label = {s["label"]: s for s in self.sets}
        self._progress: dict[str, tuple[int, int, bool]] = {}

    # --- how far each colour is from complete -------------------------------------------------
    def progress(self, colour: str) -> tuple[int, int, bool]:
        """(cards in my best unfinished pile of colour, set size, pile has a real card)."""
        known = self._progress.get(colour)
        if known is not None:
            return known
        best = (0, 0, False)
        for pile in self.sets:
            if pile["colour"] == colour and not pile["complete"]:
                if len(pile["cards"]) > best[0]:
                    natural = any(c["kind"] == "property" for c in pile["cards"])
                    best = (len(pile["cards"]), pile["size"], natural)
        if best[1] == 0:
            size = next((p["size"] for p in self.sets if p["colour"] == colour), 0)
            best = (0, size or GROUP_SIZE[colour], False)
        self._progress[colour] = best
        return best

    def completes(self, colour: str, natural: bool) -> bool:
        count, size, has_natural = self.progress(colour)
        return count + 1 >= size and (natural or has_natural)

    def building_value(self, colour: str) -> int:
        """How much a card of this colour helps: more when the set is nearly complete."""
        count, size, _ = self.progress(colour)
        return 10 + int(20 * (count + 1) / size)

    # --- scoring --------------------------------------------------------------------------------
    def score(self, action: Action) -> float:
        """The action's score: one look-up of its kind's rule (``_SCORERS``), then that rule."""
        return _SCORERS.get(action.kind, _View._play)(self, action)

    def _discard(self, action: Action) -> float:
        return -self._keep_value(action.id.split(":", 1)[1])

    def _end_turn(self, action: Action) -> float:
        return 5

    def _move_wild(self, action: Action) -> float:
        _, label, _, colour = action.id.split(":")
        source = self.set_by_label[label]
        useful = not source["complete"] and colour not in self.complete
        return 95 if useful and self.completes(colour, False) else -1

    def _lay(self, action: Action) -> float:
        parts = action.id.split(":")
        name = parts[1]
        card = self.card_by_name[name]
        colour = parts[2] if len(parts) > 2 else card["colours"][0]
        natural = card["kind"] == "property"
        if colour in self.complete and not self.completes(colour, natural):
            return 40  # a second set of a colour does not count towards winning
        if self.completes(colour, natural):
            return 92
        return 50 + self.building_value(colour)

    def _bank(self, action: Action) -> float:
        name = action.id.split(":", 1)[1]
        card = self.card_by_name[name]
        if card["kind"] == "money":
            return 30 + card["value"] + (10 if self.bank_total < 5 else 0)
        if name == "Just Say No":
            return 1
        # An action card is spare when nothing useful can be done with it now.
        return 25 - HAND_KEEP_SCORE.get(name, 30) / 5

    def _play(self, action: Action) -> float:
        parts = action.id.split(":")
        verb = parts[0]
        if verb == "play" and parts[1] == "Pass Go":
            return 80 if self.plays_left > 1 else 20
        if verb == "play":  # It's My Birthday
            return 40 + 2 * (self.obs["players"] - 1)
        if verb == "debt":
            return 45 + self._victim_wealth(int(parts[1])) / 10
        if verb == "breaker":
            colour = parts[2].rsplit(" ", 1)[0] if parts[2][-1].isdigit() else parts[2]
            return 100 if colour not in self.complete else 60
        if verb in ("sly", "forced"):
            colour, name = parts[2], parts[3]
            card_natural = not name.endswith("wild")
            if colour in self.complete:
                return 20
            base = 88 if self.completes(colour, card_natural) else 40 + self.building_value(colour)
            if verb == "forced":
                give_colour = parts[4]
                count, size, _ = self.progress(give_colour)
                base -= 10 + 20 * count / max(size, 1)
            return base
        if verb in ("house", "hotel"):
            return 70
        if verb == "rent":
            return self._rent(action, parts)
        return 10

    def _rent(self, action: Action, parts: list[str]) -> float:
        amount = int(action.text.rsplit("$", 1)[1].rstrip("M"))
        targets = 1 if parts[1] == "Any-colour rent" else self.obs["players"] - 1
        doubles = parts[-1] in ("x2", "x4")
        gain = amount * targets
        if doubles and gain < 8:
            return 0  # not worth spending a Double the Rent and a play
        return 35 + min(gain, 40) + (5 if doubles else 0)

    def _victim_wealth(self, seat: int) -> int:
        other = self.obs["seats"][seat]
        return other["bank_total"] + sum(c["value"] for s in other["sets"] for c in s["cards"])

    def _respond(self, action: Action) -> float:
        pending = self.pending
        big = pending["kind"] in ("deal_breaker",) or (pending["amount"] or 0) >= 4
        if pending["kind"] in ("sly_deal", "forced_deal"):
            big = True
        if action.kind == "respond":
            return 10 if big else -10
        return 0

    def _pay(self, action: Action) -> float:
        parts = action.id.split(":", 2)
        remaining = (self.pending["amount"] or 0) - self.pending["paid"]
        if parts[1] == "bank":
            value = (
                int(parts[2][1:-1])
                if parts[2].startswith("$")
                else _bank_card_value(self.obs, self.me, parts[2])
            )
            if value >= remaining:
                return 100 - (value - remaining)  # smallest card that covers the debt
            return 60 + value  # otherwise the biggest, to hand over as few as possible
        # Properties and buildings: the least important first.
        label, name = parts[1], parts[2]
        pile = self.set_by_label[label]
        if name in ("House", "Hotel"):
            return 30
        value = next(c["value"] for c in pile["cards"] if c["name"] == name)
        penalty = 40 if pile["complete"] else 20 * len(pile["cards"]) / pile["size"]
        return 20 - penalty - value

    def _keep_value(self, name: str) -> float:
        card = self.card_by_name[name]
        if card["kind"] in ("property", "wild"):
            return 70 + card["value"]
        if card["kind"] == "money":
            return 20 + 3 * card["value"]
        return HAND_KEEP_SCORE.get(name, 30)


#: The rule that scores each kind of action; every other kind is an action card (``_play``).
_SCORERS = {
    "respond": _View._respond,
    "accept": _View._respond,
    "pay": _View._pay,
    "discard": _View._discard,
    "end_turn": _View._end_turn,
    "move_wild": _View._move_wild,
    "bank": _View._bank,
    "property": _View._lay,
}


def _bank_card_value(obs: dict[str, Any], seat: int, name: str) -> int:
    return next(c["value"] for c in obs["seats"][seat]["bank"] if c["name"] == name)

"""``BidRules``: Monopoly Bid behind the shared game protocol.

The rules themselves live in small modules, named as in every game package:
``setup`` (deal, mulligan), ``rounds`` (the rhythm of a round), ``legal`` (each
rule's check, and the legal actions built from them), ``illegal`` (why an id is
not legal, from the same checks), ``position``, ``observation``, ``render`` and
``rulebook`` (every citation); then what is particular to Bid: ``actions_cards``
(Wild!, Draw 2!, Steal!, Nope! windows), ``auction`` (sealed bids, ties,
raises), ``card_choice`` (choosing a bid's cards one value at a time), ``deals``
(the deal window: any player with any other), ``trading`` (the host-only
reading), ``catalogue`` (every id there can be) and ``table`` (drawing, sets,
winning). This class only
connects them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from monopoly_widgets.bid import (
    actions_cards,
    auction,
    card_choice,
    deals,
    illegal,
    legal,
    observation,
    render,
    trading,
)
from monopoly_widgets.bid import position as positions
from monopoly_widgets.bid.options import OPTIONS, check_option_values
from monopoly_widgets.bid.rounds import end_round_without_auction, next_round
from monopoly_widgets.bid.setup import new_state
from monopoly_widgets.bid.state import PHASE_OVER, BidState, Link, clone_state, current_player
from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.rules import Rules


class BidRules(Rules):
    """Monopoly Bid for 2 to 5 players.

    ASSUMPTION: the rulebook gives no number of players; 2 to 5 is our choice (an
    auction needs two bidders, and five hands of five cards leave a draw pile).
    """

    name = "bid"
    options = OPTIONS

    # --- setting up -------------------------------------------------------------
    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> BidState:
        check_option_values(options)
        return new_state(players, seed, options)

    def state_from_position(
        self, position: Mapping[str, Any], seed: int, options: dict[str, Any]
    ) -> BidState:
        check_option_values(options)
        return positions.from_position(position, seed, options)

    def position(self, state: BidState) -> dict[str, Any]:
        return positions.to_position(state)

    def setup_events(self, state: BidState) -> list[Event]:
        return list(state.setup_log)

    def clone(self, state: BidState) -> BidState:
        return clone_state(state)

    # --- playing ------------------------------------------------------------------
    def current_player(self, state: BidState) -> int | None:
        return current_player(state)

    def legal_actions(self, state: BidState) -> list[Action]:
        return legal.legal_actions(state)

    def apply(self, state: BidState, action: Action) -> list[Event]:
        head, _, rest = action.id.partition(":")
        seat = action.player
        if head in ("auction", "end_round") and deals.window_opens(state):
            return deals.open_window(state)  # first, everyone may propose a deal
        if head == "auction":
            return auction.start_auction(state)
        if head == "end_round":
            return end_round_without_auction(state)
        if head == "deal":
            return deals.apply(state, seat, rest)
        if head in ("bid", "raise"):
            cards = self._money_chosen(state, seat, rest)
            if cards is None:  # part-way through choosing the cards (card_choice.py)
                return []
            commit = auction.seal_bid if head == "bid" else auction.choose_raise
            return commit(state, seat, cards) + self._after_auction(state)
        if head == "nope":
            return actions_cards.answer_nope(state, seat)
        if head == "pass":
            return actions_cards.answer_pass(state, seat)
        if head == "trade":
            return trading.start_offer(state)
        if action.id == trading.NO_OFFER:
            return trading.no_offer(state)
        if head == "offer":
            to, give, take = rest.split(":", 2)
            return trading.make_offer(state, int(to), give, take)
        if head in ("accept", "refuse"):
            return trading.answer(state, head == "accept")
        return actions_cards.play_card(state, self._link(state, action))

    @staticmethod
    def _money_chosen(state: BidState, seat: int, rest: str) -> list[int] | None:
        """The cards a ``bid:...`` / ``raise:...`` id commits, or None while the cards
        are still being chosen one value at a time."""
        if rest == "none":
            return []
        if rest == card_choice.CHOOSE:
            card_choice.start(state)
            return None
        step = card_choice.read_step(rest)
        if step is not None:
            return card_choice.take_step(state, seat, *step)
        cards = auction.cards_for(state, seat, int(rest))
        assert cards is not None
        return cards

    @staticmethod
    def _after_auction(state: BidState) -> list[Event]:
        """Once the auction is settled, the next round starts (or the game has ended)."""
        if state.auction_property is None:
            return next_round(state)
        return []

    @staticmethod
    def _link(state: BidState, action: Action) -> Link:
        """The chain link for a host's ``draw2`` / ``wild:...`` / ``steal:...`` action."""
        parts = action.id.split(":")
        host = state.host
        assert action.card is not None
        if parts[0] == "draw2":
            return Link(host, action.card, "draw2")
        if parts[0] == "wild":
            if parts[1] == "new":
                return Link(host, action.card, "wild", colour=parts[2])
            index = int(parts[1])
            colour = state.sets[host][index].colour
            return Link(host, action.card, "wild", colour=colour, set_index=index)
        victim, index = int(parts[1]), int(parts[2])
        return Link(host, action.card, "steal", set_index=index, victim=victim, target=parts[3])

    def why_illegal(self, state: BidState, action_id: str) -> str | None:
        return illegal.why_illegal(state, action_id)

    def is_over(self, state: BidState) -> bool:
        return state.phase == PHASE_OVER

    def winner(self, state: BidState) -> int | None:
        return state.winner

    def turn(self, state: BidState) -> int:
        """The round number: one round per auction."""
        return state.round

    def num_players(self, state: BidState) -> int:
        return state.players

    # --- seeing -------------------------------------------------------------------
    def observation(self, state: BidState, player: int | None) -> dict[str, Any]:
        return observation.observe(state, player)

    def metrics(self, state: BidState) -> dict[str, list[int]]:
        return observation.metrics(state)

    def render_text(self, state: BidState, perspective: int | None = None) -> str:
        return render.render_text(state, perspective)

    def render_html(self, state: BidState, perspective: int | None = None) -> str:
        return render.render_html(state, perspective)

    # --- checking and searching -----------------------------------------------------
    def card_census(self, state: BidState) -> list[int]:
        found = [c for hand in state.hands for c in hand]
        found += [c for seat in state.sets for s in seat for c in s.cards]
        found += state.property_pile + state.draw_pile + state.discard_pile
        found += [link.card for link in state.chain]
        found += [c for bid in state.bids if bid for c in bid]
        found += [c for extra in state.raises if extra for c in extra]
        found += state.card_choice or []
        if state.auction_property is not None:
            found.append(state.auction_property)
        return found

    def deck_ids(self, state: BidState) -> list[int]:
        return list(range(len(state.deck)))

    def determinize(self, state: BidState, player: int, rng: random.Random) -> BidState:
        return observation.determinize(state, player, rng)

    def determinize_draws(self, state: BidState, rng: random.Random) -> BidState:
        return observation.determinize_draws(state, rng)

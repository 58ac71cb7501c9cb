"""Property-based checks: random legal sequences keep the engine's invariants."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import monopoly_widgets as mw
from monopoly_widgets.deal.cards import PACK_SIZE, SET_SIZE, VALUE
from monopoly_widgets.deal.properties import is_complete, tidy_colour


def _bank_total(game: mw.Game, seat: int) -> int:
    return sum(VALUE[c % PACK_SIZE] for c in game.state.banks[seat])


def _buildings(table: list) -> set[int]:
    return {card for pile in table for card in (pile.house, pile.hotel) if card >= 0}


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    choices=st.lists(st.integers(0, 10_000), min_size=10, max_size=250),
)
def test_random_legal_sequences_keep_invariants(seed, players, choices):
    """Every card in one place; piles never exceed the set size and are always tidy;
    buildings only on complete non-Railroad/Utility sets; a payment never gives the debtor
    anything back (no change) and every card paid counts; bank totals never negative."""
    game = mw.new_game("deal", players=players, seed=seed)
    for choice in choices:
        if game.is_over:
            break
        legal = game.legal_actions()
        action = legal[choice % len(legal)]
        state = game.state
        before_banks = [_bank_total(game, p) for p in range(players)]
        before_bank_cards = [set(bank) for bank in state.banks]
        built = [_buildings(table) for table in state.tables]
        pending = state.pending
        paid_before = pending.paid if pending is not None else 0
        game.apply(action)
        census = sorted(game.rules.card_census(game.state))
        assert census == game.rules.deck_ids(game.state)
        for table in game.state.tables:
            for pile in table:
                assert 0 < len(pile.cards) <= SET_SIZE[pile.colour]
                if pile.house >= 0 or pile.hotel >= 0:
                    assert is_complete(pile) and pile.colour < 8
                if pile.hotel >= 0:
                    assert pile.house >= 0
        for p in range(players):
            assert _bank_total(game, p) >= 0
        # Piles are always in their one tidy arrangement (docs: "How piles are kept").
        tidied = game.state.clone()
        for p in range(players):
            for colour in range(10):
                tidy_colour(tidied, p, colour, [])
        assert tidied.tables == game.state.tables
        for table in game.state.tables:
            order = [(pile.colour, not is_complete(pile)) for pile in table]
            assert order == sorted(order)
        if action.kind == "pay":
            debtor = action.player
            # The debtor never receives anything back: no change. Only their own House or
            # Hotel may reach their bank, when paying a card breaks its set (option
            # broken_set_buildings_to, default "bank": docs/rules/deal.md, "Buildings").
            own = built[debtor] & (set(game.state.banks[debtor]) - before_bank_cards[debtor])
            own_value = sum(VALUE[c % PACK_SIZE] for c in own)
            assert _bank_total(game, debtor) <= before_banks[debtor] + own_value
            after = game.state.pending
            if after is not None and after.targets and after.targets[0] == debtor:
                assert after.paid > paid_before


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_observation_hides_other_hands(seed):
    """Observations show other hands only as counts, and the unseen multiset adds up."""
    game = mw.new_game("deal", players=3, seed=seed)
    obs = game.observation(1)
    assert obs["seats"][0]["hand"] is None and obs["seats"][1]["hand"] is not None
    hidden = obs["draw_pile"] + obs["seats"][0]["hand_count"] + obs["seats"][2]["hand_count"]
    assert sum(obs["unseen"].values()) == hidden

"""Moves that come to the same thing are analysed once.

Two legal moves are *equivalent* when they leave exactly the same position:
moving a Multicolour wild to the Railroads from either of two identical Utility
piles, say, or (in Bid) two sealed bids that both lose to a higher one. Playing both
out would spend twice the playouts to learn the same number, and two equal
moves can never be told apart, so the coach could never call one "best". The
analysis plays out one of each group and reports its figures for every move in
it (``MoveEstimate.same_as`` names the one played).

The test is made in sampled worlds (``rules.determinize``), as the playouts
are, so it never reads a hidden card: moves count as equivalent only if they
leave the same position in every one of ``WORLDS`` sampled worlds. Where the
worlds could differ (a sealed bid that loses in these worlds but might win in
another), that is a sample, not a proof; ``WORLDS`` is large enough that a merge
the playouts would disagree with is unlikely, and small enough to cost a few
milliseconds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.rng import make_rng

WORLDS = 8


def equivalent_groups(
    game: Game, seat: int, legal: Sequence[Action], seed: int, cards_known: bool
) -> dict[str, list[str]]:
    """The moves grouped by the positions they leave: first move of each group -> all its ids."""
    rules = game.rules
    worlds = []
    for index in range(WORLDS):
        rng = make_rng(seed, "merge", index)
        if cards_known:
            worlds.append(rules.determinize_draws(game.state, rng))
        else:
            worlds.append(rules.determinize(game.state, seat, rng))
    groups: dict[tuple[str, ...], list[str]] = {}
    for action in legal:
        key = tuple(_after(rules, world, action.id) for world in worlds)
        groups.setdefault(key, []).append(action.id)
    return {ids[0]: ids for ids in groups.values()}


def _after(rules: Any, world: Any, action_id: str) -> str:
    """The position ``action_id`` leaves in ``world`` (a copy), as canonical JSON."""
    copy = rules.clone(world)
    action = next((a for a in rules.legal_actions(copy) if a.id == action_id), None)
    if action is None:  # not legal in this world: it cannot be merged with anything
        return f"illegal:{action_id}"
    rules.apply(copy, action)
    return json.dumps(rules.position(copy), sort_keys=True)

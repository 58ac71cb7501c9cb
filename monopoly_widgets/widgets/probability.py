"""The probability panel: what a player can expect from the next draw.

A panel function takes one seat's observation and returns rows
``(label, probability, explanation)``. Anyone can register one with
:func:`register_probability`; otherwise the probability module's
``monopoly_widgets.prob.<game>.panel`` is used when it exists; and an explorer
can be given its own function through ``explorer.probability_panel``.

Until a game registers something better, Deal has a built-in panel computed
exactly from the observation: from the player's point of view, the cards they
will draw are a uniformly random handful of the cards they cannot see (the
``"unseen"`` multiset: the draw pile plus the other hands), so the chance of
drawing at least one useful card is hypergeometric:
``1 - C(N - S, k) / C(N, k)`` with ``N`` unseen cards, ``S`` of them useful,
``k`` cards drawn.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import lru_cache
from math import comb
from typing import Any

ProbabilityRow = tuple[str, float, str]
ProbabilityFn = Callable[[dict[str, Any]], list[ProbabilityRow]]

_REGISTRY: dict[str, ProbabilityFn] = {}


def register_probability(game_name: str, fn: ProbabilityFn) -> None:
    """Use ``fn(observation) -> [(label, probability, explanation)]`` for ``game_name``."""
    if not callable(fn):
        raise TypeError(f"the probability panel must be a function, not {type(fn).__name__}")
    _REGISTRY[game_name] = fn


def probability_function(game_name: str) -> ProbabilityFn | None:
    """The panel for ``game_name``: registered, else ``monopoly_widgets.prob.<game>.panel``,
    else the built-in one, else ``None``."""
    if game_name in _REGISTRY:
        return _REGISTRY[game_name]
    try:
        module = importlib.import_module(f"monopoly_widgets.prob.{game_name}")
    except ImportError:
        module = None
    if module is not None and callable(getattr(module, "panel", None)):
        return module.panel
    return _BUILT_IN.get(game_name)


def chance_at_least_one(useful: int, unseen: int, drawn: int) -> float:
    """P(at least one useful card) when ``drawn`` of ``unseen`` cards are dealt at random."""
    if drawn <= 0 or useful <= 0 or unseen <= 0:
        return 0.0
    drawn = min(drawn, unseen)
    return 1.0 - comb(unseen - useful, drawn) / comb(unseen, drawn)


# --- the built-in Deal panel -------------------------------------------------------------


@lru_cache(maxsize=1)
def _deal_specs() -> dict[str, dict[str, Any]]:
    """Card name -> spec (kind, colours), from the Deal engine's card data."""
    from monopoly_widgets.deal.cards import CARDS

    specs: dict[str, dict[str, Any]] = {}
    for spec in CARDS:
        specs[spec.name] = {"kind": spec.kind, "colours": tuple(spec.colour_names)}
    return specs


def completes(spec: dict[str, Any], colour: str, only_wilds_so_far: bool) -> bool:
    """Would a card with ``spec`` complete a ``colour`` set that lacks one card?

    Rule (RULES-NOTES, wild property cards): a set made only of wilds is not
    complete, so then only a real property card of that colour completes it.
    """
    if colour not in spec["colours"]:
        return False
    if spec["kind"] == "property":
        return True
    return spec["kind"] == "wild" and not only_wilds_so_far


def deal_draw_odds(observation: dict[str, Any]) -> list[ProbabilityRow]:
    """Chances for the next draw of the observing seat (or the seat whose turn it is).

    Rule: Deal rulebook "On Your Turn": draw 2 cards, or 5 if your hand is empty.
    """
    seat = observation.get("viewer")
    if seat is None:
        seat = observation.get("turn_player")
    if seat is None or observation.get("is_over"):
        return []
    me = observation["seats"][seat]
    unseen: dict[str, int] = observation.get("unseen") or {}
    population = sum(unseen.values())
    pile = observation.get("draw_pile", 0)
    drawn = 5 if me.get("hand_count", 0) == 0 else 2
    drawn = min(drawn, pile)
    if population == 0 or drawn == 0:
        return []
    specs = _deal_specs()
    where = f"{drawn} cards drawn from {population} you cannot see"
    per_colour: list[ProbabilityRow] = []
    needing: list[str] = []
    any_useful: set[str] = set()
    for prop_set in me.get("sets", []):
        missing = prop_set.get("size", 0) - len(prop_set.get("cards", []))
        if prop_set.get("complete") or missing != 1:
            continue
        colour = prop_set["colour"]
        only_wilds = all(c.get("kind") == "wild" for c in prop_set.get("cards", []))
        names = sorted(n for n in unseen if n in specs and completes(specs[n], colour, only_wilds))
        useful = sum(unseen[n] for n in names)
        any_useful.update(names)
        needing.append(colour)
        per_colour.append(
            (
                f"Completes {colour}",
                chance_at_least_one(useful, population, drawn),
                f"{useful} unseen cards would complete {colour}: "
                f"{', '.join(names) or 'none left'}; {where}",
            )
        )
    useful = sum(unseen[n] for n in any_useful)
    if needing:
        total_text = f"{useful} unseen cards would complete {' or '.join(needing)}; {where}"
    else:
        total_text = "none of your sets lacks just one card"
    rows = [("Completes a set", chance_at_least_one(useful, population, drawn), total_text)]
    if len(per_colour) > 1:
        rows += per_colour
    jsn = unseen.get("Just Say No", 0)
    rows.append(
        (
            "Just Say No",
            chance_at_least_one(jsn, population, drawn),
            f"{jsn} Just Say No cards are unseen; {where}",
        )
    )
    return rows


_BUILT_IN: dict[str, ProbabilityFn] = {"deal": deal_draw_odds}

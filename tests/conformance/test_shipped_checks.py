"""The shipped checks catch what they claim to: each is run on an engine broken on purpose.

``break_method`` breaks one method of a game's (shared) rules object for one test.
It patches the instance's own ``__dict__`` (``monkeypatch.setitem``), so that the
undo deletes the patch; ``monkeypatch.setattr`` would leave a bound method behind
on the shared instance.
"""

from __future__ import annotations

import itertools
import random

import pytest

from monopoly_widgets.core.registry import GAMES, get_rules
from monopoly_widgets.core.serialization import new_game
from monopoly_widgets.testing import (
    CHECKS,
    check_citations,
    check_determinize,
    check_game,
    check_global_rng_ignored,
    check_observations,
    check_random_playout,
    check_undo,
    player_counts,
)


def break_method(monkeypatch: pytest.MonkeyPatch, rules: object, name: str, broken: object) -> None:
    """Replace ``rules.<name>`` with ``broken`` for one test; nothing is left after it."""
    monkeypatch.setitem(vars(rules), name, broken)


def test_player_counts_come_from_the_descriptor() -> None:
    assert player_counts("deal") == [2, 3, 4, 5, 6, 10]
    assert player_counts("bid") == [2, 3, 4, 5]
    assert player_counts("cardgame") == [2, 3, 4, 5, 6]


def test_a_lost_card_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_rules("deal")
    census = rules.card_census
    break_method(monkeypatch, rules, "card_census", lambda state: census(state)[1:])
    with pytest.raises(AssertionError, match="cards lost"):
        check_random_playout("deal", 2, seed=0)


def test_an_engine_reading_the_global_rng_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_rules("deal")
    legal_actions = rules.legal_actions

    def shuffled(state: object) -> list:
        actions = list(legal_actions(state))
        random.shuffle(actions)  # the global RNG: what an engine must never use
        return actions

    break_method(monkeypatch, rules, "legal_actions", shuffled)
    with pytest.raises(AssertionError, match="global RNG"):
        check_global_rng_ignored("deal", 2, seed=7)


def test_a_position_that_is_not_the_states_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A position holding something the state does not (here: how often it was asked for)
    cannot be restored by going back."""
    rules = get_rules("cardgame")
    position = rules.position
    asked = itertools.count()
    break_method(
        monkeypatch, rules, "position", lambda state: {**position(state), "asked": next(asked)}
    )
    with pytest.raises(AssertionError, match="differs"):
        check_undo("cardgame", 3, seed=11)


def test_an_observation_without_the_common_keys_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = get_rules("bid")
    observation = rules.observation

    def without_decision(state: object, player: int | None) -> dict:
        seen = dict(observation(state, player))
        del seen["decision"]
        return seen

    break_method(monkeypatch, rules, "observation", without_decision)
    with pytest.raises(AssertionError, match="lacks 'decision'"):
        check_observations("bid", 2, seed=9)


def test_a_determinize_that_peeks_or_changes_the_view_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dealing a whole new game is not 're-dealing what the player cannot see'."""
    rules = get_rules("deal")
    break_method(
        monkeypatch,
        rules,
        "determinize",
        lambda state, player, rng: new_game("deal", 2, rng.randrange(99)).state,
    )
    with pytest.raises(AssertionError, match="determinize"):
        check_determinize("deal", 2, seed=21)


def test_a_citation_in_another_format_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_rules("bid")
    apply = rules.apply

    def uncited(state: object, action: object) -> list:
        events = apply(state, action)
        for event in events:
            event.rule = "see the rulebook"
        return events

    break_method(monkeypatch, rules, "apply", uncited)
    with pytest.raises(AssertionError, match="not in the format"):
        check_citations("bid", 2, seed=31)


@pytest.mark.parametrize("name", list(GAMES))
def test_check_game_runs_every_check(name: str) -> None:
    """The one call a contributor makes: every check, for each count and seed asked."""
    assert check_game(name, players=2, seeds=[0]) == len(CHECKS)


def test_no_patch_is_left_on_the_shared_rules() -> None:
    """Run after the tests above (file order): each broken method was deleted again, so
    the shared rules objects hold only their own attributes, no leftover bound methods."""
    for name in GAMES:
        left = [key for key, value in vars(get_rules(name)).items() if callable(value)]
        assert left == [], f"{name}: {left}"

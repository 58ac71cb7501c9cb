"""The two-step choice: every legal move reachable, nothing else offered, ids unchanged.

``menu`` below follows ``choiceMenu`` and ``drawChoices`` in ``static/choices.js``
step by step (a screen shows every move when there are few, else the next
level's labels; with many moves the cards on the table are the first step),
so walking it from every starting point finds what a student can reach.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.widgets import choices as choice_menu
from monopoly_widgets.widgets.table import STATIC
from tests.widgets.helpers import attach, browser_says, game_names

#: The limits in choices.js (CHOICE_LIMIT, COMPACT_CHOICE_LIMIT).
LIMITS = (10, 6)


def test_the_limits_here_are_the_ones_in_choices_js() -> None:
    js = (STATIC / "choices.js").read_text()
    assert f"const CHOICE_LIMIT = {LIMITS[0]};" in js
    assert f"const COMPACT_CHOICE_LIMIT = {LIMITS[1]};" in js


def menu(pool: list[dict], prefix: list[str], limit: int) -> tuple[list[dict], list[list[str]]]:
    """One screen of choices: (moves shown as buttons, group paths shown as buttons)."""
    under = [c for c in pool if c["path"][: len(prefix)] == prefix]
    if len(under) <= limit:
        return under, []
    depth = len(prefix)

    def deeper(c: dict) -> bool:
        return depth < len(c["path"]) - 1

    while all(deeper(c) for c in under) and len({c["path"][depth] for c in under}) == 1:
        depth += 1
    leaves = [c for c in under if not deeper(c)]
    groups: dict[str, list[dict]] = {}
    for c in under:
        if deeper(c):
            groups.setdefault(c["path"][depth], []).append(c)
    paths = []
    for label, members in groups.items():
        if len(members) == 1:
            leaves.append(members[0])
        else:
            paths.append([*members[0]["path"][:depth], label])
    return leaves, paths


def reachable(choices: list[dict], limit: int) -> tuple[set[str], int]:
    """Every action id a student can reach, and the most buttons on one screen."""
    found: set[str] = set()
    widest = 0

    def walk(pool: list[dict], prefix: list[str], full: list[dict]) -> None:
        nonlocal widest
        leaves, groups = menu(pool, prefix, limit)
        widest = max(widest, len(leaves) + len(groups))
        found.update(c["id"] for c in leaves)
        for path in groups:
            walk(full, path, full)

    by_cards = len(choices) > limit and any(c["on_table"] for c in choices)
    if by_cards:
        walk([c for c in choices if not c["on_table"]], [], choices)
        for card in {c["card"] for c in choices if c["on_table"]}:
            mine = [c for c in choices if c["card"] == card]
            walk(mine, [], mine)
    else:
        walk(choices, [], choices)
    return found, widest


def all_people(name: str, players: int, seed: int) -> mw.GameExplorer:
    game = mw.new_game(name, players=players, seed=seed)
    return mw.GameExplorer(game, agents=[None] * players)


def check_offer(explorer: mw.GameExplorer) -> dict[str, Any]:
    offered = explorer.table.choices
    legal = explorer.legal_actions()
    assert [c["id"] for c in offered] == [a.id for a in legal], "ids are the engine's, in order"
    assert len({tuple(c["path"]) for c in offered}) == len(offered), "no two moves look alike"
    names = choice_menu.card_names(explorer.table.table)
    for choice in offered:
        assert choice["path"][-1] == choice["text"]
        if choice["on_table"]:
            assert str(choice["card"]) in names, "a card to click must be on the table"
    stats = {}
    for limit in LIMITS:
        found, widest = reachable(offered, limit)
        assert found == {a.id for a in legal}, "every legal move is reachable, nothing else"
        stats[limit] = widest
    return stats


@pytest.mark.parametrize("name", game_names())
def test_every_legal_move_is_reachable_and_ids_are_unchanged(name: str) -> None:
    players = {"deal": 5, "bid": 4, "cardgame": 3}[name]
    most = 0
    for seed in range(3):
        explorer = all_people(name, players, seed)
        rng = random.Random(seed)
        played = []
        for _ in range(150):
            if explorer.game.is_over:
                break
            check_offer(explorer)
            most = max(most, len(explorer.table.choices))
            choice = rng.choice(explorer.table.choices)
            browser_says(
                explorer,
                {
                    "type": "action",
                    "id": choice["id"],
                    "seat": explorer.table.choice_seat,
                    "step": explorer.step,
                },
            )
            assert explorer.last_error == ""
            played.append(choice["id"])
        assert explorer.game.history == played, "the ids sent back are what the game saves"
        assert mw.GameExplorer.from_json(explorer.to_json()).game.history == played
    assert most > LIMITS[0], f"the walk never met a large choice set in {name}"


def test_forced_deal_is_card_then_player_then_take_then_give() -> None:
    """A Forced Deal with dozens of (take, give) pairs needs at most a screenful per step."""
    for seed in range(40):
        explorer = all_people("deal", 5, seed)
        rng = random.Random(seed)
        for _ in range(300):
            if explorer.game.is_over:
                break
            forced = [c for c in explorer.table.choices if c["id"].startswith("forced:")]
            if len(forced) >= 20:
                card = forced[0]["path"][0]
                assert all(c["path"][0] == card for c in forced)
                assert all(c["path"][1].startswith("Player ") for c in forced)
                assert all(c["path"][2].startswith("take ") for c in forced)
                stats = check_offer(explorer)
                assert stats[LIMITS[0]] <= 12 and stats[LIMITS[1]] <= 12, stats
                return
            explorer.play_action(rng.choice(explorer.legal_actions()).id)
    pytest.fail("no position with 20 Forced Deal choices was found")


def test_step_on_a_persons_turn_says_whose_move_it_is() -> None:
    explorer = mw.play("deal", players=3, human=1, seed=4)
    while explorer.current_player() != 1:
        if explorer.playing:
            explorer.tick()
        else:
            explorer.forward()

    comm = attach(explorer)
    step = explorer.step
    browser_says(explorer, {"type": "step", "by": 1})
    assert explorer.step == step, "nothing moves: it is a person's decision"
    assert "Player 1" in explorer.table.notice and "your move" in explorer.table.notice
    nudges = [m for m in comm.customs() if m.get("type") == "nudge"]
    assert nudges and nudges[-1]["seat"] == 1, "the browser is told to show it"
    browser_says(explorer, {"type": "step", "by": 1})
    assert len([m for m in comm.customs() if m.get("type") == "nudge"]) == 2, "every time"
    explorer.play_action(explorer.legal_actions()[0].id)
    assert "Step waits" not in explorer.table.notice


def test_every_identical_copy_of_a_playable_card_offers_its_moves() -> None:
    """Bid seed 1: the host starts with two Wild! and two Draw 2! (interchangeable copies).

    The engine offers each move once, naming the first copy; both copies must be
    highlighted (clickable) and lead to the same moves, and nothing else may.
    """
    game = mw.new_game("bid", players=3, seed=1)
    host = game.current_player
    explorer = mw.GameExplorer(game, agents=[None, None, None])
    attach(explorer)
    state = game.state_at(0)
    hand = list(state.hands[host])
    copies = {
        name: [c for c in hand if state.deck[c].name == name] for name in ("Wild!", "Draw 2!")
    }
    assert all(len(ids) == 2 for ids in copies.values()), "the position has changed"
    choices = explorer.table.choices
    by_card: dict[str, set[str]] = {}
    for choice in choices:
        assert choice["card"] is None or choice["card"] in choice["cards"]
        for card in choice["cards"]:
            by_card.setdefault(str(card), set()).add(choice["id"])
    for name, ids in copies.items():
        first, second = (by_card.get(str(card)) for card in ids)
        assert first and first == second, f"both {name} cards offer the same moves"
    assert "draw2" in by_card[str(copies["Draw 2!"][1])]
    # Only cards of a legal move are clickable: Nope! cannot be played by the host now.
    playable = {str(c) for ids in copies.values() for c in ids} | {
        str(a.card) for a in game.legal_actions() if a.card is not None
    }
    assert set(by_card) == playable

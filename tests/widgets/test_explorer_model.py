"""The explorer's widget model, driven by browser messages, for every game that has landed.

Each test sends the custom messages ``static/table.js`` sends and checks the
game, the traits and what Python sent back (recorded by a dummy comm).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.bid.cards import money_name
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.widgets import seats, views
from tests.widgets.helpers import (
    attach,
    browser_says,
    card_ids,
    game_names,
    starting_seat,
)

PLAYERS = 3
SEED = 7


def bots_explorer(name: str, **kwargs: object) -> mw.GameExplorer:
    game = mw.new_game(name, players=PLAYERS, seed=SEED)
    return mw.GameExplorer(game, agents=[RandomAgent() for _ in range(PLAYERS)], **kwargs)


def human_explorer(name: str) -> tuple[mw.GameExplorer, int]:
    """A person in the seat that decides first; random bots elsewhere."""
    seat = starting_seat(name, PLAYERS, SEED)
    agents = [None if s == seat else RandomAgent() for s in range(PLAYERS)]
    return mw.GameExplorer(mw.new_game(name, players=PLAYERS, seed=SEED), agents=agents), seat


def table_at(explorer: mw.GameExplorer, step: int, viewer: int | None) -> dict:
    """The table model built from scratch for ``step``: what the browser must show."""
    game = explorer.game
    observation = game.rules.observation(game.state_at(step), viewer)
    return views.table_model(
        game.name, observation, seats.roles(explorer.agents, explorer.perspective)
    )


@pytest.mark.parametrize("name", game_names())
def test_repr_is_stable(name: str) -> None:
    explorer = bots_explorer(name)
    assert repr(explorer) == f"<GameExplorer {name} 3 players step 0/0 seed={SEED}>"
    assert repr(explorer.table) == f"<GameTable {name} step 0/0>"
    bundle = explorer._repr_mimebundle_()
    assert bundle["text/plain"] == repr(explorer)
    assert "application/vnd.jupyter.widget-view+json" in bundle


@pytest.mark.parametrize("name", game_names())
def test_step_forward_moves_bots_and_step_back_keeps_the_future(name: str) -> None:
    explorer = bots_explorer(name)
    comm = attach(explorer)
    for _ in range(6):
        browser_says(explorer, {"type": "step", "by": 1})
    assert explorer.game.step == 6 and explorer.step == 6
    assert comm.last("step") == 6
    history = explorer.game.history
    browser_says(explorer, {"type": "step", "by": -1})
    browser_says(explorer, {"type": "step", "by": -1})
    assert explorer.step == 4
    assert explorer.game.history == history, "stepping back must not change the game"
    assert comm.last("table") == table_at(explorer, 4, None)
    assert comm.last("steps") == 6
    browser_says(explorer, {"type": "step", "by": 1})
    assert explorer.step == 5 and explorer.game.history == history
    assert comm.last("table") == table_at(explorer, 5, None)
    assert explorer.last_error == ""


@pytest.mark.parametrize("name", game_names())
def test_scrubbing_shows_each_step_and_sends_only_changed_traits(name: str) -> None:
    explorer = bots_explorer(name)
    for _ in range(40):
        explorer.forward()
    comm = attach(explorer)
    for step in (0, 17, 3, 40, 16, 33):
        comm.clear()
        browser_says(explorer, {"type": "seek", "step": step})
        assert explorer.step == step
        assert comm.last("table") == table_at(explorer, step, None)
        sent = set().union(*comm.updates())
        assert "seat_names" not in sent and "seed" not in sent, "unchanged traits were re-sent"
    assert explorer.game.step == 40
    browser_says(explorer, {"type": "reset"})
    assert explorer.step == 0 and explorer.game.step == 40


@pytest.mark.parametrize("name", game_names())
def test_a_seat_view_hides_the_other_hands(name: str) -> None:
    explorer = bots_explorer(name)
    for _ in range(25):
        explorer.forward()
    comm = attach(explorer)
    viewer = 1
    browser_says(explorer, {"type": "perspective", "seat": viewer})
    assert explorer.perspective == viewer and explorer.last_error == ""
    sent_model = comm.last("table")
    teacher = explorer.observation(None)
    hidden = set()
    for seat in teacher["seats"]:
        if seat["seat"] != viewer:
            hidden |= {card["id"] for card in seat.get("hand") or []}
    assert hidden, "other seats should be holding cards"
    assert not card_ids(sent_model) & hidden, "a hidden card reached the browser"
    visible = card_ids(explorer.observation(viewer))
    assert card_ids(sent_model) <= visible
    for panel in sent_model["seats"]:
        hand = next(row for row in panel["rows"] if row["label"] == "Hand")
        if panel["seat"] == viewer:
            assert "cards" in hand
        else:
            assert hand["hidden"] == teacher["seats"][panel["seat"]]["hand_count"]
    # Switching the view never changes the game.
    history = explorer.game.history
    browser_says(explorer, {"type": "perspective", "seat": None})
    assert explorer.game.history == history
    assert comm.last("table") == table_at(explorer, explorer.step, None)


@pytest.mark.parametrize("name", game_names())
def test_a_person_plays_a_legal_move(name: str) -> None:
    explorer, seat = human_explorer(name)
    comm = attach(explorer)
    assert explorer.table.choice_seat == seat
    choices = explorer.table.choices
    legal_ids = [a.id for a in explorer.game.legal_actions()]
    assert [c["id"] for c in choices] == legal_ids
    chosen = choices[-1]["id"]
    browser_says(explorer, {"type": "action", "id": chosen, "seat": seat, "step": 0})
    assert explorer.last_error == ""
    assert explorer.game.history == [chosen]
    assert explorer.step == 1 and comm.last("step") == 1
    assert comm.last("table") == table_at(explorer, 1, None)


BOGUS = [
    "not a dict",
    {"no": "type"},
    {"type": "teleport"},
    {"type": "action", "id": "no-such-action", "seat": "SEAT", "step": 0},
    {"type": "action", "id": 12, "seat": "SEAT", "step": 0},
    {"type": "action", "id": "LEGAL", "seat": "OTHER", "step": 0},
    {"type": "action", "id": "LEGAL", "seat": 99, "step": 0},
    {"type": "action", "id": "LEGAL", "seat": True, "step": 0},
    {"type": "step", "by": 5},
    {"type": "seek", "step": 10_000},
    {"type": "seek", "step": "3"},
    {"type": "perspective", "seat": 42},
    {"type": "speed", "value": 1e9},
    {"type": "new_game", "seed": -4},
]


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("bogus", BOGUS, ids=[json.dumps(b)[:40] for b in BOGUS])
def test_bogus_messages_are_refused_visibly_and_change_nothing(name: str, bogus: object) -> None:
    explorer, seat = human_explorer(name)
    if isinstance(bogus, dict):
        fill = {
            "SEAT": seat,
            "OTHER": (seat + 1) % PLAYERS,
            "LEGAL": explorer.table.choices[0]["id"],
        }
        bogus = {k: fill.get(v, v) if isinstance(v, str) else v for k, v in bogus.items()}
    comm = attach(explorer)
    before = (explorer.game.to_json(), explorer.step, explorer.perspective, explorer.table.table)
    browser_says(explorer, bogus)
    after = (explorer.game.to_json(), explorer.step, explorer.perspective, explorer.table.table)
    assert after == before
    assert explorer.last_error
    assert comm.last("error") == explorer.last_error
    assert comm.last("error_count") >= 1


@pytest.mark.parametrize("name", game_names())
def test_a_bots_turn_cannot_be_played_by_the_person(name: str) -> None:
    explorer, seat = human_explorer(name)
    while explorer.game.current_player == seat:
        explorer.play_action(explorer.game.legal_actions()[0].id, seat)
    bot = explorer.game.current_player
    assert bot is not None and bot != seat
    before = explorer.game.to_json()
    browser_says(
        explorer,
        {
            "type": "action",
            "id": explorer.game.legal_actions()[0].id,
            "seat": bot,
            "step": explorer.step,
        },
    )
    assert "bot" in explorer.last_error
    assert explorer.game.to_json() == before
    assert explorer.table.choices == []


@pytest.mark.parametrize("name", game_names())
def test_replaying_the_same_move_keeps_the_future_and_a_new_move_replaces_it(name: str) -> None:
    game = mw.new_game(name, players=PLAYERS, seed=SEED)
    explorer = mw.GameExplorer(game, agents=[None] * PLAYERS)  # hot seat: everyone clicks
    for _ in range(4):
        browser_says(
            explorer,
            {
                "type": "action",
                "id": explorer.table.choices[0]["id"],
                "seat": explorer.table.choice_seat,
                "step": explorer.step,
            },
        )
    history = explorer.game.history
    assert len(history) == 4
    browser_says(explorer, {"type": "seek", "step": 1})
    browser_says(
        explorer,
        {
            "type": "action",
            "id": history[1],
            "seat": explorer.current_player(),
            "step": 1,
        },
    )
    assert explorer.game.history == history and explorer.step == 2
    # Find a past step with another legal move, and play that instead.
    for step in range(4):
        browser_says(explorer, {"type": "seek", "step": step})
        other = [c["id"] for c in explorer.table.choices if c["id"] != history[step]]
        if other:
            break
    assert other, "some step among the first four must offer a choice"
    browser_says(
        explorer,
        {
            "type": "action",
            "id": other[0],
            "seat": explorer.current_player(),
            "step": step,
        },
    )
    assert explorer.game.history == [*history[:step], other[0]]
    assert explorer.step == step + 1 == explorer.game.step


@pytest.mark.parametrize("name", game_names())
def test_the_play_timer_stops_when_a_person_must_choose(name: str) -> None:
    explorer, seat = human_explorer(name)
    while explorer.game.current_player == seat:
        explorer.play_action(explorer.game.legal_actions()[0].id, seat)
    assert explorer.playing, "bots answer on their own once a person has moved"
    for _ in range(500):
        if not explorer.playing:
            break
        browser_says(explorer, {"type": "tick"})
    assert not explorer.playing
    assert explorer.game.is_over or explorer.game.current_player == seat
    steps = explorer.game.step
    browser_says(explorer, {"type": "tick"})  # a late tick after the pause does nothing
    assert explorer.game.step == steps
    browser_says(explorer, {"type": "speed", "value": 10})
    assert explorer.speed == 10.0


@pytest.mark.parametrize("name", game_names())
def test_the_charts_follow_the_timeline(name: str) -> None:
    explorer = bots_explorer(name)
    for _ in range(50):
        explorer.forward()
    browser_says(explorer, {"type": "seek", "step": 31})
    game = explorer.game
    expected: dict[int, dict] = {}
    for step in range(32):
        state = game.state_at(step)
        expected[game.rules.turn(state)] = game.rules.metrics(state)
    turns = sorted(expected)
    series = explorer.table.chart_series
    assert series["turns"] == turns
    for seat in range(PLAYERS):
        for metric in ("money", "properties", "sets"):
            assert series[metric][seat] == [expected[t][metric][seat] for t in turns]


@pytest.mark.parametrize("name", game_names())
def test_a_step_sends_its_table_and_charts_in_one_message(name: str) -> None:
    """The browser draws what one message changed in one frame (``table.js``):
    a step's table and its charts must arrive together, not in two messages
    drawn in two frames (each with its own style, layout and paint pass).
    """
    explorer = bots_explorer(name)
    comm = attach(explorer)
    charted = 0
    for _ in range(12):
        comm.clear()
        browser_says(explorer, {"type": "step", "by": 1})
        updates = comm.updates()
        assert len(updates) == 1, [sorted(state) for state in updates]
        assert {"table", "step"} <= set(updates[0])
        charted += "chart_series" in updates[0]
    assert charted > 0, "no step changed the charts"


@pytest.mark.parametrize("name", game_names())
def test_save_and_open_for_replay(name: str, tmp_path: Path) -> None:
    explorer = bots_explorer(name)
    for _ in range(12):
        explorer.forward()
    comm = attach(explorer)
    browser_says(explorer, {"type": "save"})
    download = comm.customs()[-1]
    assert download["type"] == "download" and download["filename"].endswith(".json")
    assert json.loads(download["text"])["actions"] == explorer.game.history
    path = explorer.save(tmp_path / "game.json")
    replay = mw.GameExplorer.from_json(path)
    assert replay.game.history == explorer.game.history
    assert replay.step == 0 and replay.game.step == 12
    assert mw.GameExplorer.from_json(explorer.to_json()).game.history == explorer.game.history


def test_save_never_writes_over_a_file_unless_told(tmp_path: Path) -> None:
    """A cell run twice, or a classmate's game of the same name, is not written over."""
    explorer = bots_explorer("deal")
    first = explorer.save(tmp_path / "game.json")
    saved = first.read_text()
    explorer.forward()
    with pytest.raises(InputError, match="already exists: choose another name, or pass overwrite"):
        explorer.save(first)
    assert first.read_text() == saved
    assert json.loads(explorer.save(first, overwrite=True).read_text())["actions"] == [
        *json.loads(saved)["actions"],
        explorer.game.history[-1],
    ]
    with pytest.raises(InputError, match="overwrite must be True or False"):
        explorer.save(tmp_path / "other.json", overwrite="yes")  # type: ignore[arg-type]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


@pytest.mark.parametrize("name", game_names())
def test_new_game_with_a_seed(name: str) -> None:
    explorer = bots_explorer(name)
    explorer.forward()
    browser_says(explorer, {"type": "new_game", "seed": 99})
    assert explorer.game.seed == 99 and explorer.game.step == 0 and explorer.step == 0
    assert explorer.table.seed == 99
    assert explorer.game.history == []


def test_play_starts_a_human_game_in_one_line() -> None:
    explorer = mw.play("deal", players=3, human=0, seed=1)
    assert explorer.agents[0] is None and all(a is not None for a in explorer.agents[1:])
    assert explorer.perspective == 0
    assert explorer.table.choice_seat == 0 and explorer.table.choices
    with pytest.raises(ValueError):
        mw.play("deal", players=3, human=5, seed=1)


@pytest.mark.parametrize("name", game_names())
def test_a_seat_view_charts_only_public_numbers(name: str) -> None:
    """Bid money and Card Game hands are hidden: a seat's charts show only its own line."""
    explorer = bots_explorer(name)
    for _ in range(20):
        explorer.forward()
    explorer.perspective = 0
    private = views.private_metrics(name)
    for metric in ("money", "properties", "sets"):
        for seat in range(PLAYERS):
            ys = explorer.table.chart_series[metric][seat]
            if metric in private and seat != 0:
                assert all(y is None for y in ys), f"{metric} of seat {seat} leaked"
            else:
                assert ys and all(isinstance(y, int) for y in ys)


@pytest.mark.parametrize(("name", "unit"), [("deal", "$M"), ("bid", "$M"), ("cardgame", "$")])
def test_the_money_chart_names_the_unit_its_axis_counts_in(name: str, unit: str) -> None:
    """Bid's money cards are $1M to $5M (docs/rules/bid.md), so its axis counts millions."""
    explorer = bots_explorer(name)
    assert explorer.table.chart_labels["money"].endswith(f"({unit})")
    if name == "bid":
        state = explorer.game.state_at(0)
        deck = state.deck
        # The chart's number for seat 0 is the sum of the values printed on its money cards.
        printed = [deck[c].name for c in state.hands[0] if deck[c].kind == "money"]
        assert all(
            money_name(deck[c].value) == deck[c].name
            for c in state.hands[0]
            if deck[c].kind == "money"
        )
        assert explorer.table.chart_series["money"][0][0] == sum(
            int(n.strip("$M")) for n in printed
        )

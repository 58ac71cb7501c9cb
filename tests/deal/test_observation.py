"""Observation contract (docs: observation.py), metrics, rendering, determinize."""

from __future__ import annotations

import json
import random

import monopoly_widgets as mw
from monopoly_widgets.core.citations import CITATION
from monopoly_widgets.deal.rulebook import RULE_SET_UP, RULE_TURN

from .helpers import game, position, table


def test_observation_contract_keys_and_hidden_hands():
    """Contract: /tmp/deal-contract.md Observation; hidden cards only as counts."""
    g = game(
        position(
            hands=[["Sly Deal", "$5M"], ["Just Say No"]],
            banks=[["$1M"], []],
            properties=[table(("Red", ["Kentucky Avenue", "Red/Yellow wild"])), []],
        )
    )
    obs = json.loads(json.dumps(g.observation(0)))
    for key in (
        "game",
        "viewer",
        "players",
        "turn",
        "turn_player",
        "current_player",
        "phase",
        "decision",
        "plays_left",
        "is_over",
        "winner",
        "draw_reason",
        "draw_pile",
        "discard_pile",
        "seats",
        "pending",
        "unseen",
    ):
        assert key in obs
    me, other = obs["seats"]
    assert [c["name"] for c in me["hand"]] == ["Sly Deal", "$5M"]
    assert other["hand"] is None and other["hand_count"] == 1
    red = me["sets"][0]
    assert red["colour"] == "Red" and red["size"] == 3 and red["complete"] is False
    assert red["rent"] == 3 and red["cards"][1]["colour"] == "Red"
    assert me["bank_total"] == 1 and me["complete_sets"] == 0
    assert obs["unseen"]["Just Say No"] == 3  # two in the pile + the one in player 1's hand
    teacher = g.observation(None)
    assert teacher["seats"][1]["hand"][0]["name"] == "Just Say No"
    assert teacher["unseen"]["Just Say No"] == 2


def test_pending_in_observation():
    """Contract: pending shows kind, from, card, amount and targets."""
    g = game(
        position(
            players=3,
            hands=[["It's My Birthday"], ["Just Say No"], []],
            banks=[[], ["$2M"], ["$2M"]],
        )
    )
    g.apply("play:It's My Birthday")
    pending = g.observation(2)["pending"]
    assert pending["kind"] == "birthday" and pending["amount"] == 2
    assert pending["from"] == 0 and pending["targets"] == [1, 2]
    assert pending["card"]["name"] == "It's My Birthday"
    assert "Just Say No" in g.observation(1)["decision"]


def test_metrics_render_and_setup_events():
    """Metrics for the charts; text and HTML tables; the deal and first draw as events."""
    g = mw.new_game("deal", players=3, seed=8)
    assert set(g.metrics()) == {"money", "properties", "sets"}
    assert "Player 0" in str(g) and "<table>" in g._repr_html_()
    assert [e.rule for e in g.events] == [RULE_SET_UP, RULE_TURN]


def test_determinize_keeps_own_hand_and_counts():
    """Determinize re-deals only what the player cannot see."""
    g = mw.new_game("deal", players=4, seed=5)
    sampled = g.rules.determinize(g.state, 0, random.Random(1))
    assert sampled.hands[0] == g.state.hands[0]
    assert [len(h) for h in sampled.hands] == [len(h) for h in g.state.hands]
    assert g.rules.observation(sampled, 0) == g.observation(0)


def test_six_player_random_games_finish():
    """Rule: leaflet 6 OR MORE PLAYERS; the engine never hangs (option: max_turns)."""
    from monopoly_widgets.agents import RandomAgent, play_out

    for seed in range(3):
        g = play_out(mw.new_game("deal", players=6, seed=seed), [RandomAgent()] * 6, seed=seed)
        assert g.is_over


def test_every_event_has_words_and_a_rule():
    """Brief: every event says what happened in plain words and cites a rule or an option."""
    from monopoly_widgets.agents import RandomAgent, play_out

    for seed in range(5):
        g = play_out(mw.new_game("deal", players=3, seed=seed), [RandomAgent()] * 3, seed=seed)
        for event in g.events:
            assert event.text.strip() and event.text[0].isupper()
            assert CITATION.match(event.rule), event.rule
            json.dumps(event.to_dict())

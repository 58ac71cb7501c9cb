"""``mw.analyse``: never reads hidden cards, reproducible anywhere, right where it must be.

Positions are Monopoly Deal scenarios built with ``tests/deal/helpers.py``.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.coach import analyse
from tests.deal.helpers import position, table


def _same_view_positions() -> tuple[dict[str, Any], dict[str, Any]]:
    """Two deals seat 0 cannot tell apart: only where the hidden cards lie differs.

    In the first, seat 1 holds two Just Say No and a Deal Breaker (so a Deal
    Breaker of seat 0's own is likely to be refused); in the second, those sit in
    the draw pile and seat 1 holds plain money.
    """
    mine = {
        "hands": [
            ["Deal Breaker", "Pennsylvania Avenue", "$1M"],
            ["Just Say No", "Just Say No", "Deal Breaker"],
        ],
        "properties": [
            [*table(("Green", ["Pacific Avenue", "North Carolina Avenue"]))],
            [
                *table(("Dark Blue", ["Park Place", "Boardwalk"])),
                *table(("Brown", ["Mediterranean Avenue", "Baltic Avenue"])),
            ],
        ],
    }
    first = position(**mine)
    second = position(**{**mine, "hands": [mine["hands"][0], ["$1M", "$2M", "$3M"]]})
    return first, second


def _game(pos: dict[str, Any]) -> mw.Game:
    return mw.from_position("deal", pos, seed=7)


def _figures(analysis: Any) -> list[tuple[str, int, int]]:
    return [(m.action_id, m.wins, m.playouts) for m in analysis.moves]


def test_the_analysis_never_reads_hidden_cards() -> None:
    first, second = _same_view_positions()
    a, b = _game(first), _game(second)
    assert a.observation(0) == b.observation(0)
    fair = [_figures(analyse(g, playouts=96, seed=3)) for g in (a, b)]
    assert fair[0] == fair[1]
    # The control that cheats sees the difference: seat 1's two Just Say No.
    cheat = [_figures(analyse(g, playouts=96, seed=3, cards_known=True)) for g in (a, b)]
    assert cheat[0] != cheat[1]


def test_the_analysis_never_reads_hidden_cards_with_three_players() -> None:
    """Where the Just Say No lies (seat 2's one card, or the draw pile) is hidden from seat 0."""
    built = _which_set_to_break()
    moved = {**built, "hands": [*built["hands"][:2], ["$1M"]]}
    a, b = _game(built), _game(moved)
    assert a.observation(0) == b.observation(0)
    fair = [analyse(g, playouts=120, seed=3) for g in (a, b)]
    assert _figures(fair[0]) == _figures(fair[1])
    cheat = [analyse(g, playouts=120, seed=3, cards_known=True) for g in (a, b)]
    assert cheat[0].move("breaker:2:Red").probability < cheat[1].move("breaker:2:Red").probability


def test_a_move_that_wins_at_once_scores_one() -> None:
    analysis = analyse(_game(_forced_win()), playouts=40, seed=1)
    winning = analysis.move("lay:Pennsylvania Avenue")
    assert winning.wins == winning.playouts > 0
    assert winning.probability == 1.0
    assert analysis.best == "lay:Pennsylvania Avenue"


def test_same_result_here_on_threads_and_on_processes() -> None:
    game = mw.new_game("deal", players=2, seed=4)
    options: dict[str, Any] = {"playouts": 240, "seed": 5, "continue_with": "random"}
    here = analyse(game, workers=1, **options).to_dict()
    default = analyse(game, **options)  # the coach's own two worker processes
    with ThreadPoolExecutor(2) as threads:
        on_threads = analyse(game, executor=threads, **options)
    with ProcessPoolExecutor(2) as processes:
        on_processes = analyse(game, executor=processes, **options)
    assert here["rounds"] > 1 and here["cpu_seconds"] > 0
    for other in (default.to_dict(), on_threads.to_dict(), on_processes.to_dict()):
        for key in ("seconds", "cpu_seconds"):
            other.pop(key)
        assert other == {k: v for k, v in here.items() if k not in ("seconds", "cpu_seconds")}


def test_a_timed_analysis_is_replayed_exactly_from_its_playouts() -> None:
    game = mw.new_game("deal", players=3, seed=2)
    timed = analyse(game, budget_s=1.0, seed=8, continue_with="random")
    again = analyse(game, playouts=timed.playouts, seed=8, continue_with="random", workers=1)
    assert _figures(again) == _figures(timed)


def test_the_race_stops_as_soon_as_the_answer_is_clear() -> None:
    game = _game(_which_set_to_break())
    seen: list[Any] = []
    analysis = analyse(game, playouts=5000, seed=4, on_round=seen.append)
    assert analysis.conclusive() and analysis.stopped in (
        "best move separated",
        "top moves measured to within 5%",
    )
    assert analysis.playouts < 5000 and seen, "several rounds, well inside the playouts"
    assert not any(so_far.conclusive() for so_far in seen), "no round ran after the answer"
    # The clearly losing move (banking the Deal Breaker) got the fewest playouts.
    assert analysis.move("bank:Deal Breaker").playouts == min(m.playouts for m in analysis.moves)
    # The best got playouts until it was measured to within the precision (then no more).
    best = analysis.move(analysis.best)
    most = max(m.playouts for m in analysis.moves)
    assert best.playouts == most or (best.high - best.low) / 2 <= 0.05


def test_on_round_can_stop_the_analysis() -> None:
    game = mw.new_game("deal", players=2, seed=4)
    analysis = analyse(
        game, playouts=4000, seed=1, continue_with="random", on_round=lambda a: False
    )
    assert analysis.stopped == "asked to stop" and analysis.rounds == 1


def test_moves_that_leave_the_same_position_are_played_out_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from monopoly_widgets.coach import playouts

    pos = position(
        hands=[["$1M"], ["$2M"]],
        properties=[
            table(
                ("Railroad", ["B. & O. Railroad"]),
                ("Utility", ["Electric Company", "Multicolour wild"]),
                ("Utility", ["Multicolour wild"]),
            ),
            [],
        ],
    )
    game = _game(pos)
    first, second = (
        "wild:Utility 1:Multicolour wild:Railroad",
        "wild:Utility 2:Multicolour wild:Railroad",
    )
    assert {first, second} <= {a.id for a in game.legal_actions()}
    run: list[str] = []
    real = playouts.play_one

    def counted(game: Any, job: Any, agent: Any, index: int) -> int:
        run.append(job.action_id)
        return real(game, job, agent, index)

    monkeypatch.setattr(playouts, "play_one", counted)
    analysis = analyse(game, playouts=90, seed=1, continue_with="random", workers=1)
    assert second not in run and first in run
    merged = analysis.move(second)
    assert merged.same_as == first and analysis.move(first).same_as is None
    kept = analysis.move(first)
    assert (merged.wins, merged.playouts, merged.low, merged.high) == (
        kept.wins,
        kept.playouts,
        kept.low,
        kept.high,
    )
    assert len(run) == analysis.playouts == sum(m.playouts for m in analysis.distinct())
    assert "played out once" in str(analysis)


def test_playouts_go_where_they_matter_and_the_game_is_unchanged() -> None:
    game = mw.new_game("deal", players=3, seed=2)
    before = game.to_json()
    analysis = analyse(game, playouts=300, seed=1, continue_with="random")
    assert game.to_json() == before
    assert {m.action_id for m in analysis.moves} == {a.id for a in game.legal_actions()}
    assert analysis.playouts <= 300
    assert sum(m.playouts for m in analysis.moves) == analysis.playouts
    assert "halving" in analysis.method and "race" in analysis.method
    for m in analysis.moves:
        assert 0 <= m.low <= m.probability <= m.high <= 1


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"player": 1}, "player"),
        ({"player": True}, "player"),
        ({"budget_s": 0}, "budget_s"),
        ({"budget_s": "5"}, "budget_s"),
        ({"playouts": 0}, "playouts"),
        ({"playouts": 2.5}, "playouts"),
        ({"continue_with": "clever"}, "continue_with"),
        ({"seed": "x"}, "seed"),
        ({"confidence": 1.5}, "confidence"),
    ],
)
def test_bad_requests_get_a_clear_error(kwargs: dict[str, Any], field: str) -> None:
    game = mw.new_game("deal", players=2, seed=4)
    with pytest.raises(mw.InputError, match=field):
        analyse(game, **kwargs)


def test_a_finished_game_has_nothing_to_analyse() -> None:
    game = mw.new_game("deal", players=2, seed=4)
    mw.agents.play_out(game, [mw.agents.RandomAgent()] * 2)
    with pytest.raises(mw.InputError, match="over"):
        analyse(game)


@pytest.mark.parametrize("name", ["bid", "cardgame"])
def test_every_game_can_be_analysed(name: str) -> None:
    game = mw.new_game(name, players=3, seed=2)
    analysis = analyse(game, playouts=24, seed=1, continue_with="random")
    assert analysis.seat == game.current_player
    assert analysis.playouts > 0


@pytest.mark.parametrize("name", ["deal", "bid", "cardgame"])
def test_determinize_draws_keeps_every_hand_and_shuffles_only_what_is_to_come(name: str) -> None:
    game = mw.new_game(name, players=3, seed=9)
    for action in range(12):
        game.apply(game.legal_actions()[action % len(game.legal_actions())])
    real = game.position()
    rules = game.rules
    shuffled = [
        rules.position(rules.determinize_draws(game.state, random.Random(i))) for i in range(4)
    ]
    for world in shuffled:
        assert world["hands"] == real["hands"]
        assert sorted(world["draw_pile"]) == sorted(real["draw_pile"])
    assert len({tuple(world["draw_pile"]) for world in shuffled}) > 1
    assert game.position() == real


def _forced_win() -> dict[str, Any]:
    """Seat 0 completes a third set, and wins, by laying Pennsylvania Avenue."""
    return position(
        hands=[["Pennsylvania Avenue", "$1M"], ["$2M"]],
        properties=[
            [
                *table(("Green", ["Pacific Avenue", "North Carolina Avenue"])),
                *table(("Dark Blue", ["Park Place", "Boardwalk"])),
                *table(("Brown", ["Mediterranean Avenue", "Baltic Avenue"])),
            ],
            [],
        ],
    )


def _which_set_to_break() -> dict[str, Any]:
    """Seat 0 wins at once with a Deal Breaker on either opponent's complete set, unless refused.

    Seat 0 has two complete sets and one play left. Seat 1 holds seven cards,
    seat 2 one: without seeing them, a Just Say No is far likelier among seat 1's
    seven, so the fair choice is seat 2's Red. In fact seat 2's one card is the
    Just Say No, and seat 1 holds only money: seeing the hands, Green is the win.
    """
    return position(
        players=3,
        plays_used=2,
        hands=[
            ["Deal Breaker"],
            ["$2M", "$2M", "$3M", "$3M", "$4M", "$4M", "$5M"],
            ["Just Say No"],
        ],
        properties=[
            table(
                ("Dark Blue", ["Park Place", "Boardwalk"]),
                ("Brown", ["Mediterranean Avenue", "Baltic Avenue"]),
            ),
            table(("Green", ["Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue"])),
            table(("Red", ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"])),
        ],
    )


def test_seeing_the_hands_is_worth_nothing_when_it_would_not_change_the_move() -> None:
    from monopoly_widgets.coach import value_of_information

    worth = value_of_information(_game(_forced_win()), playouts=48, compare_playouts=48, seed=2)
    assert worth.fair.cards_known is False and worth.known.cards_known is True
    assert worth.fair.best == worth.known.best == "lay:Pennsylvania Avenue"
    assert (worth.value, worth.low, worth.high, worth.playouts) == (0, 0, 0, 0)
    assert "not change" in str(worth)


def test_seeing_the_hands_is_worth_the_gap_between_the_two_moves_in_the_real_deal() -> None:
    from monopoly_widgets.coach import value_of_information
    from monopoly_widgets.coach.playouts import PlayoutJob, game_text, run_jobs

    game = _game(_which_set_to_break())
    worth = value_of_information(game, playouts=160, compare_playouts=100, seed=2)
    assert worth.fair.best != worth.known.best, "seeing the hands changes the move"
    assert {worth.fair.best, worth.known.best} == {"breaker:1:Green", "breaker:2:Red"}
    # The worth is measured in the real deal, both moves in the same worlds.
    assert worth.playouts == 100 and worth.low <= worth.value <= worth.high
    assert worth.low > 0, "knowing where the Just Say No is, is worth something here"
    jobs = [
        PlayoutJob(game_text(game), 0, move, 0, 100, 3, "heuristic", True)
        for move in (worth.known.best, worth.fair.best)
    ]
    known_wins, fair_wins = (sum(outcomes) for outcomes in run_jobs(jobs, None))
    assert known_wins > fair_wins, "measured again in other worlds, the known move still wins more"
    assert "cheating" in str(worth) and f"{worth.value:+.1%}" in str(worth)


def test_the_move_chart_has_a_bar_and_interval_per_move_and_marks_the_best() -> None:
    from monopoly_widgets.coach.chart import chart_data, move_chart

    analysis = analyse(mw.new_game("deal", players=2, seed=4), playouts=40, continue_with="random")
    data = chart_data(analysis)
    assert [row["best"] for row in data["rows"]].count(True) == 1
    assert len(data["rows"]) == len(analysis.moves)
    figure = move_chart(analysis)
    assert len(figure.data[0].x) == len(analysis.moves)
    assert all(low <= 0 for low in [-v for v in figure.data[0].error_x.arrayminus])


def test_the_move_chart_keeps_moves_of_one_card_apart() -> None:
    """Seed 0 after 50 random decisions: 15 Forced Deals, whose names differ only after
    48 characters. Each move gets its own bar, named by its own label."""
    from monopoly_widgets.coach.chart import LABEL_CHARS, LABEL_LINES, chart_data, move_chart

    game = mw.new_game("deal", players=2, seed=0)
    chooser = random.Random(0)
    for _ in range(50):
        actions = game.legal_actions()
        game.apply(actions[int(chooser.random() * len(actions))])
    texts = [a.text for a in game.legal_actions()]
    assert len({text[:LABEL_CHARS] for text in texts}) < len(texts)  # one line reads alike
    analysis = analyse(game, playouts=len(texts) * 2, continue_with="random")
    labels = [row["label"] for row in chart_data(analysis)["rows"]]
    assert len(set(labels)) == len(labels) == len(texts)
    for label in labels:
        lines = label.split("<br>")
        assert len(lines) <= LABEL_LINES and all(len(line) <= LABEL_CHARS for line in lines)
    figure = move_chart(analysis)
    assert sorted(figure.data[0].y) == list(range(len(texts)))  # a row per move
    assert sorted(figure.layout.yaxis.ticktext) == sorted(labels)

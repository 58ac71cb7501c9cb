"""The lessons' charts carry no colours of their own, so the page's theme paints them."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from monopoly_widgets.lessons import charts
from monopoly_widgets.sim import convergence_frame


def test_a_chart_travels_without_its_template_or_backgrounds() -> None:
    figure = go.Figure(go.Bar(x=["a"], y=[1]))
    chart = charts.themed(figure, "one bar")
    layout = chart.figure["layout"]
    assert "template" not in layout
    assert "paper_bgcolor" not in layout and "plot_bgcolor" not in layout
    assert chart.description == "one bar"
    assert chart.plotly is not None  # the explorer's shared Plotly source, no CDN


def test_the_running_estimate_has_a_log_axis_and_the_exact_line() -> None:
    frame = convergence_frame([True, False, False, True] * 25)
    chart = charts.running_estimate(frame, exact=0.5, title="t")
    assert chart.figure["layout"]["xaxis"]["type"] == "log"
    assert chart.figure["layout"]["shapes"][0]["y0"] == 0.5
    assert len(chart.figure["data"][1]["x"]) == 100


def test_the_odds_table_hides_an_exercise_row_and_escapes_text() -> None:
    rows = [("draw <b>it</b>", 0.25, "1 - 3/4"), ("player 1 holds a Just Say No", 0.06, "x")]
    table = charts.odds_table(rows, title="odds", hide=["holds a Just Say No"])
    html = table._repr_html_()
    assert "Just Say No" not in html
    assert "&lt;b&gt;it&lt;/b&gt;" in html and "0.2500" in html
    assert "color" not in html and "background" not in html


def test_estimates_by_sample_size_uses_the_first_n_outcomes() -> None:
    outcomes = {"a": [1, 0] * 50, "b": [0] * 100}
    chart = charts.estimates_by_sample_size(outcomes, {"a": "A"}, sizes=[10, 100])
    first, second = chart.figure["data"]
    assert first["name"] == "A" and second["name"] == "b"
    assert first["y"] == [0.5, 0.5] and second["y"] == [0.0, 0.0]
    assert all(above > 0 for above in first["error_y"]["array"])


def test_a_plain_figure_is_drawn_as_a_lesson_chart_where_nbformat_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The offline JupyterLite site has no nbformat, which Plotly's own display asks for."""
    import plotly.io as pio
    from IPython.core.interactiveshell import InteractiveShell

    from monopoly_widgets.lessons import charts

    assert charts.draw_figures_without_nbformat() is False  # nbformat is installed here
    assert pio.renderers.default != charts.RENDERER
    monkeypatch.setattr(pio.renderers, "default", pio.renderers.default)
    monkeypatch.setattr(charts, "_nbformat_missing", lambda: True)
    assert charts.draw_figures_without_nbformat() is True
    shown: list[object] = []
    monkeypatch.setattr("IPython.display.display", lambda thing, **_: shown.append(thing))
    figure = go.Figure(go.Bar(x=["a", "b"], y=[1, 2]), layout={"title": "two bars"})
    shell = InteractiveShell.instance()
    shell.display_formatter.format(figure)  # a figure left as a cell's last line
    figure.show()
    assert len(shown) == 2 and all(isinstance(thing, charts.LessonChart) for thing in shown)
    assert shown[0].figure["data"][0]["y"] == [1, 2] and shown[0].description == "two bars"


def test_every_lesson_chart_carries_its_points_as_a_table() -> None:
    """Issue 46: a chart's values can be read without a hover or sight."""
    import plotly.graph_objects as go

    from monopoly_widgets.lessons.charts import TABLE_ROWS, LessonChart, figure_table

    figure = go.Figure(
        [go.Bar(name="win rate", x=["Player 0", "Player 1"], y=[0.25, 0.75])],
        layout={"xaxis": {"title": {"text": "seat"}}, "yaxis": {"title": {"text": "share"}}},
    )
    chart = LessonChart(figure, "Win rate by seat")
    assert chart.data_table == {
        "head": ["series", "seat", "share"],
        "rows": [["win rate", "Player 0", "0.25"], ["win rate", "Player 1", "0.75"]],
        "note": "",
    }
    long = figure_table({"data": [{"name": "estimate", "y": [i / 7 for i in range(1000)]}]})
    assert len(long["rows"]) == TABLE_ROWS and long["rows"][-1] == ["estimate", "999", "142.7"]
    assert long["note"] == f"{TABLE_ROWS} of 1000 points, evenly spaced"
    assert figure_table({"data": [{"type": "table", "cells": {}}]})["rows"] == []

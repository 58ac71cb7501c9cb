"""The pandas-free results table: the same answers as pandas for what the lessons ask.

Each check runs one expression on the DataFrame that ``simulate`` returns here and
on the :class:`ResultsTable` it returns where pandas is missing (the offline
JupyterLite site), and compares. The tournament tools (``summarize``,
``compare_options``, ``convergence_frame``, the charts) are then run with pandas
hidden, and must give what they give with it.
"""

from __future__ import annotations

import math

import pytest

from monopoly_widgets import sim
from monopoly_widgets.sim import table as tables
from monopoly_widgets.sim.plots import game_length_histogram, win_rate_chart
from monopoly_widgets.sim.table import Column, ResultsTable, records

pd = pytest.importorskip("pandas")


@pytest.fixture
def no_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    """The package's tables as in a browser tab without pandas."""
    monkeypatch.setattr(tables, "pandas_module", lambda: None)


@pytest.fixture(scope="module", params=["deal", "cardgame"])
def games(request: pytest.FixtureRequest) -> pd.DataFrame:
    """Deal games, and card-game matches between random bots (most are draws: no winner)."""
    if request.param == "deal":
        return sim.simulate("deal", ["random"] * 2, games=12, seed=7, workers=1, progress=False)
    table = sim.simulate("cardgame", ["random"] * 2, games=12, seed=1, workers=1, progress=False)
    assert table["winner"].isna().sum() >= 3
    return table


def plain(value: object) -> object:
    """A pandas answer as plain Python, to compare with the table's."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, list):
        return [plain(item) for item in value]
    return tables._plain(value)


def test_simulate_without_pandas_gives_the_same_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    arguments = {"games": 12, "seed": 1, "workers": 1, "progress": False}
    frame = sim.simulate("cardgame", ["random"] * 2, **arguments)
    monkeypatch.setattr(tables, "pandas_module", lambda: None)
    table = sim.simulate("cardgame", ["random"] * 2, **arguments)
    assert isinstance(table, ResultsTable)
    assert table.columns == list(frame.columns)
    assert table.records() == records(frame)
    assert table.attrs["cancelled"] is False


@pytest.mark.parametrize(
    "expression",
    [
        "len(t)",
        "list(t.columns)",
        "'error' in t",
        "t.loc[3, 'seed']",
        "t.loc[3, 'winner']",
        "int((t['winner'] == 0).sum())",
        "int((t['winner'] != 0).sum())",
        "int((t['turns'] > 20).sum())",
        "int(t['draw'].sum())",
        "float(t['turns'].mean())",
        "float(t['turns'].median())",
        "int(t['error'].isna().sum())",
        "int((t['winner'].iloc[2:9] == 1).sum())",
        "t['turns'].tolist()",
        "len(t.head(5))",
        "t.head(5)['seed'].tolist()",
        "t.iloc[[1, 4]]['turns'].tolist()",
        "list(t.iloc[[1, 4]].index)",
        "t.iloc[-1]['game']",
        "t.iloc[-1]['turns']",
        "t[t['winner'] == 0]['game'].tolist()",
        "t[['money_0', 'money_1']].sum(axis=1).tolist()",
        "int((t[['money_0', 'money_1']].sum(axis=1) == 0).sum())",
        "t.set_index('game').loc[5, 'seed']",
        "t.set_index('seed').loc[t.loc[2, 'seed'], 'turns']",
        "[row.turns for row in t.itertuples()]",
        "[row.Index for row in t.itertuples()]",
        "t.head(6).equals(t.head(6))",
        "t.head(6).equals(t.head(5))",
    ],
)
def test_the_lessons_operations_agree_with_pandas(games: pd.DataFrame, expression: str) -> None:
    mine = ResultsTable(records(games), list(games.columns))
    assert plain(eval(expression, {"t": mine})) == plain(eval(expression, {"t": games}))


def test_a_summary_is_the_same_with_and_without_pandas(
    games: pd.DataFrame, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_pandas = sim.summarize(games)
    monkeypatch.setattr(tables, "pandas_module", lambda: None)
    without = sim.summarize(ResultsTable(records(games)))
    assert isinstance(without.seats, ResultsTable)
    assert str(without) == str(with_pandas)
    assert without.seats.loc[0, "low"] == with_pandas.seats.loc[0, "low"]
    banked = without.agents.set_index("agent").loc["random", "wins"]
    assert banked == with_pandas.agents.set_index("agent").loc["random", "wins"]
    assert win_rate_chart(without).to_json() == win_rate_chart(with_pandas).to_json()
    histogram = game_length_histogram(ResultsTable(records(games)))
    assert histogram.to_json() == game_length_histogram(games).to_json()


def test_compare_options_is_the_same_with_and_without_pandas(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    variants = {"rulebook": {}, "first to 2 sets": {"sets_to_win": 2}}
    arguments = {"agents": ["random"] * 3, "games": 8, "seed": 1, "workers": 1, "progress": False}
    with_pandas = sim.compare_options("bid", variants, **arguments)
    monkeypatch.setattr(tables, "pandas_module", lambda: None)
    without = sim.compare_options("bid", variants, **arguments)
    assert isinstance(without.differences, ResultsTable)
    assert without.differences.records() == records(with_pandas.differences)
    assert without.summary.records() == records(with_pandas.summary)
    turns = without.differences.set_index("metric").loc["turns"]
    assert turns["low"] == with_pandas.differences.set_index("metric").loc["turns"]["low"]
    assert "first to 2 sets" in str(without) and "<table" in without._repr_html_()


def test_a_convergence_table_without_pandas(no_pandas: None) -> None:
    frame = sim.convergence_frame([True, False, True, True])
    assert isinstance(frame, ResultsTable)
    last = frame.iloc[-1]
    assert (last["trials"], last["hits"], last["estimate"]) == (4, 3, 0.75)
    assert last.estimate == 0.75  # a row's values by name, as a pandas row
    assert frame.iloc[[0, 3]]["trials"].tolist() == [1, 4]


def test_missing_values_compare_false_and_are_left_out_of_sums() -> None:
    column = Column([0, None, 1, 0], range(4), "winner")
    assert (column == 0).tolist() == [True, False, False, True]
    assert (column != 0).tolist() == [False, False, True, False]  # as pandas' NA: not counted
    assert column.sum() == 1 and column.isna().tolist() == [False, True, False, False]
    assert math.isnan(Column([None], [0]).mean())
    with pytest.raises(ValueError, match="neither True nor False"):
        bool(column == 0)


def test_bad_keys_are_key_errors() -> None:
    table = ResultsTable([{"a": 1}, {"a": 2}])
    with pytest.raises(KeyError):
        table["b"]
    with pytest.raises(KeyError):
        table.loc[7]
    with pytest.raises(ValueError, match="one True or False per row"):
        table[Column([True], [0])]


def test_the_table_is_shown_as_html_and_text_and_a_long_one_is_cut() -> None:
    long = ResultsTable([{"game": i, "rate": i / 3} for i in range(100)])
    page = long._repr_html_()
    assert page.count("<tr>") == 1 + 2 * tables.END_ROWS + 1  # header, ends, the gap
    assert "100 rows × 2 columns" in page and "0.333333" in page
    text = repr(long)
    assert "..." in text and "[100 rows x 2 columns]" in text
    assert "<script" not in ResultsTable([{"name": "<script>"}])._repr_html_()


def test_to_pandas_gives_the_dataframe(games: pd.DataFrame) -> None:
    mine = ResultsTable(records(games), list(games.columns))
    back = mine.to_pandas()
    assert list(back.columns) == list(games.columns)
    assert records(back) == records(games)

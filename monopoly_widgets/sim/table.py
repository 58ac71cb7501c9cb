"""Result tables with or without pandas.

``simulate``, ``summarize``, ``compare_options`` and ``convergence_frame`` return
a pandas DataFrame where pandas is installed (JupyterLab, Binder, CI) and a
:class:`ResultsTable` where it is not: the offline JupyterLite site has no pandas,
because no WebAssembly build of pandas or numpy is published on PyPI or npm, and
a lesson must still run there to its end (docs/compatibility.md).

:class:`ResultsTable` is small on purpose. It has the part of the DataFrame
interface the lessons and the package's own code use, with the same meaning, so
one lesson runs unchanged on either:

* ``len(t)``, ``t.columns``, ``"error" in t`` (a column name), ``t.attrs``;
* ``t["turns"]`` (a :class:`Column`), ``t[["money_0", "money_1"]]``, ``t[mask]``;
* ``t.head(n)``, ``t.iloc[i]`` (a row), ``t.iloc[[i, j]]``, ``t.iloc[a:b]``;
* ``t.loc[label]``, ``t.loc[label, column]``, ``t.set_index(column)``;
* ``t.itertuples()``, ``t.sum(axis=1)``, ``t.equals(other)``;
* shown as an HTML table in a notebook, ``t.to_pandas()`` where pandas is installed.

A :class:`Column` (or a row, which is a Column indexed by the column names)
compares element by element (``t["winner"] == 0``), and has ``sum``, ``mean``,
``median``, ``isna``, ``notna``, ``iloc``, ``tolist`` and ``value_counts``. A
missing value is ``None`` (a draw's winner); any comparison with it is False, ``!=``
too, so a count such as ``(t["winner"] != 0).sum()`` leaves it out, as pandas does.

The package's own code reads any table through :func:`records`, so it never
depends on which kind it was given.
"""

from __future__ import annotations

import importlib
import math
import statistics
from collections import Counter, namedtuple
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from monopoly_widgets.core.text import html_text

#: A table longer than this is shown as its first and last rows (as pandas does).
SHOWN_ROWS = 60
#: Rows shown at each end of a long table.
END_ROWS = 5


def pandas_module() -> Any | None:
    """pandas if it can be imported here, else None (a browser tab without it)."""
    try:
        return importlib.import_module("pandas")
    except ImportError:
        return None


def is_missing(value: Any) -> bool:
    """None, a float NaN, or pandas' NA/NaT: a value a table does not have."""
    if value is None:
        return True
    if isinstance(value, float):
        return math.isnan(value)
    return type(value).__name__ in ("NAType", "NaTType")


def _plain(value: Any) -> Any:
    """A numpy or pandas scalar as the Python number it stands for; missing as None."""
    if is_missing(value):
        return None
    if type(value).__module__ == "numpy" and hasattr(value, "item"):
        return value.item()
    return value


def records(table: Any) -> list[dict[str, Any]]:
    """The rows of a DataFrame, a :class:`ResultsTable` or a list of mappings, as dicts.

    Missing values become None and numpy scalars plain Python numbers, so the code
    that reads them is the same for every kind of table.
    """
    if isinstance(table, ResultsTable):
        return table.records()
    if hasattr(table, "to_dict") and hasattr(table, "columns"):
        rows = table.to_dict("records")
    else:
        rows = list(table)
    return [{key: _plain(value) for key, value in dict(row).items()} for row in rows]


def new_table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> Any:
    """A DataFrame of ``rows`` where pandas is installed, else a :class:`ResultsTable`."""
    pandas = pandas_module()
    if pandas is None:
        return ResultsTable(rows, columns)
    if columns is None:
        return pandas.DataFrame(list(rows))
    return pandas.DataFrame(list(rows), columns=list(columns))


def _columns_of(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every key of the rows, in the order first seen (as ``DataFrame(rows)`` orders them)."""
    seen: dict[str, None] = {}
    for row in rows:
        for key in row:
            seen.setdefault(key, None)
    return list(seen)


def _compare(left: Any, right: Any, test: Callable[[Any, Any], bool]) -> bool:
    if is_missing(left) or is_missing(right):
        return False
    return bool(test(left, right))


class Column:
    """One column of a :class:`ResultsTable` (or one row, indexed by column name)."""

    def __init__(self, values: Iterable[Any], index: Iterable[Any], name: Any = None) -> None:
        self._values = list(values)
        self.index = list(index)
        if len(self.index) != len(self._values):
            raise ValueError("a column needs one index label per value")
        self.name = name

    # --- reading -----------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._values)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def __getitem__(self, label: Any) -> Any:
        """The value at index ``label`` (by label, as a pandas Series)."""
        try:
            return self._values[self.index.index(label)]
        except ValueError:
            raise KeyError(label) from None

    def __getattr__(self, name: str) -> Any:
        """A row's value by column name (``row.estimate``), as a pandas row allows."""
        if name.startswith("_") or name in ("index", "name"):
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def iloc(self) -> _ColumnPositions:
        """By position: ``column.iloc[0]``, ``column.iloc[10:20]``."""
        return _ColumnPositions(self)

    def tolist(self) -> list[Any]:
        return list(self._values)

    def _present(self) -> list[Any]:
        return [value for value in self._values if not is_missing(value)]

    def sum(self) -> Any:
        return sum(self._present())

    def mean(self) -> float:
        present = self._present()
        return statistics.fmean(present) if present else math.nan

    def median(self) -> float:
        present = self._present()
        return statistics.median(present) if present else math.nan

    def min(self) -> Any:
        return min(self._present())

    def max(self) -> Any:
        return max(self._present())

    def isna(self) -> Column:
        return self._map(is_missing)

    def notna(self) -> Column:
        return self._map(lambda value: not is_missing(value))

    def value_counts(self) -> dict[Any, int]:
        """How often each present value occurs, the most frequent first."""
        return dict(Counter(self._present()).most_common())

    # --- element by element ------------------------------------------------------
    def _map(self, function: Callable[[Any], Any]) -> Column:
        return Column([function(value) for value in self._values], self.index, self.name)

    def _pairwise(self, other: Any, function: Callable[[Any, Any], Any]) -> Column:
        if isinstance(other, Column):
            if len(other) != len(self):
                raise ValueError("the columns have different lengths")
            values = [function(a, b) for a, b in zip(self._values, other._values, strict=True)]
            return Column(values, self.index, self.name)
        return self._map(lambda value: function(value, other))

    def __eq__(self, other: Any) -> Column:  # type: ignore[override]
        return self._pairwise(other, lambda a, b: _compare(a, b, lambda x, y: x == y))

    def __ne__(self, other: Any) -> Column:  # type: ignore[override]
        return self._pairwise(other, lambda a, b: _compare(a, b, lambda x, y: x != y))

    def __lt__(self, other: Any) -> Column:
        return self._pairwise(other, lambda a, b: _compare(a, b, lambda x, y: x < y))

    def __le__(self, other: Any) -> Column:
        return self._pairwise(other, lambda a, b: _compare(a, b, lambda x, y: x <= y))

    def __gt__(self, other: Any) -> Column:
        return self._pairwise(other, lambda a, b: _compare(a, b, lambda x, y: x > y))

    def __ge__(self, other: Any) -> Column:
        return self._pairwise(other, lambda a, b: _compare(a, b, lambda x, y: x >= y))

    def __and__(self, other: Any) -> Column:
        return self._pairwise(other, lambda a, b: bool(a) and bool(b))

    def __or__(self, other: Any) -> Column:
        return self._pairwise(other, lambda a, b: bool(a) or bool(b))

    def __invert__(self) -> Column:
        return self._map(lambda value: not value)

    def _arithmetic(self, other: Any, function: Callable[[Any, Any], Any]) -> Column:
        def safe(a: Any, b: Any) -> Any:
            return None if is_missing(a) or is_missing(b) else function(a, b)

        return self._pairwise(other, safe)

    def __add__(self, other: Any) -> Column:
        return self._arithmetic(other, lambda a, b: a + b)

    def __sub__(self, other: Any) -> Column:
        return self._arithmetic(other, lambda a, b: a - b)

    def __mul__(self, other: Any) -> Column:
        return self._arithmetic(other, lambda a, b: a * b)

    def __truediv__(self, other: Any) -> Column:
        return self._arithmetic(other, lambda a, b: a / b)

    __hash__ = None  # type: ignore[assignment]  # == is element by element

    def __bool__(self) -> bool:
        raise ValueError(
            "a column has many values, so it is neither True nor False: use .sum(), or any()"
        )

    def __repr__(self) -> str:
        width = max((len(str(label)) for label in self.index), default=0)
        lines = [f"{str(label):<{width}}  {_text(value)}" for label, value in self._shown()]
        if self.name is not None:
            lines.append(f"Name: {self.name}")
        return "\n".join(lines)

    def _shown(self) -> list[tuple[Any, Any]]:
        pairs = list(zip(self.index, self._values, strict=True))
        if len(pairs) > SHOWN_ROWS:
            return [*pairs[:END_ROWS], ("...", "..."), *pairs[-END_ROWS:]]
        return pairs


class _ColumnPositions:
    def __init__(self, column: Column) -> None:
        self._column = column

    def __getitem__(self, where: Any) -> Any:
        column = self._column
        if isinstance(where, slice):
            return Column(column._values[where], column.index[where], column.name)
        return column._values[where]


def _text(value: Any) -> str:
    """A value as a table shows it: floats to 6 places, as pandas does."""
    if value is None:
        return "None"
    if isinstance(value, float) and not isinstance(value, bool):
        return f"{value:.6f}"
    return str(value)


class ResultsTable:
    """A table of rows, for where pandas is missing (see the module's docstring)."""

    def __init__(
        self,
        rows: Iterable[Mapping[str, Any]] = (),
        columns: Sequence[str] | None = None,
        index: Sequence[Any] | None = None,
    ) -> None:
        rows = [dict(row) for row in rows]
        self.columns = list(columns) if columns is not None else _columns_of(rows)
        self._rows = [{name: _plain(row.get(name)) for name in self.columns} for row in rows]
        self.index = list(index) if index is not None else list(range(len(self._rows)))
        if len(self.index) != len(self._rows):
            raise ValueError("a table needs one index label per row")
        self.attrs: dict[str, Any] = {}

    def _with(self, positions: Iterable[int], columns: Sequence[str] | None = None) -> ResultsTable:
        chosen = list(positions)
        table = ResultsTable(
            [self._rows[p] for p in chosen],
            list(columns) if columns is not None else self.columns,
            [self.index[p] for p in chosen],
        )
        table.attrs = dict(self.attrs)
        return table

    # --- reading -----------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._rows)

    @property
    def shape(self) -> tuple[int, int]:
        return (len(self._rows), len(self.columns))

    def __contains__(self, name: object) -> bool:
        return name in self.columns

    def __iter__(self) -> Iterator[str]:
        return iter(self.columns)

    def __getitem__(self, key: Any) -> Any:
        """A column by name, a table of some columns, or the rows where a mask is True."""
        if isinstance(key, str):
            if key not in self.columns:
                raise KeyError(key)
            return Column((row[key] for row in self._rows), self.index, key)
        if isinstance(key, Column):
            if len(key) != len(self):
                raise ValueError("the mask needs one True or False per row")
            return self._with(p for p, keep in enumerate(key) if keep)
        if isinstance(key, list) and all(isinstance(name, str) for name in key):
            missing = [name for name in key if name not in self.columns]
            if missing:
                raise KeyError(missing)
            return self._with(range(len(self)), key)
        raise KeyError(key)

    def records(self) -> list[dict[str, Any]]:
        """The rows as dicts (copies)."""
        return [dict(row) for row in self._rows]

    def head(self, n: int = 5) -> ResultsTable:
        return self._with(range(min(n, len(self))) if n >= 0 else range(max(0, len(self) + n)))

    def tail(self, n: int = 5) -> ResultsTable:
        return self._with(range(max(0, len(self) - n), len(self)))

    @property
    def iloc(self) -> _TablePositions:
        """By position: ``t.iloc[-1]`` (a row), ``t.iloc[[9, 49]]``, ``t.iloc[:10]``."""
        return _TablePositions(self)

    @property
    def loc(self) -> _TableLabels:
        """By index label: ``t.loc[3]`` (a row), ``t.loc[3, "seed"]``."""
        return _TableLabels(self)

    def _row(self, position: int) -> Column:
        row = self._rows[position]
        return Column((row[name] for name in self.columns), self.columns, self.index[position])

    def set_index(self, column: str) -> ResultsTable:
        """The same rows, labelled by ``column``'s values (which leaves the columns)."""
        labels = list(self[column])
        table = ResultsTable(self._rows, [name for name in self.columns if name != column], labels)
        table.attrs = dict(self.attrs)
        return table

    def itertuples(self, index: bool = True, name: str = "Row") -> Iterator[tuple[Any, ...]]:
        """Each row as a named tuple (the index first, as ``Index``, unless ``index=False``)."""
        fields = (["Index"] if index else []) + self.columns
        maker = namedtuple(name, fields, rename=True)  # type: ignore[misc]
        for label, row in zip(self.index, self._rows, strict=True):
            values = [row[column] for column in self.columns]
            yield maker(*([label] if index else []), *values)

    def sum(self, axis: int = 0) -> Column:
        """Each column's total (``axis=0``) or each row's (``axis=1``), missing left out."""
        if axis == 1:
            totals = [
                sum(value for value in row.values() if not is_missing(value)) for row in self._rows
            ]
            return Column(totals, self.index)
        return Column((self[name].sum() for name in self.columns), self.columns)

    def equals(self, other: Any) -> bool:
        """Same columns, index labels and values (as ``DataFrame.equals``)."""
        return (
            isinstance(other, ResultsTable)
            and self.columns == other.columns
            and self.index == other.index
            and self._rows == other._rows
        )

    def to_pandas(self) -> Any:
        """This table as a pandas DataFrame (pandas must be installed)."""
        pandas = pandas_module()
        if pandas is None:
            raise ImportError("to_pandas needs pandas, which is not installed here")
        return pandas.DataFrame(self._rows, columns=self.columns, index=self.index)

    # --- shown -----------------------------------------------------------------
    def _shown(self) -> list[tuple[Any, dict[str, Any] | None]]:
        """(label, row) pairs to show; a None row stands for the rows left out."""
        pairs: list[tuple[Any, dict[str, Any] | None]] = list(
            zip(self.index, self._rows, strict=True)
        )
        if len(pairs) > SHOWN_ROWS:
            return [*pairs[:END_ROWS], ("...", None), *pairs[-END_ROWS:]]
        return pairs

    def to_string(
        self, index: bool = True, float_format: Callable[[float], str] | None = None
    ) -> str:
        """The table as aligned text."""

        def shown(value: Any) -> str:
            if float_format is not None and isinstance(value, float):
                return float_format(value)
            return _text(value)

        header = ([""] if index else []) + self.columns
        lines = [
            ([str(label)] if index else [])
            + [shown(row[name]) if row is not None else "..." for name in self.columns]
            for label, row in self._shown()
        ]
        widths = [max(len(line[i]) for line in [header, *lines]) for i in range(len(header))]
        text = [
            "  ".join(cell.rjust(width) for cell, width in zip(line, widths, strict=True))
            for line in [header, *lines]
        ]
        return "\n".join(text)

    def __repr__(self) -> str:
        footer = f"\n\n[{len(self)} rows x {len(self.columns)} columns]" if len(self) > 5 else ""
        return self.to_string() + footer

    def to_html(self, index: bool = True) -> str:
        """An HTML table with no colours of its own, so it takes the notebook's theme."""
        right = 'style="text-align:right"'
        head = (f"<th {right}></th>" if index else "") + "".join(
            f"<th {right}>{html_text(name)}</th>" for name in self.columns
        )
        body = []
        for label, row in self._shown():
            cells = [f"<th>{html_text(label)}</th>"] if index else []
            cells += [
                f"<td {right}>{html_text(_text(row[name]) if row is not None else '...')}</td>"
                for name in self.columns
            ]
            body.append("<tr>" + "".join(cells) + "</tr>")
        return (
            f'<table class="dataframe"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table>"
            f"<p>{len(self)} rows × {len(self.columns)} columns</p>"
        )

    def _repr_html_(self) -> str:
        return self.to_html()


class _TablePositions:
    def __init__(self, table: ResultsTable) -> None:
        self._table = table

    def __getitem__(self, where: Any) -> Any:
        table = self._table
        if isinstance(where, slice):
            return table._with(range(len(table))[where])
        if isinstance(where, list):
            return table._with(range(len(table))[p] for p in where)
        return table._row(range(len(table))[where])


class _TableLabels:
    def __init__(self, table: ResultsTable) -> None:
        self._table = table

    def __getitem__(self, where: Any) -> Any:
        table = self._table
        label, column = where if isinstance(where, tuple) else (where, None)
        try:
            position = table.index.index(label)
        except ValueError:
            raise KeyError(label) from None
        row = table._row(position)
        return row if column is None else row[column]

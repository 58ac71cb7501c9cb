"""The class as a whole: pooling every student's experiment into one estimate.

A student makes a result (``ExperimentResult(...)`` or ``result_code(...)``) and hands
in its code or its file; the teacher pools them (``pool(codes)``, or ``pool_widget()``)
and projects the chart. See ``docs/pooling.md``.
"""

from monopoly_widgets.classroom.pooling import Pool, StudentRow, pool
from monopoly_widgets.classroom.result import ExperimentResult, read_result, result_code
from monopoly_widgets.classroom.widget import PoolWidget, pool_widget

__all__ = [
    "ExperimentResult",
    "Pool",
    "PoolWidget",
    "StudentRow",
    "pool",
    "pool_widget",
    "read_result",
    "result_code",
]

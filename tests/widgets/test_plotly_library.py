"""Plotly's JavaScript reaches the browser as a binary buffer, not inside the state's JSON.

When a page (Voila, JupyterLab) opens, the browser asks the kernel for every widget's
state in one message and parses it before any widget can show. With Plotly's 4.9 MB
inside that JSON, busy machines took over 2 s, and ipywidgets gave up on the other
widgets ("model not found"; docs/compatibility.md).
"""

from __future__ import annotations

import json

from ipywidgets.widgets.widget import _remove_buffers

from monopoly_widgets.widgets.plotly_library import PLOTLY_JS, plotly_library


def test_the_plotly_source_travels_as_a_buffer() -> None:
    state, paths, buffers = _remove_buffers(plotly_library().get_state())
    assert paths == [["source"]]
    assert bytes(buffers[0]) == PLOTLY_JS.read_bytes()
    assert len(json.dumps(state)) < 1_000  # the JSON part holds no JavaScript


def test_one_library_per_kernel() -> None:
    assert plotly_library() is plotly_library()

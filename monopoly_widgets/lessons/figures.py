"""Showing a lesson's Plotly chart without Plotly's display machinery.

Plotly's own display (``fig.show()``, or a figure left as a cell's last value) first
looks for ``nbformat``, whose schema check imports ``jsonschema``, which builds its URI
grammars: about 4 s of CPU on this project's 2-core machine (cProfile, lesson 02), the
largest part of a Run All that must stay under 10 s. ``show_chart`` hands the chart's
JSON straight to the front end's Plotly renderer (JupyterLab, Notebook 7, Voilà), the
same output Plotly's default renderer makes. The handout command adds the HTML form
when it prints a lesson (``lessons/handout.py``).
"""

from __future__ import annotations

import json
from typing import Any

#: The output type JupyterLab's Plotly extension draws.
PLOTLY_MIMETYPE = "application/vnd.plotly.v1+json"


def chart_bundle(figure: Any) -> dict[str, Any]:
    """The display bundle of ``figure``: its Plotly JSON, and its title as plain text."""
    as_json = json.loads(figure.to_json())
    title = (as_json.get("layout", {}).get("title") or {}).get("text") or "chart"
    return {PLOTLY_MIMETYPE: as_json, "text/plain": f"[chart: {title}]"}


def show_chart(figure: Any) -> None:
    """Display a Plotly ``figure`` in the notebook (see the module's docstring for why)."""
    from IPython.display import display

    display(chart_bundle(figure), raw=True)

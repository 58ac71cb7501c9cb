"""A printable handout of a lesson: the notebook run from the top, its exercises unanswered.

A teacher prints the handout for a class that works on paper, or hands it out before
the lesson. It is the lesson as a student sees it after "Run All" with nothing typed:
the tables, the narration, the charts and each exercise's question, and never a model
answer. To make sure of that, whatever the notebook holds, the answers typed in it
(``e1_answer = 3``) go back to ``...`` before it runs, and ``show_me`` and ``reveal``
print only where the worked answer is (the answer key). Cells tagged ``notebook-only``
("run the cells from the top") are left out and cells tagged ``hide-input`` show only
their output, as in Voilà.

The handout is HTML, with the charts drawn by the Plotly library written into the page
(no download when it opens, and it prints from any browser). It is written beside any
file of the same name that this module did not write, never over it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from monopoly_widgets.core import files
from monopoly_widgets.lessons.charts import PLOTLY_MIMETYPE
from monopoly_widgets.lessons.exercise import LessonError

#: Every handout's HTML carries this tag: only a file that has it is ever replaced.
MARKER = '<meta name="generator" content="monopoly-widgets lessons handout">'

#: The first cell the handout adds (its input hidden): no answer can be shown, and
#: Plotly's charts, the lessons' own included, are written into the page.
SETUP = """
import plotly.io as _pio

import monopoly_widgets.lessons as _lessons
import monopoly_widgets.lessons.charts as _charts


def _in_the_answer_key(exercise, *args, **kwargs):
    print(f"{exercise}: the worked answer is in the teacher's answer key.")


_lessons.show_me = _lessons.reveal = _in_the_answer_key
_pio.renderers.default = "notebook"
_charts.ON_PAPER = True
"""

#: A typed answer, ``e1_answer = 3  # comment``: the value goes back to the placeholder.
TYPED_ANSWER = re.compile(
    r"^([ \t]*e\d+_answer[ \t]*=[ \t]*)(?![ \t]|\.\.\.)([^#\n]+?)([ \t]*(#.*)?)$", re.M
)
#: A ``show_me`` the student switched on goes back to a comment.
SHOWN = re.compile(r"^(\s*)(show_me\()", re.M)

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_NOTE = "[interactive on screen: open the notebook to use it]"


def lesson_notebook(number: str, notebooks: Path) -> Path:
    """The lesson notebook numbered ``number`` ("01" or "1") in ``notebooks``."""
    if not notebooks.is_dir():
        raise LessonError(f"notebooks must be the folder of lesson notebooks; {notebooks} is not")
    text = str(number).strip()
    if not text.isdigit() or len(text) > 2:
        raise LessonError(f"a lesson is a number such as 01, not {text[:20]!r}")
    found = sorted(notebooks.glob(f"{int(text):02d}_*.ipynb"))
    if not found:
        known = ", ".join(path.name[:2] for path in sorted(notebooks.glob("[0-9][0-9]_*.ipynb")))
        raise LessonError(
            f"there is no lesson {int(text):02d} in {notebooks}; the lessons are {known}"
        )
    return found[0]


def unanswered(source: str) -> str:
    """``source`` with every typed answer back at ``...`` and every ``show_me`` off."""
    return SHOWN.sub(r"\1# \2", TYPED_ANSWER.sub(r"\1...\3", source))


def run_unanswered(path: Path) -> Any:
    """The notebook at ``path``, run from the top in a fresh kernel, exercises unanswered."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.source = unanswered(cell.source)
    setup = nbformat.v4.new_code_cell(SETUP.strip(), metadata={"tags": ["hide-input"]})
    notebook.cells.insert(0, setup)
    package_root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    with client.setup_kernel(env=env):
        for index, cell in enumerate(notebook.cells):
            client.execute_cell(cell, index)
    return notebook


def _without_widgets(notebook: Any) -> None:
    """Widgets need a live kernel: on paper each one is a short note instead."""
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                output["data"] = {"text/plain": WIDGET_NOTE}


def _charts_as_html(notebook: Any) -> None:
    """A chart carried as Plotly JSON (``lessons/charts.py``) gets its HTML form too.

    The first chart carries the Plotly library itself, so the page needs no download.
    """
    import plotly.io as pio

    library_written = False
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if PLOTLY_MIMETYPE in data and "text/html" not in data:
                data["text/html"] = pio.to_html(
                    dict(data[PLOTLY_MIMETYPE]),
                    include_plotlyjs=not library_written,
                    full_html=False,
                )
                library_written = True


def handout_html(path: Path) -> str:
    """The handout of the lesson notebook at ``path``, as one HTML page."""
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor
    from traitlets.config import Config

    notebook = run_unanswered(path)
    _without_widgets(notebook)
    _charts_as_html(notebook)
    config = Config()
    config.TagRemovePreprocessor.remove_cell_tags = {"notebook-only"}
    config.TagRemovePreprocessor.remove_input_tags = {"hide-input"}
    config.TagRemovePreprocessor.enabled = True
    exporter = HTMLExporter(config=config)
    exporter.register_preprocessor(TagRemovePreprocessor(config=config), enabled=True)
    body, _ = exporter.from_notebook_node(notebook, resources={"metadata": {"name": path.stem}})
    return body.replace("<head>", f"<head>\n{MARKER}", 1)


def _made_here(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8") as existing:
            return MARKER in existing.read(4096)
    except (OSError, UnicodeDecodeError):
        return False


def free_target(folder: Path, stem: str) -> Path:
    """``stem.handout.html`` in ``folder``, or beside it if a file there is not a handout."""
    target = folder / f"{stem}.handout.html"
    number = 2
    while target.exists() and not _made_here(target):
        target = folder / f"{stem}.handout-{number}.html"
        number += 1
    return target


def write_handout(number: str, out: str | os.PathLike[str], notebooks: Path) -> Path:
    """Run lesson ``number`` unanswered and write its handout in the folder ``out``."""
    path = lesson_notebook(number, notebooks)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    html = handout_html(path)
    target = free_target(folder, path.stem)  # free, or a handout made here: replaced whole
    return files.replace_whole(target, html, "handout")

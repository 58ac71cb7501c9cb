"""A printable handout of a lesson: the notebook run from the top, its exercises unanswered.

A teacher prints the handout for a class that works on paper, or hands it out before
the lesson. It is the lesson as a student sees it after "Run All" with nothing typed:
the tables, the narration, the charts and each exercise's question, and never a model
answer. To make sure of that, whatever the notebook holds, the answers typed in it
(``e1_answer = 3``) go back to ``...`` before it runs, and ``show_me`` and ``reveal``
print only where the worked answer is (the answer key). Cells tagged ``notebook-only``
("run the cells from the top") are left out and cells tagged ``hide-input`` show only
their output, as in Voilà.

Cells tagged ``teacher`` (the class's pooling) and ``screen-only`` (a code to paste) are
left out too, and so is every mention of ``show_me``: on paper it means nothing.

The handout is HTML made to print on A4 and Letter with nothing downloaded, ever:

* the maths is MathML, written here from the lesson's TeX (``latex2mathml``), which
  Chromium, Firefox and Safari draw themselves (no MathJax from a CDN: offline, that
  printed the raw TeX);
* each chart is a still SVG picture 640 pixels wide, drawn once by Plotly's Kaleido
  with the machine's Chromium or Chrome, so it fits the printed page (a live chart
  printed from a wide window was clipped) and the page stays small (no 4.6 MB Plotly
  library inside). Where no Chrome can be found the chart is drawn live by Plotly, as
  before, sized to the page, and the handout says so in a warning;
* code and long output lines wrap at the margin instead of being cut.

It is written beside any file of the same name that this module did not write, never
over it.
"""

from __future__ import annotations

import base64
import html
import os
import re
import warnings
from pathlib import Path
from typing import Any

from monopoly_widgets.core import files
from monopoly_widgets.core.validation import excerpt
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
_pio.renderers.default = "plotly_mimetype"
_charts.ON_PAPER = True
"""

#: Cells left out of every handout: the teacher's pooling, and what is only for a screen.
LEFT_OUT_TAGS = {"notebook-only", "teacher", "screen-only"}
#: A chart's width on paper, in CSS pixels: A4 and Letter both have about 680 between
#: 15 mm margins.
CHART_WIDTH = 640
#: A chart's height when its figure sets none.
CHART_HEIGHT = 420

#: Print rules added to the page: margins for A4 and Letter alike, code and output
#: wrapped at the margin, no prompts' column, and a chart or table kept on one page.
PRINT_CSS = """
<style>
@page { margin: 15mm; }
body { max-width: 180mm; margin: 0 auto; }
.jp-Notebook { padding: 0 !important; }
pre, .jp-RenderedText pre, .highlight pre, .jp-InputArea-editor pre {
  white-space: pre-wrap !important; overflow-wrap: anywhere; word-break: break-word;
}
.jp-InputArea-editor, .jp-OutputArea-output, .jp-RenderedHTMLCommon {
  overflow: visible !important;
}
.jp-RenderedHTMLCommon table { font-size: 0.85em; max-width: 100%; }
img.handout-chart { display: block; width: 100%; max-width: 170mm; height: auto; }
math[display="block"] { margin: 0.6em 0; }
@media print {
  .jp-Cell, img.handout-chart, .jp-RenderedHTMLCommon table { break-inside: avoid; }
  h1, h2, h3 { break-after: avoid; }
}
</style>
"""

#: A pair of ``$$`` around display maths, and a pair of ``$`` around inline maths (the
#: lessons write money without a sign: ``tests/lessons/test_markdown_money.py``).
DISPLAY_MATHS = re.compile(r"\$\$(.+?)\$\$", re.S)
INLINE_MATHS = re.compile(r"(?<![\\$])\$([^$\n]+?)\$(?!\$)")
#: Code in Markdown, which holds no maths.
MARKDOWN_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
#: ``show_me`` in a one-line import: ``import check, show_me`` or ``import show_me, say``.
IMPORTED_SHOW_ME = re.compile(r",\s*show_me\b|\bshow_me\s*,\s*")
#: Where one sentence of Markdown prose ends and the next begins.
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")

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


def without_show_me(source: str) -> str:
    """Code without ``show_me``: its lines (all comments by now) and its import, which on
    paper mean nothing."""
    kept = []
    for line in source.split("\n"):
        bare = line.strip()
        if bare.startswith(("# show_me(", "show_me,")):
            continue
        if bare.startswith("from ") and " import " in bare:
            line = IMPORTED_SHOW_ME.sub("", line)
        kept.append(line)
    return "\n".join(kept)


def prose_without_show_me(markdown: str) -> str:
    """Markdown without the sentences that tell how to use ``show_me`` (and the "Stuck?"
    question just before one)."""
    if "show_me" not in markdown:
        return markdown
    paragraphs = []
    for paragraph in markdown.split("\n\n"):
        if "show_me" not in paragraph:
            paragraphs.append(paragraph)
            continue
        kept: list[str] = []
        for sentence in SENTENCE_END.split(paragraph):
            if "show_me" in sentence:
                if kept and kept[-1].startswith("Stuck") and kept[-1].endswith("?"):
                    kept.pop()  # "Stuck?" asked only to point at show_me
                continue
            kept.append(sentence)
        paragraphs.append(" ".join(kept))
    return "\n\n".join(paragraphs)


def maths_as_mathml(markdown: str) -> str:
    """Markdown with each ``$$...$$`` and ``$...$`` formula as MathML (code spans kept)."""
    from latex2mathml.converter import convert

    def display(found: re.Match[str]) -> str:
        return "\n\n" + convert(found.group(1).strip(), display="block") + "\n\n"

    def inline(found: re.Match[str]) -> str:
        return convert(found.group(1).strip())

    parts, last = [], 0
    for code in MARKDOWN_CODE.finditer(markdown):
        prose = markdown[last : code.start()]
        parts += [INLINE_MATHS.sub(inline, DISPLAY_MATHS.sub(display, prose)), code.group()]
        last = code.end()
    parts.append(INLINE_MATHS.sub(inline, DISPLAY_MATHS.sub(display, markdown[last:])))
    return "".join(parts)


def run_unanswered(path: Path) -> Any:
    """The notebook at ``path``, run from the top in a fresh kernel, exercises unanswered."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    notebook.cells = [
        cell for cell in notebook.cells if not LEFT_OUT_TAGS & set(cell.metadata.get("tags", []))
    ]
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.source = without_show_me(unanswered(cell.source))
        elif cell.cell_type == "markdown":
            cell.source = maths_as_mathml(prose_without_show_me(cell.source))
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


def _chart_outputs(notebook: Any) -> list[dict[str, Any]]:
    return [
        output["data"]
        for cell in notebook.cells
        for output in cell.get("outputs", [])
        if PLOTLY_MIMETYPE in output.get("data", {})
    ]


def _charts_as_pictures(notebook: Any) -> None:
    """Each chart as a still SVG picture sized for paper (Kaleido, with Chrome), or, where
    no Chrome can be found, drawn live in the page (:func:`_charts_as_html`)."""
    charts = _chart_outputs(notebook)
    if not charts:
        return
    try:
        pictures = _pictures([data[PLOTLY_MIMETYPE] for data in charts])
    except Exception as exc:  # noqa: BLE001 - no Kaleido, no Chrome: the page draws them
        warnings.warn(
            f"the charts are drawn live in the handout, not as pictures ({excerpt(exc)}); "
            "install kaleido and Chrome or Chromium for a small handout",
            stacklevel=3,
        )
        _charts_as_html(charts)
        return
    for data, picture in zip(charts, pictures, strict=True):
        words = str(data.get("text/plain", "a chart")).strip("<>")
        source = "data:image/svg+xml;base64," + base64.b64encode(picture).decode()
        data.clear()
        data["text/html"] = f'<img class="handout-chart" alt="{html.escape(words)}" src="{source}">'


def _pictures(figures: list[dict[str, Any]]) -> list[bytes]:
    """The figures as SVG, 640 pixels wide, drawn by one Kaleido browser for them all."""
    import kaleido
    import plotly.graph_objects as go
    import plotly.io as pio

    kaleido.start_sync_server(silence_warnings=True)
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "The kopts argument", UserWarning)  # one server
            return [
                pio.to_image(
                    go.Figure(figure),
                    format="svg",
                    width=CHART_WIDTH,
                    height=figure.get("layout", {}).get("height") or CHART_HEIGHT,
                )
                for figure in figures
            ]
    finally:
        kaleido.stop_sync_server(silence_warnings=True)


def _charts_as_html(charts: list[dict[str, Any]]) -> None:
    """Each chart drawn live by Plotly, 640 pixels wide; the first carries the library."""
    import plotly.io as pio

    for number, data in enumerate(charts):
        figure = dict(data.pop(PLOTLY_MIMETYPE))
        figure["layout"] = {**figure.get("layout", {}), "width": CHART_WIDTH}
        data["text/html"] = pio.to_html(
            figure, include_plotlyjs=number == 0, full_html=False, config={"responsive": False}
        )


def handout_html(path: Path) -> str:
    """The handout of the lesson notebook at ``path``, as one HTML page."""
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor
    from traitlets.config import Config

    notebook = run_unanswered(path)
    _without_widgets(notebook)
    _charts_as_pictures(notebook)
    config = Config()
    config.TagRemovePreprocessor.remove_cell_tags = LEFT_OUT_TAGS
    config.TagRemovePreprocessor.remove_input_tags = {"hide-input"}
    config.TagRemovePreprocessor.enabled = True
    exporter = HTMLExporter(config=config, exclude_input_prompt=True, exclude_output_prompt=True)
    exporter.register_preprocessor(TagRemovePreprocessor(config=config), enabled=True)
    body, _ = exporter.from_notebook_node(notebook, resources={"metadata": {"name": path.stem}})
    body = _without_mathjax(body)
    return body.replace("<head>", f"<head>\n{MARKER}", 1).replace(
        "</head>", PRINT_CSS + "</head>", 1
    )


def _without_mathjax(page: str) -> str:
    """The page without the scripts nbconvert's template loads from a CDN (MathJax,
    require.js, and Mermaid for diagrams the lessons do not have): its maths is MathML
    already, and nothing in it needs them."""
    page = re.sub(r"<script[^>]*src=\"https?://[^\"]*\"[^>]*>\s*</script>", "", page, flags=re.I)
    page = re.sub(  # a module that imports from a URL (Mermaid's loader)
        r"<script type=\"module\">(?:(?!</script>).)*import\(\"https?://(?:(?!</script>).)*</script>",
        "",
        page,
        flags=re.S | re.I,
    )
    page = re.sub(r"<!--[^>]*mathjax[^>]*-->", "", page, flags=re.I)  # its comments
    return re.sub(
        r"<script type=\"text/x-mathjax-config\">.*?</script>", "", page, flags=re.S | re.I
    )


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

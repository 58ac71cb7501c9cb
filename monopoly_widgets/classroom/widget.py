"""The teacher's pooling widget: upload the result files or paste the codes, see the chart.

Plain ipywidgets (``FileUpload``, ``Textarea``, ``Button``, ``Output``), so it runs in
JupyterLab, Notebook 7, Voilà and the JupyterLite site alike: the files and the codes
are read in the kernel, and no server or network service is needed.
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.classroom.pooling import Pool, pool
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.text import html_text


def uploaded_files(value: Any) -> list[tuple[str, bytes]]:
    """``(name, bytes)`` of each file in a ``FileUpload``'s value (ipywidgets 8: a tuple of
    dicts with ``content``; ipywidgets 7: a dict by name)."""
    items = value.values() if isinstance(value, dict) else value
    files = []
    for item in items or ():
        name = item.get("name") or item.get("metadata", {}).get("name", "file")
        files.append((str(name), bytes(item["content"])))
    return files


class PoolWidget:
    """``PoolWidget()`` then display it (``.widget``; it displays itself as the last line)."""

    def __init__(self, truth: float | None = None) -> None:
        import ipywidgets as widgets

        self.truth = truth
        self.pool: Pool | None = None
        self.upload = widgets.FileUpload(accept=".json", multiple=True, description="Result files")
        self.codes = widgets.Textarea(
            placeholder="Paste the codes here, one a line (MW1.…)",
            layout=widgets.Layout(width="100%", height="8em"),
        )
        self.button = widgets.Button(description="Pool the results", button_style="primary")
        self.message = widgets.HTML()
        self.output = widgets.Output()
        self.button.on_click(lambda _: self.refresh())
        self.widget = widgets.VBox(
            [widgets.HBox([self.upload, self.button]), self.codes, self.message, self.output]
        )

    def sources(self) -> list[Any]:
        """The uploaded files' bytes, then the pasted codes, in order."""
        return [
            content for _, content in uploaded_files(self.upload.value)
        ] + self.codes.value.split()

    def refresh(self) -> Pool | None:
        """Pool what was uploaded and pasted; show the summary and the chart, or the error."""
        from IPython.display import display

        try:
            self.pool = pool(self.sources())
        except InputError as exc:
            self.pool = None
            self.message.value = f"<b>Not pooled:</b> {html_text(exc)}"
            return None
        self.message.value = html_text(self.pool.summary)
        self.output.clear_output(wait=True)
        with self.output:
            display(self.pool.chart(self.truth))
        return self.pool

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def pool_widget(truth: float | None = None) -> PoolWidget:
    """The teacher's widget: upload files or paste codes, press the button, project the chart."""
    return PoolWidget(truth)

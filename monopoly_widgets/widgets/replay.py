"""A game as one HTML file: it replays with no kernel and no network.

``GameExplorer.save_html`` and ``python -m monopoly_widgets replay GAME.json --html
OUT.html`` write it, for a student to open from an e-mail, a course page or a USB
stick, and for a worksheet to print.

The file draws the table with the widget's own JavaScript (``table.TABLE_SCRIPT``, the
same module: there is no second renderer). Python works out, for
every step, what the explorer's table would show (the table model, the
narration with its rule citations, the charts' series and the odds panel); the
file carries those frames as JSON, and ``static/replay_host.js`` plays the part
of the kernel: it answers the table's step, back, scrub and play requests by
switching frames. Plotly travels once, as the minified bundle the package
already carries for the widget.

Both the frames and Plotly are gzip-compressed and base64-encoded (the browser
unpacks them with ``DecompressionStream``): a 300-step game of five players
is then 2.6 MB instead of 28 MB for the teacher's file (six views), and 2.2 MB
instead of 8.7 MB for a seat's (``benchmarks/replay_size.py``).

Which views a file holds is chosen when it is saved: the teacher's file holds
the teacher's view and every seat's; a seat's file holds that seat's view only,
worked out from that seat's observation, so no other seat's hidden card is
anywhere in it (not in the frames, the charts, or a saved game: the file holds
no seed and no action list).
"""

from __future__ import annotations

import base64
import gzip
import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from monopoly_widgets.core import Game, files
from monopoly_widgets.core.validation import seat_or_none, whole_number
from monopoly_widgets.widgets import seats, views
from monopoly_widgets.widgets.charts import chart_labels, odds_at, series_at
from monopoly_widgets.widgets.cursor import TimelineCursor
from monopoly_widgets.widgets.plotly_library import PLOTLY_JS
from monopoly_widgets.widgets.probability import ProbabilityFn
from monopoly_widgets.widgets.seats import Agent
from monopoly_widgets.widgets.table import STATIC, table_script
from monopoly_widgets.widgets.views.common import seat_name

#: How many events of the step shown the narration lists (as the explorer).
NARRATION_EVENTS = 6
#: The key of the teacher's view in the frames (JSON keys are strings).
TEACHER = "teacher"


def view_key(perspective: int | None) -> str:
    """``"teacher"`` or the seat's number as a string."""
    return TEACHER if perspective is None else str(perspective)


def seat_roles(
    game: Game, agents: Sequence[Agent | None] | None, perspective: int | None
) -> list[str]:
    """The seats' roles on the table; with ``agents=None`` (a saved game does not say
    who played) only the seat watched has one."""
    if agents is not None:
        return seats.roles(agents, perspective)
    return ["watched" if seat == perspective else "" for seat in range(game.players)]


def seat_labels(game: Game, agents: Sequence[Agent | None] | None) -> list[str]:
    """The perspective menu's names: "Player 0 (person)", or "Player 0" with no agents."""
    if agents is not None:
        return seats.seat_labels(agents)
    return [seat_name(seat) for seat in range(game.players)]


def frames_for(
    game: Game,
    agents: Sequence[Agent | None] | None,
    perspectives: Sequence[int | None],
    panel: ProbabilityFn | None = None,
) -> dict[str, list[dict[str, Any]]]:
    """What the table shows at every step (0 to ``game.step``) in each of ``perspectives``.

    Each frame holds the traits ``table.js`` draws for that step: ``table``,
    ``narration``, ``chart_series``, ``odds``. A seat's frames come from that
    seat's observation only. One walk along the timeline serves every view, so
    the odds of a seat are worked out once per step for the teacher's view and
    that seat's (the cursor keeps them).
    """
    cursor = TimelineCursor(game, 0)
    roles = {p: seat_roles(game, agents, p) for p in perspectives}
    frames: dict[str, list[dict[str, Any]]] = {view_key(p): [] for p in perspectives}
    for step in range(game.step + 1):
        cursor.move_to(step)
        narration = [{"text": e.text, "rule": e.rule} for e in cursor.events[-NARRATION_EVENTS:]]
        for perspective in perspectives:
            observation = cursor.observation(perspective)
            frames[view_key(perspective)].append(
                {
                    "table": views.table_model(game.name, observation, roles[perspective]),
                    "narration": narration,
                    "chart_series": series_at(cursor, game.name, perspective),
                    "odds": odds_at(cursor, game.name, perspective, panel),
                }
            )
    return frames


def replay_data(
    game: Game,
    agents: Sequence[Agent | None] | None,
    perspective: int | None,
    start: int,
    panel: ProbabilityFn | None = None,
    ending: str = "",
) -> dict[str, Any]:
    """Everything the file replays: the views it holds, their frames, the labels, and
    ``ending``: why the record stops before the game's end (a league forfeit), which the
    file says at its last step as the explorer does (``GameExplorer.ending``).

    The teacher's file (``perspective=None``) holds the teacher's view and each
    seat's; a seat's file only that seat's.
    """
    shown: list[int | None] = [None, *range(game.players)] if perspective is None else [perspective]
    labels = seat_labels(game, agents)
    return {
        "game": game.name,
        "steps": game.step,
        "start": start,
        "perspective": perspective,
        "views": [view_key(p) for p in shown],
        "seat_names": labels,
        "chart_labels": chart_labels(game.name, game.players),
        "frames": frames_for(game, agents, shown, panel),
        "ending": "" if game.is_over else ending,
    }


def _packed(data: bytes) -> str:
    """``data`` gzip-compressed (the same bytes every time: no timestamp), in base64."""
    return base64.b64encode(gzip.compress(data, compresslevel=9, mtime=0)).decode("ascii")


def unpack(text: str) -> bytes:
    """The bytes :func:`_packed` packed (for tests and readers of a saved file)."""
    return gzip.decompress(base64.b64decode(text))


def replay_document(data: dict[str, Any], title: str) -> str:
    """The standalone HTML page: styles, the table's code, the host, and the packed data."""
    script = table_script() + "\n" + (STATIC / "replay_host.js").read_text(encoding="utf-8")
    # The code goes inside <script>: a "</script" in it would end the element early
    # (base64 cannot hold one).
    if "</script" in script.lower():
        raise RuntimeError("the table's JavaScript holds '</script': it cannot be inlined")
    frames = _packed(json.dumps(data, separators=(",", ":")).encode("utf-8"))
    plotly = _packed(PLOTLY_JS.read_bytes())
    styles = (STATIC / "table.css").read_text(encoding="utf-8") + (STATIC / "replay.css").read_text(
        encoding="utf-8"
    )
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            # Nothing may be fetched: no network, not even from the file's own folder.
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
            "script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; "
            'img-src data:; font-src data:">',
            f"<title>{escape(title)}</title>",
            f"<style>{styles}</style>",
            "</head>",
            '<body class="mw-replay-page">',
            f'<h1 class="mw-replay-print-title">{escape(title)}</h1>',
            '<p class="mw-replay-print-step" id="mw-replay-print-step"></p>',
            '<main id="mw-replay" class="mw-replay">'
            "<noscript>This replay needs JavaScript.</noscript>"
            '<p class="mw-replay-loading">Loading the replay…</p></main>',
            f'<script type="application/octet-stream" id="mw-replay-frames">{frames}</script>',
            f'<script type="application/octet-stream" id="mw-replay-plotly">{plotly}</script>',
            f'<script type="module">\n{script}\n</script>',
            "</body>",
            "</html>",
        ]
    )


def save_replay(
    path: str | Path,
    game: Game,
    agents: Sequence[Agent | None] | None,
    perspective: int | None = None,
    start: int = 0,
    *,
    panel: ProbabilityFn | None = None,
    overwrite: bool = False,
    ending: str = "",
) -> Path:
    """Write ``game`` as one HTML file that replays it (see the module's docstring)."""
    seat_or_none(perspective, "perspective", game.players)
    whole_number(start, "start", 0, game.step)
    # Before the work, not only after it: a taken name or a missing folder fails at once.
    files.check_output(path, overwrite, _TAKEN_ADVICE, "HTML file")
    data = replay_data(game, agents, perspective, start, panel, ending)
    title = f"{game.rules.title}: a replay, {game.players} players"
    if perspective is not None:
        title += f", {seat_name(perspective)}'s view"
    document = replay_document(data, title)
    return files.write_output(path, document, overwrite, _TAKEN_ADVICE, "HTML file")


#: What to do about a name that is taken (the function's argument, and the command line's).
_TAKEN_ADVICE = "choose another name, or pass overwrite=True (--overwrite) to replace it"

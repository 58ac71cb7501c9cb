"""``python -m monopoly_widgets replay GAME.json --html OUT.html``: a saved game as one HTML file.

The same file as ``GameExplorer.save_html`` (``widgets/replay.py``), made from a
game saved as JSON (the explorer's Save button, ``explorer.save``). The saved
game does not say who played each seat, so the seats are named without roles.
"""

from __future__ import annotations

import argparse
from typing import Any


def add_replay_parser(commands: Any) -> None:
    """Add the ``replay`` command to the main parser's sub-commands."""
    replay = commands.add_parser(
        "replay",
        help="write a saved game as one HTML file that replays it (no kernel, no network)",
        description=(
            "Write GAME.json (a game saved from the explorer) as one standalone HTML file: "
            "the table with step, back and play, the timeline, the narration with its rule "
            "citations, and the charts. It opens from disk and prints the step shown."
        ),
    )
    replay.add_argument("game_file", metavar="GAME.json", help="the saved game")
    replay.add_argument("--html", required=True, metavar="OUT.html", help="the file to write")
    replay.add_argument(
        "--seat",
        type=int,
        default=None,
        help="hold only this seat's view (no other seat's hidden card is in the file); "
        "default: the teacher's view, with every seat's view in the menu",
    )
    replay.add_argument("--step", type=int, default=0, help="the step it opens at (default 0)")
    replay.add_argument(
        "--overwrite", action="store_true", help="replace OUT.html if it exists (else refused)"
    )


def run_replay(args: argparse.Namespace) -> int:
    """Run ``replay``: write the file and say where, and how big it is."""
    from monopoly_widgets.core import load_game
    from monopoly_widgets.core.serialization import saved_game_text
    from monopoly_widgets.widgets.replay import save_replay

    game = load_game(saved_game_text(args.game_file))
    path = save_replay(args.html, game, None, args.seat, args.step, overwrite=args.overwrite)
    print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB, {game.step} steps)")
    return 0

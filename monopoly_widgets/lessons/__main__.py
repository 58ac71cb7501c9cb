"""The lessons' teacher commands: ``python -m monopoly_widgets.lessons answer-key --out FILE``.

Kept here, beside the lessons, rather than in the package's main command line, so
the lessons' tools can change without touching it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from monopoly_widgets.lessons.answer_key import write_answer_key
from monopoly_widgets.lessons.exercise import LessonError


def main(argv: Sequence[str] | None = None) -> int:
    """Run a teacher command; returns the exit status (0 done, 2 bad input)."""
    parser = argparse.ArgumentParser(
        prog="python -m monopoly_widgets.lessons", description="The lessons' teacher commands."
    )
    commands = parser.add_subparsers(dest="command", metavar="command", required=True)
    key = commands.add_parser(
        "answer-key", help="write every exercise's answer, with its working, as Markdown"
    )
    key.add_argument("--out", required=True, help="the Markdown file to write")
    key.add_argument("--notebooks", default="notebooks", help="the lesson notebooks' folder")
    args = parser.parse_args(argv)
    try:
        path = write_answer_key(args.out, args.notebooks)
    except LessonError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

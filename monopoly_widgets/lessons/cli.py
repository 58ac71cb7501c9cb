"""``python -m monopoly_widgets lessons ...``: handouts and the answer key, for the teacher.

Examples::

    python -m monopoly_widgets lessons handout 01 --out handouts
    python -m monopoly_widgets lessons handout 00 01 02 03 --out handouts
    python -m monopoly_widgets lessons answer-key --out answer-key.md
    python -m monopoly_widgets lessons answer-key --out answer-key.md --students class.txt

A handout is a lesson run from the top with its exercises unanswered, as HTML to print
(:mod:`monopoly_widgets.lessons.handout`); the answer key is every exercise's answer with
its working (:mod:`monopoly_widgets.lessons.answer_key`). Neither ever replaces a file it
did not write. ``--notebooks`` names the lessons' folder (default: the one beside the
package, as in a clone of the project).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

#: The lesson notebooks of a clone of the project, beside the package.
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def add_lessons_parser(commands: Any) -> None:
    """Add the ``lessons`` command group to the main parser's ``commands``."""
    lessons = commands.add_parser("lessons", help="lesson handouts and the answer key")
    actions = lessons.add_subparsers(dest="lessons_command", metavar="action")
    actions.required = True
    handout = actions.add_parser(
        "handout",
        help="write a printable HTML handout of lessons (exercises unanswered)",
        description="Run each lesson from the top, its exercises unanswered, and write it "
        "as HTML to print: NN_name.handout.html in --out (beside any file of that name "
        "that is not a handout, never over it).",
    )
    handout.add_argument("lesson", nargs="+", help="lesson numbers, such as 01 or 00 01 02")
    handout.add_argument("--out", required=True, help="the folder to write the handouts in")
    handout.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="the lessons' folder")
    key = actions.add_parser(
        "answer-key",
        help="write the answer key: every exercise's answer with its working (Markdown)",
    )
    key.add_argument("--out", required=True, help="the Markdown file to write")
    key.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="the lessons' folder")
    key.add_argument(
        "--students",
        type=Path,
        help="a text file of the class's names, one a line, as typed into STUDENT: the key "
        "lists each one's own version of the exercises that have versions",
    )


def run_lessons(args: argparse.Namespace) -> int:
    """Carry out ``lessons handout`` or ``lessons answer-key``; errors are LessonError."""
    if args.lessons_command == "handout":
        from monopoly_widgets.lessons.handout import lesson_notebook, write_handout

        for number in args.lesson:  # every number is checked before the first (slow) run
            lesson_notebook(number, args.notebooks)
        for number in args.lesson:
            print(f"wrote {write_handout(number, args.out, args.notebooks)}", flush=True)
        return 0
    from monopoly_widgets.lessons.answer_key import read_class_list, write_answer_key

    names = read_class_list(args.students) if args.students else []
    print(f"wrote {write_answer_key(args.out, args.notebooks, students=names)}")
    return 0

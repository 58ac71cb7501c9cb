"""The ``--csv FILE`` and ``--overwrite`` options every command that saves its games shares.

``python -m monopoly_widgets simulate`` (``cli.py``) and ``... league``
(``league/cli.py``) both take them; they live here, below both, so that neither
command's module imports the other.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from monopoly_widgets.core import files
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.validation import excerpt

#: What to do about a ``--csv`` file that exists (every command that takes ``--csv``).
CSV_ADVICE = "choose another name, or add --overwrite to replace it"


def add_csv_arguments(parser: argparse.ArgumentParser) -> None:
    """``--csv FILE`` and ``--overwrite``, as every command that saves its games has them."""
    parser.add_argument("--csv", default=None, help="also save one row per game to this CSV file")
    parser.add_argument(
        "--overwrite", action="store_true", help="replace the --csv file if it exists"
    )


def check_csv_target(name: str, overwrite: bool) -> None:
    """``--csv`` must name a new file (any file with ``--overwrite``) in a folder that exists
    and can be written: checked before any game is played, so a long run is never lost to
    a mistyped folder at its end."""
    try:
        target = files.check_output(name, overwrite, CSV_ADVICE, "CSV file")
    except InputError as exc:
        raise InputError(f"--csv: {exc}") from None
    if not os.access(target.parent, os.W_OK):
        raise InputError(f"--csv: the folder {excerpt(str(target.parent), 60)} cannot be written")


def write_csv(results: Any, name: str, overwrite: bool) -> None:
    """Write the games whole (``core/files.py``): a failed write leaves any old file as it
    was, and a file that appeared since the check is not written over."""
    text = results.to_csv(index=False)
    try:
        files.write_output(name, text, overwrite, CSV_ADVICE, "CSV file")
    except OSError as exc:
        raise InputError(f"--csv: cannot write {excerpt(name, 60)}: {exc.strerror}") from None
    except InputError as exc:
        raise InputError(f"--csv: {exc}") from None

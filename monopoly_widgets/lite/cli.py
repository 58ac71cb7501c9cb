"""``python -m monopoly_widgets lite build``: the command line of the site build."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def add_lite_parser(commands: Any) -> None:
    """Add the ``lite`` command to the main parser's sub-commands."""
    lite = commands.add_parser(
        "lite",
        help="build a JupyterLite site of the lessons (runs in a browser tab, no server)",
        description="Build a JupyterLite site: static files any web host serves.",
    )
    actions = lite.add_subparsers(dest="lite_command", metavar="action")
    actions.required = True
    build = actions.add_parser(
        "build",
        help="build the site (replaces an earlier site it made in --out, keeping your files)",
        description=(
            "Build the lessons into a JupyterLite site. Online (the default) the kernel "
            "loads Pyodide, numpy and pandas from Pyodide's CDN and other packages from "
            "PyPI; --offline bundles everything from PyPI and npm (no numpy or pandas)."
        ),
    )
    build.add_argument(
        "--out",
        type=Path,
        default=Path("lite-site"),
        help="a new or empty folder, or a site this command made (default lite-site)",
    )
    build.add_argument(
        "--offline", action="store_true", help="bundle Pyodide so the site needs no network"
    )
    build.add_argument(
        "--cache", type=Path, default=None, help="download cache (default ~/.cache/...)"
    )
    build.add_argument(
        "--verbose", action="store_true", help="on failure, also print the tools' own output"
    )


def run_lite(args: argparse.Namespace) -> int:
    """Run ``lite build``; returns 0, or 2 with a one-line reason when it cannot be done.

    A file-system failure (a read-only or full disk) is reported the same way, not
    as a traceback; the build has by then removed its own unfinished folder.
    """
    from monopoly_widgets.lite.build import LiteBuildError, build_site

    try:
        build_site(args.out, offline=args.offline, cache=args.cache)
    except LiteBuildError as exc:
        more = " (--verbose shows the tool's output)" if exc.details and not args.verbose else ""
        print(f"error: {exc}{more}", file=sys.stderr)
        if exc.details and args.verbose:
            print(exc.details, file=sys.stderr)
        return 2
    except OSError as exc:
        where = f": {exc.filename}" if exc.filename else ""
        print(f"error: {exc.strerror or exc}{where}", file=sys.stderr)
        return 2
    return 0

"""The offline lessons site, served by the class server itself under ``/lite/``.

Why: a classroom with no internet then needs only the teacher's laptop. Students open
the one address the server prints and find their seat and, linked from that page, the
lessons in JupyterLite (``python -m monopoly_widgets lite build --offline``: Pyodide and
every wheel are inside the site, so nothing is fetched from outside).

``serve --site [PATH]`` reuses an offline site already built at PATH (default
``lite-site``) or builds one there; an online site (one that loads Pyodide from its CDN)
is rebuilt offline by the site build, which replaces only a site it made
(:mod:`monopoly_widgets.lite.site_folder`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tornado import web

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.validation import excerpt
from monopoly_widgets.lite.site_folder import LiteBuildError

#: Where the site is mounted on the class server (the student page links to it).
SITE_PATH = "/lite/"

#: Content types a browser insists on: WebAssembly is only compiled as it streams in when
#: it is served as ``application/wasm``, and modules only load as JavaScript.
CONTENT_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".tar": "application/x-tar",
    ".data": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".map": "application/json",
}


def is_offline_site(folder: Path) -> bool:
    """Whether ``folder`` holds a JupyterLite site whose Pyodide is its own (no CDN)."""
    from monopoly_widgets.lite.build import check_site

    if not (folder / "jupyter-lite.json").is_file():
        return False
    try:
        check_site(folder, offline=True)
    except (LiteBuildError, KeyError, ValueError, OSError):
        return False
    return True


def ready_site(folder: str | Path, log: Callable[[str], None] = print) -> Path:
    """The offline site at ``folder``: reused when it is one, else built there first.

    Raises :class:`LiteBuildError` (the build's own message) when it cannot be built,
    for example when the folder holds files that are not a site this package made.
    """
    from monopoly_widgets.lite.build import build_site

    folder = Path(folder).resolve()
    if is_offline_site(folder):
        log(f"lessons: the offline site in {folder}")
        return folder
    log(f"lessons: building the offline site in {folder} (a few minutes, once)")
    return build_site(folder, offline=True, log=log)


def checked_site(folder: str | Path | None) -> Path | None:
    """``folder`` if it holds an offline site (``ClassServer(site=...)``), else a clear error;
    ``ready_site`` is the one that builds."""
    if folder is None:
        return None
    found = Path(folder).resolve()
    if not is_offline_site(found):
        raise InputError(
            f"site: {excerpt(str(folder), 60)} is not an offline lessons site; build one with "
            "python -m monopoly_widgets lite build --offline --out FOLDER (serve --site does)"
        )
    return found


class SiteHandler(web.StaticFileHandler):
    """A file of the lessons site, with the content type its suffix needs."""

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def get_content_type(self) -> str:
        suffix = Path(self.absolute_path or "").suffix.lower()
        known = CONTENT_TYPES.get(suffix)
        if known is None:
            return super().get_content_type()
        return f"{known}; charset=utf-8" if known.startswith("text/") else known


def site_routes(folder: Path) -> list[tuple[Any, ...]]:
    """The routes that mount ``folder`` at :data:`SITE_PATH`; ``/lite`` goes to ``/lite/`` by
    a relative address, so that it also works under a JupyterHub service's prefix."""
    return [
        (SITE_PATH.rstrip("/"), web.RedirectHandler, {"url": "lite/"}),
        (
            SITE_PATH + "(.*)",
            SiteHandler,
            {"path": str(folder), "default_filename": "index.html"},
        ),
    ]


def mount_site(app: web.Application, folder: Path) -> None:
    """Add the site's routes to the class server's application."""
    app.add_handlers(r".*", site_routes(folder))

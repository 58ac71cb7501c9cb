"""Where a site is written: only into a folder the build can prove it made.

Why: ``jupyter-lite.json`` is also the standard file of a teacher's own
JupyterLite project, so its presence proves nothing. Every site this package
builds carries a marker file, :data:`MARKER`, listing each file the build wrote
with its sha256. A folder is replaced only when every file the marker lists is
still as the build wrote it; anything else in it is the teacher's.

A build never writes into the target while it works:

* the new site is built in a fresh folder beside the target (same file system,
  so the swap is a rename), and swapped in only once it is complete and
  checked; until then the old site is whole, and on failure the fresh folder
  is removed and the old site is untouched;
* files a teacher added to the old site are copied into the new one before the
  swap, and named in one line; a changed file the build made, or an added file
  in the way of one the new build makes, stops the build before anything moves;
* after the swap only the old site's proven files are deleted, so nothing the
  build did not make is ever removed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from monopoly_widgets.core.errors import MonopolyWidgetsError

#: The build's own file in every site it makes: what it made, with content hashes.
MARKER = ".monopoly-widgets-site.json"

#: What the marker says made it (a marker of another tool is not ours).
MADE_BY = "python -m monopoly_widgets lite build"

#: How many file names an error or a log line quotes before "and N more".
NAMES_SHOWN = 3


class LiteBuildError(MonopolyWidgetsError, RuntimeError):
    """The site could not be built; the message says why, in one line.

    ``details`` keeps a tool's own output (pip, npm, jupyter lite) for
    ``--verbose``; the message alone names the cause and what to do.
    """

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


def sha256_of(path: Path) -> str:
    """A file's sha256, read in blocks (a site holds 20 MB files)."""
    digest = hashlib.sha256()
    with path.open("rb") as source:
        for block in iter(lambda: source.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def files_under(folder: Path) -> list[str]:
    """Every file, symbolic link and empty folder under ``folder``, as relative POSIX paths.

    Links are listed, never followed: a teacher's link to elsewhere is theirs.
    """
    found = []
    for top, folders, files in os.walk(folder):
        here = Path(top)
        for name in list(folders):
            if (here / name).is_symlink():
                files.append(name)
                folders.remove(name)
        if not folders and not files and here != folder:
            found.append(here.relative_to(folder).as_posix() + "/")
        found += [(here / name).relative_to(folder).as_posix() for name in files]
    return sorted(found)


def names(paths: Iterable[str]) -> str:
    """A short list of file names for one line: the first few, then "and N more"."""
    listed = sorted(paths)
    shown = ", ".join(listed[:NAMES_SHOWN])
    more = len(listed) - NAMES_SHOWN
    return shown + (f" and {more} more" if more > 0 else "")


def write_marker(site: Path) -> dict[str, str]:
    """List every file of the freshly built ``site`` in its marker; returns the listing."""
    made = {rel: sha256_of(site / rel) for rel in files_under(site) if not rel.endswith("/")}
    made.pop(MARKER, None)
    marker = {"made_by": MADE_BY, "files": made}
    (site / MARKER).write_text(json.dumps(marker, indent=0, sort_keys=True) + "\n")
    return made


def read_marker(folder: Path) -> dict[str, str]:
    """The files the marker in ``folder`` says the build made; refuses a marker not ours."""
    try:
        marker = json.loads((folder / MARKER).read_text(encoding="utf-8"))
        made = marker["files"]
        ours = marker.get("made_by") == MADE_BY and isinstance(made, dict)
        ours = ours and all(
            isinstance(rel, str) and isinstance(h, str) and re.fullmatch(r"[0-9a-f]{64}", h)
            for rel, h in made.items()
        )
    except (OSError, ValueError, KeyError, TypeError):
        ours = False
    if not ours:
        raise LiteBuildError(
            f"refusing to build into {folder}: its {MARKER} is not one this build wrote; "
            "nothing was changed; choose a new or empty folder for --out"
        )
    return {rel: h for rel, h in made.items() if safe_relative(rel)}


def safe_relative(rel: str) -> bool:
    """A marker entry that stays inside the site (no ``..``, no absolute path)."""
    parts = Path(rel).parts
    return bool(parts) and not Path(rel).is_absolute() and ".." not in parts


@dataclass
class Target:
    """The ``--out`` folder as found before the build: what is ours and what is not.

    ``made`` are the old site's files the marker lists (all unchanged, else the
    build was refused); ``added`` are files the teacher put there since.
    """

    path: Path
    exists: bool = False
    made: dict[str, str] = field(default_factory=dict)
    added: list[str] = field(default_factory=list)


def inspect_target(out: Path) -> Target:
    """Check that ``out`` may be replaced; raises with the reason when it may not."""
    here = Path.cwd().resolve()
    if out == here or out in here.parents:
        raise LiteBuildError(
            f"refusing to build into {out}: it is the folder you are in (or holds it); "
            "give a folder inside it, such as --out lite-site"
        )
    if not out.exists() and not out.is_symlink():
        return Target(out)
    if out.is_symlink() or not out.is_dir():
        raise LiteBuildError(
            f"refusing to build into {out}: it is not a folder; choose another --out"
        )
    if not any(out.iterdir()):
        return Target(out, exists=True)
    if not (out / MARKER).is_file():
        what = "files this build did not make"
        if (out / "jupyter-lite.json").exists():
            what = f"a JupyterLite project of your own (a jupyter-lite.json but no {MARKER})"
        raise LiteBuildError(
            f"refusing to build into {out}: it holds {what}; nothing was changed; "
            "choose a new or empty folder for --out"
        )
    made = read_marker(out)
    present = [rel for rel in files_under(out) if rel != MARKER]
    changed = [rel for rel in made if (out / rel).is_file() and sha256_of(out / rel) != made[rel]]
    if changed:
        raise LiteBuildError(
            f"refusing to rebuild {out}: {len(changed)} file(s) the build made were changed "
            f"since ({names(changed)}); nothing was changed; copy your edits elsewhere, "
            "delete those files, and build again"
        )
    added = [rel for rel in present if rel not in made]
    return Target(out, exists=True, made=made, added=added)


def staging_folder(out: Path) -> Path:
    """A fresh folder beside ``out`` to build in (a rename away from ``out``)."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    except OSError as exc:
        raise LiteBuildError(
            f"cannot write in {out.parent} ({exc.strerror or exc}); "
            "choose an --out in a folder you can write to"
        ) from None


def carry_added(target: Target, site: Path) -> None:
    """Copy the teacher's added files into the new ``site`` (before it is swapped in)."""
    in_the_way = [rel for rel in target.added if (site / rel.rstrip("/")).exists()]
    if in_the_way:
        raise LiteBuildError(
            f"refusing to rebuild {target.path}: files you added ({names(in_the_way)}) have "
            "the names of files the new build makes; nothing was changed; move them out of "
            "the site and build again"
        )
    for rel in target.added:
        source, copy = target.path / rel.rstrip("/"), site / rel.rstrip("/")
        copy.parent.mkdir(parents=True, exist_ok=True)
        if rel.endswith("/"):
            copy.mkdir()
        elif source.is_symlink():
            copy.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, copy)


def swap_in(site: Path, target: Target, log: Callable[[str], None]) -> None:
    """Put the complete ``site`` where ``target`` is; then delete only the old site's own files."""
    out = target.path
    if not target.exists:
        site.rename(out)
        return
    if not target.made and not target.added:
        os.replace(site, out)  # over an empty folder
        return
    aside = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
    aside.rmdir()
    out.rename(aside)
    try:
        site.rename(out)
    except OSError:
        aside.rename(out)
        raise
    if target.added:
        log(f"kept {len(target.added)} file(s) you added to the site: {names(target.added)}")
    remove_old(aside, target, log)


def remove_old(aside: Path, target: Target, log: Callable[[str], None]) -> None:
    """Delete from the old site what the build made and what was copied across; keep the rest."""
    proven = dict(target.made)
    for rel in target.added:
        kept = target.path / rel
        if not rel.endswith("/") and kept.is_file() and not kept.is_symlink():
            proven[rel] = sha256_of(kept)
    for rel, digest in proven.items():
        old = aside / rel
        if old.is_file() and not old.is_symlink() and sha256_of(old) == digest:
            old.unlink()
    for rel in target.added:
        old = aside / rel.rstrip("/")
        if old.is_symlink() and (target.path / rel).is_symlink():
            old.unlink()
    (aside / MARKER).unlink(missing_ok=True)
    for top, _folders, _files in sorted(os.walk(aside), key=lambda w: -len(w[0])):
        try:
            Path(top).rmdir()
        except OSError:
            pass  # not empty: something we cannot prove is ours
    if aside.exists():
        log(f"the old site's other files are kept in {aside} (not removed: not ours)")

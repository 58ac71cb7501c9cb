"""One student's experiment as a small, shareable result: a code to paste or a file to hand in.

A result is a count (``successes`` out of ``trials``: games won, draws that gave a set)
with what makes results comparable: the lesson, the experiment's name, its settings,
and the package version that ran it. The seed is kept apart from the settings: the
class uses different seeds on purpose, and two results with the same seed are the same
games (``pooling.py`` counts them once).

The code is ``MW2.<payload>.<check>``: ``MW2`` names the format's version, the payload
is the result's fields as a compact JSON list, deflated, in base64url, and the check is
the CRC-32 of the payload (8 hex digits), so a mistyped or cut code is caught before it
is read. The first format, ``MW1`` (a JSON object, not deflated: about 40% longer), is
still read, so codes made with an older version pool with new ones. A code still carries
the whole result (the experiment's name and settings too): that is what lets the pool
refuse a result from another experiment and name what differs, so it cannot be much
shorter than about 150 characters; it is for pasting, not for copying by hand.

Reading a code or a file is validated input: bounded length (the deflated payload is
inflated to at most :data:`MAX_FILE_BYTES`), JSON only (no ``eval``, no pickle), every
field checked for its type and range.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from monopoly_widgets.core import files
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.validation import excerpt, parse_json

#: The code's prefix: the format's version (a new format gets a new prefix).
PREFIX = "MW2"
#: The first format's prefix (a JSON object in base64url), still read; result files keep it.
FIRST_PREFIX = "MW1"
#: The longest code read (a result is a few hundred characters).
MAX_CODE_CHARS = 2_000
#: The largest result file read, in bytes.
MAX_FILE_BYTES = 20_000
#: The longest name, lesson, experiment or setting text.
MAX_TEXT_CHARS = 80
#: At most this many settings.
MAX_SETTINGS = 20
#: At most this many trials in one result.
MAX_TRIALS = 10_000_000

_CODE = re.compile(r"^MW(\d+)\.([A-Za-z0-9_-]+)\.([0-9a-f]{8})$")
#: A code inside a longer line, such as a chat message "Ana: MW2.….1a2b3c4d".
CODE_IN_TEXT = re.compile(
    r"(?<![A-Za-z0-9_.-])MW\d+\.[A-Za-z0-9_-]+\.[0-9a-f]{8}(?![A-Za-z0-9_.-])"
)
#: The JSON keys of a result, short so that codes stay short.
_KEYS = {
    "lesson": "l",
    "experiment": "e",
    "settings": "s",
    "successes": "k",
    "trials": "n",
    "student": "st",
    "seed": "sd",
    "version": "v",
}


def _package_version() -> str:
    from monopoly_widgets import __version__

    return __version__


def _fail(field_name: str, problem: str) -> InputError:
    return InputError(f"{field_name} {problem}")


@dataclass(frozen=True)
class ExperimentResult:
    """``successes`` out of ``trials`` in one student's run of an experiment."""

    lesson: str
    experiment: str
    settings: dict[str, Any]
    successes: int
    trials: int
    student: str = ""
    seed: int | None = None
    version: str = field(default_factory=_package_version)

    def __post_init__(self) -> None:
        _check_fields(self.__dict__, "result")

    @property
    def estimate(self) -> float:
        """``successes / trials``."""
        return self.successes / self.trials

    @property
    def code(self) -> str:
        """The text code to paste (``MW2.<payload>.<check>``)."""
        fields = [getattr(self, name) for name in _KEYS]
        text = json.dumps(fields, separators=(",", ":"), sort_keys=True)
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate: no header to carry
        packed = packer.compress(text.encode()) + packer.flush()
        payload = base64.urlsafe_b64encode(packed).decode().rstrip("=")
        return f"{PREFIX}.{payload}.{zlib.crc32(payload.encode()):08x}"

    @property
    def first_format_code(self) -> str:
        """The same result as an ``MW1`` code (what versions before ``MW2`` made and read)."""
        data = {short: getattr(self, name) for name, short in _KEYS.items()}
        text = json.dumps(data, separators=(",", ":"), sort_keys=True)
        payload = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
        return f"{FIRST_PREFIX}.{payload}.{zlib.crc32(payload.encode()):08x}"

    def to_json(self) -> str:
        """The result as a small JSON file's text (the same fields as the code)."""
        data = {"format": FIRST_PREFIX, **{name: getattr(self, name) for name in _KEYS}}
        return json.dumps(data, indent=1, sort_keys=True)

    def save(self, path: str | Path) -> Path:
        """Write the result file to ``path``; an existing file is never overwritten (the
        first free numbered name beside it, ``ana-2.json``, is used instead), even one that
        a classmate saves into the same folder at the same moment. Returns the path
        written."""
        return files.write_numbered(path, self.to_json() + "\n", "result file")

    def submit(self, server: str | None = None) -> dict[str, Any]:
        """Hand the result to the class server (``server``, else ``MW_CLASS_SERVER``): the
        teacher's pooled chart takes it at once. Returns the server's acknowledgement,
        sent once the result is kept; the code still works offline (``code``)."""
        from monopoly_widgets.classroom.hand_in import hand_in

        return hand_in("result", self.code, server)

    def same_experiment_as(self, other: ExperimentResult) -> bool:
        """Can the two be pooled: the same lesson, experiment and settings?"""
        return self.key == other.key

    @property
    def key(self) -> tuple[str, str, str]:
        """What results must share to be pooled."""
        return (self.lesson, self.experiment, json.dumps(self.settings, sort_keys=True))

    def __str__(self) -> str:
        who = f"{self.student}: " if self.student else ""
        return f"{who}{self.successes}/{self.trials} ({self.experiment}, lesson {self.lesson})"


def result_code(
    lesson: str,
    experiment: str,
    settings: dict[str, Any],
    successes: int,
    trials: int,
    student: str = "",
    seed: int | None = None,
) -> str:
    """The code a student pastes for the teacher: ``ExperimentResult(...).code``."""
    return ExperimentResult(
        lesson, experiment, dict(settings), successes, trials, student, seed
    ).code


def read_result(source: str | bytes | Path | dict[str, Any] | ExperimentResult) -> ExperimentResult:
    """A result from a code, a result file's text or bytes, a path, or a dict.

    Raises :class:`InputError` naming what is wrong (a mistyped code fails its check).
    """
    if isinstance(source, ExperimentResult):
        return source
    if isinstance(source, Path):
        if source.stat().st_size > MAX_FILE_BYTES:
            raise InputError(f"result file {source.name} is larger than {MAX_FILE_BYTES:,} bytes")
        return read_result(source.read_bytes())
    if isinstance(source, (bytes, bytearray, memoryview)):
        raw = bytes(source)
        if len(raw) > MAX_FILE_BYTES:
            raise InputError(f"result file is larger than {MAX_FILE_BYTES:,} bytes")
        try:
            source = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("result file is not UTF-8 text (a result file is JSON)") from None
    if isinstance(source, dict):
        return _from_fields(source, "result")
    if not isinstance(source, str):
        raise InputError(f"a result is a code, a file or a dict, not {type(source).__name__}")
    text = source.strip()
    if text.startswith("{"):
        if len(text) > MAX_FILE_BYTES:
            raise InputError(f"result file is longer than {MAX_FILE_BYTES:,} characters")
        data = parse_json(text, "result file", _fail)
        if not isinstance(data, dict) or data.get("format") != FIRST_PREFIX:
            raise InputError(f'result file is not a result (no "format": "{FIRST_PREFIX}")')
        return _from_fields({k: v for k, v in data.items() if k != "format"}, "result file")
    return _from_code(text)


def code_in_line(line: str) -> str:
    """The code in one pasted line, without what a chat puts before or after it
    ("Ana: MW2.….1a2b3c4d", "[10:31] Ana MW2…"); the line itself if it holds no code."""
    found = CODE_IN_TEXT.search(line[: MAX_CODE_CHARS + 200])
    return found.group() if found else line.strip()


def is_file_name(text: str) -> bool:
    """Does ``text`` name a result file (``"a.json"``, ``"class/ana.json"``), not hold one?"""
    one_line = "\n" not in text and len(text) < 4096
    return one_line and text.strip().lower().endswith(".json") and not text.lstrip().startswith("{")


def _from_code(text: str) -> ExperimentResult:
    if len(text) > MAX_CODE_CHARS:
        raise InputError(
            f"code is {len(text):,} characters long; a result code has at most {MAX_CODE_CHARS:,}"
        )
    found = _CODE.match(text)
    if found is None:
        raise InputError(
            f"code {excerpt(text)} is not a result code: it should look like "
            f"{PREFIX}.<letters>.<8 hex digits>, copied whole"
        )
    version, payload, check = found.groups()
    if f"MW{version}" not in (PREFIX, FIRST_PREFIX):
        raise InputError(
            f"code {excerpt(text)} is format MW{version}; this version reads "
            f"{FIRST_PREFIX} and {PREFIX}"
        )
    if f"{zlib.crc32(payload.encode()):08x}" != check:
        raise InputError(
            f"code {excerpt(text)} fails its check: a character was mistyped or lost; copy it again"
        )
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise InputError(f"code {excerpt(text)} is damaged (not base64url)") from None
    if f"MW{version}" == PREFIX:
        return _from_packed(raw, text)
    data = parse_json(raw, "code", _fail)
    if not isinstance(data, dict):
        raise InputError(f"code {excerpt(text)} does not hold a result")
    long_names = {short: name for name, short in _KEYS.items()}
    unknown = sorted(set(data) - set(long_names))
    if unknown:
        raise InputError(f"code holds unknown fields {unknown[:5]}")
    return _from_fields({long_names[k]: v for k, v in data.items()}, "code")


def _from_packed(raw: bytes, text: str) -> ExperimentResult:
    """An ``MW2`` payload: the fields in ``_KEYS`` order, as a deflated JSON list."""
    unpacker = zlib.decompressobj(-15)
    try:
        inflated = unpacker.decompress(raw, MAX_FILE_BYTES)
    except zlib.error:
        raise InputError(f"code {excerpt(text)} is damaged (does not inflate)") from None
    if unpacker.unconsumed_tail:
        raise InputError(f"code {excerpt(text)} holds more than {MAX_FILE_BYTES:,} bytes")
    data = parse_json(inflated, "code", _fail)
    if not isinstance(data, list) or len(data) != len(_KEYS):
        raise InputError(f"code {excerpt(text)} does not hold a result")
    return _from_fields(dict(zip(_KEYS, data, strict=True)), "code")


def _from_fields(data: dict[str, Any], where: str) -> ExperimentResult:
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise InputError(f"{where} has unknown fields {unknown[:5]}; the fields are {list(_KEYS)}")
    missing = [
        name
        for name in ("lesson", "experiment", "settings", "successes", "trials", "version")
        if name not in data
    ]
    if missing:
        raise InputError(f"{where} lacks the fields {missing}")
    fields = {name: data.get(name) for name in _KEYS}
    fields["student"] = fields["student"] or ""
    _check_fields(fields, where)
    return ExperimentResult(**fields)


def _check_fields(fields: dict[str, Any], where: str) -> None:
    for name in ("lesson", "experiment", "student", "version"):
        value = fields[name]
        if not isinstance(value, str) or len(value) > MAX_TEXT_CHARS:
            raise InputError(
                f"{where}: {name} must be text of at most {MAX_TEXT_CHARS} characters, "
                f"not {excerpt(value)}"
            )
    for name in ("lesson", "experiment"):
        if not fields[name]:
            raise InputError(f"{where}: {name} must not be empty")
    settings = fields["settings"]
    if not isinstance(settings, dict) or len(settings) > MAX_SETTINGS:
        raise InputError(
            f"{where}: settings must be a dict of at most {MAX_SETTINGS} entries, "
            f"not {excerpt(settings)}"
        )
    for key, value in settings.items():
        if not isinstance(key, str) or len(key) > MAX_TEXT_CHARS:
            raise InputError(f"{where}: setting names must be short text, not {excerpt(key)}")
        scalar = value is None or isinstance(value, (bool, int, float, str))
        if not scalar or (isinstance(value, str) and len(value) > MAX_TEXT_CHARS):
            raise InputError(
                f"{where}: setting {key!r} must be a number, text or true/false, "
                f"not {excerpt(value)}"
            )
    trials, successes = fields["trials"], fields["successes"]
    for name, value in (("trials", trials), ("successes", successes)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InputError(f"{where}: {name} must be a whole number, not {excerpt(value)}")
    if not 1 <= trials <= MAX_TRIALS:
        raise InputError(f"{where}: trials must be from 1 to {MAX_TRIALS:,}, not {trials}")
    if not 0 <= successes <= trials:
        raise InputError(f"{where}: successes must be from 0 to trials ({trials}), not {successes}")
    seed = fields["seed"]
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise InputError(f"{where}: seed must be a whole number or missing, not {excerpt(seed)}")

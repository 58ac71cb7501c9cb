"""Join codes, seat tokens and the teacher key, all drawn from :mod:`secrets`.

A join code is what a teacher reads out or writes on the board, so it is short and has
no character that reads like another: no 0/O, no 1/l/I (and no L, which a lower-case
``l`` typed by a student becomes once codes are read in capitals). Six characters from
these 31 give 887 million codes; a server also limits how fast one connection may try
them (``protocol.py``). A seat's token is the long secret that every move carries.
"""

from __future__ import annotations

import secrets

#: The characters of a join code: capitals and digits that cannot be misread.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: How long a join code is.
CODE_LENGTH = 6


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A join code that is not in ``taken``."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def normal_code(text: str) -> str:
    """A code as a student may type it (any case, spaces, a dash) in the form it is kept."""
    return "".join(ch for ch in text.upper() if not ch.isspace() and ch != "-")


def new_token() -> str:
    """A seat's token: 32 random bytes, URL-safe (every move carries it)."""
    return secrets.token_urlsafe(32)


def new_teacher_key() -> str:
    """The teacher's key: needed to create, reveal, export or close a table."""
    return secrets.token_urlsafe(18)


def new_table_id() -> str:
    """A table's id: short and public (it is no secret; the codes and tokens are)."""
    return "t" + secrets.token_hex(4)


def same_secret(given: object, kept: str | None) -> bool:
    """``given == kept`` for secrets, in constant time; a missing or non-text one is false."""
    if not isinstance(given, str) or kept is None:
        return False
    return secrets.compare_digest(given.encode("utf-8", "replace"), kept.encode("utf-8"))

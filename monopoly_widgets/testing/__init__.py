"""Checks any game engine must pass, shipped with the package (as pgx ships ``api_test``).

A contributor adding a game or a rule variant runs the same checks as our own
test suite::

    from monopoly_widgets.testing import check_legality_explained
    check_legality_explained("deal", players=3, seed=1)
"""

from monopoly_widgets.testing.legality import check_legality_explained, mutated_ids
from monopoly_widgets.testing.transcripts import check_transcript, record_transcript

__all__ = [
    "check_legality_explained",
    "check_transcript",
    "mutated_ids",
    "record_transcript",
]

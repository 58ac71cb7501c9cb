"""Checks any game engine must pass, shipped with the package (as pgx ships ``api_test``).

A contributor adding a game or a rule variant runs the same checks as our own
test suite (``tests/conformance/``)::

    from monopoly_widgets.testing import check_game
    check_game("deal", players=3, seeds=range(3))
    check_game("bid", seeds=[1], options={"trade_offers": "none"})  # every player count

Each check is also a function of its own (``check_undo``, ``check_legality_explained``,
...; see ``testing/api.py``), and golden transcripts pin a game's behaviour
through a refactor (``testing/transcripts.py``). ``docs/api.md`` shows how to run
them under pytest.
"""

from monopoly_widgets.testing.api import (
    CHECKS,
    check_citations,
    check_determinize,
    check_events_worked_out_again,
    check_game,
    check_global_rng_ignored,
    check_illegal_actions_rejected,
    check_invariants,
    check_observations,
    check_position_round_trip,
    check_random_playout,
    check_save_and_replay,
    check_undo,
    player_counts,
    random_playout,
)
from monopoly_widgets.testing.legality import check_legality_explained, mutated_ids
from monopoly_widgets.testing.transcripts import check_transcript, record_transcript

__all__ = [
    "CHECKS",
    "check_citations",
    "check_determinize",
    "check_events_worked_out_again",
    "check_game",
    "check_global_rng_ignored",
    "check_illegal_actions_rejected",
    "check_invariants",
    "check_legality_explained",
    "check_observations",
    "check_position_round_trip",
    "check_random_playout",
    "check_save_and_replay",
    "check_transcript",
    "check_undo",
    "mutated_ids",
    "player_counts",
    "random_playout",
    "record_transcript",
]

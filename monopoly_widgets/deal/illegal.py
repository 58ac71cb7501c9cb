"""Why an action id is not legal now, in plain words (``IllegalActionError`` messages)."""

from __future__ import annotations

from monopoly_widgets.deal.state import DealState


def why_illegal(state: DealState, action_id: str) -> str:
    return f"{action_id!r} is not a legal action now"

"""A finished (or closed) table as the package's own files: the JSON save and the HTML replay.

The save is ``game.to_json()`` (``mw.load_game`` opens it); the replay is the one-file page
of ``widgets/replay.py`` in the teacher's view (every hand: it is for after the game).
"""

from __future__ import annotations

from monopoly_widgets.agents.playout import make_agent
from monopoly_widgets.server.tables import Table
from monopoly_widgets.widgets.replay import replay_data, replay_document


def replay_html(table: Table) -> str:
    """The table's game as one HTML file that replays it from the deal, with no server."""
    game = table.game
    agents = [make_agent(seat.bot) if seat.bot else None for seat in table.seats]
    title = f"{game.rules.title}: a replay, {game.players} players (class table {table.id})"
    return replay_document(replay_data(game, agents, None, 0), title)

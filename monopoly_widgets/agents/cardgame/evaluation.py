"""Monopoly: The Card Game for the search agent: how close each seat is to winning.

The match is won on money over several hands, by the first to $10,000 (rulebook, "Winning
the Game"), so a seat's progress is its match score (``rules.metrics``'s "money") in
$2,500s, a quarter of the way there, plus a little for each complete group in hand (it
scores when the hand ends). ``metric_progress``, the search agent's measure for any game,
would weigh the groups and the cards in hand above the match score, which is what wins.
"""

from __future__ import annotations

from monopoly_widgets.core.rules import Rules, State


def progress(rules: Rules, state: State) -> list[float]:
    """Each seat's match score / $2,500 plus 0.1 per complete group in hand."""
    metrics = rules.metrics(state)
    return [m / 2500 + 0.1 * s for m, s in zip(metrics["money"], metrics["sets"], strict=True)]

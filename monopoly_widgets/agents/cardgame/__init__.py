"""Monopoly: The Card Game's agents: the heuristic (``heuristic.py``)."""

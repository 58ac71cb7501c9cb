"""Monopoly Bid's agents: the heuristic (``heuristic.py``) and the bidding strategies it and
the lessons use (``bidders.py``)."""

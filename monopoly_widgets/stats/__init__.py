"""Statistics with no game in them: confidence intervals and successive halving.

The search agent (``agents/search.py``) and the coach (``coach/``) both share out
playouts by successive halving (``stats/halving.py``), and the halving, the coach, the
simulations and the league all read intervals (``stats/intervals.py``). This layer
sits just below ``core/`` (``docs/architecture.md``, "The layers"): it imports only
the standard library, so every layer above may use it, agents included.
"""

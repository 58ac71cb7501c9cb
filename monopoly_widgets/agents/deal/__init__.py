"""Monopoly Deal's agents: the heuristic, ``DealPolicyAgent`` and the search agent's Deal hooks.

- ``heuristic.py``: the heuristic's ``choose`` (the descriptor's ``heuristic``);
- ``policy.py``: ``DealPolicyAgent``, the heuristic with measured mistakes corrected, and
  its rules: ``policy_win.py`` (a win that moves wilds), ``policy_wilds.py`` (where the wilds
  stand), ``policy_charges.py`` (charge before banking), ``policy_cards.py`` (payments and
  action cards), on the view in ``policy_view.py``;
- ``evaluation.py``: the search agent's fitted leaf evaluation, and the hand odds it leans on;
- ``beliefs.py``: how the search agent imagines the other hands.
"""

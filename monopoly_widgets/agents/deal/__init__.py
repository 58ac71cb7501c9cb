"""Monopoly Deal's agents: the heuristic, ``DealPolicyAgent`` and the search agent's Deal hooks.

- ``heuristic.py``: the heuristic's ``choose`` (the descriptor's ``heuristic``);
- ``policy.py``: ``DealPolicyAgent``, the heuristic with measured mistakes corrected (the
  descriptor's ``agents``, name ``"deal_policy"``), and its rules: ``policy_win.py`` (a win
  that moves wilds), ``policy_wilds.py`` (where the wilds stand), ``policy_charges.py``
  (charge before banking), ``policy_cards.py`` (payments and action cards), on the view in
  ``policy_view.py``;
- ``evaluation.py``: the search agent's ``progress`` and fitted leaf evaluation
  (``win_chance``);
- ``beliefs.py``: how the search agent imagines the other hands (``HeuristicBeliefs``), on
  the hand odds in ``hand_odds.py``.
"""

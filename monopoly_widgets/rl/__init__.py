"""The three games for reinforcement-learning courses: PettingZoo and Gymnasium environments.

Needs the optional extra ``pip install monopoly_widgets[rl]`` (PettingZoo and Gymnasium);
the teacher's install (``[lab]``) does not bring it. See ``docs/rl.md``.

* :func:`env` / :class:`raw_env`: PettingZoo AEC environments, one agent per seat;
* :class:`SingleSeatEnv`: a Gymnasium environment, the learner in one seat, bots in the rest;
* :class:`Catalogue`: the numbered action ids each engine lists (``<game>/catalogue.py``);
* :class:`PolicyAgent`: a policy over encoded views as an ordinary agent (``mw.simulate``,
  the explorer, the league).
"""

from monopoly_widgets.rl.aec import env, raw_env
from monopoly_widgets.rl.catalogue import Catalogue
from monopoly_widgets.rl.policy import LinearPolicy, PolicyAgent
from monopoly_widgets.rl.single import SingleSeatEnv

__all__ = ["Catalogue", "LinearPolicy", "PolicyAgent", "SingleSeatEnv", "env", "raw_env"]

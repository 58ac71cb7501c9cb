"""A game's action catalogue, numbered: what learning code's action spaces are made of.

Each engine owns its catalogue (``deal/catalogue.py``, ``cardgame/catalogue.py``, ...):
every id that can ever be legal for a player count and options, in a stable order. This
module numbers it and answers the two questions an environment asks at every step: which
numbers are legal now (the mask), and which action a number stands for.

An entry may be a *slot* that stands for a different real id in each state (the Card
Game's reward, a factored form: see ``cardgame/catalogue.py``); the engine's ``slot_ids``
says what each slot stands for now.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.registry import describe

_INT8 = np.dtype(np.int8)  # a dtype object: numpy converts a type each call


class Catalogue:
    """The numbered action ids of one game, player count and options."""

    def __init__(self, game: str, players: int, options: Mapping[str, Any] | None = None) -> None:
        descriptor = describe(game)  # an unknown name is an OptionError naming the games
        self.game = game
        self.players = players
        self._options = dict(options) if options else None
        self._module = descriptor.module("catalogue")
        #: The ids (and slots), in the engine's order: action ``i`` is ``ids[i]``.
        self.ids: tuple[str, ...] = self._module.action_catalogue(players, options)
        self.index: dict[str, int] = {action_id: i for i, action_id in enumerate(self.ids)}
        self._slot_ids = self._module.slot_ids
        self._zeros = bytearray(len(self.ids))  # copied by ``mask``, never changed
        self._shape = (len(self.ids),)
        #: What each slot stands for, from a seat's observation dict (``PolicyAgent``).
        self.slot_ids_from_observation = self._module.slot_ids_from_observation

    def __reduce__(self) -> tuple:
        """Pickled as its arguments (a module cannot be pickled): so an agent holding a
        catalogue reaches ``mw.simulate``'s worker processes."""
        return (Catalogue, (self.game, self.players, self._options))

    def __len__(self) -> int:
        return len(self.ids)

    def legal_indexes(self, game: Game) -> dict[int, Action]:
        """Each legal action of ``game`` now, by its number in the catalogue.

        Raises :class:`InputError` if a legal id is not in the catalogue (the conformance
        suite checks that this never happens).
        """
        legal = game.legal_actions()
        index = self.index.get
        # As ``numbers`` does, written out here: a call and a closure at every step cost a
        # fifth of the numbering.
        found = {index(action.id): action for action in legal}
        if None not in found:
            return found
        return self._numbers_with_slots(legal, lambda: self._slot_ids(game.state))

    def numbers(
        self, legal: Sequence[Action], slots_now: Callable[[], Mapping[str, str]]
    ) -> dict[int, Action]:
        """``legal`` by catalogue number; ``slots_now()`` says what each slot stands for
        now (asked only if some id is not listed outright)."""
        index = self.index.get
        # Most steps list every id outright: one comprehension, and the slower walk
        # only when some id is a slot's (or missing, which it then names).
        found = {index(action.id): action for action in legal}
        if None not in found:
            return found
        return self._numbers_with_slots(legal, slots_now)

    def _numbers_with_slots(
        self, legal: Sequence[Action], slots_now: Callable[[], Mapping[str, str]]
    ) -> dict[int, Action]:
        """:meth:`numbers` when some id is not listed outright: a slot's, or missing."""
        index = self.index.get
        found = {}
        slots: dict[str, int] | None = None
        for action in legal:
            number = index(action.id)
            if number is None:
                if slots is None:
                    slots = {real: self.index[slot] for slot, real in slots_now().items()}
                number = slots.get(action.id)
                if number is None:
                    raise InputError(
                        f"action {action.id!r} of {self.game} is not in its catalogue "
                        f"for {self.players} players"
                    )
            found[number] = action
        return found

    def mask(self, legal: Mapping[int, Action]) -> np.ndarray:
        """A 0/1 int8 vector, 1 at the numbers of ``legal`` (from :meth:`legal_indexes`)."""
        # Set in a copy of a zero bytearray (one memcpy: cheaper than zeroing a new one),
        # then seen by numpy without a copy: setting a bytearray item costs a third of
        # setting a numpy one, and there are a few dozen per step.
        mask = self._zeros[:]
        for number in legal:
            mask[number] = 1
        return np.ndarray(self._shape, _INT8, mask)  # ``np.frombuffer`` costs a tenth more

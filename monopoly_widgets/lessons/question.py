"""A question that needs no code cell: choose an option or type a number, then press Enter.

For a Voilà page, a younger class, or any question where typing Python adds
nothing (issue 25 §2.4). The widget is checked by the *same* checker as ``check``
(:func:`~monopoly_widgets.lessons.checker.submit`), so the rules, the coaching and
the attempt record are the same. The model answer never goes to the browser: only
the question, the options and the feedback do, and the worked answer only when the
student presses "Show me" after a try.

Every message from the browser is checked like any input (its type, its fields, a
length limit); a message for a try that has already been answered (a double click,
Enter pressed twice) is ignored, so one press is one try.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from monopoly_widgets.core.errors import MessageError
from monopoly_widgets.core.validation import excerpt
from monopoly_widgets.lessons.answers import Choice, Number, Seat, Truth, Whole
from monopoly_widgets.lessons.checker import find_exercise, inputs, submit, worked_solution
from monopoly_widgets.lessons.exercise import Exercise
from monopoly_widgets.lessons.record import record_for
from monopoly_widgets.lessons.students import student_name

STATIC = Path(__file__).parent / "static"

#: The longest answer the browser may send (the answer box allows this many characters).
LONGEST_ANSWER = 200


def _options(expects: Any) -> list[list[str]]:
    """The choices as [value sent back, label shown], or [] for a typed answer."""
    if isinstance(expects, Choice):
        return [[option, option] for option in expects.options]
    if isinstance(expects, Truth):
        return [["true", "True"], ["false", "False"]]
    if isinstance(expects, Seat):
        seats = [[str(seat), f"player {seat}"] for seat in range(expects.players)]
        return seats + ([["nobody", "nobody"]] if expects.nobody else [])
    return []


def _unit(expects: Any) -> str:
    if isinstance(expects, Whole):
        return expects.unit
    if isinstance(expects, Number):
        return expects.unit or ("or %" if expects.percent else "")
    return ""


class Question(anywidget.AnyWidget):
    """``Question("04-E1", view=view)``: the exercise as a widget (same inputs as ``check``)."""

    _esm = STATIC / "question.js"
    _css = STATIC / "question.css"

    key = traitlets.Unicode("").tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    kind = traitlets.Unicode("number").tag(sync=True)  # "choice" or "number"
    options = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    unit = traitlets.Unicode("").tag(sync=True)
    expects = traitlets.Unicode("").tag(sync=True)  # what to type, said in words
    tries = traitlets.Int(0).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    worked = traitlets.Unicode("").tag(sync=True)
    can_show = traitlets.Bool(True).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        exercise: str | Exercise,
        /,
        *,
        student: str | None = None,
        prompt: str | None = None,
        allow_show_me: bool = True,
        **context: Any,
    ) -> None:
        found = find_exercise(exercise)
        name = student_name(student)
        inputs(found, name, **context)  # an author's mistake (a missing input) shows now
        self._exercise, self._student, self._context = found, name, dict(context)
        options = _options(found.expects)
        super().__init__(
            key=found.key,
            prompt=prompt if prompt is not None else found.question,
            kind="choice" if options else "number",
            options=options,
            unit=_unit(found.expects),
            expects=found.expects.describe(),
            tries=record_for(name).tries(found.key),
            can_show=bool(allow_show_me),
        )
        self.on_msg(self._on_browser_message)

    @property
    def exercise(self) -> Exercise:
        return self._exercise

    def _on_browser_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_message(content)
        except MessageError as exc:
            self.error = str(exc)
        finally:  # the view waits for this before it takes another press
            self.send({"type": "done"})

    def handle_message(self, content: Any) -> None:
        """Answer or show the working, after checking the message; :class:`MessageError` if bad."""
        if not isinstance(content, dict):
            raise MessageError(
                f"a message from the browser must be an object, not {excerpt(content)}"
            )
        kind = content.get("type")
        if kind == "answer":
            self._answer(content)
        elif kind == "show_me":
            self._show_me(content)
        else:
            raise MessageError(f'message type must be "answer" or "show_me", not {excerpt(kind)}')

    def _answer(self, content: dict[str, Any]) -> None:
        if set(content) != {"type", "value", "tries"}:
            raise MessageError("an answer message has exactly the fields type, value and tries")
        value, seen = content["value"], content["tries"]
        if not isinstance(value, str) or len(value) > LONGEST_ANSWER:
            raise MessageError(
                f"value must be text of at most {LONGEST_ANSWER} characters, not {excerpt(value)}"
            )
        if isinstance(seen, bool) or not isinstance(seen, int):
            raise MessageError(f"tries must be a whole number, not {excerpt(seen)}")
        if seen != self.tries:
            return  # an answer to a try already marked (Enter pressed twice): one press, one try
        if self.kind == "choice" and value not in [option[0] for option in self.options]:
            raise MessageError(f"value must be one of the options, not {excerpt(value)}")
        feedback = submit(self._exercise, value, student=self._student, **self._context)
        self.error = ""
        self.status, self.feedback = feedback.status, feedback.message
        self.tries = record_for(self._student).tries(self._exercise.key)

    def _show_me(self, content: dict[str, Any]) -> None:
        if set(content) != {"type"}:
            raise MessageError("a show_me message has only the field type")
        if not self.can_show:
            raise MessageError("this question does not show its answer")
        if self.tries < 1:
            raise MessageError("answer once before asking to be shown")
        self.worked = worked_solution(self._exercise, student=self._student, **self._context)
        record_for(self._student).note_shown(self._exercise.key)
        self.error = ""

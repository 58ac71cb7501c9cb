"""Live questions: the teacher asks the class, every seat answers, the teacher decides when
the class sees the answers.

After Desmos Classroom's "submit to class": the teacher's page shows the distribution as the
answers come in, and only a reveal sends it to the students' pages. A question is one of

- ``move``: "what would you play?" in a position (a saved game, as ``game.to_json()`` or
  ``mw.load_game`` take it); the answer is one of the legal action ids of the player to
  decide, and every student is sent that player's view and the legal moves;
- ``choice``: one of the teacher's choices (text);
- ``number``: a number, optionally between ``low`` and ``high``.

A student answers from a joined seat (the phone page or ``mw.join``); answering again
replaces the answer. Every answer is written to the store before it is acknowledged
(``answered``), as a move is. Answers and names are text: the pages put them in with
``textContent``, and the chart's labels are :func:`~monopoly_widgets.core.text.plotly_text`.
"""

from __future__ import annotations

import json
import math
import sqlite3
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.serialization import load_game
from monopoly_widgets.core.text import plain, plotly_text
from monopoly_widgets.core.validation import excerpt, type_name
from monopoly_widgets.server import codes, protocol
from monopoly_widgets.server.protocol import ProtocolError

FORMS = ("move", "choice", "number")
#: Longest prompt, choice and text answer, in characters.
MAX_PROMPT_CHARS = 300
MAX_CHOICE_CHARS = 80
MAX_CHOICES = 12
MAX_ANSWER_CHARS = 200

SCHEMA = """
CREATE TABLE IF NOT EXISTS questions (
    id TEXT PRIMARY KEY, spec TEXT NOT NULL, created REAL NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0, revealed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS answers (
    question_id TEXT NOT NULL REFERENCES questions(id), who TEXT NOT NULL,
    name TEXT NOT NULL, answer TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (question_id, who));
"""


@dataclass
class Question:
    """One question: what the students are sent, and the answers kept so far."""

    id: str
    form: str
    prompt: str
    choices: list[dict[str, str]]
    position: dict[str, Any] | None = None
    low: float | None = None
    high: float | None = None
    closed: bool = False
    revealed: bool = False
    #: who ("table:seat") -> (name, answer)
    answers: dict[str, tuple[str, Any]] = field(default_factory=dict)

    def spec(self) -> dict[str, Any]:
        return {
            "form": self.form,
            "prompt": self.prompt,
            "choices": self.choices,
            "position": self.position,
            "low": self.low,
            "high": self.high,
        }

    def student_frame(self) -> dict[str, Any]:
        """What a student's page is sent: the question (and the answers once revealed)."""
        return {
            "question": self.id,
            **self.spec(),
            "closed": self.closed,
            "revealed": self.revealed,
            "distribution": self.distribution() if self.revealed else None,
        }

    def check_answer(self, answer: Any) -> Any:
        """The answer as kept, or :class:`ProtocolError` (``answer``) saying what is allowed."""
        if self.closed:
            raise ProtocolError("question_closed", "this question is closed: no more answers")
        if self.form == "number":
            if isinstance(answer, bool) or not isinstance(answer, (int, float)):
                raise ProtocolError("answer", f"the answer is a number, not {type_name(answer)}")
            try:
                value = float(answer)
            except OverflowError:  # a whole number too large for a float: out of range
                value = math.inf
            if not math.isfinite(value) or (
                (self.low is not None and value < self.low)
                or (self.high is not None and value > self.high)
            ):
                raise ProtocolError(
                    "answer",
                    f"the answer must be from {self.low} to {self.high}, not {answer!r:.20}",
                )
            return answer
        if not isinstance(answer, str) or len(answer) > MAX_ANSWER_CHARS:
            raise ProtocolError("answer", "the answer is the id of one of the question's choices")
        if answer not in {c["id"] for c in self.choices}:
            raise ProtocolError(
                "answer",
                f"{excerpt(answer, 30)} is not one of the choices: "
                + ", ".join(c["id"] for c in self.choices[:MAX_CHOICES]),
            )
        return answer

    def distribution(self) -> dict[str, Any]:
        """The answers counted: one bar a choice (or a distinct number), in order."""
        counts = Counter(answer for _name, answer in self.answers.values())
        if self.form == "number":
            keys = sorted(counts)
            labels = {k: repr(k) for k in keys}  # distinct numbers, distinct bars
        else:
            keys = [c["id"] for c in self.choices]
            labels = {c["id"]: c["text"] for c in self.choices}
        return {
            "question": self.id,
            "answers": len(self.answers),
            "bars": [
                {
                    "answer": key,
                    "label": labels[key],
                    "plotly_label": plotly_text(labels[key]),
                    "count": counts.get(key, 0),
                }
                for key in keys
            ],
        }

    def teacher_view(self) -> dict[str, Any]:
        """The teacher's page: the question, the live distribution, and who answered what."""
        labels = {c["id"]: c["text"] for c in self.choices}
        return {
            **self.student_frame(),
            "distribution": self.distribution(),
            "answered": [
                {"name": name, "answer": labels.get(answer, answer)}
                for name, answer in self.answers.values()
            ],
        }


def make_question(given: Any, question_id: str) -> Question:
    """A checked :class:`Question` from the teacher's description (the API's body): its ``form`` is
    one of :data:`FORMS`."""
    if not isinstance(given, Mapping):
        raise InputError(f"a question is described by a JSON object, not {excerpt(given)}")
    allowed = {"form", "prompt", "choices", "position", "low", "high"}
    unknown = sorted(set(given) - allowed)
    if unknown:
        raise InputError(
            f"a question has no field {excerpt(unknown[0], 30)}; its fields: "
            + ", ".join(sorted(allowed))
        )
    form = given.get("form")
    if form not in FORMS:
        raise InputError(f"form must be one of {', '.join(FORMS)}, not {excerpt(form, 20)}")
    prompt = given.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip() or len(prompt) > MAX_PROMPT_CHARS:
        raise InputError(f"prompt must be text of 1 to {MAX_PROMPT_CHARS} characters")
    question = Question(question_id, form, " ".join(plain(prompt).split()), [])
    if form == "choice":
        question.choices = _choices(given.get("choices"))
    elif form == "move":
        question.position, question.choices = _position(given.get("position"))
    else:
        question.low = _bound(given.get("low"), "low")
        question.high = _bound(given.get("high"), "high")
        if question.low is not None and question.high is not None and question.low > question.high:
            raise InputError("low must not be above high")
    return question


def _choices(given: Any) -> list[dict[str, str]]:
    if (
        not isinstance(given, list)
        or not 2 <= len(given) <= MAX_CHOICES
        or not all(isinstance(c, str) and 0 < len(c.strip()) <= MAX_CHOICE_CHARS for c in given)
    ):
        raise InputError(
            f"choices must be a list of 2 to {MAX_CHOICES} texts of at most "
            f"{MAX_CHOICE_CHARS} characters, not {excerpt(given)}"
        )
    texts = [" ".join(plain(c).split()) for c in given]
    if len(set(texts)) != len(texts):
        raise InputError("choices must differ from each other")
    return [{"id": str(n), "text": text} for n, text in enumerate(texts)]


def _position(given: Any) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """The decision in a saved game: the deciding player's view and their legal moves."""
    if given is None:
        raise InputError("a move question needs 'position': a saved game (game.to_json())")
    game = load_game(given)  # the package's own check of a saved game (SavedGameError)
    seat = game.current_player
    if game.is_over or seat is None:
        raise InputError("position: the game is over, so there is no move to choose")
    shown = {
        "game": game.name,
        "players": game.players,
        "seat": seat,
        "step": game.step,
        "observation": game.observation(seat),
    }
    choices = [{"id": a.id, "text": a.text} for a in game.legal_actions()]
    return shown, choices


def _bound(value: Any, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise InputError(f"{name} must be a number, not {excerpt(value)}")
    return float(value)


class Questions:
    """The class's questions, kept in the server's store, and sent over the seats' sockets."""

    def __init__(self, hub: Any) -> None:
        self.hub = hub
        self.db: sqlite3.Connection = hub.store.db
        self.db.executescript(SCHEMA)
        self.questions: dict[str, Question] = {}
        self._resume()

    def _resume(self) -> None:
        for question_id, spec, closed, revealed in self.db.execute(
            "SELECT id, spec, closed, revealed FROM questions ORDER BY created, rowid"
        ).fetchall():
            data = json.loads(spec)
            question = Question(question_id, **data)
            question.closed, question.revealed = bool(closed), bool(revealed)
            for who, name, answer in self.db.execute(
                "SELECT who, name, answer FROM answers WHERE question_id = ? ORDER BY at",
                (question_id,),
            ):
                question.answers[who] = (name, json.loads(answer))
            self.questions[question_id] = question

    def get(self, question_id: str) -> Question:
        question = self.questions.get(question_id) if isinstance(question_id, str) else None
        if question is None:
            raise InputError(f"there is no question {question_id!r:.30}")
        return question

    def current(self) -> Question | None:
        """The latest question: the one a page that joins is shown."""
        return next(reversed(self.questions.values()), None)

    # --- the teacher ----------------------------------------------------------------
    def ask(self, given: Any) -> Question:
        """A new question, kept, then sent to every connected seat."""
        question = make_question(given, "q" + codes.new_table_id()[1:])
        self.db.execute(
            "INSERT INTO questions (id, spec, created) VALUES (?, ?, ?)",
            (question.id, json.dumps(question.spec()), time.time()),
        )
        self.questions[question.id] = question
        self.send_all(question)
        return question

    def reveal(self, question_id: str) -> Question:
        """The class sees the answers: every page is sent the distribution."""
        question = self.get(question_id)
        self.db.execute("UPDATE questions SET revealed = 1 WHERE id = ?", (question.id,))
        question.revealed = True
        self.send_all(question)
        return question

    def close(self, question_id: str) -> Question:
        """No more answers (the answers kept stay)."""
        question = self.get(question_id)
        self.db.execute("UPDATE questions SET closed = 1 WHERE id = ?", (question.id,))
        question.closed = True
        self.send_all(question)
        return question

    def send_all(self, question: Question) -> None:
        text = protocol.frame("question", **question.student_frame())
        for connection in list(self.hub.connections.values()):
            connection.send(text)

    # --- a student ------------------------------------------------------------------
    def answer(self, connection: Any, place: tuple[Any, int], message: dict[str, Any]) -> None:
        """Keep a seat's answer, then acknowledge it (``answered``)."""
        table, seat = place
        question = self.get_for_answer(message["question"])
        answer = question.check_answer(message["answer"])
        who = f"{table.id}:{seat}"
        name = table.seats[seat].name or f"Player {seat}"
        try:
            self.db.execute(
                "INSERT OR REPLACE INTO answers (question_id, who, name, answer, at)"
                " VALUES (?, ?, ?, ?, ?)",
                (question.id, who, name, json.dumps(answer), time.time()),
            )
        except sqlite3.Error as exc:
            raise ProtocolError("store", f"the answer could not be kept ({exc})") from None
        question.answers[who] = (name, answer)
        connection.send(protocol.frame("answered", question=question.id, answer=answer))

    def get_for_answer(self, question_id: str) -> Question:
        question = self.questions.get(question_id)
        if question is None:
            raise ProtocolError("question", f"there is no question {excerpt(question_id, 30)}")
        return question

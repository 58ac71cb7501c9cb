"""Text from students and files, shown as text: never markup, never reordered.

A bot's file name, a student's name in a pooled result or an attempt record, is
typed by someone else. Drawn as it is, ``<a href="http://x">ana</a>`` becomes a live
link on the teacher's chart, ``<br>`` splits a label, and a right-to-left override
(U+202E) shows "ana.py" as "yp.ana". So every such name goes through one of:

* :func:`plain`: the name with the characters that change how text *around* it
  is laid out taken out (decided here, once):

  - the Unicode bidirectional controls (embeddings, overrides and isolates,
    U+202A-U+202E and U+2066-U+2069; the marks U+200E, U+200F and U+061C) are
    removed: they have no visible form, and without them the Unicode bidirectional
    algorithm (UAX #9) still shows a Hebrew or Arabic name the right way round;
  - line breaks and tabs (``\\n``, ``\\r``, ``\\t``, U+2028, U+2029, U+0085) become a
    space, so a name stays on its line; every other control character (Unicode
    category Cc) is removed.

  Every visible character is kept as it was typed.
* :func:`plotly_text`: for any Plotly text (labels, titles, hover text, tick labels,
  legends, annotations). Plotly draws a subset of HTML in text (``<a href>``,
  ``<br>``, ``<b>``...) and TeX when a text starts and ends with ``$``; it decodes
  the entities ``&lt;``, ``&gt;``, ``&amp;`` and numeric ones *after* it has found
  the tags, so the name's ``&``, ``<``, ``>`` and ``$`` become entities and are shown
  as those characters (``tests/browser/test_names_literal.py`` checks this in
  Chromium: no ``<a>`` element, the label reads literally).
* :func:`html_text`: for HTML built as a string (tables, pages): :func:`plain`, then
  ``html.escape`` (``&``, ``<``, ``>`` and both quotes).

Text set with ``textContent`` in JavaScript is never markup; pass it :func:`plain`.
"""

from __future__ import annotations

import html
import unicodedata

#: The Unicode bidirectional formatting characters (UAX #9, section 2): removed.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: Characters that break or indent a line: each becomes one space.
LINE_BREAKS = frozenset("\n\r\t\v\f\x85\u2028\u2029")
#: What Plotly reads as markup in text, and the entity that shows each literally.
_PLOTLY_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "$": "&#36;"}


def plain(text: object) -> str:
    """``text`` as a string without bidirectional controls or control characters (see
    the module docstring): ``plain("ana\\u202e.py\\nben")`` is ``"ana.py ben"``."""
    kept = []
    for char in str(text):
        if char in LINE_BREAKS:
            kept.append(" ")
        elif char in BIDI_CONTROLS or unicodedata.category(char) == "Cc":
            continue
        else:
            kept.append(char)
    return "".join(kept)


def plotly_text(text: object) -> str:
    """``text`` for Plotly, shown literally: :func:`plain`, and Plotly's markup characters
    as entities (``plotly_text("<b>ana</b>")`` draws ``<b>ana</b>``, not bold)."""
    return "".join(_PLOTLY_ENTITIES.get(char, char) for char in plain(text))


def html_text(text: object) -> str:
    """``text`` for an HTML page or table, shown literally: :func:`plain`, then escaped."""
    return html.escape(plain(text), quote=True)

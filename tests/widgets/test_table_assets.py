"""The table's JavaScript and CSS ship inside the package, with no CDN."""

from __future__ import annotations

import re
from pathlib import Path

import monopoly_widgets
from monopoly_widgets.widgets.table import STATIC, TABLE_SCRIPT, GameTable
from monopoly_widgets.widgets.views.common import seat_name

PACKAGE = Path(monopoly_widgets.__file__).parent


def test_the_table_loads_its_own_files() -> None:
    assert PACKAGE in STATIC.parents
    parts = [(STATIC / name).read_text() for name in TABLE_SCRIPT]
    assert str(GameTable._esm) == "\n".join(parts), "the parts, in TABLE_SCRIPT's order"
    assert TABLE_SCRIPT[-1] == "table.js" and sorted(TABLE_SCRIPT) == sorted(
        path.name for path in STATIC.glob("*.js") if path.name != "replay_host.js"
    ), "every part is joined once, render's file last"
    assert str(GameTable._css) == (STATIC / "table.css").read_text()
    assert str(GameTable._esm).count("export default") == 1


def test_no_network_and_one_class_prefix() -> None:
    js = str(GameTable._esm)
    css = (STATIC / "table.css").read_text()
    assert "http://" not in js + css and "https://" not in js + css
    assert "import " not in js, "the table must not import anything from outside the package"
    classes = set(re.findall(r"^\.([a-zA-Z][\w-]*)", css, flags=re.MULTILINE))
    assert classes and all(name.startswith("mw-") for name in classes)


def test_every_control_is_labelled_and_the_narration_is_live() -> None:
    js = str(GameTable._esm)
    # The events are read from a polite log of what each step added (narration.js).
    assert 'log.setAttribute("aria-live", "polite")' in js
    assert 'log.setAttribute("role", "log")' in js
    for control in ("scrubber", "speed", "perspective", "seedInput"):
        assert f'{control}.setAttribute("aria-label"' in js
    assert 'node.setAttribute("aria-label", ariaLabel)' in js  # every button() gets one
    assert "return () =>" in js, "render must return a cleanup function"


def test_the_browser_names_seats_as_python_does() -> None:
    """Seat numbers start at 0 in the events, the narration and the lessons ("Player 0").

    Where ``seat_names``/``chart_labels`` are missing, the JavaScript falls back to
    its own name for a seat: it must be Python's ``seat_name``, not ``seat + 1``.
    """
    js = str(GameTable._esm)
    fallbacks = re.findall(r"`Player \$\{([^}]*)\}`", js)
    assert fallbacks, "the browser's fallback seat names were not found"
    assert set(fallbacks) == {"seat"}, fallbacks
    assert [seat_name(seat) for seat in range(3)] == ["Player 0", "Player 1", "Player 2"]

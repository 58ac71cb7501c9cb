"""Bad input on the command line: a short error and exit status 2, never a traceback."""

from __future__ import annotations

import pytest

from monopoly_widgets.cli import main
from tests.input.helpers import MARK


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "deal", "--games", "0"], "games must be from 1 to 10000000, not 0"),
        (["simulate", "deal", "--workers", "0"], "workers must be from 1 to 256, not 0"),
        (
            ["simulate", "deal", "--seed", "-1"],
            "seed must be from 0 to 9223372036854775807, not -1",
        ),
        (["simulate", "deal", "--option", "max_turns=0"], "'max_turns' must be 1 or more"),
        (["simulate", "deal", "--option", "x=" + "[" * 5000], "options.x: is text of 5,000"),
        (["simulate", "deal", "--option", "x=1"], "unknown option(s) 'x'; known options are"),
        (["simulate", "deal", "--option", "max_turns=" + "[" * 5000], "options.max_turns"),
        (["simulate", MARK * 100_000], "unknown game"),
        (["simulate", "bid", "--option", f"count_nope={10**12}"], "at most 100"),
    ],
)
def test_bad_command_lines_get_a_short_error(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert words in err
    assert len(err) < 700
    assert MARK * 61 not in err

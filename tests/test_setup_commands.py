"""Every command of the set-up sections (README, teaching guide, league guide) is run somewhere.

The commands are read from the documents themselves (fenced ``bash`` blocks, and
inline code that starts with a command), so a command added to the docs fails
here until a test or ``.ci/run`` runs it. :data:`RUN_BY` names, for each, the file
that runs it and the text in that file that does. This file itself runs the README's
first command up to the activated venv (the clone, ``cd`` and venv), with one change:
the clone's address is this checkout, as the machines that run the tests reach no
git host; ``tests/test_teacher_install.py`` runs the rest (the install and JupyterLab).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: The set-up sections: (document, first heading, the heading after the section).
SECTIONS = (
    ("README.md", "## Set up", "## A short tour"),
    ("docs/teaching-guide.md", "## What to prepare", "## Ideas for discussion"),
    ("docs/league.md", "## 2. Run it", "## 3. Before the league"),
)

#: Words a command starts with (inline code such as `check` or `reveal` is Python, not this).
COMMANDS = ("pip ", "python ", "python3 ", "voila ", "jupyter ", "bash ", "apt-get ", ".venv-lite/")

#: The README's clone address: a placeholder for the copy a teacher uses (their fork).
CLONE_URL = "https://github.com/YOUR-ACCOUNT/monopoly_widgets.git"
#: The README's first command, up to the venv (run below).
CLONE_AND_VENV = (
    f"git clone {CLONE_URL}",
    "cd monopoly_widgets",
    "python3 -m venv .venv",
    ". .venv/bin/activate",
)

#: Each command -> (the file that runs it, text in that file that runs it).
RUN_BY = {
    **{
        part: ("tests/test_setup_commands.py", "def test_the_readme_clone_and_venv_run_as_written")
        for part in CLONE_AND_VENV
    },
    'pip install -e ".[lab]"': ("tests/test_teacher_install.py", 'pip install -e ".[lab]"'),
    "jupyter lab notebooks/00_quickstart.ipynb": (
        "tests/test_teacher_install.py",
        '"jupyter lab notebooks/00_quickstart.ipynb"',
    ),
    "voila notebooks/00_quickstart.ipynb": ("tests/browser/test_voila.py", "*voila_command()"),
    "bash .ci/run": (".ci/run", "exec python3 -m pytest"),
    "python3 -m pytest": (".ci/run", "exec python3 -m pytest"),
    "apt-get install nodejs npm": (".ci/run", "apt-get install -y -qq nodejs npm"),
    "python3 -m venv .venv-lite": ("tests/lite/test_lite_venv.py", '"python3 -m venv .venv-lite"'),
    '.venv-lite/bin/pip install -e ".[lite]"': (
        "tests/lite/test_lite_venv.py",
        """'.venv-lite/bin/pip install -e ".[lite]"'""",
    ),
    ".venv-lite/bin/python -m monopoly_widgets lite build": (
        "tests/lite/test_lite_venv.py",
        '".venv-lite/bin/python -m monopoly_widgets lite build"',
    ),
    ".venv-lite/bin/python -m monopoly_widgets lite build --offline": (
        "tests/lite/test_lite_venv.py",
        '".venv-lite/bin/python -m monopoly_widgets lite build --offline"',
    ),
    # The teacher's lesson tools, run through the same CLI entry with a test's own folders.
    "python -m monopoly_widgets lessons handout 01 --out handouts": (
        "tests/lessons/test_handout.py",
        'main(["lessons", "handout"',
    ),
    "python -m monopoly_widgets lessons answer-key --out answer-key.md": (
        "tests/lessons/test_answer_key.py",
        'main(["lessons", "answer-key"',
    ),
    # The league guide's commands, run as written in a class folder made as the guide says.
    "python -m monopoly_widgets league bots/ --game deal --games 20 --add random,heuristic": (
        "tests/league/test_guide.py",
        "def test_the_guides_commands_run_as_written",
    ),
    "python -m monopoly_widgets league bots/ --games 50 --move-seconds 2 --csv league.csv": (
        "tests/league/test_guide.py",
        "def test_the_guides_commands_run_as_written",
    ),
    # Served on 127.0.0.1 with a free port (this machine's rule for servers), as the docs say.
    "python -m http.server --bind 127.0.0.1 8000 --directory lite-site": (
        "tests/lite/site_driver.py",
        '"http.server", "--bind", "127.0.0.1"',
    ),
    "python -m http.server 8000 --directory lite-site": (
        "tests/lite/site_driver.py",
        '"http.server", "--bind", "127.0.0.1"',
    ),
}


def section(document: str, start: str, end: str) -> str:
    text = (ROOT / document).read_text(encoding="utf-8")
    return text[text.index(start) : text.index(end)]


def shell_lines(block: str) -> list[str]:
    """The commands of a ``bash`` block: a line ending in ``&&`` or ``\\`` goes on below."""
    lines: list[str] = []
    carry = ""
    for line in block.splitlines():
        line = carry + line.split("  #")[0].strip()
        if line.endswith(("&&", "\\")):
            carry = line.removesuffix("\\").rstrip() + " "
            continue
        carry = ""
        if line:
            lines.append(line)
    return lines


def commands_in(text: str) -> list[str]:
    """The shell commands of a section: lines of ``bash`` blocks, and inline commands."""
    found = []
    for block in re.findall(r"```bash\n(.*?)```", text, flags=re.S):
        for line in shell_lines(block):
            found += [part.strip() for part in line.split(" && ") if part.strip()]
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    found += [code for code in re.findall(r"`([^`\n]+)`", prose) if code.startswith(COMMANDS)]
    return found


def documented_commands() -> list[str]:
    return sorted({c for sec in SECTIONS for c in commands_in(section(*sec))})


def test_every_set_up_command_is_run_by_a_test_or_ci() -> None:
    commands = documented_commands()
    assert len(commands) >= 8, commands
    missing = [command for command in commands if command not in RUN_BY]
    assert missing == [], f"documented but run by no test: {missing}"
    for command in commands:
        file, text = RUN_BY[command]
        assert text in (ROOT / file).read_text(encoding="utf-8"), (command, file, text)


def test_the_extraction_finds_a_new_command() -> None:
    text = "## Set up\n```bash\npip install -e . && jupyter lab x.ipynb  # a note\n```\n"
    text += "Then `voila y.ipynb`, not `check(...)`.\n"
    assert commands_in(text) == ["pip install -e .", "jupyter lab x.ipynb", "voila y.ipynb"]


def test_a_command_goes_on_after_a_line_ending_in_and() -> None:
    block = "git clone x && cd y &&\n  pip install z \\\n  --quiet\nbash run\n"
    text = f"## Set up\n```bash\n{block}```\n"
    assert commands_in(text) == ["git clone x", "cd y", "pip install z --quiet", "bash run"]


def readme_first_command() -> list[str]:
    block = re.search(r"```bash\n(.*?)```", section(*SECTIONS[0]), flags=re.S)
    assert block, "the README's set-up has no bash block"
    return shell_lines(block.group(1))[0].split(" && ")


@pytest.mark.slow
def test_the_readme_clone_and_venv_run_as_written(tmp_path: Path) -> None:
    """The clone, ``cd`` and venv of the README's first command, from an empty folder."""
    parts = readme_first_command()
    assert tuple(parts[: len(CLONE_AND_VENV)]) == CLONE_AND_VENV, parts
    # The rest is the teacher's install, run by tests/test_teacher_install.py.
    assert parts[len(CLONE_AND_VENV) :] == [
        'pip install -e ".[lab]"',
        "jupyter lab notebooks/00_quickstart.ipynb",
    ]
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("this copy of the project is not a git checkout")
    # This checkout, under the address's last part, so the clone gets the README's folder name.
    source = tmp_path / "host" / CLONE_URL.rsplit("/", 1)[1]
    source.parent.mkdir()
    source.symlink_to(ROOT, target_is_directory=True)
    home = tmp_path / "home"
    home.mkdir()
    steps = [part.replace(CLONE_URL, str(source)) for part in CLONE_AND_VENV]
    script = " && ".join([*steps, 'python -c "import sys; print(sys.prefix)"'])
    done = subprocess.run(
        ["bash", "-c", script], cwd=home, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    clone = home / "monopoly_widgets"
    assert done.stdout.strip().splitlines()[-1] == str(clone / ".venv")
    assert (clone / "notebooks" / "00_quickstart.ipynb").is_file()
    assert (clone / ".ci" / "run").is_file(), "the second command runs from the same folder"

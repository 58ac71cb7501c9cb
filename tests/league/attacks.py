"""Hostile bots for the sandbox tests, written into each test's own temporary folder.

Each attacker tries its attack on its first move, then raises ``RuntimeError`` with a
short report, ``name:OK`` for each attempt that worked and ``name:ErrorName`` for each
that failed: the check game ends there, and the league keeps the report as the reason
the bot sits out (``result.failures``). What the attempts would have changed outside
(a file written, a connection made, a process started) is checked by the tests.

``{...}`` fields are filled in by :func:`write_attackers`: the test's own folders, ports
and processes, so no attack ever reaches anything but what the test made for it.
"""

from __future__ import annotations

from pathlib import Path

#: Every attacker starts with this: ``attempt`` runs one attack and names its outcome.
PRELUDE = """
import os, sys, time, signal, socket, subprocess

def attempt(name, function):
    try:
        function()
    except BaseException as exc:  # SystemExit too
        return name + ":" + type(exc).__name__
    return name + ":OK"

def js_call(name):
    import js
    return eval(name, {{"js": js}})
"""

#: name -> body of ``choose`` (after the prelude). ``report`` must be raised at the end.
ATTACKERS = {
    "reader": """
def choose(observation, legal_actions, rng):
    report = [
        attempt("passwd", lambda: open("/etc/passwd").read()),
        attempt("classmate", lambda: open({classmate!r}).read()),
        attempt("home", lambda: open({secret_file!r}).read()),
        attempt("listhome", lambda: os.listdir({home!r})),
        attempt("denoread", lambda: js_call("js.Deno.readTextFileSync({secret_file!r})")),
    ]
    raise RuntimeError(" ".join(report))
""",
    "writer": """
def choose(observation, legal_actions, rng):
    def write(path):
        with open(path, "w") as file:
            file.write("written by a bot")
    report = [
        attempt("outside", lambda: write({outside!r})),
        attempt("inside", lambda: write({inside!r})),
        attempt("delete", lambda: os.remove({classmate!r})),
        attempt("package", lambda: open({package_file!r}, "a").close()),
        attempt("denowrite", lambda: js_call("js.Deno.writeTextFileSync({outside!r}, 'x')")),
        attempt("denoremove", lambda: js_call("js.Deno.removeSync({classmate!r})")),
    ]
    raise RuntimeError(" ".join(report))
""",
    "network": """
OUTCOME = []

def start_fetch():
    from pyodide.ffi import create_proxy
    promise = js_call("js.fetch('http://127.0.0.1:{port}/fetch')")
    promise.then(
        create_proxy(lambda value: OUTCOME.append("fetch:OK")),
        create_proxy(lambda error: OUTCOME.append("fetch:" + str(error.name))),
    )

def connect():
    connection = socket.socket()
    connection.connect(("127.0.0.1", {port}))
    connection.close()

REPORT = []

def choose(observation, legal_actions, rng):
    if not REPORT:
        REPORT.append(attempt("socket", connect))
        REPORT.append(attempt("startfetch", start_fetch))
        return legal_actions[0]
    if OUTCOME or "startfetch:OK" not in REPORT:
        raise RuntimeError(" ".join(REPORT + OUTCOME))
    return legal_actions[0]
""",
    "environment": """
def choose(observation, legal_actions, rng):
    found = [name for name, value in os.environ.items() if "{secret}" in value]
    report = [
        "environ:" + ("OK" if found else "none"),
        attempt("denoenv", lambda: js_call("js.Deno.env.get('MW_TEACHER_SECRET')")),
        attempt("proc", lambda: open("/proc/{league_pid}/environ", "rb").read()),
        attempt("procmem", lambda: open("/proc/{league_pid}/mem", "rb").close()),
        attempt("denoproc", lambda: js_call("js.Deno.readFileSync('/proc/{league_pid}/cmdline')")),
    ]
    raise RuntimeError(" ".join(report))
""",
    "killer": """
def choose(observation, legal_actions, rng):
    report = [
        attempt("probe", lambda: os.kill({league_pid}, 0)),
        attempt("kill", lambda: os.kill({victim_pid}, signal.SIGKILL)),
        attempt("denokill", lambda: js_call("js.Deno.kill({victim_pid}, 'SIGKILL')")),
    ]
    raise RuntimeError(" ".join(report))
""",
    "spawner": """
def choose(observation, legal_actions, rng):
    def fork():
        if os.fork() == 0:
            os.setsid()
            time.sleep({sleep})
            os._exit(0)
    report = [
        attempt("fork", fork),
        attempt("popen", lambda: subprocess.Popen(["sleep", "{sleep}"], start_new_session=True)),
        attempt("command", lambda: js_call(
            "js.Deno.Command.new('sleep', js.Object.fromEntries([['args', ['{sleep}']]])).spawn()"
        )),
    ]
    raise RuntimeError(" ".join(report))
""",
    "shell": """
def choose(observation, legal_actions, rng):
    raise RuntimeError(attempt("system", lambda: os.system("sleep {sleep} &")))
""",
    "hog": """
def choose(observation, legal_actions, rng):
    hoard = []
    while True:
        hoard.append(b"x" * 100_000_000)
""",
    "looper": """
def choose(observation, legal_actions, rng):
    while True:
        pass
""",
    "shouter": """
def choose(observation, legal_actions, rng):
    print("x" * 1_000_000)
    sys.stderr.write("y" * 1_000_000)
    os.write(1, b"z" * 1_000_000)
    try:
        import js
        js.console.log("w" * 1_000_000)
    except ImportError:
        pass
    return rng.choice(legal_actions)
""",
}

#: A classmate's bot: plays, and is the file the attackers try to read and delete.
HONEST = """
def choose(observation, legal_actions, rng):
    for action in legal_actions:
        if action.kind == "property":
            return action
    return rng.choice(legal_actions)
"""


def write_attackers(folder: Path, names: list[str], **fields: object) -> None:
    """Write the attackers ``names`` and ``honest.py`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "honest.py").write_text(HONEST)
    for name in names:
        source = (PRELUDE + ATTACKERS[name]).format(**fields)
        (folder / f"{name}.py").write_text(source)


def outcomes(report: str) -> dict[str, str]:
    """``{"passwd": "FileNotFoundError", ...}`` from an attacker's report (its failure)."""
    found = {}
    for word in report.replace("RuntimeError: ", " ").split():
        name, colon, outcome = word.partition(":")
        if colon and name.isidentifier() and outcome.replace("_", "").isalnum():
            found[name] = outcome
    return found

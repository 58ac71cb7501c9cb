"""The class server as a JupyterHub managed service, behind the hub's proxy and login.

A real JupyterHub (from PyPI) with its configurable-http-proxy (from npm) and the dummy
authenticator runs on 127.0.0.1 with the ``jupyterhub_config.py`` that docs/class.md
shows (:func:`hub_config`); the hub starts the class server (``serve --hub``). No server
is spawned, so no spawner is needed. Checked:

- without a hub login the service refuses: its page sends the browser to the hub's
  login, the teacher's API and the seats' WebSocket answer 403;
- two students log in through the hub's login page in two browser contexts, open the
  service and are seated with no join code, each under their hub name, and each sees
  the other by that name;
- a third student, with every person's seat taken, is told so;
- a student may not use the teacher's API; the hub admin (the teacher) may, without
  the key, and sees both students seated by hub name on the teacher's page;
- a student cannot join the other student's seat with its code;
- the lessons site (a stand-in) is read by the logged-in page with ``fetch``, as
  JupyterLite reads it, and refused without a login;
- a second class server (its own store) behind the same hub seats a logged-in student
  by hub name too: how a school runs several servers behind the hub's proxy.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_explorer_in_jupyterlab import CHROMIUM, CHROMIUM_ARGS, free_port
from tests.server.test_site import stand_in_site

ROOT = Path(__file__).parents[2]
SERVICE = "/services/class/"
SERVICE_B = "/services/class-b/"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
    pytest.mark.skipif(
        shutil.which("configurable-http-proxy") is None,
        reason="configurable-http-proxy is not installed (npm install -g configurable-http-proxy)",
    ),
]


def service(name: str, port: int, db: Path, site: Path | None = None) -> dict[str, Any]:
    """One class server as a managed service (each with its own store and prefix)."""
    command = [sys.executable, "-m", "monopoly_widgets", "serve", "--hub", "--db", str(db)]
    command += ["--site", str(site)] if site else []
    command += ["--table", "deal players=3 seed=7 bots=2:heuristic bot_delay=0"]
    return {
        "name": name,
        "url": f"http://127.0.0.1:{port}",
        "command": command,
        "environment": {"PYTHONPATH": str(ROOT)},
        "oauth_no_confirm": True,
    }


def hub_config(port: int, hub_port: int, proxy_api_port: int, services: list[dict]) -> str:
    """The jupyterhub_config.py of docs/class.md, with this test's ports and folder."""
    access = [f"access:services!service={s['name']}" for s in services]
    return f"""
c = get_config()  # noqa
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.Authenticator.admin_users = {{"teacher"}}
c.JupyterHub.redirect_to_server = False
c.JupyterHub.db_url = "sqlite:///jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "jupyterhub_cookie_secret"
c.JupyterHub.load_roles = [{{"name": "user", "scopes": {["self", *access]!r}}}]
c.JupyterHub.services = {services!r}
"""


def status_of(url: str, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """The status and headers (any case: the proxy writes them in lower case) of a GET,
    redirects not followed."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=10) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers
    except OSError:
        return 0, {}  # not listening yet


@pytest.fixture
def jupyterhub(tmp_path: Path) -> Iterator[str]:
    pytest.importorskip("jupyterhub")
    port = free_port()
    # Two class servers behind one hub (a school past one machine's class: docs/class.md).
    services = [
        service("class", free_port(), tmp_path / "class.sqlite", stand_in_site(tmp_path / "site")),
        service("class-b", free_port(), tmp_path / "class-b.sqlite"),
    ]
    config = hub_config(port, free_port(), free_port(), services)
    (tmp_path / "jupyterhub_config.py").write_text(config)
    log = (tmp_path / "jupyterhub.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", "jupyterhub_config.py"],
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while not all(
            "oauth2/authorize" in status_of(base + where)[1].get("Location", "")
            for where in (SERVICE, SERVICE_B)
        ):
            # until the service answers "log in first" (the hub's own 404 comes before)
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((tmp_path / "jupyterhub.log").read_text()[-3000:])
            time.sleep(0.5)
        yield base
    finally:
        process.terminate()  # the hub stops the service and the proxy it started
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        log.close()
        print((tmp_path / "jupyterhub.log").read_text()[-2000:])


def refused_websocket(base: str) -> int:
    """The status a WebSocket to the service gets with no login."""
    from tornado.httpclient import HTTPClientError
    from tornado.websocket import websocket_connect

    async def attempt() -> int:
        try:
            connection = await websocket_connect(base.replace("http", "ws") + SERVICE + "ws")
        except HTTPClientError as exc:
            return exc.code
        connection.close()
        return 101

    return asyncio.run(attempt())


def log_in(browser: Any, base: str, name: str) -> Any:
    """A new browser context, logged in to the hub as ``name`` through its login page."""
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(base + SERVICE)
    page.wait_for_selector("#username_input")  # the hub's login page
    page.fill("#username_input", name)
    page.fill("#password_input", "any password")
    page.click("#login_submit")
    page.wait_for_url(f"{base}{SERVICE}**")
    return page


def test_students_are_seated_by_hub_name_behind_the_hub(jupyterhub: str) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    base = jupyterhub
    status, headers = status_of(base + SERVICE)
    assert status == 302 and "/hub/api/oauth2/authorize" in headers.get("Location", "")
    assert status_of(base + SERVICE + "api/tables")[0] == 403
    assert status_of(base + SERVICE + "hub/me")[0] == 403
    assert refused_websocket(base) == 403

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            ana = log_in(browser, base, "ana")
            ana.wait_for_selector("#seat:not([hidden])")
            ben = log_in(browser, base, "ben")
            ben.wait_for_selector("#seat:not([hidden])")
            for page in (ana, ben):
                expect(page.locator("#seats")).to_contain_text("ana, here")
                expect(page.locator("#seats")).to_contain_text("ben, here")
            # The lessons site behind the hub: JupyterLite reads its files with fetch.
            expect(ana.get_by_role("link", name="The lessons")).to_be_visible()
            read = "(path) => fetch(path).then((r) => r.status)"
            assert ana.evaluate(read, "lite/jupyter-lite.json") == 200
            assert status_of(base + SERVICE + "lite/jupyter-lite.json")[0] == 403
            codes = {
                name: page.evaluate("() => new URLSearchParams(location.search).get('code')")
                for name, page in (("ana", ana), ("ben", ben))
            }
            assert codes["ana"] and codes["ben"] and codes["ana"] != codes["ben"]

            assert ana.request.get(base + SERVICE + "api/tables").status == 403
            cy = log_in(browser, base, "cy")  # the table's two person's seats are taken
            expect(cy.locator("#status")).to_contain_text("Every seat is taken")
            assert "seat=none" in cy.url
            teacher = log_in(browser, base, "teacher")
            teacher.goto(base + SERVICE + "teacher")
            teacher.wait_for_selector("#teacher:not([hidden])")
            expect(teacher.locator("#tables")).to_contain_text("ana")
            expect(teacher.locator("#tables")).to_contain_text("ben")
            tables = json.loads(teacher.request.get(base + SERVICE + "api/tables").text())
            names = sorted(s["name"] for s in tables[0]["seats"] if not s["bot"])
            assert names == ["ana", "ben"]

            # Ben's page tries Ana's code: refused, Ana keeps her seat.
            said = ben.evaluate(
                """async (code) => {
                  const ws = new WebSocket(new URL("ws", location.href).href.replace("http", "ws"));
                  const frames = [];
                  await new Promise((done) => {
                    ws.onopen = () => ws.send(JSON.stringify({v: 1, type: "join", code}));
                    ws.onmessage = (e) => { frames.push(JSON.parse(e.data)); done(); };
                    setTimeout(done, 10000);
                  });
                  ws.close();
                  return frames;
                }""",
                codes["ana"],
            )
            assert said and said[0]["type"] == "error" and said[0]["code"] == "seat", said
            expect(ana.locator("#seats")).to_contain_text("ana, here")

            # A second class server behind the same hub and login: its own tables and
            # store; Ana, already logged in to the hub, is seated there by her hub name too.
            ana.goto(base + SERVICE_B)
            ana.wait_for_selector("#seat:not([hidden])")
            expect(ana.locator("#seats")).to_contain_text("ana, here")
            assert ana.url.startswith(base + SERVICE_B)
            assert ana.request.get(base + SERVICE_B + "api/tables").status == 403
        finally:
            browser.close()

"""The class server as a JupyterHub managed service: behind the hub's proxy and login.

Why: a school with a JupyterHub already knows every student by their hub name. The hub
starts the service (``python -m monopoly_widgets serve --hub``, ``docs/class.md`` has the
``jupyterhub_config.py``) with its ``JUPYTERHUB_*`` environment: the address to listen
on, the prefix the hub's proxy sends (``/services/class/``), and the OAuth client. The
login is jupyterhub's own service auth for tornado (``HubOAuthenticated``,
``HubOAuthCallbackHandler``), so the service never sees a password.

Behind the hub:

- every request of the class server (its pages, the seats' WebSocket, the teacher's
  requests, the lessons site) needs a hub login: a page without one is sent to the hub's
  login, anything else gets 403;
- a student needs no join code: opening the student page seats them by hub name (the
  seat already named for them, else the first free person's seat of an open table, which
  is then named for them and kept in the store) and the page joins it; the WebSocket
  seats a hub user only at a seat named for them, under their hub name;
- the teacher is a hub admin or a member of a teacher group (``--teacher-group``); their
  requests need no key, the hub has checked them; other users' are refused.

The class server's own route table is used as it is: :class:`HubApplication` strips the
prefix, finds the class server's handler, and serves it through a subclass that checks
the hub login first (``behind_hub``), so every page the class server has, now or later,
is covered.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from tornado import web
from tornado.httputil import HTTPServerRequest

from monopoly_widgets.core.errors import InputError
from monopoly_widgets.server import codes
from monopoly_widgets.server.app import PageHandler, SeatSocket, TeacherHandler
from monopoly_widgets.server.hub import Hub
from monopoly_widgets.server.protocol import ProtocolError
from monopoly_widgets.server.running import ClassServer
from monopoly_widgets.server.site import SiteHandler
from monopoly_widgets.server.tables import Table

try:
    from jupyterhub.services.auth import (
        HubOAuth,
        HubOAuthCallbackHandler,
        HubOAuthenticated,
        UserNotAllowed,
    )
except ImportError as exc:  # pragma: no cover - the [hub] extra is not installed
    raise InputError("serve --hub needs jupyterhub: pip install 'monopoly_widgets[hub]'") from exc

#: The group whose members are teachers, besides the hub's admins, unless told otherwise.
DEFAULT_TEACHER_GROUP = "teachers"


def hub_user_name(user: dict[str, Any]) -> str:
    return str(user.get("name", ""))


def is_teacher(user: dict[str, Any], groups: frozenset[str]) -> bool:
    """A hub admin, or a member of one of the teacher ``groups``."""
    return bool(user.get("admin")) or bool(groups & set(user.get("groups") or ()))


def seat_for(hub: Hub, name: str) -> tuple[Table, int] | None:
    """The seat of hub user ``name``: the one named for them at an open table, else the
    first free person's seat (no name yet) of an open table, which is named for them now
    (and kept, so it is theirs after a restart). ``None`` when every seat is taken."""
    open_tables = [t for t in hub.tables.values() if not t.closed and not t.game.is_over]
    for table in open_tables:
        for seat in table.seats:
            if seat.code and seat.name == name:
                return table, seat.seat
    for table in open_tables:
        for seat in table.seats:
            if seat.code and not seat.name:
                hub.store.set_name(table.id, seat.seat, name)
                seat.name = name
                hub.broadcast_seats(table)
                return table, seat.seat
    return None


class HubUserMixin(HubOAuthenticated):
    """Every request needs a hub login: pages go to the hub's login, the rest get 403.

    The user is looked up without blocking the event loop that runs every table
    (``get_user(sync=False)``); the hub's answer is cached by ``HubAuth``.
    """

    teacher_groups: frozenset[str] = frozenset()

    async def prepare(self) -> None:
        user = None
        model = await self.hub_auth.get_user(self, sync=False)
        if model:
            try:
                user = self.check_hub_user(model)
            except UserNotAllowed:
                user = None
        self._hub_auth_user_cache = user
        if user is None:
            self.refuse()
            return
        await self.after_login(user)

    def refuse(self) -> None:
        is_page = isinstance(self, PageHandler) and self.request.method in ("GET", "HEAD")
        if is_page:
            self.redirect(self.get_login_url())
            return
        self.set_status(403)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": "log in to JupyterHub first"}))

    async def after_login(self, user: dict[str, Any]) -> None:
        if isinstance(self, PageHandler):
            _ = self.xsrf_token  # sets the _xsrf cookie that the page's own requests send
        result = super().prepare()
        if result is not None:
            await result


class HubTeacherMixin(HubUserMixin):
    """The teacher's requests: a hub admin or a member of a teacher group; no key."""

    async def after_login(self, user: dict[str, Any]) -> None:
        if not is_teacher(user, self.teacher_groups):
            self.set_status(403)
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"error": "only the class's teachers may do this"}))


class HubSeatMixin(HubUserMixin):
    """The seats' WebSocket: a hub user joins only the seat named for them, as themselves."""

    def handle(self, message: dict[str, Any]) -> None:
        if message["type"] == "join" and self.place is None:
            user = hub_user_name(self.current_user or {})
            place = self.hub_place(message)
            if place is not None:
                table, seat = place
                if table.seats[seat].name != user:
                    raise ProtocolError(
                        "seat", "this seat is not yours: open the student page to get yours"
                    )
            message = {**message, "name": user}
        super().handle(message)

    def hub_place(self, message: dict[str, Any]) -> tuple[Table, int] | None:
        hub: Hub = self.hub
        if "code" in message:
            return hub.by_code.get(codes.normal_code(message["code"]))
        for token, place in hub.by_token.items():
            if codes.same_secret(message["token"], token):
                return place
        return None


class HubPageMixin(HubUserMixin):
    """The class server's pages; the student page also seats its user and sends the page
    to join that seat (``?code=...&join=now``: student.js joins at once)."""

    hub: Hub
    page: str

    async def after_login(self, user: dict[str, Any]) -> None:
        await super().after_login(user)
        if self.page != "student.html":
            return
        place = seat_for(self.hub, hub_user_name(user))
        if place is None:  # every person's seat is taken: the page says so
            if self.get_query_argument("seat", "") != "none":
                self.redirect("?seat=none")
            return
        table, seat = place
        code = table.seats[seat].code or ""
        if self.get_query_argument("code", "") != code:
            self.redirect("?" + urlencode({"code": code, "join": "now"}))


class MeHandler(HubUserMixin, web.RequestHandler):
    """``hub/me``: who the hub says this is, and whether they are a teacher."""

    async def after_login(self, user: dict[str, Any]) -> None:
        return None

    def get(self) -> None:
        user = self.current_user or {}
        self.set_header("Content-Type", "application/json")
        self.write(
            json.dumps(
                {"name": hub_user_name(user), "teacher": is_teacher(user, self.teacher_groups)}
            )
        )


class HubSiteMixin(HubUserMixin):
    """The lessons site: JupyterLite reads its files with ``fetch`` (CORS mode), which the
    hub's cookie login takes only with an ``_xsrf`` token that a static site cannot send.
    Reading a file changes nothing and another site's page cannot read the answer (the
    same-origin rule), so a read needs the login alone."""

    def check_xsrf_cookie(self) -> None:
        if self.request.method in ("GET", "HEAD"):
            return None
        return super().check_xsrf_cookie()


def behind_hub(handler: type[web.RequestHandler], hub: Hub, groups: frozenset[str]) -> type:
    """``handler`` with the hub login checked first (the mixin that fits its kind)."""
    mixin: type = HubUserMixin
    if issubclass(handler, SeatSocket):
        mixin = HubSeatMixin
    elif issubclass(handler, TeacherHandler):
        mixin = HubTeacherMixin
    elif issubclass(handler, PageHandler):
        mixin = HubPageMixin
    elif issubclass(handler, SiteHandler):
        mixin = HubSiteMixin
    return type(f"Hub{handler.__name__}", (mixin, handler), {"teacher_groups": groups, "hub": hub})


class HubApplication(web.Application):
    """The class server's application under the hub's prefix, behind the hub's login."""

    def __init__(
        self,
        inner: web.Application,
        prefix: str,
        hub: Hub,
        teacher_groups: frozenset[str],
        cookie_secret: str,
    ) -> None:
        self.inner = inner
        self.prefix = prefix if prefix.endswith("/") else prefix + "/"
        self.hub = hub
        self.teacher_groups = teacher_groups
        self._wrapped: dict[type, type] = {}
        me = type("HubMe", (MeHandler,), {"teacher_groups": teacher_groups})
        super().__init__(
            [
                (self.prefix + "oauth_callback", HubOAuthCallbackHandler),
                (self.prefix + "hub/me", me),
                (self.prefix.rstrip("/"), web.RedirectHandler, {"url": self.prefix}),
            ],
            **{**inner.settings, "cookie_secret": cookie_secret},
        )

    def find_handler(self, request: HTTPServerRequest, **kwargs: Any) -> Any:
        path = request.path
        if not path.startswith(self.prefix) or path in (
            self.prefix + "oauth_callback",
            self.prefix + "hub/me",
        ):
            return super().find_handler(request, **kwargs)
        request.path = "/" + path[len(self.prefix) :]
        try:
            found = self.inner.find_handler(request, **kwargs)
        finally:
            request.path = path
        handler = self._wrapped.get(found.handler_class)
        if handler is None:
            handler = behind_hub(found.handler_class, self.hub, self.teacher_groups)
            self._wrapped[found.handler_class] = handler
        return self.get_handler_delegate(
            request, handler, found.handler_kwargs, found.path_args, found.path_kwargs
        )


class HubClassServer(ClassServer):
    """A class server started by JupyterHub as one of its managed services."""

    def __init__(
        self,
        db: str | Path = "class.sqlite",
        *,
        teacher_groups: Iterable[str] = (DEFAULT_TEACHER_GROUP,),
        site: str | Path | None = None,
        environ: dict[str, str] | None = None,
    ) -> None:
        env = os.environ if environ is None else environ
        url = env.get("JUPYTERHUB_SERVICE_URL", "")
        where = urlsplit(url)
        if not url or where.port is None:
            raise InputError(
                "serve --hub is started by JupyterHub as a managed service (it sets "
                "JUPYTERHUB_SERVICE_URL, with a port); see docs/class.md"
            )
        self.prefix = env.get("JUPYTERHUB_SERVICE_PREFIX", "/services/class/")
        self.teacher_groups = frozenset(teacher_groups)
        # The WebSocket's Origin is the hub's public address, which the proxy forwards.
        super().__init__(db, where.hostname or "127.0.0.1", where.port, site=site)

    @property
    def url(self) -> str:
        return self.prefix

    def make_app(self) -> web.Application:
        HubOAuth.instance()  # reads the JUPYTERHUB_* environment once, on the loop's thread
        # Kept in the store like the teacher key, so that the signed cookies (the login's
        # state, the _xsrf token of an open teacher's page) stay valid across a restart.
        secret = self.store.meta("hub_cookie_secret", secrets.token_hex(32))
        return HubApplication(
            super().make_app(), self.prefix, self.hub, self.teacher_groups, secret
        )

"""Behind JupyterHub: who is a teacher, and how a hub user is seated (``hub_service.py``).

The whole service, with a real hub, is ``tests/browser/test_class_hub_service.py``; here
the seating rule alone, and that a seat named for a hub user stays theirs after a restart.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from monopoly_widgets.server import ClassServer

pytest.importorskip("jupyterhub")

from monopoly_widgets.core.errors import InputError  # noqa: E402
from monopoly_widgets.server.hub_service import HubClassServer, is_teacher, seat_for  # noqa: E402


def test_a_teacher_is_a_hub_admin_or_in_a_teacher_group() -> None:
    groups = frozenset({"teachers", "maths-staff"})
    assert is_teacher({"name": "t", "admin": True, "groups": []}, groups)
    assert is_teacher({"name": "m", "admin": False, "groups": ["maths-staff"]}, groups)
    assert not is_teacher({"name": "s", "admin": False, "groups": ["class-9b"]}, groups)
    assert not is_teacher({"name": "s"}, groups)


def test_hub_users_take_free_seats_by_name_and_keep_them_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite"
    server = ClassServer(db, "127.0.0.1", 0).start()
    try:
        first = server.create_table("deal", 3, seed=1, bots={2: "heuristic"})["id"]
        second = server.create_table("deal", 2, seed=2, bots={1: "heuristic"})["id"]
        place = lambda name: server._on_loop(lambda: seat_for(server.hub, name))  # noqa: E731
        ana, ben, cy = place("ana"), place("ben"), place("cy")
        assert [(t.id, s) for t, s in (ana, ben, cy)] == [(first, 0), (first, 1), (second, 0)]
        assert place("dee") is None  # every person's seat is taken; bots' seats never are
        assert place("ben")[1] == 1  # asked again: the same seat
    finally:
        server.stop()
    again = ClassServer(db, "127.0.0.1", 0).start()
    try:
        table, seat = again._on_loop(lambda: seat_for(again.hub, "ben"))
        assert (table.id, seat) == (first, 1)
        names = [s["name"] for s in again.tables()[0]["seats"]]
        assert names[:2] == ["ana", "ben"]
    finally:
        again.stop()


def test_serve_hub_outside_a_hub_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="started by JupyterHub"):
        HubClassServer(tmp_path / "class.sqlite", environ={})
    assert not (tmp_path / "class.sqlite").exists()


def test_the_signed_cookies_secret_is_kept_across_a_restart(tmp_path: Path) -> None:
    """An open teacher's page keeps working when the hub restarts the service."""
    environ = {"JUPYTERHUB_SERVICE_URL": "http://127.0.0.1:0", "JUPYTERHUB_SERVICE_PREFIX": "/s/"}
    secrets = []
    for _ in range(2):
        server = HubClassServer(tmp_path / "class.sqlite", environ=environ)
        try:
            app = server.make_app()
            secrets.append(app.settings["cookie_secret"])
            assert app.prefix == "/s/"
        finally:
            server.store.close()
            for sock in server.sockets:
                sock.close()
    assert secrets[0] == secrets[1] and len(secrets[0]) == 64

"""The serving processes of one server share their drawings (companion/shelf.py): a panel is
drawn once per table version, role, language and theme, whichever process a phone is on."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion import shelf as shelves
from companion import store, tables
from companion.shelf import Shelf
from tests.conftest import soup
from tests.games.hyper_maker.table import form_fields
from tests.web.test_polls import assert_handed_on, counting_renders, page_token, seated_game


def never() -> str:
    raise AssertionError("drawn again")


def test_a_drawing_made_in_one_process_is_used_by_another(tmp_path: Path) -> None:
    here, there = Shelf(tmp_path), Shelf(tmp_path)
    assert here.get_or_make("slot", ("t", 1, "v1"), lambda: "drawn\nonce") == "drawn\nonce"
    assert there.get_or_make("slot", ("t", 1, "v1"), never) == "drawn\nonce"


def test_a_drawing_for_another_version_is_never_used(tmp_path: Path) -> None:
    here, there = Shelf(tmp_path), Shelf(tmp_path)
    here.get_or_make("slot", ("t", 1, "v1"), lambda: "at v1")
    assert there.get_or_make("slot", ("t", 1, "v2"), lambda: "at v2") == "at v2"
    # The slot keeps the latest drawing made for it: v1 is drawn again, not taken from v2.
    assert here.get_or_make("slot", ("t", 1, "v1"), lambda: "at v1 again") == "at v1 again"
    assert there.get_or_make("other slot", ("t", 1, "v1"), lambda: "elsewhere") == "elsewhere"


@contextmanager
def drawing_elsewhere(folder: Path, drawn: str) -> Iterator[threading.Event]:
    """Another process drawing ("slot", "key") on the shelf in `folder`, until the event is set."""
    started, go = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        go.wait(5)
        return drawn

    drawer = threading.Thread(target=Shelf(folder).get_or_make, args=("slot", "key", slow))
    drawer.start()
    assert started.wait(5)
    try:
        yield go
    finally:
        go.set()
        drawer.join(5)


def test_a_process_wanting_a_drawing_another_is_making_waits_for_it(tmp_path: Path) -> None:
    got: list[str] = []
    with drawing_elsewhere(tmp_path, "the one drawing") as go:
        waiter = threading.Thread(target=lambda: got.append(Shelf(tmp_path).get_or_make("slot", "key", never)))
        waiter.start()
        time.sleep(0.05)
        assert got == []  # still waiting for the other's drawing
        go.set()
        waiter.join(5)
    assert got == ["the one drawing"]


def test_a_drawer_that_is_stuck_holds_up_no_one_past_the_wait(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shelves, "WAIT", 0.05)
    with drawing_elsewhere(tmp_path, "late"):
        assert Shelf(tmp_path).get_or_make("slot", "key", lambda: "drawn here") == "drawn here"


def test_a_shelf_that_is_gone_still_draws(tmp_path: Path) -> None:
    gone = Shelf(tmp_path / "removed at the stop")
    assert gone.get_or_make("slot", "key", lambda: "drawn") == "drawn"
    gone.put("slot", "key", "drawn")  # not shared, and no error


def test_a_new_server_removes_the_shelves_of_servers_no_longer_running(tmp_path: Path) -> None:
    dead = tmp_path / f"{shelves.PREFIX}4194305-abc"  # above any process id Linux gives
    running = tmp_path / f"{shelves.PREFIX}{os.getpid()}-def"
    dead.mkdir()
    running.mkdir()
    made = Path(shelves.make_folder(tmp_path))
    assert made.is_dir() and made.name.startswith(f"{shelves.PREFIX}{os.getpid()}-")
    assert not dead.exists() and running.exists()


def two_processes(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Two apps on one database and one shelf, as the processes of `companion serve` are;
    a table's game on them, at the scorer's and the viewer's link."""
    from companion.app import create_app

    db_path, shelf = tmp_path / "t.db", shelves.make_folder(tmp_path)
    apps = [create_app({"DATABASE": str(db_path), "TESTING": True, "SHELF": shelf}) for _ in range(2)]
    game = seated_game(apps[0])
    scorer = game.split("/t/")[1].split("/")[0]
    viewer = tables.table_by_link(store.connect(db_path, migrate=False), scorer).viewer_token
    return apps, game, game.replace(scorer, viewer)


def test_a_viewers_panel_is_drawn_once_for_the_phones_of_both_processes(tmp_path: Path) -> None:
    apps, _game, viewer_game = two_processes(tmp_path)
    phones = [apps[0].test_client(), apps[1].test_client()]
    with counting_renders() as rendered:
        panels = [phone.get(viewer_game + "/panel", headers={"HX-Request": "true"}) for phone in phones]
    assert [p.status_code for p in panels] == [200, 200] and len(rendered) == 1
    assert panels[0].get_data() == panels[1].get_data()
    assert soup(panels[1]).select_one("form.picker") is None  # a viewer's: no forms


def test_an_entrys_panel_reaches_the_scorers_phone_on_the_other_process_undrawn(tmp_path: Path) -> None:
    """Drawn by the entry's answer in one process; the scorer's phone on the other gets it
    (no phone's CSRF token in it), and enters the next card with its own page's token."""
    apps, game, _viewer = two_processes(tmp_path)
    tapping, other = apps[0].test_client(), apps[1].test_client()
    token = page_token(soup(other.get(game)))  # the other phone opens the scorer's link on the other process
    fields = form_fields(soup(tapping.get(game)))
    with counting_renders() as rendered:
        answer = tapping.post(game + "/entries", data={**fields, "card": "R5B6"}, headers={"HX-Request": "true"})
        handed = other.get(game + "/panel", headers={"HX-Request": "true"})
    assert len(rendered) == 1
    assert_handed_on(answer, handed)
    taken = other.post(game + "/entries", data={**form_fields(soup(handed)), "card": "R1B10"},
                       headers={"HX-Request": "true", "X-CSRFToken": token})
    assert taken.status_code == 200 and form_fields(soup(taken))["seq"] == "2"

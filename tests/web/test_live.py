"""The table's live stream: every phone hears of an entry as it is made, from whichever
serving process took it, and a phone that missed the stream catches up by itself."""

from __future__ import annotations

import http.client
import re
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import store
from companion.app import create_app
from companion.server import served_in_thread
from tests.conftest import english_client, make_app, soup
from tests.games.hyper_maker.table import seat_table
from tests.web.test_workers import free_port, seat, start, tap


class Stream:
    """A phone's live stream, read message by message."""

    def __init__(self, port: int, path: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        self.conn.request("GET", path, headers={"Accept": "text/event-stream"})
        self.answer = self.conn.getresponse()

    def versions(self) -> Iterator[str]:
        """The version of each message, as they arrive."""
        while True:
            line = self.answer.readline()
            if not line:
                return
            found = re.fullmatch(rb"data: (\S+)\r?\n", line)
            if found:
                yield found.group(1).decode()

    def close(self) -> None:
        self.conn.close()


def table_link(game: str) -> str:
    return game.split("/g/")[0]


def test_the_live_address_says_the_version_once_on_a_server_without_streams(tmp_path: Path) -> None:
    app = make_app(tmp_path / "t.db")
    client = english_client(app)
    game = seat_table(client)
    answer = client.get(table_link(game) + "/live")
    assert answer.status_code == 200
    assert answer.mimetype == "text/event-stream"
    text = answer.get_data(as_text=True)
    assert "retry: 1000\n" in text  # the browser asks again a second later
    page = soup(client.get(game))
    assert f"event: version\ndata: {page.select_one('#panel')['data-version']}\n\n" in text


def test_the_panel_names_its_stream_and_the_version_it_shows(tmp_path: Path) -> None:
    app = make_app(tmp_path / "t.db")
    client = english_client(app)
    game = seat_table(client)
    panel = soup(client.get(game)).select_one("#panel")
    assert panel["data-live"] == table_link(game) + "/live"
    assert panel["data-hx-trigger"] == "companion-refresh"  # asked for by companion.js, not on a timer
    with app.app_context():
        db = store.connect(app.config["DATABASE"], migrate=False)
        table_id = db.conn.execute("select id from tables").fetchone()[0]
        assert panel["data-version"] == store.version(db, table_id)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    db = tmp_path / "live.db"
    app = create_app({"DATABASE": str(db)})
    with served_in_thread(app) as server:
        yield server.port, db


def test_a_stream_hears_each_entry_as_it_is_made(served: tuple[int, Path]) -> None:
    port, db = served
    game = seat(db)
    stream = Stream(port, table_link(game) + "/live")
    assert stream.answer.status == 200 and stream.answer.getheader("Content-Type", "").startswith("text/event-stream")
    heard = stream.versions()
    first = next(heard)
    assert tap(port, game, 0, "R5B6") == 200
    second = next(heard)
    assert second != first
    assert tap(port, game, 1, "R2G9") == 200
    assert next(heard) not in (first, second)
    stream.close()


def test_a_phone_that_missed_the_stream_hears_the_current_version_first(served: tuple[int, Path]) -> None:
    port, db = served
    game = seat(db)
    before = Stream(port, table_link(game) + "/live")
    held = next(before.versions())  # what the phone showed when its stream broke
    before.close()
    assert tap(port, game, 0, "R5B6") == 200  # made while the phone was away
    again = Stream(port, table_link(game) + "/live")
    now = next(again.versions())
    assert now != held  # so the page asks for its panel at once
    conn = store.connect(db, migrate=False)
    assert now == store.version(conn, conn.conn.execute("select id from tables").fetchone()[0])
    again.close()


def test_an_unknown_link_has_no_stream_and_the_page_asks_instead(served: tuple[int, Path]) -> None:
    port, _db = served
    stream = Stream(port, "/t/no-such-link/live")
    assert stream.answer.status == 404
    stream.close()


def test_every_process_streams_the_entries_another_took(tmp_path: Path) -> None:
    """With two serving processes, streams land on either; all hear every entry."""
    db = tmp_path / "two.db"
    port = free_port()
    server = start(db, port, workers=2)
    try:
        game = seat(db)
        streams = [Stream(port, table_link(game) + "/live") for _ in range(8)]
        heard = [s.versions() for s in streams]
        first = {next(h) for h in heard}
        assert len(first) == 1
        for seq, card in enumerate(("R5B6", "R2G9", "B8Y3")):
            assert tap(port, game, seq, card) == 200
            now = {next(h) for h in heard}
            assert len(now) == 1 and now != first
            first = now
        for s in streams:
            s.close()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=15)

"""The server's front and the unchanged-poll answer know a table's live stream and a game's
panel by the app's own URL map: a route's shape is written once, in its blueprint."""

from __future__ import annotations

from flask import Flask, url_for
from werkzeug.routing import Rule

from companion.addresses import Addresses
from companion.polls import PANEL
from companion.server import LIVE


def test_the_live_stream_and_the_panel_are_known_by_the_blueprints_own_addresses(app: Flask) -> None:
    addresses = Addresses(app.url_map)
    with app.test_request_context():
        live = url_for(LIVE, token="Ab-_9z")
        panel = url_for(PANEL, token="Ab-_9z", number=12)
        page = url_for("play.game", token="Ab-_9z", number=12)
    assert addresses.token_of(live, LIVE) == "Ab-_9z"
    assert addresses.token_of(panel, PANEL) == "Ab-_9z"
    assert addresses.token_of(page, PANEL) is None  # the game page is not its panel
    assert addresses.token_of(page, LIVE) is None
    assert addresses.token_of("/nowhere/live", LIVE) is None
    assert addresses.token_of(panel + "/", PANEL) is None


def test_a_route_moved_in_its_blueprint_moves_in_the_front_too(app: Flask) -> None:
    """The front reads the map, not a copy of the shape: a live stream served under another
    address (as a blueprint change would make it) is found there and no longer at the old."""
    with app.test_request_context():
        old = url_for(LIVE, token="abc")
    moved = Flask("moved")
    moved.url_map.add(Rule("/tables/<token>/stream", endpoint=LIVE))
    addresses = Addresses(moved.url_map)
    assert addresses.token_of("/tables/abc/stream", LIVE) == "abc"
    assert addresses.token_of(old, LIVE) is None


def test_a_path_that_does_not_end_as_the_route_does_is_not_matched_at_all(app: Flask) -> None:
    """Every request passes the front: an entry's path ("/t/…/g/1/entries") is told from a live
    stream by how it ends, without the URL map's full match."""
    addresses = Addresses(app.url_map)
    asked: list[str] = []
    match = addresses.match
    addresses.match = lambda path, method="GET": asked.append(path) or match(path, method)  # type: ignore[method-assign]
    with app.test_request_context():
        entries = url_for("play.enter", token="abc", number=1)
        live = url_for(LIVE, token="abc")
    assert addresses.endings(LIVE) == ("/live",)
    assert addresses.token_of(entries, LIVE) is None
    assert asked == []
    assert addresses.token_of(live, LIVE) == "abc"
    assert asked == [live]

"""Requests no browser sends still get a page, never a 500 (#12: bad Host, raw bytes)."""

from __future__ import annotations

import io

from flask import Flask


def call(app: Flask, path: str, query: str = "", host: str = "127.0.0.1:5000") -> tuple[str, bytes]:
    """Call the app the way a WSGI server does, with the raw values given (latin-1, as PEP 3333)."""
    environ = {
        "REQUEST_METHOD": "GET", "SCRIPT_NAME": "", "PATH_INFO": path, "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "5000", "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": host, "wsgi.version": (1, 0), "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": io.StringIO(), "wsgi.multithread": True, "wsgi.multiprocess": False, "wsgi.run_once": False,
    }
    status: list[str] = []
    body = b"".join(app.wsgi_app(environ, lambda s, headers, exc_info=None: status.append(s)))
    return status[0], body


def test_a_host_no_address_can_be_made_from_gets_a_plain_refusal(app: Flask) -> None:
    for host in ("a..b", "a b", "[::1", "\xff\xfe"):
        status, body = call(app, "/", host=host)
        assert not status.startswith("5"), (host, status)
        assert b"Traceback" not in body


def test_raw_bytes_in_the_path_or_the_query_get_a_page(app: Flask) -> None:
    for path, query in (("//judge", "\xff"), ("/judge", "players=\xff\xfe"), ("/\xff\xfe", ""), ("/rules/\xff", "")):
        status, body = call(app, path, query)
        assert not status.startswith("5"), (path, query, status)
        assert b"Traceback" not in body


def test_a_game_number_past_what_sqlite_holds_is_no_such_game(app: Flask) -> None:
    from tests.conftest import english_client
    from tests.games.hyper_maker.table import seat_table

    client = english_client(app)
    url = seat_table(client).rsplit("/g/", 1)[0]
    for path in ("/g/100000000000000000000", "/g/9223372036854775808/history", "/g/0"):
        assert client.get(url + path).status_code == 404, path

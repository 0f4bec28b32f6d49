"""Every answer carries the security headers the app's pages do, also those the app never
sees: the server's own answers to requests it cannot read (400, 414), the answers to
unchanged polls made before the app (304, and htmx's empty 200), and a live stream."""

from __future__ import annotations

import http.client
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.app import create_app
from companion.headers import SECURITY_HEADERS
from companion.server import served_in_thread
from tests.conftest import english_client
from tests.games.hyper_maker.table import seat_table


def raw(port: int, request: bytes, seconds: float = 5.0) -> bytes:
    """The whole answer to `request` sent as it is, read until the server closes (b"" if it
    closed unanswered); raises socket.timeout if nothing came within `seconds`."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as sock:
        sock.sendall(request)
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
        return answer


def assert_secured(answer: bytes) -> None:
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")[1:]
    headers = {name.lower(): value.strip() for name, value in (line.split(":", 1) for line in head)}
    for name, value in SECURITY_HEADERS:
        assert headers.get(name.lower()) == value, (name, answer[:300])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Flask, int]]:
    app = create_app({"DATABASE": str(tmp_path / "headers.db"), "WTF_CSRF_ENABLED": False})
    with served_in_thread(app) as server:
        yield app, server.port


@pytest.mark.parametrize("request_line", [b"NONSENSE\r\n\r\n", b"GET / HTTP/7.3\r\n\r\n",
                                          b"GET / HTTP/1.1\r\nContent-Length: -4\r\n\r\n",
                                          b"GET / HTTP/1.1\r\nX-Long: " + b"a" * 70000 + b"\r\n\r\n"])
def test_a_request_the_server_cannot_read_is_answered_400_with_the_security_headers(
        served: tuple[Flask, int], request_line: bytes) -> None:
    answer = raw(served[1], request_line)
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]
    assert_secured(answer)


@pytest.mark.parametrize("body", [b"zz\r\nabc\r\n0\r\n\r\n", b"3\r\nabcXX\r\n0\r\n\r\n", b"5\r\nab"])
@pytest.mark.parametrize(("lang", "sentence"), [("en", "The request could not be read"),
                                                ("ja", "リクエストを読み取れませんでした")])
def test_a_malformed_chunked_body_is_answered_400_in_the_persons_language(
        served: tuple[Flask, int], body: bytes, lang: str, sentence: str) -> None:
    """Issue 46: a chunk size that is not hex, a chunk not ended by CRLF, or a body cut short
    (the phone stops sending) is answered, never met with a closed connection."""
    request = (b"POST /import HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
               b"Accept-Language: " + lang.encode() + b"\r\n\r\n" + body)
    with socket.create_connection(("127.0.0.1", served[1]), timeout=5) as sock:
        sock.sendall(request)
        sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]
    assert_secured(answer)
    assert sentence in answer.split(b"\r\n\r\n", 1)[1].decode(), answer


def test_a_10_kb_address_is_answered_414_with_the_security_headers(served: tuple[Flask, int]) -> None:
    answer = raw(served[1], b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 414 "), answer[:200]
    assert_secured(answer)


def test_unchanged_polls_and_the_live_stream_carry_the_security_headers(served: tuple[Flask, int]) -> None:
    app, port = served
    game = seat_table(english_client(app))
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", game + "/panel")
    first = conn.getresponse()
    first.read()
    etag = first.getheader("ETag")
    assert first.status == 200 and etag

    def asked(path: str, headers: dict[str, str]) -> http.client.HTTPResponse:
        conn.request("GET", path, headers=headers)
        answer = conn.getresponse()
        answer.read()
        for name, value in SECURITY_HEADERS:
            assert answer.getheader(name) == value, (path, headers, name)
        return answer

    # Answered before the app (polls.py): a 304, and htmx's empty 200.
    assert asked(game + "/panel", {"If-None-Match": etag}).status == 304
    assert asked(game + "/panel", {"If-None-Match": etag, "HX-Request": "true"}).status == 200
    # Answered by the app's view (an address with a query goes past polls.py).
    assert asked(game + "/panel?x=1", {"If-None-Match": etag}).status == 304
    conn.close()
    live = socket.create_connection(("127.0.0.1", port), timeout=5)
    live.sendall(f"GET {game.split('/g/')[0]}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    heard = b""
    while b"\r\n\r\n" not in heard:
        heard += live.recv(4096)
    live.close()
    assert heard.startswith(b"HTTP/1.1 200 ")
    assert_secured(heard)

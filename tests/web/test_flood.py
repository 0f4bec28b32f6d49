"""A client that floods the server with half-sent requests does not lock the table's phones
out, and one that sends nothing is dropped: `companion serve` holds connections with the
limits of cli.server_limits()."""

from __future__ import annotations

import http.client
import socket
import time
from pathlib import Path

from companion import cli
from companion.app import create_app
from companion.server import served_in_thread

FLOOD = 1100
"""Half-sent requests held open at once: past the 1,024 descriptors select() can watch."""


def test_limits_hold_thousands_of_connections_and_drop_idle_ones_soon() -> None:
    limits = cli.server_limits()
    assert limits["connection_limit"] >= 1000
    assert limits["timeout"] <= 30


def test_a_flood_of_half_sent_requests_leaves_the_phones_served(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "flood.db")})
    held: list[socket.socket] = []
    with served_in_thread(app, **cli.server_limits()) as server:
        try:
            for _ in range(FLOOD):
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
                sock.sendall(b"POST /tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\nname=")
                held.append(sock)
            phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            phone.request("GET", "/")
            answer = phone.getresponse()
            assert answer.status == 200 and b"<html" in answer.read()
            phone.close()
        finally:
            for sock in held:
                sock.close()


def test_a_connection_that_sends_nothing_is_dropped(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "idle.db")})
    with served_in_thread(app, connection_limit=100, timeout=0.5) as server:
        idle = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        idle.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
        started = time.monotonic()
        assert idle.recv(1024) == b""  # closed by the server without a word, not by the 10 s wait here
        assert time.monotonic() - started < 9
        idle.close()


def test_a_body_that_stops_arriving_is_answered_408_and_closed(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "slow.db")})
    with served_in_thread(app, connection_limit=100, timeout=0.5) as server:
        slow = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        slow.sendall(b"POST /tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nname=")
        answer = b""
        while chunk := slow.recv(4096):
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 408 ")  # and then closed: recv gave b""
        slow.close()

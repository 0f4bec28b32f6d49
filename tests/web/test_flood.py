"""A client that floods the server with half-sent requests does not lock the table's phones
out: `companion serve` runs waitress with the limits of cli.server_limits()."""

from __future__ import annotations

import http.client
import socket
import threading
from pathlib import Path

from waitress.server import create_server

from companion import cli
from companion.app import create_app

FLOOD = 1100
"""Half-sent requests held open at once: eleven times what waitress's defaults allowed, past the 1,024 descriptors select() can watch."""


def test_limits_hold_thousands_of_connections_and_drop_idle_ones_soon() -> None:
    limits = cli.server_limits()
    assert limits["connection_limit"] >= 1000
    assert limits["channel_timeout"] <= 30


def test_a_flood_of_half_sent_requests_leaves_the_phones_served(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "flood.db")})
    server = create_server(app, host="127.0.0.1", port=0, threads=4, **cli.server_limits())
    port = server.effective_port
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    held: list[socket.socket] = []
    try:
        for _ in range(FLOOD):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(b"POST /tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\nname=")
            held.append(sock)
        phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        phone.request("GET", "/")
        answer = phone.getresponse()
        assert answer.status == 200 and b"<html" in answer.read()
        phone.close()
    finally:
        for sock in held:
            sock.close()
        server.close()
        thread.join(timeout=5)
